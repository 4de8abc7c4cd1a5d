import { describe, expect, it } from 'vitest'
import ambushJson from '../../../assets/scenarios/smle-ambush.json'
import { seedRng } from '../../rng/sfc32'
import { parseScenario } from '../../rules/loading'
import { dispatch, type Match, newHeader, startMatch } from '../../rules/smle/match'
import { randomPlayer, sideToAct } from '../../rules/smle/queries/legal-commands'
import type { Scenario } from '../../rules/smle/scenario/schema'
import type { MatchState } from '../../rules/smle/state/state'
import { buildWorld } from '../../world/create-world'
import { seatInputs } from '../seat-input'
import { smleBot } from './smle-bot'

const parsed = parseScenario(ambushJson)
if (!parsed.ok) throw new Error(parsed.message)
const ambush = parsed.scenario as Scenario

/** The same game with every still-hidden team's figures somewhere else (in the state and in the scenario). */
function elsewhere(m: Match, dx: number): Match {
  const hidden = new Set(
    Object.values(m.state.teams)
      .filter((t) => t.hidden)
      .map((t) => t.id),
  )
  const figures: Record<string, MatchState['figures'][string]> = {}
  for (const [id, f] of Object.entries(m.state.figures))
    figures[id] = hidden.has(f.teamId) ? { ...f, position: { ...f.position, x: f.position.x + dx } } : f
  const scenario: Scenario = {
    ...m.header.scenario,
    teams: m.header.scenario.teams.map((t) =>
      hidden.has(t.id)
        ? { ...t, figures: t.figures.map((f) => ({ ...f, position: { x: f.position.x + dx, z: f.position.z } })) }
        : t,
    ),
  }
  return { ...m, header: { ...m.header, scenario }, state: { ...m.state, figures }, world: buildWorld(scenario) }
}

describe('the computer opponent sees only its seat (SMLE-SCEN-05; fog of war)', { timeout: 180_000 }, () => {
  it('decides the same whether or not the hidden partisans stand where they are, and is given no trace of them', () => {
    let compared = 0
    for (const seed of [5, 6, 7, 8]) {
      let m = startMatch(newHeader(ambush, seed, 'quick'))
      const partisans = randomPlayer(seedRng(9 + seed))
      // Two bots with the same seed: one sees the game, the other the game with the hidden partisans moved.
      const bot = smleBot('normal', 21)
      const twin = smleBot('normal', 21)
      const inputs = seatInputs()
      const twinInputs = seatInputs()
      for (let i = 0; i < 400 && m.state.phase !== 'ended'; i++) {
        const side = sideToAct(m.state)
        const hidden = Object.values(m.state.teams).filter((t) => t.hidden)
        let cmd
        if (side === 'column' && hidden.length > 0) {
          const seen = inputs(m, 'column')
          const other = twinInputs(elsewhere(m, 2.5), 'column')
          const text = JSON.stringify(seen.state) + JSON.stringify(seen.world.scenario)
          for (const t of hidden) {
            expect(text).not.toContain(`"${t.id}"`)
            for (const id of t.figureIds) expect(text).not.toContain(`"${id}"`)
          }
          expect(JSON.stringify(other.state)).toBe(JSON.stringify(seen.state))
          cmd = bot.choose(seen)
          expect(twin.choose(other)).toEqual(cmd)
          compared++
        } else if (side === 'column') cmd = bot.choose(inputs(m, 'column'))
        else cmd = partisans.next(m.state, m.world)
        expect(cmd).not.toBeNull()
        const r = dispatch(m, cmd)
        expect(r.decision.ok ? 'accepted' : r.decision.reason).toBe('accepted')
        m = r.match
      }
    }
    expect(compared).toBeGreaterThan(10)
  }, 120_000)
})
