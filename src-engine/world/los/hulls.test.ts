import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { bodyAt, yardScenario } from '../../../tests/fixtures/world-tables'
import { createWorld } from '../create-world'
import { compileTable } from '../model/table-model'
import type { Body, DoorStates, VehicleHull } from '../types'
import { buildBasicWorld, buildWorld } from '../world'
import { BvhProbe } from './probes'

// A bare 40" × 30" table: flat ground, nothing on it but the vehicles handed to each question.
const bare = yardScenario({
  buildings: [],
  linearFeatures: [],
  obstacles: [],
  positions: [],
  terrain: { hills: [], areas: [] },
})
/** The world without kept lines: every answer worked out afresh. */
const plain = createWorld(compileTable(bare), { probe: new BvhProbe(compileTable(bare)), indexed: true, prune: true })

/** A tank's hull (5" × 2.5", 1.5" high) at (x, z), its length along `facingDeg`. */
function tank(x: number, z: number, facingDeg = 90, more: Partial<VehicleHull> = {}): VehicleHull {
  return {
    id: 'tank',
    label: 'the tank',
    position: { x, y: 0, z },
    facingDeg,
    lengthIn: 5,
    widthIn: 2.5,
    heightIn: 1.5,
    ...more,
  }
}

describe('SMLE-SHOOT-02: a vehicle on the table blocks line of sight', () => {
  it('a tank between firer and target hides the target, and is named as what hides it; without it the target is seen', () => {
    const world = buildWorld(bare)
    const firer = bodyAt('firer', 5, 15)
    const target = bodyAt('target', 25, 15)
    const hulls = [tank(15, 15)]
    const blocked = world.sight(firer, target, {}, hulls)
    expect(blocked.visiblePoints).toBe(0)
    expect(blocked.blocker).toEqual({ kind: 'vehicle', id: 'tank', label: 'the tank' })
    expect(world.sees(firer, target, {}, hulls)).toBe(false)
    expect(world.sight(firer, target, {}).visiblePoints).toBe(5)
    expect(world.sees(firer, target, {}, [])).toBe(true)
    // The ray between two points too.
    expect(world.rayBlocker({ x: 5, y: 1, z: 15 }, { x: 25, y: 1, z: 15 }, {}, hulls)?.blocker.kind).toBe('vehicle')
    expect(world.rayBlocker({ x: 5, y: 1, z: 15 }, { x: 25, y: 1, z: 15 }, {})).toBeNull()
  })

  it('a line that passes beside the hull or over it is not blocked', () => {
    const world = buildWorld(bare)
    const hulls = [tank(15, 15)]
    // 2" to the side of the hull's flank.
    expect(world.sight(bodyAt('a', 5, 18.5), bodyAt('b', 25, 18.5), {}, hulls).visiblePoints).toBe(5)
    // From a firer standing 3" up (on a roof) to a target 3" up: over the 1.5" hull.
    const high = { y: 3 }
    expect(world.sight(bodyAt('a', 5, 15, high), bodyAt('b', 25, 15, high), {}, hulls).visiblePoints).toBe(5)
  })

  it('a hull blocks sight exactly as a wreck of the scenery of the same size, where it stands', () => {
    const withWreck = buildWorld(
      yardScenario({
        buildings: [],
        linearFeatures: [],
        positions: [],
        terrain: { hills: [], areas: [] },
        obstacles: [
          { id: 'wreck', kind: 'wreck', x: 15, z: 15, widthIn: 2.5, lengthIn: 5, heightIn: 1.5, facingDeg: 90 },
        ],
      }),
    )
    const world = buildWorld(bare)
    const hulls = [tank(15, 15)]
    for (const [fx, fz] of [
      [5, 15],
      [8, 12],
      [15, 5],
      [22, 25],
    ] as const)
      for (const [tx, tz] of [
        [19, 15.5],
        [18, 13],
        [15, 17.6],
        [11, 15],
        [17.9, 16.4],
      ] as const)
        for (const prone of [false, true]) {
          const firer = bodyAt('f', fx, fz)
          const target = bodyAt('t', tx, tz, { prone })
          const a = world.sight(firer, target, {}, hulls)
          const b = withWreck.sight(firer, target, {})
          expect(a.visiblePoints, `${fx},${fz} → ${tx},${tz}${prone ? ' prone' : ''}`).toBe(b.visiblePoints)
          expect(world.coverOf(target, firer, {}, hulls)).toBe(withWreck.coverOf(target, firer, {}))
        }
  })
})

