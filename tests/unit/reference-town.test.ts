import { describe, expect, it } from 'vitest'
import referenceTownJson from '../../assets/scenarios/reference-town.json'
import { initialState } from '../../src-engine/rules/smle/initial-state'
import { dist2 } from '../../src-engine/util/geometry'
import { buildWorld } from '../../src-engine/world/world'
import { referenceTown } from '../fixtures/reference-town/generate'
import { referenceTownScenario } from '../fixtures/world-tables'

describe('the reference town', () => {
  const scenario = referenceTownScenario()
  const world = buildWorld(scenario)

  it('is what its generator makes (rerun tests/fixtures/reference-town/generate.ts after changing it)', () => {
    expect(JSON.parse(JSON.stringify(referenceTown()))).toEqual(referenceTownJson)
  })

  it('has what the benchmark table needs: 72"×48", hills, 30+ buildings with doors and windows, woods, walls, hedges, 4+ prepared positions', () => {
    expect(scenario.table).toEqual({ widthIn: 72, depthIn: 48 })
    expect(scenario.terrain.hills.length + scenario.terrain.ridges.length).toBeGreaterThanOrEqual(2)
    expect(scenario.buildings.length).toBeGreaterThanOrEqual(30)
    for (const b of scenario.buildings) {
      expect(b.doors.length).toBeGreaterThan(0)
      expect(b.windows.length).toBeGreaterThan(0)
    }
    expect(scenario.buildings.some((b) => (b.floors?.length ?? 1) > 1 && b.stairs.length > 0)).toBe(true)
    expect(scenario.terrain.areas.filter((a) => a.kind === 'woods').length).toBeGreaterThanOrEqual(2)
    expect(scenario.linearFeatures.some((f) => f.kind === 'stoneWall')).toBe(true)
    expect(scenario.linearFeatures.some((f) => f.kind === 'hedge')).toBe(true)
    expect(scenario.positions.length).toBeGreaterThanOrEqual(4)
  })

  it('fields 100 figures a side in teams of 4 to 6', () => {
    for (const side of scenario.sides) {
      const teams = scenario.teams.filter((t) => t.sideId === side.id)
      expect(teams.reduce((n, t) => n + t.figures.length, 0)).toBe(100)
      for (const t of teams) expect(t.figures.length).toBeGreaterThanOrEqual(4)
      for (const t of teams) expect(t.figures.length).toBeLessThanOrEqual(6)
    }
  })

  it('every figure stands somewhere legal: on the table, clear of walls, doors and features, in passable going, on no other base, on the ground it stands on', () => {
    const state = initialState(scenario, 1)
    const figures = Object.values(state.figures)
    for (const f of figures) {
      expect(world.footprintBlocker(f.position, f.baseRadiusIn, state.doors), f.id).toBeNull()
      expect(Number.isFinite(world.terrainAt(f.position).moveCostPerIn), f.id).toBe(true)
      expect(f.position.y).toBeCloseTo(world.standingAt(f.position).y)
    }
    for (let i = 0; i < figures.length; i++) {
      for (let j = i + 1; j < figures.length; j++) {
        const a = figures[i]!
        const b = figures[j]!
        expect(dist2(a.position, b.position), `${a.id} and ${b.id}`).toBeGreaterThanOrEqual(
          a.baseRadiusIn + b.baseRadiusIn - 1e-6,
        )
      }
    }
  })
})
