import { afterEach, describe, expect, it } from 'vitest'
import { useStore } from 'zustand'
import type { StoreApi } from 'zustand/vanilla'
import { editorCheck, ScenarioSchema } from '../../src-engine/index'
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

describe('a building’s walls, roof and stairs in the panel', () => {
  it('stone walls, a gabled roof rising 2", and the stair up placed by hand; one through the wall is the check’s error', async () => {
    const { el, store } = await renderPanel((s) => <Panel store={s} />)
    await choose(labelled(el, 'Material of Farmhouse'), 'stone')
    await choose(labelled(el, 'Roof of Farmhouse'), 'gable')
    await type(labelled(el, 'Rise of the roof of Farmhouse (inches)'), '2')
    await choose(labelled(el, 'Storeys of Farmhouse'), '2')
    await type(
      labelled(
        el,
        'Foot, inches east of the north-west corner, of the stair up from the ground floor of Farmhouse (inches)',
      ),
      '1',
    )
    await type(
      labelled(
        el,
        'Foot, inches south of the north-west corner, of the stair up from the ground floor of Farmhouse (inches)',
      ),
      '1',
    )
    await choose(labelled(el, 'Way the stair up from the ground floor of Farmhouse rises'), 'south')
    await type(labelled(el, 'Length of the stair up from the ground floor of Farmhouse (inches)'), '2.5')
    const b = ScenarioSchema.parse(store.getState().draft).buildings[0]!
    expect(b.material).toBe('stone')
    expect(b.roof).toEqual({ kind: 'gable', riseIn: 2 })
    expect(b.stairs).toEqual([{ floor: 0, x: 1, z: 1, direction: 'south', widthIn: 1.1, lengthIn: 2.5 }])
    const stairErrors = () =>
      editorCheck(store.getState().draft).problems.filter((p) => p.code === 'stair-through-wall')
    expect(stairErrors()).toEqual([])
    // Rising west from a foot 1" inside the west wall: the stair runs out through it.
    await choose(labelled(el, 'Way the stair up from the ground floor of Farmhouse rises'), 'west')
    expect(stairErrors()).toHaveLength(1)
    expect(store.getState().past).toHaveLength(9)
    // A flat roof has no rise to set; a rise of 0 is refused.
    await type(labelled(el, 'Rise of the roof of Farmhouse (inches)'), '0')
    expect(ScenarioSchema.parse(store.getState().draft).buildings[0]!.roof.riseIn).toBe(2)
    await choose(labelled(el, 'Roof of Farmhouse'), 'flat')
    expect(el.querySelector('[aria-label="Rise of the roof of Farmhouse (inches)"]')).toBeNull()
  })
})
