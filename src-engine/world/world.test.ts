import { describe, expect, it } from 'vitest'
import { hutScenario } from '../../tests/fixtures/scenarios'
import { bodyAt, yardScenario } from '../../tests/fixtures/world-tables'
import { buildBasicWorld, buildWorld, type World } from './world'

const closed = { 'house-door': { state: 'closed' as const }, 'hut-door': { state: 'closed' as const } }
const open = { 'house-door': { state: 'open' as const }, 'hut-door': { state: 'open' as const } }
const LIGHT = { armour: 'light' as const }

/** Every hand-built case runs on the fast world and on the brute-force oracle. */
const worlds: [string, (s: ReturnType<typeof yardScenario>) => World][] = [
  ['BVH world', buildWorld],
  ['oracle', buildBasicWorld],
]

describe.each(worlds)('%s: line of sight and cover, worked on paper (SMLE-SHOOT-02, SMLE-SHOOT-24)', (_, build) => {
  const w = build(yardScenario())
  const ground = (x: number, z: number) => w.groundHeightAt(x, z)

  it('a figure just behind a 0.9" stone wall shows only its head; the wall is within 2": hard cover', () => {
    const s = w.sight(bodyAt('f', 5, 7), bodyAt('t', 25.8, 7), closed)
    expect(s).toMatchObject({ visiblePoints: 1, totalPoints: 5, blocker: { kind: 'feature', id: 'stone' } })
    expect(w.coverOf(bodyAt('t', 25.8, 7), bodyAt('f', 5, 7), closed)).toBe('hard')
  })

  it('SMLE-SHOOT-24: the same wall 3" in front of the figure still hides it but is no cover', () => {
    expect(w.sight(bodyAt('f', 5, 7), bodyAt('t', 28, 7), closed).visiblePoints).toBe(1)
    expect(w.coverOf(bodyAt('t', 28, 7), bodyAt('f', 5, 7), closed)).toBe('none')
  })

  it('prone behind the stone wall: not seen at all', () => {
    const t = bodyAt('t', 25.8, 7, { prone: true, facingDeg: 90 })
    expect(w.sight(bodyAt('f', 5, 7), t, closed).fraction).toBe(0)
    expect(w.coverOf(t, bodyAt('f', 5, 7), closed)).toBe('hard')
  })

  it('a figure at a window: the sill hides its waist and chest (hard cover); one further in is out of sight', () => {
    const s = w.sight(bodyAt('f', 16, 2), bodyAt('t', 16, 10.85), closed)
    expect(s).toMatchObject({ visiblePoints: 3, blocker: { kind: 'wall', id: 'house' } })
    expect(w.coverOf(bodyAt('t', 16, 10.85), bodyAt('f', 16, 2), closed)).toBe('hard')
    expect(w.sight(bodyAt('f', 16, 2), bodyAt('t', 11.5, 14.5), closed).fraction).toBe(0)
  })

  it('behind a closed door: hidden by the door; the same door opened lets every line through', () => {
    const shut = w.sight(bodyAt('f', 14, 22), bodyAt('t', 14, 13), closed)
    expect(shut).toMatchObject({ fraction: 0, blocker: { kind: 'door', id: 'house-door' } })
    expect(w.sight(bodyAt('f', 14, 22), bodyAt('t', 14, 13), open).fraction).toBe(1)
  })

  it('SMLE-SHOOT-02, SMLE-MOVE-06: prone behind a hedge is seen (soft cover hides but does not block) and is in soft cover', () => {
    const t = bodyAt('t', 30.9, 10, { prone: true, facingDeg: 90 })
    expect(w.sight(bodyAt('f', 27.5, 10), t, closed).fraction).toBe(1)
    expect(w.coverOf(t, bodyAt('f', 27.5, 10), closed)).toBe('soft')
    // Standing there, the hedge alone makes it soft cover.
    expect(w.coverOf(bodyAt('t', 30.9, 10), bodyAt('f', 27.5, 10), closed)).toBe('soft')
  })

  it('on a hill crest: seen from both sides; just over it: hidden by the ground; a little below it: hull down (hard)', () => {
    const top = bodyAt('t', 20, 25, { y: ground(20, 25) })
    expect(top.position.y).toBeCloseTo(2)
    expect(w.sight(bodyAt('f', 10, 25), top, closed).fraction).toBe(1)
    expect(w.sight(bodyAt('f', 30, 25), top, closed).fraction).toBe(1)
    const behind = bodyAt('t', 24.5, 25, { y: ground(24.5, 25) })
    expect(w.sight(bodyAt('f', 12, 25), behind, closed)).toMatchObject({
      fraction: 0,
      blocker: { kind: 'terrain', id: 'crest' },
    })
    const hullDown = bodyAt('t', 22, 25, { y: ground(22, 25) })
    expect(w.sight(bodyAt('f', 10, 25), hullDown, closed).visiblePoints).toBe(2)
    expect(w.coverOf(hullDown, bodyAt('f', 10, 25), closed)).toBe('hard')
  })

  it('SMLE-SHOOT-02: 1" into the woods a figure is seen (soft cover); 3" in, the woods block sight', () => {
    expect(w.sight(bodyAt('f', 14, 23), bodyAt('t', 7, 23), closed).fraction).toBe(1)
    expect(w.coverOf(bodyAt('t', 7, 23), bodyAt('f', 14, 23), closed)).toBe('soft')
    expect(w.sight(bodyAt('f', 14, 23), bodyAt('t', 5, 23), closed)).toMatchObject({
      fraction: 0,
      blocker: { kind: 'woods', id: 'wood' },
    })
  })

  it('a figure upstairs stands on its floor and is seen only through the upstairs window', () => {
    expect(w.standingAt({ x: 16, y: 2.5, z: 13 })).toEqual({ level: 1, structureId: 'house', y: 2.5 })
    expect(w.heightOnFloor({ x: 16, z: 13 }, 1)).toBe(2.5)
    expect(w.heightOnFloor({ x: 30, z: 13 }, 1)).toBeNull()
    const atWindow = bodyAt('t', 17.2, 13, { y: 2.5 })
    expect(w.sight(bodyAt('f', 34, 13), atWindow, closed).fraction).toBeGreaterThan(0)
    expect(w.coverOf(atWindow, bodyAt('f', 34, 13), closed)).toBe('hard')
    // From the ground floor below, the floor between hides it.
    expect(w.sight(bodyAt('f', 16, 13), bodyAt('t', 12, 14, { y: 2.5 }), closed).blocker?.kind).toBe('floor')
  })

  it('SMLE-SHOOT-26: the occupant of a foxhole is in a prepared position; it fires only into its arc', () => {
    expect(w.coverOf(bodyAt('t', 35, 25), bodyAt('f', 35, 10), closed)).toBe('prepared')
    expect(w.positionAt({ x: 35, z: 25 })?.id).toBe('foxhole')
    expect(w.inFiringArc('foxhole', { x: 35, z: 10 })).toBe(true)
    expect(w.inFiringArc('foxhole', { x: 35, z: 29 })).toBe(false)
  })
})

