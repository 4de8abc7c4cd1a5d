import fc from 'fast-check'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { createWorld } from '../../world/create-world'
import { BvhProbe } from '../../world/los/probes'
import { compileTable } from '../../world/model/table-model'
import type { Body } from '../../world/types'
import { buildWorld } from '../../world/world'
import { newHeader, startMatch } from './match'
import { NearestIndex } from './nearest'
import {
  changedMembers,
  figureGapIn,
  knownEnemyFigures,
  nearestFigure,
  replacedEnemyList,
  setDistanceIn,
  setsWithinIn,
} from './organisation'
import { playOut } from './queries/playout'
import { ScenarioSchema } from './scenario/schema'
import { figureCover } from './situation'
import type { FigureState, MatchState } from './state/state'
import type { World } from './world'

const world = buildWorld(ScenarioSchema.parse(loadScenario('farmhouse-skirmish')))
const distance = (a: Body, b: Body): number => world.distanceIn(a, b)

function loadScenario(id: string): unknown {
  return JSON.parse(
    readFileSync(join(import.meta.dirname, '..', '..', '..', 'assets', 'scenarios', `${id}.json`), 'utf8'),
  )
}

/** SMLE-GEN-05 by brute force: every candidate measured, nearest first, then the smallest id. */
function scan(from: Body, bodies: readonly Body[]): { id: string; distanceIn: number } | null {
  let best: { id: string; distanceIn: number } | null = null
  for (const b of bodies) {
    const d = distance(from, b)
    if (!best || d < best.distanceIn || (d === best.distanceIn && b.id < best.id)) best = { id: b.id, distanceIn: d }
  }
  return best
}

/** Round bases and vehicle hulls (rectangles) on a 72"×48" table, some on upper floors; coarse coordinates make ties. */
const bodyArb = fc.record({
  x: fc.integer({ min: 0, max: 144 }).map((v) => v / 2),
  z: fc.integer({ min: 0, max: 96 }).map((v) => v / 2),
  y: fc.constantFrom(0, 0, 0, 2.5),
  hull: fc.option(
    fc.record({ w: fc.double({ min: 1, max: 3, noNaN: true }), l: fc.double({ min: 2, max: 6, noNaN: true }) }),
    { freq: 4 },
  ),
  facingDeg: fc.integer({ min: 0, max: 359 }),
})

/** SMLE-GEN-05 by brute force over figures: every candidate measured, nearest first, then the smallest id. */
function scanNearest(
  state: MatchState,
  w: World,
  from: FigureState,
  candidates: readonly FigureState[],
): { figure: FigureState; distanceIn: number } | null {
  let best: { figure: FigureState; distanceIn: number } | null = null
  for (const c of candidates) {
    const d = figureGapIn(state, w, from, c)
    if (!best || d < best.distanceIn || (d === best.distanceIn && c.id < best.figure.id))
      best = { figure: c, distanceIn: d }
  }
  return best
}

describe('NearestIndex: the nearest body as a scan of all finds it', () => {
  it('SMLE-GEN-05: nearest edge to nearest edge, hulls and heights included, ties to the smallest id', () => {
    fc.assert(
      fc.property(
        fc.array(bodyArb, { maxLength: 120 }),
        fc.array(bodyArb, { minLength: 1, maxLength: 10 }),
        (specs, askers) => {
          const bodies: Body[] = specs.map((s, i) => ({
            id: `b${String(i).padStart(3, '0')}`,
            position: { x: s.x, y: s.y, z: s.z },
            baseRadiusIn: 0.5,
            prone: false,
            facingDeg: s.facingDeg,
            ...(s.hull ? { footprint: { kind: 'rect' as const, widthIn: s.hull.w, depthIn: s.hull.l } } : {}),
          }))
          const index = new NearestIndex(bodies, (b) => b)
          for (const [k, s] of askers.entries()) {
            const from: Body = {
              id: `from${k}`,
              position: { x: s.x, y: s.y, z: s.z },
              baseRadiusIn: 0.5,
              prone: false,
              facingDeg: 0,
            }
            const found = index.nearest(from, distance)
            expect(found && { id: found.member.id, distanceIn: found.distanceIn }).toEqual(scan(from, bodies))
          }
        },
      ),
      { seed: 1202, numRuns: 200 },
    )
  })
})

