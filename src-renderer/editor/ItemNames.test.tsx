import { afterEach, describe, expect, it } from 'vitest'
import { useStore } from 'zustand'
import type { StoreApi } from 'zustand/vanilla'
import { ScenarioSchema } from '../../src-engine/index'
import { draftItems, type EditorState } from './editor-store'
import { ItemList } from './EditorScreen'
import { labelled, renderPanel, type, unmount } from './panel-test-kit'

afterEach(unmount)

function Lists({ store }: { store: StoreApi<EditorState> }) {
  const draft = useStore(store, (s) => s.draft)
  return (
    <>
      <ItemList
        label="Buildings"
        items={draftItems(draft, 'buildings')}
        describe={(b) => String(b.name ?? b.id)}
        named
        collection="buildings"
        store={store}
      />
      <ItemList
        label="Objectives"
        items={draftItems(draft, 'objectives')}
        describe={(o) => String(o.name ?? o.id)}
        named
        collection="objectives"
        store={store}
      />
    </>
  )
}

describe('a building’s and an objective’s names in their lists', () => {
  it('renamed in the Called field, each one step to undo; a blank name is not taken', async () => {
    const { el, store } = await renderPanel((s) => <Lists store={s} />)
    const objective = String(draftItems(store.getState().draft, 'objectives')[0]!.name)
    await type(labelled(el, 'What Farmhouse is called'), 'Chapel')
    await type(labelled(el, `What ${objective} is called`), 'the crossroads marker')
    let parsed = ScenarioSchema.parse(store.getState().draft)
    expect(parsed.buildings[0]!.name).toBe('Chapel')
    expect(parsed.objectives[0]!.name).toBe('the crossroads marker')
    await type(labelled(el, 'What Chapel is called'), '   ')
    expect(ScenarioSchema.parse(store.getState().draft).buildings[0]!.name).toBe('Chapel')
    store.getState().undo()
    parsed = ScenarioSchema.parse(store.getState().draft)
    expect(parsed.objectives[0]!.name).toBe(objective)
    expect(parsed.buildings[0]!.name).toBe('Chapel')
    store.getState().undo()
    expect(ScenarioSchema.parse(store.getState().draft).buildings[0]!.name).toBe('Farmhouse')
  })
})