describe.each(worlds)('%s: moving (SMLE-GEN-05, SMLE-MOVE-04)', (_, build) => {
  const w = build(yardScenario())

  it('a closed door keeps a figure out; opened, the route goes in through it and up the stairs (climb paid)', () => {
    expect(w.path({ x: 14, z: 20 }, { x: 16.5, z: 13.3 }, 0.5, closed, LIGHT).ok).toBe(false)
    const up = w.path({ x: 14, z: 20 }, { x: 16.5, z: 13.3 }, 0.5, open, LIGHT, { toLevel: 1 })
    expect(up.ok).toBe(true)
    if (!up.ok) return
    expect(up.points.at(-1)).toEqual({ x: 16.5, y: 2.5, z: 13.3 })
    // Cost is the route's length plus the 2.5" climb of the stairs.
    expect(up.costIn).toBeCloseTo(up.lengthIn + 2.5, 2)
  })

  it('climbing over a stone wall costs its height; over a hedge its height too', () => {
    const wall = w.path({ x: 23, z: 10 }, { x: 27, z: 10 }, 0.5, closed, LIGHT)
    expect(wall.ok && wall.costIn).toBeCloseTo(4 + 0.9)
    const hedge = w.path({ x: 28, z: 10 }, { x: 32, z: 10 }, 0.5, closed, LIGHT)
    expect(hedge.ok && hedge.costIn).toBeCloseTo(4 + 1.2)
  })

  it('SMLE-MOVE-04: woods cost 2" per 1": the route goes round them when that is cheaper', () => {
    const p = w.path({ x: 5, z: 16 }, { x: 5, z: 29.4 }, 0.5, closed, LIGHT)
    expect(p.ok).toBe(true)
    if (!p.ok) return
    expect(p.costIn).toBeLessThan(13.4 + 10)
    expect(p.points.length).toBeGreaterThan(2)
    // A short step into the woods pays double for the part inside.
    const step = w.path({ x: 5, z: 16.5 }, { x: 5, z: 19.5 }, 0.5, closed, LIGHT)
    expect(step.ok && step.costIn).toBeCloseTo(1.5 + 1.5 * 2)
  })

  it('a figure may not stand on a hedge or in a wall, but may stand touching them', () => {
    expect(w.footprintBlocker({ x: 30, z: 10 }, 0.5, closed)?.kind).toBe('feature')
    expect(w.footprintBlocker({ x: 30.85, z: 10 }, 0.5, closed)).toBeNull()
    expect(w.footprintBlocker({ x: 10.4, z: 12 }, 0.5, closed)?.kind).toBe('wall')
  })

  it('the furthest point 6" along the route round the house (for previews)', () => {
    const r = w.reach({ x: 14, z: 20 }, { x: 14, z: 6 }, 6, 0.5, closed, LIGHT)
    expect(r.ok).toBe(true)
    if (!r.ok) return
    expect(r.complete).toBe(false)
    expect(r.costIn).toBeLessThanOrEqual(6 + 1e-9)
    expect(r.costIn).toBeGreaterThan(5.9)
    expect(w.footprintBlocker(r.point, 0.5, closed)).toBeNull()
  })
})

