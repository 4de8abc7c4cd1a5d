import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { yardScenario } from '../../../tests/fixtures/world-tables'
import { createWorld } from '../create-world'
import { compileTable } from '../model/table-model'
import type { Body, DoorStates, Footprint } from '../types'
import { buildWorld } from '../world'
import { BvhProbe } from './probes'

// The yard: a house whose only door is in its south wall (x 13.2–14.8, z 16), a window to the north.
const scenario = yardScenario()
const plain = createWorld(compileTable(scenario), {
  probe: new BvhProbe(compileTable(scenario)),
  indexed: true,
  prune: true,
})

const DOOR_STATES = ['open', 'closed', 'locked', 'broken'] as const

/** Bodies around the house and its door (inside and out), so many sight lines pass through the doorway. */
const bodyArb = fc.record({
  x: fc.double({ min: 8, max: 20, noNaN: true }),
  z: fc.double({ min: 8, max: 24, noNaN: true }),
  prone: fc.boolean(),
  facingDeg: fc.integer({ min: 0, max: 359 }),
  rect: fc.boolean(),
})

type BodySpec = { x: number; z: number; prone: boolean; facingDeg: number; rect: boolean }

const RECT: Footprint = { kind: 'rect', widthIn: 1.5, depthIn: 3 }

function bodyOf(id: string, s: BodySpec): Body {
  return {
    id,
    position: { x: s.x, y: 0, z: s.z },
    baseRadiusIn: 0.5,
    prone: s.prone,
    facingDeg: s.facingDeg,
    ...(s.rect ? { footprint: RECT } : {}),
  }
}

/** A body changed in place to `s`: its place, posture, facing and base (a round base, or the rectangle). */
function changeInPlace(b: Body, s: BodySpec): void {
  const body = b as { position: Body['position']; prone: boolean; facingDeg: number; footprint?: Footprint }
  body.position = { x: s.x, y: 0, z: s.z }
  body.prone = s.prone
  body.facingDeg = s.facingDeg
  if (s.rect) body.footprint = RECT
  else delete body.footprint
}

/** One step of a game as the world sees it: a figure moves (a new object, or the same one changed in place), or the door changes. */
const stepArb = fc.oneof(
  fc.record({ kind: fc.constant('move' as const), who: fc.nat(5), to: bodyArb, inPlace: fc.boolean() }),
  fc.record({ kind: fc.constant('door' as const), state: fc.constantFrom(...DOOR_STATES) }),
)

