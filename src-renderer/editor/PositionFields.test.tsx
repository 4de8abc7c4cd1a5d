import { act } from 'react'
import { afterEach, describe, expect, it } from 'vitest'
import { useStore } from 'zustand'
import type { StoreApi } from 'zustand/vanilla'
import { ScenarioSchema } from '../../src-engine/index'
import multipleSignals from '../../assets/scenarios/smle-multiple-signals.json'
import { copyToEdit } from './copy-to-edit'
import { type Draft, draftItems, type EditorState } from './editor-store'
import { ItemList, PositionFields, positionName } from './EditorScreen'
import { click, labelled, renderPanel, type, unmount } from './panel-test-kit'

afterEach(unmount)

function Positions({ store }: { store: StoreApi<EditorState> }) {
  const draft = useStore(store, (s) => s.draft)
  return (
    <ItemList
      label="Prepared positions"
      items={draftItems(draft, 'positions')}
      describe={positionName}
      extra={(p) => <PositionFields store={store} draft={draft} position={p} name={positionName(p)} />}
      collection="positions"
      store={store}
    />
  )
}

const pitN = (store: StoreApi<EditorState>) => ScenarioSchema.parse(store.getState().draft).positions[1]!

describe('a prepared position’s fields in its list', () => {
  it('Concealed ticked and unticked, the width set and left blank (its kind’s again), each one step to undo', async () => {
    const { el, store } = await renderPanel(
      (s) => <Positions store={s} />,
      copyToEdit(multipleSignals as unknown as Draft),
    )
    // The north pit of Multiple Signals, at 24, 16.
    const concealed = labelled<HTMLInputElement>(el, 'Concealed: Weapon pit at 24.0, 16.0')
    expect(concealed.checked).toBe(false)
    await click(concealed)
    expect(pitN(store).concealed).toBe(true)
    expect(labelled<HTMLInputElement>(el, 'Concealed: Weapon pit at 24.0, 16.0').checked).toBe(true)
    const width = labelled<HTMLInputElement>(
      el,
      'Width across the arc (inches; blank: its kind’s) of Weapon pit at 24.0, 16.0',
    )
    await type(width, '4')
    expect(pitN(store).widthIn).toBe(4)
    await type(width, 'wide')
    expect(pitN(store).widthIn).toBe(4)
    await type(width, '')
    expect(pitN(store).widthIn).toBeUndefined()
    expect(store.getState().past).toHaveLength(3)
    await click(labelled(el, 'Concealed: Weapon pit at 24.0, 16.0'))
    expect(pitN(store).concealed).toBe(false)
    await act(async () => {
      store.getState().undo()
      store.getState().undo()
    })
    expect(pitN(store)).toMatchObject({ concealed: true, widthIn: 4 })
  })
})