describe.each(worlds)('%s: the hut (the first table)', (_, build) => {
  const world = build(hutScenario())
  it('a wall hides a figure behind it; a closed door blocks, the same door opened does not', () => {
    expect(world.sight(bodyAt('in', 13, 13), bodyAt('out', 13, 5), closed)).toMatchObject({
      fraction: 0,
      blocker: { kind: 'wall' },
    })
    expect(world.sight(bodyAt('in', 13, 13), bodyAt('out', 13, 22), closed)).toMatchObject({
      fraction: 0,
      blocker: { kind: 'door', id: 'hut-door' },
    })
    expect(world.sight(bodyAt('in', 13, 13), bodyAt('out', 13, 22), open).fraction).toBe(1)
  })
  it('SMLE-SHOOT-24: a target just inside the doorway, seen at an angle, is mostly hidden by the wall beside it: hard cover', () => {
    expect(world.sight(bodyAt('f', 4, 24), bodyAt('t', 13, 15.2), open).fraction).toBeCloseTo(0.2)
    expect(world.coverOf(bodyAt('t', 13, 15.2), bodyAt('f', 4, 24), open)).toBe('hard')
    // In the middle of the opening, seen straight on, nothing hides it.
    expect(world.sight(bodyAt('f', 13, 24), bodyAt('t', 13, 15.2), open).fraction).toBe(1)
    expect(world.coverOf(bodyAt('t', 13, 15.2), bodyAt('f', 13, 24), open)).toBe('none')
  })
  it('SMLE-GEN-05: distance between nearest base edges, height included; radius nearest first', () => {
    expect(world.distanceIn(bodyAt('a', 0.5, 1), bodyAt('b', 4.5, 1))).toBeCloseTo(3)
    expect(world.distanceIn(bodyAt('a', 0, 0), bodyAt('b', 4, 0, { y: 4 }))).toBeCloseTo(5)
    const r = world.withinRadius({ x: 5, y: 0, z: 5 }, 3, [
      bodyAt('far', 9, 5),
      bodyAt('near', 6, 5),
      bodyAt('edge', 8.5, 5),
    ])
    expect(r.map((x) => x.id)).toEqual(['near', 'edge'])
    expect(r[1]?.distanceIn).toBeCloseTo(3)
  })
  it('terrain under a point: inside the hut is building ground', () => {
    expect(world.terrainAt({ x: 13, z: 13 }).kind).toBe('building')
    expect(world.terrainAt({ x: 3, z: 3 })).toMatchObject({ kind: 'open', moveCostPerIn: 1, cover: 'none' })
  })
  it('a closed door: no way in (the hut has one door); through the open doorway the move costs its length', () => {
    expect(world.path({ x: 13, z: 18 }, { x: 13, z: 13 }, 0.5, closed, LIGHT).ok).toBe(false)
    const p = world.path({ x: 13, z: 18 }, { x: 13, z: 13 }, 0.5, open, LIGHT)
    expect(p.ok && p.costIn).toBeCloseTo(5)
  })
  it('from behind the hut to inside: the route goes round to the door', () => {
    const p = world.path({ x: 13, z: 5 }, { x: 13, z: 13 }, 0.5, open, LIGHT)
    expect(p.ok).toBe(true)
    if (!p.ok) return
    // Round a 6" hut from its far side: more than the 8" straight line, less than going round two whole sides and back.
    expect(p.lengthIn).toBeGreaterThan(15)
    expect(p.lengthIn).toBeLessThan(22)
    for (let i = 1; i < p.points.length; i++)
      expect(world.pathBlocker(p.points[i - 1]!, p.points[i]!, 0.5, open)).toBeNull()
  })
})

