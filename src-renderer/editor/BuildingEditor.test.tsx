import { afterEach, describe, expect, it } from 'vitest'
import { useStore } from 'zustand'
import type { StoreApi } from 'zustand/vanilla'
import { ScenarioSchema } from '../../src-engine/index'
import { BuildingEditor } from './BuildingEditor'
import { draftItems, type EditorState } from './editor-store'
import { choose, click, labelled, renderPanel, type, unmount } from './panel-test-kit'

afterEach(unmount)

function Panel({ store }: { store: StoreApi<EditorState> }) {
  const building = useStore(store, (s) => draftItems(s.draft, 'buildings')[0]!)
  return <BuildingEditor store={store} building={building} />
}

describe('a building’s storeys, doors and windows in the panel', () => {
  it('two storeys, a door added in the east wall and locked, a window upstairs, the back door removed', async () => {
    const { el, store } = await renderPanel((s) => <Panel store={s} />)
    await choose(labelled(el, 'Storeys of Farmhouse'), '2')
    await type(labelled(el, 'Height of floor 1 of Farmhouse (inches)'), '2.4')
    await choose(labelled(el, 'Add a door to Farmhouse'), 'east')
    await choose(labelled(el, 'farmhouse-door-1 of Farmhouse'), 'locked')
    await choose(labelled(el, 'Add a window to Farmhouse'), '1:north')
    await click(labelled(el, 'Remove door farmhouse-back'))
    const b = ScenarioSchema.parse(store.getState().draft).buildings[0]!
    expect(b.floors).toEqual([{ heightIn: 2.6 }, { heightIn: 2.4 }])
    expect(b.stairs).toHaveLength(1)
    expect(b.doors.map((d) => [d.id, d.wall, d.state])).toEqual([
      ['farmhouse-front', 'south', 'closed'],
      ['farmhouse-door-1', 'east', 'locked'],
    ])
    expect(b.windows.map((w) => [w.wall, w.floor, w.offsetIn])).toEqual([['north', 1, 5]])
    expect(labelled<HTMLSelectElement>(el, 'Floor of window 1 of Farmhouse').value).toBe('1')
    expect(store.getState().past).toHaveLength(6)
  })
})
