import { act, type ReactNode } from 'react'
import { createRoot } from 'react-dom/client'
import type { StoreApi } from 'zustand/vanilla'
import farmhouse from '../../assets/scenarios/farmhouse-skirmish.json'
import { copyToEdit } from './copy-to-edit'
import { createEditorStore, type Draft, type EditorState } from './editor-store'

/** What the editor's panel tests share: the panel drawn over a store, and ways to use its buttons, lists and fields. */

;(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true

let host: HTMLElement | null = null

/** Takes the last panel drawn off the page. */
export function unmount(): void {
  host?.remove()
  host = null
}

/** Draws `panel` over a store opened on `draft` (the farmhouse copied to edit by default). */
export async function renderPanel(
  panel: (store: StoreApi<EditorState>) => ReactNode,
  draft: Draft = copyToEdit(farmhouse as unknown as Draft),
): Promise<{ el: HTMLElement; store: StoreApi<EditorState> }> {
  const store = createEditorStore(draft)
  host = document.createElement('div')
  document.body.append(host)
  const root = createRoot(host)
  await act(async () => root.render(panel(store)))
  return { el: host, store }
}

export const button = (el: HTMLElement, name: string): HTMLButtonElement => {
  const found = [...el.querySelectorAll('button')].find(
    (b) => b.textContent?.trim() === name || b.getAttribute('aria-label') === name,
  )
  if (!found) throw new Error(`no button "${name}"`)
  return found
}
export const labelled = <T extends HTMLElement>(el: HTMLElement, label: string): T => {
  const found = el.querySelector<T>(`[aria-label="${label}"]`)
  if (!found) throw new Error(`nothing labelled "${label}"`)
  return found
}
export const click = (b: HTMLElement) => act(async () => b.click())
export const choose = (select: HTMLSelectElement, value: string) =>
  act(async () => {
    select.value = value
    select.dispatchEvent(new Event('change', { bubbles: true }))
  })
export const type = (input: HTMLInputElement, text: string) =>
  act(async () => {
    Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!.call(input, text)
    input.dispatchEvent(new Event('input', { bubbles: true }))
    input.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true }))
  })
