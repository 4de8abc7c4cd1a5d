import villageJson from '../../../assets/scenarios/smr-village-invasion.json'
import { describe, expect, it } from 'vitest'
import { dispatch, newMatchHeader, startMatchOf } from '../../core/match'
import { seedRng } from '../../rng/sfc32'
import { parseScenario } from '../../rules/loading'
import { sideToAct } from '../../rules/smr/legal'
import { SmrRandomPlayer, type SmrMatch } from '../../rules/smr/random-player'
import { smr } from '../../rules/smr/ruleset'
import type { SmrScenario } from '../../rules/smr/scenario'
import type { SmrUnit } from '../../rules/smr/state'
import { buildWorld } from '../../world/create-world'
import { seatInputs } from '../seat-input'
import { smrBot } from './smr-bot'

const parsed = parseScenario(villageJson)
if (!parsed.ok) throw new Error(parsed.message)
const village = parsed.scenario as SmrScenario

/**
 * The same game with every peasant still hidden in another building (the
 * slip of paper under each cottage says something else, §11), in the state
 * and in the scenario.
 */
function elsewhere(m: SmrMatch): SmrMatch {
  const buildings = village.village!.buildingIds
  const moved = (b: string) => buildings[(buildings.indexOf(b) + 2) % buildings.length]!
  const units: Record<string, SmrUnit> = {}
  for (const [id, u] of Object.entries(m.state.units))
    units[id] =
      u.hiddenIn !== null && u.status === 'ok'
        ? { ...u, hiddenIn: moved(u.hiddenIn), position: { ...u.position, x: u.position.x + 3 } }
        : u
  const hidden = new Set(Object.keys(units).filter((id) => units[id]!.hiddenIn !== null))
  const scenario: SmrScenario = {
    ...m.header.scenario,
    units: m.header.scenario.units.map((u) =>
      hidden.has(u.id) && u.hiddenIn !== undefined ? { ...u, hiddenIn: moved(u.hiddenIn), x: u.x + 3 } : u,
    ),
  }
  return { ...m, header: { ...m.header, scenario }, state: { ...m.state, units }, world: buildWorld(scenario) }
}

describe('the SMR computer opponent sees only its seat (§11 hidden peasants; fog of war)', { timeout: 180_000 }, () => {
  it('decides the same as the invader whatever the hidden peasants are and wherever they hide, and is given no trace of them', () => {
    let compared = 0
    for (const seed of [5, 6]) {
      let m = startMatchOf(smr, newMatchHeader(smr, village, seed, 'quick'))
      const villagers = new SmrRandomPlayer(seedRng(9 + seed))
      // Two bots with the same seed: one sees the game, the other the game with the hidden peasants elsewhere.
      const bot = smrBot('easy', 21)
      const twin = smrBot('easy', 21)
      const inputs = seatInputs()
      const twinInputs = seatInputs()
      for (let i = 0; i < 90 && m.state.phase !== 'ended'; i++) {
        const side = sideToAct(m.state)
        const hidden = Object.values(m.state.units).filter((u) => u.status === 'ok' && u.hiddenIn !== null)
        let cmd
        if (side === 'raiders' && hidden.length > 0) {
          const seen = inputs(m, 'raiders')
          const other = twinInputs(elsewhere(m), 'raiders')
          const text = JSON.stringify(seen.state) + JSON.stringify(seen.world.scenario)
          for (const u of hidden) {
            expect(text).not.toContain(`"${u.id}"`)
            expect(text).not.toContain(u.name)
          }
          expect(JSON.stringify(other.state)).toBe(JSON.stringify(seen.state))
          cmd = bot.choose(seen)
          expect(twin.choose(other)).toEqual(cmd)
          compared++
        } else if (side === 'raiders') cmd = bot.choose(inputs(m, 'raiders'))
        else cmd = villagers.next(m.state, m.world)
        expect(cmd).toBeTruthy()
        const r = dispatch(m, cmd!)
        expect(r.decision.ok ? 'accepted' : r.decision.reason).toBe('accepted')
        m = r.match
      }
    }
    expect(compared).toBeGreaterThan(10)
  }, 180_000)
})
