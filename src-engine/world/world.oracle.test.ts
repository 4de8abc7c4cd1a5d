import { describe, expect, it } from 'vitest'
import { referenceTownScenario, yardScenario } from '../../tests/fixtures/world-tables'
import { RngCursor, seedRng } from '../rng/sfc32'
import type { Scenario } from '../rules/smle/scenario/schema'
import { createWorld } from './create-world'
import { BvhProbe, OracleProbe } from './los/probes'
import { compileTable } from './model/table-model'
import { buildBasicWorld, buildWorld, type Body, type DoorStates, type World } from './world'

/** A random body standing somewhere on the table: on the ground, or on a floor of the building it is in. */
function randomBody(rng: RngCursor, w: World, id: string): Body {
  const x = 0.6 + rng.float() * (w.widthIn - 1.2)
  const z = 0.6 + rng.float() * (w.depthIn - 1.2)
  const s = w.model.structures.find((st) => w.standingAt({ x, z }).structureId === st.id)
  const floor = s ? rng.int(s.floorYs.length) : 0
  const y = w.heightOnFloor({ x, z }, floor) ?? w.groundHeightAt(x, z)
  return { id, position: { x, y, z }, baseRadiusIn: 0.5, prone: rng.float() < 0.25, facingDeg: rng.int(360) }
}

function randomDoors(rng: RngCursor, w: World): DoorStates {
  const states = ['open', 'closed', 'locked', 'broken'] as const
  return Object.fromEntries(w.doors().map((d) => [d.id, { state: states[rng.int(4)]! }]))
}

const tables: [string, () => Scenario, number][] = [
  ['the reference town', referenceTownScenario, 300],
  ['the yard', () => yardScenario(), 600],
]

describe.each(tables)('BVH world against the oracle on %s: seeded random figures', (_, scenario, pairs) => {
  const fast = buildWorld(scenario())
  const oracle = buildBasicWorld(scenario())

  it('SMLE-SHOOT-02, SMLE-SHOOT-24: the same sight (points seen, what hides) and the same cover, pair after pair', () => {
    const rng = new RngCursor(seedRng(2024))
    let differ = 0
    let seen = 0
    let hidden = 0
    for (let i = 0; i < pairs; i++) {
      const doors = randomDoors(rng, fast)
      const a = randomBody(rng, fast, 'a')
      const b = randomBody(rng, fast, 'b')
      const sf = fast.sight(a, b, doors)
      const so = oracle.sight(a, b, doors)
      const cf = fast.coverOf(b, a, doors)
      const co = oracle.coverOf(b, a, doors)
      // A sight line grazing an edge may fall either way between float32 triangles and exact planes: rare, counted below.
      if (sf.visiblePoints !== so.visiblePoints || cf !== co) {
        differ++
        continue
      }
      if (sf.visiblePoints > 0) seen++
      if (sf.visiblePoints < sf.totalPoints) hidden++
      expect(sf.blocker === null).toBe(so.blocker === null)
    }
    expect(differ).toBeLessThanOrEqual(Math.ceil(pairs * 0.01))
    expect(seen).toBeGreaterThan(pairs * 0.1)
    expect(hidden).toBeGreaterThan(pairs * 0.1)
  }, 60_000)

  it('the same obstacle under a base and across a straight move (CORE-TABLE-02)', () => {
    const rng = new RngCursor(seedRng(99))
    let blocked = 0
    for (let i = 0; i < pairs * 3; i++) {
      const doors = randomDoors(rng, fast)
      const a = randomBody(rng, fast, 'a').position
      const b = { x: a.x + (rng.float() - 0.5) * 16, z: a.z + (rng.float() - 0.5) * 16 }
      const fb = fast.footprintBlocker(a, 0.5, doors)
      expect(fb).toEqual(oracle.footprintBlocker(a, 0.5, doors))
      const pb = fast.pathBlocker(a, b, 0.5, doors)
      expect(pb).toEqual(oracle.pathBlocker(a, b, 0.5, doors))
      if (pb) blocked++
    }
    expect(blocked).toBeGreaterThan(pairs * 0.3)
  })
})