describe('NearestIndex.following: kept answers brought up to date', () => {
  it('SMLE-GEN-05: after members are replaced (same place, new object), moved, removed and added, every kept answer is a scan of the new list, naming its member objects', () => {
    const change = fc.constantFrom('keep', 'keep', 'replace', 'replace', 'move', 'remove')
    fc.assert(
      fc.property(
        fc.array(fc.tuple(bodyArb, change, bodyArb), { minLength: 1, maxLength: 60 }),
        fc.array(bodyArb, { maxLength: 4 }),
        fc.array(bodyArb, { minLength: 1, maxLength: 10 }),
        (specs, extra, askers) => {
          const body = (id: string, s: (typeof specs)[number][0], tag: number): Body & { tag: number } => ({
            id,
            position: { x: s.x, y: s.y, z: s.z },
            baseRadiusIn: 0.5,
            prone: false,
            facingDeg: s.facingDeg,
            tag,
            ...(s.hull ? { footprint: { kind: 'rect' as const, widthIn: s.hull.w, depthIn: s.hull.l } } : {}),
          })
          const before = specs.map(([s], i) => body(`b${String(i).padStart(3, '0')}`, s, 0))
          const froms: Body[] = askers.map((s, k) => ({
            id: `from${k}`,
            position: { x: s.x, y: s.y, z: s.z },
            baseRadiusIn: 0.5,
            prone: false,
            facingDeg: 0,
          }))
          const first = new NearestIndex(before, (b) => b)
          for (const from of froms) first.nearestKept(world, from, distance)
          const after: (Body & { tag: number })[] = []
          const replaced = new Map<Body & { tag: number }, Body & { tag: number }>()
          specs.forEach(([, what, to], i) => {
            const old = before[i]!
            if (what === 'keep') after.push(old)
            else if (what === 'replace') {
              // A new object in the same place (another of its values changed): measured as it was.
              const copy = { ...old, tag: 1 }
              replaced.set(old, copy)
              after.push(copy)
            } else if (what === 'move') after.push(body(old.id, to, 1))
          })
          extra.forEach((s, k) => after.push(body(`n${k}`, s, 0)))
          const kept = new Set(after)
          const added = after.filter((b) => !before.includes(b))
          const removed = new Set(before.filter((b) => !kept.has(b)))
          const next = NearestIndex.following(first, after, (b) => b, added, removed, replaced)
          for (const from of froms) {
            const found = next.nearestKept(world, from, distance)
            expect(found && { id: found.member.id, distanceIn: found.distanceIn }).toEqual(scan(from, after))
            if (found) expect(kept.has(found.member)).toBe(true)
          }
        },
      ),
      { seed: 1203, numRuns: 300 },
    )
  })
})

