import { describe, expect, it } from 'vitest'
import { hutScenario } from '../../tests/fixtures/scenarios'
import { buildWorld } from './world'
import type { Body } from './types'

const body = (id: string, x: number, z: number, patch: Partial<Body> = {}): Body => ({ id, position: { x, y: 0, z }, baseRadiusIn: 0.5, prone: false, facingDeg: 0, ...patch })
const closed = { 'hut-door': { state: 'closed' as const } }
const open = { 'hut-door': { state: 'open' as const } }

describe('basic world: line of sight (SMLE-SHOOT-02)', () => {
  const world = buildWorld(hutScenario())
  it('open ground: every sample point is visible', () => {
    const s = world.sight(body('a', 3, 25), body('b', 25, 25), closed)
    expect(s).toMatchObject({ fraction: 1, visiblePoints: 5, totalPoints: 5, blocker: null })
  })
  it('a wall hides a figure behind it', () => {
    const s = world.sight(body('in', 13, 13), body('out', 13, 5), closed)
    expect(s.fraction).toBe(0)
    expect(s.blocker?.kind).toBe('wall')
  })
  it('a closed door blocks; the same door opened lets the line through', () => {
    const shut = world.sight(body('in', 13, 13), body('out', 13, 22), closed)
    expect(shut.fraction).toBe(0)
    expect(shut.blocker).toMatchObject({ kind: 'door', id: 'hut-door' })
    expect(world.sight(body('in', 13, 13), body('out', 13, 22), open).fraction).toBe(1)
  })
  it('a hill crest hides a figure on the far side', () => {
    const hilly = buildWorld(hutScenario({ terrain: { hills: [{ id: 'ridge', x: 20, z: 25, radiusIn: 4, heightIn: 3 }] } }))
    const s = hilly.sight(body('a', 14, 25), body('b', 26, 25), closed)
    expect(s.fraction).toBe(0)
    expect(s.blocker).toMatchObject({ kind: 'terrain', id: 'ridge' })
  })
  it('a prone target shows two points on its back', () => {
    expect(world.sight(body('a', 3, 25), body('b', 25, 25, { prone: true }), closed).totalPoints).toBe(2)
  })
})

describe('basic world: cover, distance, radius', () => {
  const world = buildWorld(hutScenario())
  it('SMLE-MOVE-06: prone in the open is soft cover; standing in the open is none', () => {
    expect(world.coverOf(body('t', 25, 25, { prone: true }), body('f', 3, 25), closed)).toBe('soft')
    expect(world.coverOf(body('t', 25, 25), body('f', 3, 25), closed)).toBe('none')
  })
  it('SMLE-SHOOT-24: a target just inside a doorway, seen at an angle, is partly hidden by the wall beside it: hard cover', () => {
    // Firer off to the south-west: the wall west of the doorway hides most of the target.
    expect(world.sight(body('f', 4, 24), body('t', 13, 15.2), open).fraction).toBeCloseTo(0.2)
    expect(world.coverOf(body('t', 13, 15.2), body('f', 4, 24), open)).toBe('hard')
    // A little further east, in the middle of the opening, only one point is hidden: no cover.
    expect(world.sight(body('f', 4, 24), body('t', 13.4, 15), open).fraction).toBeCloseTo(0.8)
    expect(world.coverOf(body('t', 13.4, 15), body('f', 4, 24), open)).toBe('none')
  })
  it('SMLE-GEN-05: distance between nearest base edges, height included', () => {
    expect(world.distanceIn(body('a', 0.5, 1), body('b', 4.5, 1))).toBeCloseTo(3)
    expect(world.distanceIn(body('a', 0.5, 1), body('b', 0.5, 1.5))).toBe(0)
    expect(world.distanceIn(body('a', 0, 0), { ...body('b', 4, 0), position: { x: 4, y: 4, z: 0 } })).toBeCloseTo(5)
  })
  it('within a radius, nearest first, measured to the base edge', () => {
    const r = world.withinRadius({ x: 5, y: 0, z: 5 }, 3, [body('far', 9, 5), body('near', 6, 5), body('edge', 8.5, 5)])
    expect(r.map((x) => x.id)).toEqual(['near', 'edge'])
    expect(r[1]?.distanceIn).toBeCloseTo(3)
  })
  it('terrain under a point: inside the hut is building ground', () => {
    expect(world.terrainAt({ x: 13, z: 13 }).kind).toBe('building')
    expect(world.terrainAt({ x: 3, z: 3 }).kind).toBe('open')
  })
  it('a path through a closed door is blocked; through the open doorway it costs its length', () => {
    expect(world.path({ x: 13, z: 18 }, { x: 13, z: 13 }, 0.5, closed, { armour: 'light' }).ok).toBe(false)
    const p = world.path({ x: 13, z: 18 }, { x: 13, z: 13 }, 0.5, open, { armour: 'light' })
    expect(p.ok && p.costIn).toBeCloseTo(5)
  })
})