/**
 * Tangent pruning keeps every shortest route where the going is even (a
 * classical result for visibility graphs). Where woods, hedges and walls to
 * climb make the cost uneven, the cheapest route may bend away from an
 * obstacle; the pruned search can then miss the last per cent. Allowed: 2%.
 */
const PRUNING_SLACK = 1.02

describe('paths against brute force', () => {
  it('on even going (the yard without hill, woods, hedges, walls and foxhole), the pruned, indexed search finds routes exactly as cheap as brute force', () => {
    const even = () => yardScenario({ terrain: { hills: [] }, linearFeatures: [], positions: [] })
    const fast = buildWorld(even())
    const oracle = buildBasicWorld(even())
    const rng = new RngCursor(seedRng(5))
    let routed = 0
    for (let i = 0; i < 40; i++) {
      const doors = randomDoors(rng, fast)
      const a = randomBody(rng, fast, 'a').position
      const b = randomBody(rng, fast, 'b').position
      const pf = fast.path(a, b, 0.5, doors, { armour: 'light' })
      const po = oracle.path(a, b, 0.5, doors, { armour: 'light' })
      expect(pf.ok).toBe(po.ok)
      if (pf.ok && po.ok) {
        expect(pf.costIn).toBeCloseTo(po.costIn, 6)
        if (pf.points.length > 2) routed++
      }
    }
    expect(routed).toBeGreaterThan(5)
  })

  it('on the yard with its woods, hedge and wall, the pruned search is never cheaper than brute force and at most 2% dearer', () => {
    const fast = buildWorld(yardScenario())
    const oracle = buildBasicWorld(yardScenario())
    const rng = new RngCursor(seedRng(6))
    for (let i = 0; i < 40; i++) {
      const doors = randomDoors(rng, fast)
      const a = randomBody(rng, fast, 'a').position
      const b = randomBody(rng, fast, 'b').position
      const pf = fast.path(a, b, 0.5, doors, { armour: 'light' })
      const po = oracle.path(a, b, 0.5, doors, { armour: 'light' })
      expect(pf.ok).toBe(po.ok)
      if (pf.ok && po.ok) {
        expect(pf.costIn).toBeGreaterThanOrEqual(po.costIn - 1e-6)
        expect(pf.costIn).toBeLessThanOrEqual(po.costIn * PRUNING_SLACK + 1e-6)
      }
    }
  })

  it('on the reference town, the obstacle grid changes nothing and pruning at most 2% (each checked against the search without it)', () => {
    const model = compileTable(referenceTownScenario())
    const probe = new BvhProbe(model)
    const full = createWorld(model, { probe, indexed: true, prune: true })
    const unpruned = createWorld(model, { probe, indexed: true, prune: false })
    const unindexed = createWorld(model, { probe: new OracleProbe(model), indexed: false, prune: true })
    const rng = new RngCursor(seedRng(8))
    let routed = 0
    for (let i = 0; i < 60 && routed < 6; i++) {
      const doors = randomDoors(rng, full)
      const a = randomBody(rng, full, 'a').position
      const b = {
        x: Math.min(71.4, Math.max(0.6, a.x + (rng.float() - 0.5) * 24)),
        z: Math.min(47.4, Math.max(0.6, a.z + (rng.float() - 0.5) * 24)),
      }
      const p = full.path(a, b, 0.5, doors, { armour: 'light' })
      if (!p.ok || p.points.length <= 2) continue
      routed++
      const q = unpruned.path(a, b, 0.5, doors, { armour: 'light' })
      const r = unindexed.path(a, b, 0.5, doors, { armour: 'light' })
      expect(q.ok && r.ok).toBe(true)
      if (!q.ok || !r.ok) continue
      expect(p.costIn).toBeCloseTo(r.costIn, 6)
      expect(p.costIn).toBeGreaterThanOrEqual(q.costIn - 1e-6)
      expect(p.costIn).toBeLessThanOrEqual(q.costIn * PRUNING_SLACK + 1e-6)
    }
    expect(routed).toBe(6)
  }, 60_000)
})