describe('indexed and kept answers over random games: the same as worked out afresh', () => {
  // Random games (both sides by the random legal player): farm-lane-armour to its end (vehicles: hulls, crews
  // aboard); the reference town, 100 figures a side (the enemy lists are indexed), for its first commands.
  for (const [id, seed, commands, pairsPerFigure] of [
    ['farm-lane-armour', 12, 20_000, Infinity],
    ['reference-town', 13, 25, 2],
  ] as const) {
    it(`${id}, seed ${seed}: nearest known enemy, cover (SMLE-ACT-11) and sight (SMLE-SHOOT-02) after every command`, () => {
      const scenario = ScenarioSchema.parse(loadScenario(id))
      const model = compileTable(scenario)
      const uncached = createWorld(model, { probe: new BvhProbe(model), indexed: true, prune: true }) as World
      let indexed = 0
      let checked = 0
      const onCommand = (m: { state: MatchState; world: World }): void => {
        const { state } = m
        const present = Object.values(state.figures).filter((f) => f.offTable === null && f.status !== 'dead')
        for (const f of present) {
          const enemies = knownEnemyFigures(state, f.sideId)
          if (enemies.length >= 24) indexed++
          // A copy is not frozen (the very members of the known list: answered by that list's index).
          const copy: FigureState[] = [...enemies]
          const scanned = scanNearest(state, uncached, f, enemies)
          expect(nearestFigure(state, m.world, f, enemies)).toEqual(scanned)
          expect(nearestFigure(state, uncached, f, copy)).toEqual(scanned)
          // One figure fewer: no known list has these members, so it is scanned.
          if (copy.length > 1)
            expect(nearestFigure(state, m.world, f, copy.slice(1))).toEqual(
              scanNearest(state, uncached, f, copy.slice(1)),
            )
          expect(figureCover(state, m.world, f, enemies)).toBe(figureCover(state, uncached, f, copy))
          const targets = present.filter((e) => e.sideId !== f.sideId)
          for (const limit of [2, 6, 12])
            expect(setsWithinIn(state, m.world, [f], targets, limit)).toBe(
              setDistanceIn(state, uncached, [f], targets) <= limit,
            )
          for (let k = 0; k < Math.min(pairsPerFigure, targets.length); k++) {
            const e = targets[(checked + k * 7) % targets.length]!
            expect(m.world.sight(f, e, state.doors)).toEqual(uncached.sight(f, e, state.doors))
          }
          checked++
        }
      }
      try {
        playOut(startMatch(newHeader(scenario, seed, 'quick')), seed, commands, onCommand)
      } catch (err) {
        // The reference town is played for its first commands only.
        if (!(err instanceof Error && /did not end within/.test(err.message) && commands < 20_000)) throw err
      }
      expect(checked).toBeGreaterThan(100)
      if (id === 'reference-town') expect(indexed).toBeGreaterThan(500)
    }, 180_000)
  }
})

describe('changedMembers: what changed between two lists of known enemies', () => {
  it('gives the members added and removed, in order, as comparing the lists as sets does', () => {
    const pool = Array.from({ length: 12 }, (_, i) => ({ id: `f${i}` }))
    const list = fc.uniqueArray(fc.integer({ min: 0, max: 11 }), { maxLength: 12 }).map((ix) => ix.map((i) => pool[i]!))
    fc.assert(
      fc.property(list, list, (before, now) => {
        const { added, removed } = changedMembers(before, now)
        expect(added).toEqual(now.filter((f) => !before.includes(f)))
        expect([...removed]).toEqual(before.filter((f) => !now.includes(f)))
      }),
      { numRuns: 2000 },
    )
    // A list that differs only by a figure made anew in its place (it moved), and one whose members changed places.
    const moved = { id: 'f3' }
    const a = pool.slice(0, 6)
    expect(changedMembers(a, [...a.slice(0, 3), moved, ...a.slice(4)])).toEqual({
      added: [moved],
      removed: new Set([pool[3]]),
    })
    expect(changedMembers(a, [a[1]!, a[0]!, ...a.slice(2)])).toEqual({ added: [], removed: new Set() })
  })
})

describe('lists of known enemies: each remembers the one it replaced, and no more', () => {
  it('a figure moved three times: the newest list follows the one before it, which no longer holds the first (so games played one after another do not keep every list ever made)', () => {
    const m = startMatch(newHeader(ScenarioSchema.parse(loadScenario('farmhouse-skirmish')), 1, 'quick'))
    const mover = Object.values(m.state.figures).find((f) => f.sideId !== m.state.sides[0]!.id)!
    const viewer = m.state.sides[0]!.id
    const movedBy = (state: MatchState, dx: number): MatchState => ({
      ...state,
      figures: {
        ...state.figures,
        [mover.id]: { ...mover, position: { ...mover.position, x: mover.position.x + dx } },
      },
    })
    const states = [0, 1, 2, 3].map((dx) => (dx === 0 ? m.state : movedBy(m.state, dx)))
    const lists = states.map((state) => knownEnemyFigures(state, viewer))
    expect(new Set(lists).size).toBe(4)
    expect(lists.every((l) => l.some((f) => f.id === mover.id))).toBe(true)
    expect(replacedEnemyList(lists[3]!)).toBe(lists[2])
    expect(replacedEnemyList(lists[2]!)).toBeNull()
    expect(replacedEnemyList(lists[1]!)).toBeNull()
    // Asked again for the same state: the very same list, and what it replaced is still kept.
    expect(knownEnemyFigures(states[3]!, viewer)).toBe(lists[3])
    expect(replacedEnemyList(lists[3]!)).toBe(lists[2])
  })
})
