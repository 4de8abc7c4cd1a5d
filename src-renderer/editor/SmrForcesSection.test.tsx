import { act } from 'react'
import { createRoot } from 'react-dom/client'
import { useStore } from 'zustand'
import type { StoreApi } from 'zustand/vanilla'
import { afterEach, describe, expect, it } from 'vitest'
import contact from '../../assets/scenarios/smr-contact.json'
import { editorCheck, SmrScenarioSchema } from '../../src-engine/index'
import type { HostApi } from '../bridge/host-api'
import { AppProvider, type AppContextValue } from '../state/context'
import { createMatchStore, createUiStore } from '../state/stores'
import { BuildScenarioForm } from './BuildScenarioForm'
import { copyToEdit } from './copy-to-edit'
import type { Draft, EditorState } from './editor-store'
import { button, choose, click, labelled, renderPanel, type, unmount } from './panel-test-kit'
import { SmrForcesSection } from './SmrForcesSection'

type Item = Record<string, unknown>
const units = (d: Draft): Item[] => d.units as Item[]
const normans = (d: Draft): Item => (d.sides as Item[]).find((s) => s.id === 'normans')!

afterEach(unmount)

/** The section drawn over a copy of Contact, with the engine's check of the draft as the host gives it. */
async function contactPanel() {
  const draft = copyToEdit(contact as unknown as Draft)
  return renderPanel((store) => <Checked store={store} />, draft)
}

function Checked({ store }: { store: StoreApi<EditorState> }) {
  const d = useStore(store, (s) => s.draft)
  const check = editorCheck(d)
  return <SmrForcesSection store={store} draft={d} points={check.points} problems={check.problems} />
}

describe('the SMR forces section', () => {
  it('shows each side’s points against its total from the engine’s check (Example SMR-PTS-E03: 15 of 15)', async () => {
    const { el } = await contactPanel()
    expect(el.querySelector('[data-testid="side-points-normans"]')!.textContent).toBe('15 of 15 points')
    expect(labelled(el, 'Points of Normans').textContent).toContain('1 × heavy cavalry (5 each): 5')
    expect(el.querySelector('[data-testid="smr-unit-nor-knight"]')!.textContent).toContain(
      'heavy cavalry, 5 pts, leader',
    )
  })

  it('adds a unit by class, mounts and arms it, makes it the leader, turns, renames and removes units through its lists', async () => {
    const { el, store } = await contactPanel()
    await choose(labelled(el, 'Add a unit to Normans'), 'XH')
    const added = units(store.getState().draft).at(-1)!
    expect(added).toMatchObject({ sideId: 'normans', cls: 'XH', name: 'Extra-heavy infantry 1' })
    expect(store.getState().selected).toEqual({ collection: 'units', id: added.id })
    // Only the extra-heavy class rides an armoured horse (XHC, §2.1).
    const mount = labelled<HTMLSelectElement>(el, 'Mount of Extra-heavy infantry 1')
    expect([...mount.options].map((o) => o.value)).toEqual(['foot', 'horse', 'armouredHorse'])
    await choose(mount, 'armouredHorse')
    expect(units(store.getState().draft).at(-1)).toMatchObject({ mount: 'armouredHorse' })
    // A peasant has no crossbow (§2.1).
    const weapons = labelled<HTMLSelectElement>(el, 'Weapon of Hugh')
    expect([...weapons.options].map((o) => o.value)).toEqual(['hand', 'bow', 'sling'])
    await choose(labelled(el, 'Leader of Normans'), String(added.id))
    expect(normans(store.getState().draft).leaderId).toBe(added.id)
    // Hugh turned to face east (its front edge, SMR-GEN-06).
    await type(labelled(el, 'Facing of Hugh (degrees clockwise from north)'), '90')
    expect(units(store.getState().draft).find((u) => u.id === 'nor-peasant-1')!.facingDeg).toBe(90)
    await type(labelled(el, 'Name of Hugh'), 'Hugh the reeve')
    expect(units(store.getState().draft).find((u) => u.id === 'nor-peasant-1')!.name).toBe('Hugh the reeve')
    await click(button(el, 'Remove Hugh the reeve'))
    expect(units(store.getState().draft).some((u) => u.id === 'nor-peasant-1')).toBe(false)
    // 15 − 1 (Hugh) + 7 (XHC): over by 6, said at the side.
    expect(el.querySelector('[data-testid="side-points-normans"]')!.textContent).toBe('21 of 15 points')
    expect(labelled(el, 'Normans forces').textContent).toContain("21 points, 6 over the side's total of 15")
    await type(labelled(el, 'Points total of Normans'), '21')
    expect(normans(store.getState().draft).points).toBe(21)
    await choose(labelled(el, 'Battle type'), '1')
    expect(store.getState().draft.battleType).toBe(1)
    // A Type 1 battle has no totals to fill in.
    expect(el.querySelector('[aria-label="Points total of Normans"]')).toBeNull()
  })
})

describe('Build a scenario with SMR', () => {
  it('makes an SMR table that its schema reads and the check passes', async () => {
    const bridge = { scenarioList: async () => [] } as unknown as HostApi
    const app: AppContextValue = { bridge, matchStore: createMatchStore(), uiStore: createUiStore() }
    let built: Draft | null = null
    const host = document.createElement('div')
    document.body.append(host)
    const root = createRoot(host)
    await act(async () =>
      root.render(
        <AppProvider value={app}>
          <BuildScenarioForm onBuild={(d) => (built = d)} />
        </AppProvider>,
      ),
    )
    await choose(labelled(host, 'Rules'), 'smr')
    expect(host.textContent).toContain('two sides of 15 points')
    await click(button(host, 'Build'))
    const s = SmrScenarioSchema.parse(built)
    expect(s.ruleset).toBe('smr')
    expect(s.sides.map((x) => [x.edge, x.points])).toEqual([
      ['south', 15],
      ['north', 15],
    ])
    expect(editorCheck(built).problems).toEqual([])
    host.remove()
  })
})
