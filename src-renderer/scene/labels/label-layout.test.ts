import { describe, expect, it } from 'vitest'
import { buildWorld } from '../../../src-engine/index'
import { hutScenario } from '../../../tests/fixtures/scenarios'
import { LABEL_RANK, type LabelSlot, layoutLabels, OcclusionSweep } from './label-layout'
import { blockerDrawn, labelOccluded } from './label-occlusion'

const slot = (id: string, patch: Partial<LabelSlot> = {}): LabelSlot => ({
  id,
  rank: LABEL_RANK.team,
  distanceIn: 30,
  screen: { x: 100, y: 100 },
  widthPx: 40,
  heightPx: 14,
  occluded: false,
  ...patch,
})

describe('laying out the labels over the table', () => {
  it('hides a label behind a wall, keeps a pinned one faded, and waits for an unchecked one', () => {
    const states = layoutLabels(
      [
        slot('behind', { occluded: true, screen: { x: 0, y: 0 } }),
        slot('pinned', { occluded: true, rank: LABEL_RANK.pinned, screen: { x: 200, y: 0 } }),
        slot('unchecked', { occluded: null, screen: { x: 400, y: 0 } }),
        slot('open', { screen: { x: 600, y: 0 } }),
      ],
      { maxDistanceIn: 100 },
    )
    expect(Object.fromEntries(states)).toEqual({
      behind: 'behind',
      pinned: 'faded',
      unchecked: 'pending',
      open: 'shown',
    })
  })

  it('drops far labels unless pinned, and labels off the canvas', () => {
    const states = layoutLabels(
      [
        slot('far', { distanceIn: 150, screen: { x: 0, y: 0 } }),
        slot('far-pinned', { distanceIn: 150, rank: LABEL_RANK.pinned, screen: { x: 200, y: 0 } }),
        slot('off', { screen: null }),
      ],
      { maxDistanceIn: 100 },
    )
    expect(Object.fromEntries(states)).toEqual({ far: 'far', 'far-pinned': 'shown', off: 'off' })
  })

  it('of two overlapping labels keeps the nearer, unless the other ranks higher; the pinned one always stays', () => {
    const near = slot('near', { distanceIn: 20, screen: { x: 100, y: 100 } })
    const far = slot('far', { distanceIn: 40, screen: { x: 110, y: 104 } })
    expect(layoutLabels([far, near], { maxDistanceIn: 100 }).get('far')).toBe('crowded')
    expect(layoutLabels([far, near], { maxDistanceIn: 100 }).get('near')).toBe('shown')
    const place = { ...far, rank: LABEL_RANK.place }
    expect(Object.fromEntries(layoutLabels([near, place], { maxDistanceIn: 100 }))).toEqual({
      near: 'crowded',
      far: 'shown',
    })
    const pinned = { ...far, rank: LABEL_RANK.pinned }
    const both = layoutLabels([near, pinned, { ...pinned, id: 'pinned-2' }], { maxDistanceIn: 100 })
    expect(Object.fromEntries(both)).toEqual({ near: 'crowded', far: 'shown', 'pinned-2': 'shown' })
  })

  it('labels side by side do not crowd each other; a hundred on one spot leave one', () => {
    const row = Array.from({ length: 10 }, (_, i) => slot(`r${i}`, { screen: { x: i * 50, y: 100 } }))
    expect([...layoutLabels(row, { maxDistanceIn: 100 }).values()].every((s) => s === 'shown')).toBe(true)
    const heap = Array.from({ length: 100 }, (_, i) => slot(`h${i}`, { distanceIn: 30 + i }))
    const states = [...layoutLabels(heap, { maxDistanceIn: 1000 }).entries()]
    expect(states.filter(([, s]) => s === 'shown').map(([id]) => id)).toEqual(['h0'])
  })
})

