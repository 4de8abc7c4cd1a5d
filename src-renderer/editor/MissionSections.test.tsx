import { afterEach, describe, expect, it } from 'vitest'
import { useStore } from 'zustand'
import type { StoreApi } from 'zustand/vanilla'
import { ScenarioSchema } from '../../src-engine/index'
import { draftItems, type EditorState } from './editor-store'
import { button, choose, click, labelled, renderPanel, type, unmount } from './panel-test-kit'
import { ObjectiveKind } from './ObjectiveKind'
import { RulesSection } from './RulesSection'
import { SidesSection } from './SidesSection'
import { VictorySection } from './VictorySection'

afterEach(unmount)

function Panel({ store }: { store: StoreApi<EditorState> }) {
  const draft = useStore(store, (s) => s.draft)
  return (
    <>
      <SidesSection store={store} draft={draft} problems={[]} />
      <VictorySection store={store} draft={draft} problems={[]} />
      <RulesSection store={store} draft={draft} />
      <ObjectiveKind store={store} objective={draftItems(draft, 'objectives')[0]!} />
    </>
  )
}

describe('the Sides and Victory sections of the editor panel', () => {
  it('a side renamed, recoloured and given a base edge; the first side chosen', async () => {
    const { el, store } = await renderPanel((s) => <Panel store={s} />)
    await type(labelled(el, 'Side British is called'), 'Paras')
    await choose(labelled(el, 'Base edge of Paras'), 'west')
    await choose(labelled(el, 'Side that sets up and rolls first'), 'german')
    const colour = labelled<HTMLInputElement>(el, 'Colour of Paras')
    await type(colour, '#123456')
    const s = ScenarioSchema.parse(store.getState().draft)
    expect(s.sides[0]).toMatchObject({ name: 'Paras', colour: '#123456' })
    expect(s.baseLines).toEqual([{ sideId: 'british', edge: 'west' }])
    expect(s.firstSideId).toBe('german')
    await choose(labelled(el, 'Level of game of German'), 'platoon')
    await choose(labelled(el, 'Level of game of the scenario'), 'section')
    expect(ScenarioSchema.parse(store.getState().draft).sides[1]!.level).toBe('platoon')
    // Named, the base edge choice offers the nearest one back.
    expect(labelled<HTMLSelectElement>(el, 'Base edge of Paras').value).toBe('west')
    expect(el.textContent).toContain('Nearest its zone (south)')
  })

  it('ways to win added from a list and said in words; parts chosen; one removed; the time limit and its winner', async () => {
    const { el, store } = await renderPanel((s) => <Panel store={s} />)
    await type(labelled(el, 'Last round'), '8')
    await choose(labelled(el, 'Add a way to win for German'), 'exit')
    expect(el.querySelector('[data-testid="condition-2"]')!.textContent).toBe(
      'German wins at once when half of its figures have left by the south edge.',
    )
    await choose(labelled(el, 'Edge of way to win 2'), 'east')
    await choose(labelled(el, 'Share of figures off, way to win 2'), '1')
    expect(el.querySelector('[data-testid="condition-2"]')!.textContent).toBe(
      'German wins at once when all of its figures have left by the east edge.',
    )
    // The control condition: one side ticked off leaves the other.
    await click(labelled(el, 'Side German, way to win 1'))
    await click(button(el, 'Remove way to win 2'))
    await choose(labelled(el, 'Winner when time runs out'), 'british')
    const s = ScenarioSchema.parse(store.getState().draft)
    expect(s.roundLimit).toBe(8)
    expect(s.victory).toEqual({
      conditions: [{ kind: 'control', objectiveId: 'farmhouse-objective', sideIds: ['british'] }],
      atTimeLimit: 'british',
    })
    expect(store.getState().past).toHaveLength(6)
  })

  it('a rule put in force by its tick; the objective made a weapon cache holding a bazooka', async () => {
    const { el, store } = await renderPanel((s) => <Panel store={s} />)
    await click(labelled(el, 'Monsters (§14.3)'))
    await choose(labelled(el, 'Kind of objective the farmhouse'), 'cache')
    await choose(labelled(el, 'Weapon in cache the farmhouse'), 'bazooka')
    const s = ScenarioSchema.parse(store.getState().draft)
    expect(s.settings.optional.monsters).toBe(true)
    expect(s.objectives[0]).toMatchObject({ kind: 'cache', weapon: 'bazooka' })
    expect(store.getState().past).toHaveLength(3)
  })
})