describe('routes asked again (SMLE-GEN-05)', () => {
  it('the same ends, base and doors give the same route as a fresh world; other door states are searched for themselves', () => {
    const w = buildWorld(yardScenario())
    const from = { x: 14, z: 18 }
    const to = { x: 14, z: 13 }
    const shut = w.path(from, to, 0.5, closed, LIGHT)
    const through = w.path(from, to, 0.5, open, LIGHT)
    expect(shut.ok).toBe(false)
    expect(through.ok).toBe(true)
    // Asked again under each set of door states (new records with the same states): the same answers.
    expect(w.path(from, to, 0.5, { ...closed }, LIGHT)).toEqual(shut)
    expect(w.path(from, to, 0.5, { ...open }, LIGHT)).toEqual(through)
    const fresh = buildWorld(yardScenario())
    expect(fresh.path(from, to, 0.5, open, LIGHT)).toEqual(through)
    // A wider base, or a start on another spot, is its own search.
    expect(w.path({ x: 14.5, z: 18 }, to, 0.5, open, LIGHT)).toEqual(
      fresh.path({ x: 14.5, z: 18 }, to, 0.5, open, LIGHT),
    )
    expect(w.path(from, to, 3, open, LIGHT)).toEqual(fresh.path(from, to, 3, open, LIGHT))
  })

  it("the way round asked again at other budgets and door states: each answer is a fresh world's", () => {
    const w = buildWorld(yardScenario())
    const from = { x: 14, z: 20 }
    const to = { x: 16.5, z: 13.3 }
    // Into the house: shut out by its closed door, in through it once opened (the search is kept by door states).
    expect(w.reach(from, to, 6, 0.5, closed, LIGHT).ok).toBe(false)
    const budgets = [2, 4, 6, 30]
    const asked = budgets.map((b) => w.reach(from, to, b, 0.5, open, LIGHT))
    expect(w.reach(from, to, 6, 0.5, { ...closed }, LIGHT).ok).toBe(false)
    for (const [i, b] of budgets.entries()) {
      const fresh = buildWorld(yardScenario()).reach(from, to, b, 0.5, open, LIGHT)
      expect(asked[i]).toEqual(fresh)
      expect(w.reach(from, to, b, 0.5, { ...open }, LIGHT)).toEqual(fresh)
    }
    // One search, cut at each budget: a longer budget goes farther along the same way, the longest to its end.
    const costs = asked.map((r) => (r.ok ? r.costIn : NaN))
    expect(costs).toEqual([...costs].sort((a, b) => a - b))
    expect(asked.at(-1)?.ok && asked.at(-1)).toMatchObject({ complete: true })
    expect(asked[0]?.ok && asked[0]).toMatchObject({ complete: false })
  })
})
