import { act, useMemo } from 'react'
import { createRoot } from 'react-dom/client'
import { afterEach, describe, expect, it } from 'vitest'
import { useStore } from 'zustand'
import type { StoreApi } from 'zustand/vanilla'
import { ScenarioSchema } from '../../src-engine/index'
import farmhouse from '../../assets/scenarios/farmhouse-skirmish.json'
import { copyToEdit } from './copy-to-edit'
import { createEditorStore, type Draft, type EditorState } from './editor-store'
import { draftTeams, teamFigures } from './force-draft'
import { liveTallies } from './force-points'
import { ForcesSection } from './ForcesSection'

;(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true

let host: HTMLElement | null = null
afterEach(() => {
  host?.remove()
  host = null
})

/** The section as the editor's panel shows it: the draft's points added up at each edit. */
function Panel({ store }: { store: StoreApi<EditorState> }) {
  const draft = useStore(store, (s) => s.draft)
  const tallies = useMemo(() => {
    const parsed = ScenarioSchema.safeParse(draft)
    return liveTallies(parsed.success ? parsed.data : null)
  }, [draft])
  return <ForcesSection store={store} draft={draft} tallies={tallies} problems={[]} />
}

async function render(): Promise<{ el: HTMLElement; store: StoreApi<EditorState> }> {
  const store = createEditorStore(copyToEdit(farmhouse as unknown as Draft))
  host = document.createElement('div')
  document.body.append(host)
  const root = createRoot(host)
  await act(async () => root.render(<Panel store={store} />))
  return { el: host, store }
}

const button = (el: HTMLElement, name: string): HTMLButtonElement => {
  const found = [...el.querySelectorAll('button')].find(
    (b) => b.textContent?.trim() === name || b.getAttribute('aria-label') === name,
  )
  if (!found) throw new Error(`no button "${name}"`)
  return found
}
const labelled = <T extends HTMLElement>(el: HTMLElement, label: string): T => {
  const found = el.querySelector<T>(`[aria-label="${label}"]`)
  if (!found) throw new Error(`nothing labelled "${label}"`)
  return found
}
const click = (b: HTMLElement) => act(async () => b.click())
const choose = (select: HTMLSelectElement, value: string) =>
  act(async () => {
    select.value = value
    select.dispatchEvent(new Event('change', { bubbles: true }))
  })
const type = (input: HTMLInputElement, text: string) =>
  act(async () => {
    Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!.call(input, text)
    input.dispatchEvent(new Event('input', { bubbles: true }))
    input.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true }))
  })

describe('the Forces section of the editor panel', () => {
  it('shows each side’s points while folded; opened, a team added, armed and priced through its lists', async () => {
    const { el, store } = await render()
    // Each side costs 36 (SMLE-PTS-01, -02, -06, -09; see force-builder.test.ts).
    expect(el.querySelector('[data-testid="editor-points"]')!.textContent).toBe('British: 36 pointsGerman: 36 points')
    expect(el.querySelector('[aria-label="British forces"]')).toBeNull()

    await click(button(el, '▸ Forces'))
    expect(el.querySelector('[data-testid="side-points-british"]')!.textContent).toBe('36 points')
    await click(button(el, 'Add team to British'))
    const teams = draftTeams(store.getState().draft)
    const added = teams[teams.length - 1]!
    expect(added.name).toBe('Team 1')
    // The new team opens with its figures; Remove the third.
    const figures = teamFigures(added).map((f) => String(f.name))
    expect(figures).toEqual(['Team 1, 1', 'Team 1, 2', 'Team 1, 3'])
    await click(labelled(el, 'Remove Team 1, 3'))
    await choose(labelled(el, 'Weapon of Team 1, 1'), 'shotgun')
    await choose(labelled(el, 'Weapon of Team 1, 2'), 'shotgun')
    await choose(labelled(el, 'Quality of Team 1'), 'veteran')
    // Two shotguns (1D+1, better): 12 × 1.5 = 18 (SMLE-PTS-06, -09).
    expect(el.querySelector('[data-testid="side-points-british"]')!.textContent).toBe('54 points')
    expect(el.querySelector(`[data-testid="team-points-${String(added.id)}"]`)!.textContent).toBe('2 fig. · 18 pts')

    await type(labelled(el, 'Points total of British'), '50')
    expect(el.querySelector('[data-testid="side-points-british"]')!.textContent).toBe('54 of 50 points')
    expect(el.querySelector('[data-testid="side-points-british"]')!.className).toContain('error')

    // A grenade for the first figure: a round counted and paid for (SMLE-PTS-04).
    await choose(labelled(el, 'Give Team 1, 1 a further weapon'), 'hand-grenade')
    expect(labelled<HTMLInputElement>(el, 'Rounds of hand-grenade carried by Team 1').value).toBe('1')
    expect(el.querySelector('[data-testid="side-points-british"]')!.textContent).toBe('55 of 50 points')

    // A carrier: 12 + 24, its crew of two 12 (SMLE-PTS-09).
    await choose(labelled(el, 'Add a vehicle to British'), 'carrier')
    expect(el.querySelector('[data-testid="side-points-british"]')!.textContent).toBe('103 of 50 points')
    await click(labelled(el, 'Remove Universal (Bren) Carrier 1'))
    expect(el.querySelector('[data-testid="side-points-british"]')!.textContent).toBe('55 of 50 points')

    // Every change was one step: undone back to the farmhouse as it opened.
    const steps = store.getState().past.length
    expect(steps).toBe(9)
    for (let i = 0; i < steps; i++) await act(async () => store.getState().undo())
    expect(el.querySelector('[data-testid="side-points-british"]')!.textContent).toBe('36 points')
  })

  it('a section’s leader grade is picked from words (SMLE-QUAL-06) and costs nothing (SMLE-PTS-02)', async () => {
    const { el, store } = await render()
    await click(button(el, '▸ Forces'))
    const grade = labelled<HTMLSelectElement>(el, 'Leader grade of 1st Section')
    expect(grade.value).toBe('basic')
    expect([...grade.options].map((o) => o.textContent)).toContain('Good: up one band')
    await choose(grade, 'good')
    expect(ScenarioSchema.parse(store.getState().draft).groups[0]!.leaderGrade).toBe('good')
    expect(el.querySelector('[data-testid="side-points-british"]')!.textContent).toBe('36 points')
    expect(labelled<HTMLSelectElement>(el, 'Leader grade of Gruppe Brandt').value).toBe('basic')
  })
})