describe('SMLE-VEH-16, SMLE-VEH-18: a vehicle does not hide its own people, nor itself', () => {
  const hulls = [tank(15, 15)]

  it('a figure aboard (standing at the centre of the hull) is seen, and sees out, past its own hull only', () => {
    const world = buildWorld(bare)
    const aboard = bodyAt('crew', 15, 15, { vehicleId: 'tank' })
    const outside = bodyAt('rifleman', 25, 15)
    expect(world.sees(outside, aboard, {}, hulls)).toBe(true)
    expect(world.sees(aboard, outside, {}, hulls)).toBe(true)
    expect(world.sight(outside, aboard, {}, hulls).visiblePoints).toBe(5)
    // The same figure not aboard (no vehicle of its own) stands inside a hull: hidden.
    expect(world.sees(outside, bodyAt('crew', 15, 15), {}, hulls)).toBe(false)
    // Another vehicle's hull still hides it.
    const other = tank(20, 15, 0, { id: 'other', label: 'the other tank' })
    expect(world.sees(outside, aboard, {}, [...hulls, other])).toBe(false)
    expect(world.sees(aboard, outside, {}, [other, ...hulls])).toBe(false)
  })

  it('the vehicle as a target (its own id) is seen through its own hull; another hull in the way hides it', () => {
    const world = buildWorld(bare)
    const vehicle: Body = { ...bodyAt('tank', 15, 15), baseRadiusIn: 1.25, vehicleId: 'tank' }
    expect(world.sees(bodyAt('gunner', 25, 15), vehicle, {}, hulls)).toBe(true)
    const wreck = tank(20.5, 15, 0, { id: 'wreck', label: 'the wreck', widthIn: 2 })
    expect(world.sees(bodyAt('gunner', 25, 15), vehicle, {}, [...hulls, wreck])).toBe(false)
  })
})

describe('SMLE-SHOOT-23, SMLE-VEH-15: a vehicle, or its wreck, is hard cover', () => {
  // A jeep-sized wreck (3.5" × 2", 0.9" high): a standing figure's head shows over it.
  const jeep = (x: number, z: number): VehicleHull => ({
    id: 'jeep',
    label: 'the wreck of the jeep',
    position: { x, y: 0, z },
    facingDeg: 0,
    lengthIn: 3.5,
    widthIn: 2,
    heightIn: 0.9,
  })

  it('a figure standing right behind a low wreck is seen, and in hard cover; in the open, none', () => {
    const world = buildWorld(bare)
    const firer = bodyAt('firer', 5, 15)
    const behind = bodyAt('behind', 17.6, 15)
    const hulls = [jeep(16, 15)]
    expect(world.sees(firer, behind, {}, hulls)).toBe(true)
    expect(world.sight(firer, behind, {}, hulls).visiblePoints).toBeLessThan(5)
    expect(world.coverOf(behind, firer, {}, hulls)).toBe('hard')
    expect(world.coverOf(behind, firer, {})).toBe('none')
    // More than 2" behind it: the wreck hides points but is not his cover (SMLE-SHOOT-24).
    expect(world.coverOf(bodyAt('far', 21, 15), firer, {}, hulls)).toBe('none')
  })

  it('a figure aboard gets no cover from its own vehicle here (SMLE-VEH-16 gives it), the vehicle none from itself (SMLE-VEH-18)', () => {
    const world = buildWorld(bare)
    const firer = bodyAt('firer', 5, 15)
    const hulls = [jeep(16, 15)]
    expect(world.coverOf(bodyAt('rider', 16, 15, { vehicleId: 'jeep' }), firer, {}, hulls)).toBe('none')
    expect(world.coverOf({ ...bodyAt('jeep', 16, 15), baseRadiusIn: 1, vehicleId: 'jeep' }, firer, {}, hulls)).toBe(
      'none',
    )
    // Hull-down behind another vehicle's hull: hard cover.
    const tankBody: Body = { ...bodyAt('tank', 18.5, 15), baseRadiusIn: 1.25, vehicleId: 'tank' }
    expect(world.coverOf(tankBody, firer, {}, [...hulls, tank(18.5, 15, 0)])).toBe('hard')
  })
})