describe('SightCache: kept sight lines are the lines worked out afresh', () => {
  it('SMLE-SHOOT-02: after any moves (new bodies or bodies changed in place) and door changes, every answer is the uncached one', () => {
    fc.assert(
      fc.property(
        fc.array(bodyArb, { minLength: 6, maxLength: 6 }),
        fc.array(stepArb, { maxLength: 25 }),
        (start, steps) => {
          // A fresh world per run: its cache starts empty and lives through the steps.
          const cached = buildWorld(scenario)
          const bodies = start.map((s, i) => bodyOf(`f${i}`, s))
          let doors: DoorStates = { 'house-door': { state: 'closed' } }
          const check = (): void => {
            for (const a of bodies)
              for (const b of bodies) if (a !== b) expect(cached.sight(a, b, doors)).toEqual(plain.sight(a, b, doors))
          }
          check()
          for (const step of steps) {
            if (step.kind === 'door') doors = { 'house-door': { state: step.state } }
            else if (step.inPlace) {
              // Bodies are not meant to change in place; a cache keyed by the object alone would answer wrongly here.
              changeInPlace(bodies[step.who]!, step.to)
            } else bodies[step.who] = bodyOf(`f${step.who}`, step.to)
            check()
          }
        },
      ),
      { seed: 20_251_202, numRuns: 60 },
    )
  }, 120_000)

  it('SMLE-SHOOT-02: `sees` is always `sight(...).visiblePoints > 0` worked out afresh, asked before or after the whole line', () => {
    fc.assert(
      fc.property(
        fc.array(bodyArb, { minLength: 6, maxLength: 6 }),
        fc.array(stepArb, { maxLength: 25 }),
        fc.array(fc.boolean(), { minLength: 36, maxLength: 36 }),
        (start, steps, order) => {
          const cached = buildWorld(scenario)
          const bodies = start.map((s, i) => bodyOf(`f${i}`, s))
          let doors: DoorStates = { 'house-door': { state: 'closed' } }
          let turn = 0
          const check = (): void => {
            turn++
            bodies.forEach((a, i) =>
              bodies.forEach((b, j) => {
                if (a === b) return
                const fresh = plain.sight(a, b, doors)
                // Some pairs are asked for their whole line first, some only whether any point is seen.
                if (order[(i * 6 + j + turn) % 36]) expect(cached.sight(a, b, doors)).toEqual(fresh)
                expect(cached.sees(a, b, doors)).toBe(fresh.visiblePoints > 0)
                expect(plain.sees(a, b, doors)).toBe(fresh.visiblePoints > 0)
              }),
            )
          }
          check()
          for (const step of steps) {
            if (step.kind === 'door') doors = { 'house-door': { state: step.state } }
            else if (step.inPlace) {
              changeInPlace(bodies[step.who]!, step.to)
            } else bodies[step.who] = bodyOf(`f${step.who}`, step.to)
            check()
          }
        },
      ),
      { seed: 20_261_203, numRuns: 60 },
    )
  }, 120_000)

  it('`sees` through the doorway: not while the door is shut, and at once when it opens', () => {
    const cached = buildWorld(scenario)
    const outside = bodyOf('out', { x: 14, z: 20, prone: false, facingDeg: 0, rect: false })
    const inside = bodyOf('in', { x: 14, z: 13, prone: false, facingDeg: 180, rect: false })
    expect(cached.sees(outside, inside, { 'house-door': { state: 'closed' } })).toBe(false)
    expect(cached.sees(outside, inside, { 'house-door': { state: 'open' } })).toBe(true)
    expect(cached.sees(outside, inside, { 'house-door': { state: 'locked' } })).toBe(false)
  })

  it('a line kept while the door was shut is worked out again when the door opens, when it passes through the doorway', () => {
    const cached = buildWorld(scenario)
    // Outside, south of the door, looking north through it at a figure inside the house.
    const outside = bodyOf('out', { x: 14, z: 20, prone: false, facingDeg: 0, rect: false })
    const inside = bodyOf('in', { x: 14, z: 13, prone: false, facingDeg: 180, rect: false })
    const shut = cached.sight(outside, inside, { 'house-door': { state: 'closed' } })
    expect(shut.visiblePoints).toBe(0)
    expect(shut.blocker?.kind).toBe('door')
    const open = cached.sight(outside, inside, { 'house-door': { state: 'open' } })
    expect(open.visiblePoints).toBeGreaterThan(0)
    expect(open).toEqual(plain.sight(outside, inside, { 'house-door': { state: 'open' } }))
  })

  it('a base changed in place (round to rectangle, and its sizes) is seen anew: the kept pose is not reused', () => {
    const cached = buildWorld(scenario)
    const firer = bodyOf('firer', { x: 14, z: 20, prone: false, facingDeg: 0, rect: false })
    // West of the house's south-west corner: a round base is hidden, the long rectangle's end shows past the wall.
    const target = bodyOf('target', { x: 8, z: 12, prone: false, facingDeg: 90, rect: false })
    const round = cached.sight(firer, target, {})
    expect(round.visiblePoints).toBe(0)
    expect(cached.sees(firer, target, {})).toBe(false)
    const body = target as { footprint?: Footprint }
    body.footprint = RECT
    expect(cached.sight(firer, target, {})).toEqual(plain.sight(firer, target, {}))
    expect(cached.sight(firer, target, {}).visiblePoints).toBeGreaterThan(0)
    expect(cached.sees(firer, target, {})).toBe(true)
    // Each size alone changed in place, then round footprints (whose radius moves no point of the figure, so no
    // sight line): every answer is the uncached one.
    for (const footprint of [
      { kind: 'rect', widthIn: 1.5, depthIn: 0.8 },
      { kind: 'rect', widthIn: 6, depthIn: 0.8 },
      { kind: 'circle', radiusIn: 0.5 },
      { kind: 'circle', radiusIn: 3 },
    ] as const) {
      body.footprint = footprint
      expect(cached.sight(firer, target, {})).toEqual(plain.sight(firer, target, {}))
      expect(cached.sees(firer, target, {})).toBe(plain.sees(firer, target, {}))
    }
    delete body.footprint
    expect(cached.sight(firer, target, {})).toEqual(round)
    expect(cached.sees(firer, target, {})).toBe(false)
  })
})
