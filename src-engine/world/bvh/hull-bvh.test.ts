import { DoubleSide, Ray, Vector3 } from 'three'
import { describe, expect, it } from 'vitest'
import { referenceTownScenario, yardScenario } from '../../../tests/fixtures/world-tables'
import { RngCursor, seedRng } from '../../rng/sfc32'
import type { Vec3 } from '../../util/geometry'
import { firstSurfaceCrossing } from '../geometry/convex'
import { OracleProbe } from '../los/probes'
import { compileTable, type TableModel } from '../model/table-model'
import { HullBvh } from './hull-bvh'

/** A random point on or above the table: over the ground, up to 3.5" above it (never below it). */
function randomPoint(rng: RngCursor, m: TableModel): Vec3 {
  const x = rng.float() * m.widthIn
  const z = rng.float() * m.depthIn
  return { x, y: m.ground.heightAt(x, z) + 0.05 + rng.float() * 3.5, z }
}

/** How many different things (kind and id) the segment crosses within `eps` of `t`: more than one is a tie, either may be named. */
function thingsCrossedNear(m: TableModel, p: Vec3, q: Vec3, doors: Uint8Array, t: number, eps: number): number {
  const things = new Set<string>()
  for (const s of m.hard) {
    if (s.doorSlot >= 0 && !doors[s.doorSlot]) continue
    const c = firstSurfaceCrossing(s.shape, p, q)
    if (c !== null && Math.abs(c - t) < eps) things.add(`${s.blocker.kind}:${s.blocker.id}`)
  }
  const g = m.ground.firstCrossing(p, q)
  if (g !== null && Math.abs(g - t) < eps) things.add('terrain')
  return things.size
}

describe('the hull BVH', () => {
  const town = compileTable(referenceTownScenario())
  const hull = new HullBvh(town)

  it('walks MeshBVH\u2019s node buffer as MeshBVH.raycastFirst does: same first hit on 3,000 seeded rays (layout guard)', () => {
    const rng = new RngCursor(seedRng(7))
    const allShut = new Uint8Array(town.doors.length).fill(1)
    const ray = new Ray()
    let hits = 0
    for (let i = 0; i < 3000; i++) {
      const p = randomPoint(rng, town)
      const q = randomPoint(rng, town)
      const len = Math.hypot(q.x - p.x, q.y - p.y, q.z - p.z)
      ray.origin.set(p.x, p.y, p.z)
      ray.direction.copy(new Vector3(q.x - p.x, q.y - p.y, q.z - p.z).divideScalar(len))
      const theirs = hull.bvh.raycastFirst(ray, DoubleSide, 1e-6 * len, len * (1 - 1e-6))
      const mine = hull.firstHit(p, q, allShut)
      expect(mine === null).toBe(theirs === null)
      if (mine && theirs) {
        hits++
        expect(mine.t * len).toBeCloseTo(theirs.distance, 3)
      }
    }
    expect(hits).toBeGreaterThan(1000)
  })

  it('trying the last blocker first changes no answer, only the time: neighbouring lines as a sight check asks them', () => {
    const rng = new RngCursor(seedRng(12))
    const doors = new Uint8Array(town.doors.length).map(() => (rng.float() < 0.5 ? 1 : 0))
    let blockedNeighbours = 0
    for (let i = 0; i < 600; i++) {
      const eye = randomPoint(rng, town)
      const target = randomPoint(rng, town)
      for (let k = 0; k < 5; k++) {
        const q = {
          x: target.x + (rng.float() - 0.5) * 0.4,
          y: target.y + rng.float() * 0.5,
          z: target.z + (rng.float() - 0.5) * 0.4,
        }
        const walked = hull.anyHitByWalk(eye, q, doors)
        expect(hull.anyHit(eye, q, doors)).toBe(walked)
        if (walked && k > 0) blockedNeighbours++
      }
    }
    expect(blockedNeighbours).toBeGreaterThan(500)
  })

  it.each([
    ['the reference town', town, 3000],
    ['the yard', compileTable(yardScenario()), 4000],
  ])(
    'agrees with the oracle on seeded random rays through %s (blocked or not, where, and by what)',
    (_, model, count) => {
      const bvh = model === town ? hull : new HullBvh(model)
      const oracle = new OracleProbe(model)
      const rng = new RngCursor(seedRng(11))
      let compared = 0
      let blocked = 0
      let ties = 0
      for (let i = 0; i < count; i++) {
        const doors = new Uint8Array(model.doors.length).map(() => (rng.float() < 0.5 ? 1 : 0))
        const p = randomPoint(rng, model)
        const q = randomPoint(rng, model)
        const len = Math.hypot(q.x - p.x, q.y - p.y, q.z - p.z)
        const o = oracle.firstHard(p, q, doors)
        const b = bvh.firstHit(p, q, doors)
        expect(bvh.anyHit(p, q, doors)).toBe(b !== null)
        if ((o === null) !== (b === null)) {
          // Only a ray grazing an edge may differ (float32 triangles against exact planes): nudging its end must flip the oracle.
          const nudged = [-1, 1].map((s) => oracle.firstHard(p, { ...q, y: q.y + s * 2e-4 }, doors) !== null)
          expect(nudged[0]).not.toBe(nudged[1])
          continue
        }
        compared++
        if (!o || !b) continue
        blocked++
        expect(Math.abs(o.t - b.t) * len).toBeLessThan(1e-3)
        const owner = b.owner >= 0 ? model.hard[b.owner]!.blocker : null
        if (thingsCrossedNear(model, p, q, doors, o.t, 1e-4) > 1) {
          ties++
          continue
        }
        if (owner) expect({ kind: owner.kind, id: owner.id }).toEqual({ kind: o.blocker.kind, id: o.blocker.id })
        else expect(o.blocker.kind).toBe('terrain')
      }
      expect(compared).toBeGreaterThan(count * 0.99)
      expect(blocked).toBeGreaterThan(count * 0.2)
      expect(ties).toBeLessThan(blocked * 0.05)
    },
  )
})