describe('checking label anchors a few per frame', () => {
  it('checks round-robin, a budget at a time, keeps old answers until rechecked, and forgets labels gone', () => {
    const sweep = new OcclusionSweep()
    const blocked = new Set(['b'])
    const asked: string[] = []
    const check = (id: string) => {
      asked.push(id)
      return blocked.has(id)
    }
    sweep.recheck(['a', 'b', 'c'])
    expect(sweep.occluded('a')).toBeNull()
    expect(sweep.step(2, check)).toBe(true)
    expect(asked).toEqual(['a', 'b'])
    expect(sweep.done).toBe(false)
    expect(sweep.occluded('b')).toBe(true)
    // The camera moves before c was checked: c keeps its place at the head, a and b queue behind it.
    sweep.recheck(['a', 'b', 'c'])
    blocked.clear()
    sweep.step(1, check)
    expect(asked).toEqual(['a', 'b', 'c'])
    expect(sweep.occluded('b')).toBe(true)
    expect(sweep.step(5, check)).toBe(true)
    expect(sweep.occluded('b')).toBe(false)
    expect(sweep.done).toBe(true)
    expect(sweep.step(5, check)).toBe(false)
    sweep.recheck(['c'])
    expect(sweep.occluded('a')).toBeNull()
    expect(sweep.occluded('c')).toBe(false)
  })
})

describe('what hides a label from the camera (the rules hull)', () => {
  const world = buildWorld(hutScenario())
  const doors = { 'hut-door': { state: 'closed' as const } }

  it('a wall between the camera and the anchor hides it; nothing between, it is seen', () => {
    expect(labelOccluded(world, doors, 'shown', { x: 12, y: 1.5, z: 28 }, { x: 12, y: 1.5, z: 2 })).toBe(true)
    expect(labelOccluded(world, doors, 'shown', { x: 25, y: 1.5, z: 28 }, { x: 25, y: 1.5, z: 2 })).toBe(false)
  })

  it('a roof hides what is inside the house, unless the roofs are hidden', () => {
    const above = { x: 12, y: 30, z: 12.5 }
    const inside = { x: 12, y: 1.5, z: 12 }
    expect(labelOccluded(world, doors, 'shown', above, inside)).toBe(true)
    expect(labelOccluded(world, doors, 'hidden', above, inside)).toBe(false)
    expect(labelOccluded(world, doors, 'cutaway', above, inside)).toBe(false)
  })

  it('SMLE-SHOOT-02, SMLE-VEH-15: a vehicle or wreck between the camera and the anchor hides it; its own label, or a rider’s, over its hull is seen', () => {
    // A hull 4" long (north–south), 2" wide and 1.5" high at (25, 15), across the line from a low camera to (25, 2).
    const hull = {
      id: 'tank',
      label: 'the tank',
      position: { x: 25, y: 0, z: 15 },
      facingDeg: 0,
      lengthIn: 4,
      widthIn: 2,
      heightIn: 1.5,
    }
    const eye = { x: 25, y: 1, z: 28 }
    expect(labelOccluded(world, doors, 'shown', eye, { x: 25, y: 1, z: 2 }, [hull])).toBe(true)
    expect(labelOccluded(world, doors, 'shown', eye, { x: 25, y: 1, z: 2 })).toBe(false)
    // The tank's own label floats just over its hull: the hull does not hide it, even seen from low down.
    expect(labelOccluded(world, doors, 'shown', eye, { x: 25, y: 1.2, z: 14 }, [hull])).toBe(false)
    expect(blockerDrawn('vehicle', 'cutaway')).toBe(true)
  })

  it('roofs and upper floors hide only while drawn; woods never hide a label', () => {
    expect(blockerDrawn('roof', 'shown')).toBe(true)
    expect(blockerDrawn('roof', 'hidden')).toBe(false)
    expect(blockerDrawn('floor', 'hidden')).toBe(true)
    expect(blockerDrawn('floor', 'cutaway')).toBe(false)
    expect(blockerDrawn('wall', 'cutaway')).toBe(true)
    expect(blockerDrawn('woods', 'shown')).toBe(false)
  })
})