describe('SightCache: a vehicle that moves changes the lines it crossed, and only those', () => {
  it('moving the hull away restores the line, moving it back hides it again: the cached world answers as a fresh one', () => {
    const world = buildWorld(bare)
    const firer = bodyAt('firer', 5, 15)
    const target = bodyAt('target', 25, 15)
    const other = bodyAt('other', 25, 25)
    const here = [tank(15, 15)]
    const away = [tank(15, 8)]
    for (const hulls of [here, away, here, [], here, away]) {
      expect(world.sight(firer, target, {}, hulls)).toEqual(plain.sight(firer, target, {}, hulls))
      expect(world.sees(firer, target, {}, hulls)).toBe(plain.sees(firer, target, {}, hulls))
      expect(world.sees(firer, other, {}, hulls)).toBe(true)
    }
    expect(world.sees(firer, target, {}, here)).toBe(false)
    expect(world.sees(firer, target, {}, away)).toBe(true)
    // A new list with the same hull (a new state in which the vehicle did not move): the same answers.
    expect(world.sees(firer, target, {}, [tank(15, 15)])).toBe(false)
    expect(world.sees(firer, target, {}, [tank(15, 8)])).toBe(true)
  })

  it('the brute-force world agrees: the hull is a solid like any other', () => {
    const oracle = buildBasicWorld(bare)
    const firer = bodyAt('firer', 5, 15)
    expect(oracle.sight(firer, bodyAt('t', 25, 15), {}, [tank(15, 15)])).toEqual(
      plain.sight(firer, bodyAt('t', 25, 15), {}, [tank(15, 15)]),
    )
  })

  const spotArb = fc.record({
    x: fc.double({ min: 4, max: 36, noNaN: true }),
    z: fc.double({ min: 4, max: 26, noNaN: true }),
    prone: fc.boolean(),
  })
  const hullArb = fc.record({
    x: fc.double({ min: 8, max: 32, noNaN: true }),
    z: fc.double({ min: 8, max: 22, noNaN: true }),
    facingDeg: fc.integer({ min: 0, max: 359 }),
  })
  /**
   * A step of a game: a figure moves (perhaps boarding a vehicle, or standing
   * on foot where one stands), a vehicle moves (its riders with it) or goes
   * back where it stood before, leaves the table or comes back, or the door
   * changes.
   */
  const stepArb = fc.oneof(
    fc.record({ kind: fc.constant('figure' as const), who: fc.nat(4), to: spotArb, board: fc.nat(4) }),
    fc.record({ kind: fc.constant('vehicle' as const), which: fc.nat(1), to: hullArb }),
    fc.record({ kind: fc.constant('back' as const), which: fc.nat(1), to: fc.nat(20) }),
    fc.record({ kind: fc.constant('leave' as const), which: fc.nat(1) }),
    fc.record({ kind: fc.constant('door' as const), state: fc.constantFrom('open', 'closed', 'broken') }),
  )
  const tables = [
    ['the bare table', bare, plain],
    ['the yard (a house and its door, walls, a hedge, woods, a hill, a wreck)', yardScenario(), null],
  ] as const

  for (const [name, scenario, fresh] of tables)
    it(`SMLE-SHOOT-02: on ${name}, after any moves of figures and vehicles and changes of the door, every kept answer is the one worked out afresh`, () => {
      const model = compileTable(scenario)
      const uncached = fresh ?? createWorld(model, { probe: new BvhProbe(model), indexed: true, prune: true })
      fc.assert(
        fc.property(
          fc.array(spotArb, { minLength: 5, maxLength: 5 }),
          fc.array(stepArb, { maxLength: 30 }),
          fc.array(fc.boolean(), { minLength: 25, maxLength: 25 }),
          (start, steps, order) => {
            const cached = buildWorld(scenario)
            const ids = ['v0', 'v1'] as const
            const all: Record<string, VehicleHull> = {
              v0: tank(14, 12, 90, { id: 'v0' }),
              v1: tank(26, 18, 0, { id: 'v1', heightIn: 0.9 }),
            }
            const visited: VehicleHull[] = [all.v0!, all.v1!]
            const away = new Set<string>()
            let hulls: VehicleHull[] = [all.v0!, all.v1!]
            let doors: DoorStates = { 'house-door': { state: 'closed' } }
            // Figures 0 and 1 may ride in a vehicle (standing at its centre); the rest are on foot.
            let bodies: Body[] = start.map((s, i) => bodyAt(`f${i}`, s.x, s.z, { prone: s.prone }))
            let turn = 0
            const check = (): void => {
              turn++
              bodies.forEach((a, i) =>
                bodies.forEach((b, j) => {
                  if (a === b) return
                  const line = uncached.sight(a, b, doors, hulls)
                  // Some pairs are asked for their whole line first, some only whether any point is seen.
                  if (order[(i * 5 + j + turn) % 25]) expect(cached.sight(a, b, doors, hulls)).toEqual(line)
                  expect(cached.sees(a, b, doors, hulls)).toBe(line.visiblePoints > 0)
                  expect(cached.sight(a, b, doors, hulls)).toEqual(line)
                }),
              )
            }
            const place = (id: string, h: VehicleHull): void => {
              all[id] = h
              hulls = ids.filter((v) => !away.has(v)).map((v) => all[v]!)
              bodies = bodies.map((b) =>
                b.vehicleId === id ? { ...b, position: { x: h.position.x, y: 0, z: h.position.z } } : b,
              )
            }
            check()
            for (const step of steps) {
              if (step.kind === 'vehicle') {
                const id = step.which === 0 ? 'v0' : 'v1'
                const h = {
                  ...all[id]!,
                  position: { x: step.to.x, y: 0, z: step.to.z },
                  facingDeg: step.to.facingDeg,
                }
                visited.push(h)
                place(id, h)
              } else if (step.kind === 'back') {
                const id = step.which === 0 ? 'v0' : 'v1'
                const before = visited.filter((h) => h.id === id)
                place(id, { ...before[step.to % before.length]! })
              } else if (step.kind === 'leave') {
                const id = step.which === 0 ? 'v0' : 'v1'
                if (away.has(id)) away.delete(id)
                else away.add(id)
                place(id, all[id]!)
              } else if (step.kind === 'door') doors = { 'house-door': { state: step.state } }
              else {
                const ride = step.who < 2 && step.board < 2 ? hulls[step.board] : undefined
                const onFoot = step.board === 2 ? hulls[0] : undefined
                bodies[step.who] = ride
                  ? bodyAt(`f${step.who}`, ride.position.x, ride.position.z, { vehicleId: ride.id })
                  : onFoot
                    ? bodyAt(`f${step.who}`, onFoot.position.x, onFoot.position.z)
                    : bodyAt(`f${step.who}`, step.to.x, step.to.z, { prone: step.to.prone })
              }
              check()
            }
          },
        ),
        { seed: 20_261_207, numRuns: 40 },
      )
    }, 120_000)
})
