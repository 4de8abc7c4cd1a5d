import { describe, expect, it } from 'vitest'
import { pathMovers } from '../../src-engine/rules/smle/queries/path-movers'
import { initialState } from '../../src-engine/rules/smle/initial-state'
import { buildWorld } from '../../src-engine/world/world'
import { createGameHost, HOT_SEAT } from '../../src-main/services/game-host'
import { createMemorySaveStore } from '../../src-main/services/save-store'
import { createMemoryScenarioLibrary } from '../../src-main/services/scenario-library'
import { referenceTownScenario } from '../fixtures/world-tables'

describe('preparing a world ahead of need (World.prepare)', () => {
  const scenario = referenceTownScenario()
  const state = initialState(scenario, 1)
  const movers = pathMovers(state)
  const figures = Object.values(state.figures).filter((f) => f.offTable === null && f.vehicleId === null)

  it('names each kind of walking figure once: infantry bases of the reference town', () => {
    expect(movers.length).toBeGreaterThan(0)
    const keys = movers.map((m) => `${m.mover.armour}:${String(m.base)}`)
    expect(new Set(keys).size).toBe(keys.length)
    for (const f of figures) expect(keys).toContain(`${f.armour}:${f.baseRadiusIn}`)
  })

  it('changes no answer: paths (found and refused) and sight are the same from a prepared world and a fresh one', () => {
    const fresh = buildWorld(scenario)
    const prepared = buildWorld(scenario)
    expect(prepared.prepare(movers, 0)).toBe(false) // there is work to do on a new world
    let slices = 0
    while (!prepared.prepare(movers, 25)) slices++
    expect(slices).toBeGreaterThan(10)
    expect(prepared.prepare(movers, 0)).toBe(true)
    let refused = 0
    for (let i = 0; i < 40; i++) {
      const f = figures[(i * 7) % figures.length]!
      const to = { x: ((i * 37) % 70) + 1, z: ((i * 23) % 46) + 1 }
      const a = fresh.path(f.position, to, f.baseRadiusIn, state.doors, f)
      const b = prepared.path(f.position, to, f.baseRadiusIn, state.doors, f)
      expect(b).toEqual(a)
      if (!a.ok) refused++
      const g = figures[(i * 13 + 5) % figures.length]!
      expect(prepared.sight(f, g, state.doors)).toEqual(fresh.sight(f, g, state.doors))
    }
    expect(refused).toBeGreaterThan(0) // the refusals (whole-graph searches) are compared too
    expect(refused).toBeLessThan(40)
  }, 60_000)

  it('the host prepares the open game in idle moments, one slice at a time, and leaves the game as it was', async () => {
    const host = createGameHost({
      saves: createMemorySaveStore(),
      scenarios: createMemoryScenarioLibrary([scenario]),
      defaultScenarioId: scenario.id,
      now: Date.now,
      randomSeed: () => 1,
      autosave: false,
    })
    await host.newMatch({ scenarioId: scenario.id, seed: 1 }, HOT_SEAT)
    const m = host.match()
    for (let i = 0; i < 3000 && !m.world.prepare(movers, 0); i++) await new Promise((r) => setTimeout(r, 10))
    expect(m.world.prepare(movers, 0)).toBe(true)
    // Idle preparation does not touch the game.
    expect(host.match()).toBe(m)
  }, 60_000)
})
