import { describe, expect, it } from 'vitest'
import ambushJson from '../../../assets/scenarios/smle-ambush.json'
import braveJson from '../../../assets/scenarios/smle-few-brave-sentients.json'
import { dispatch } from '../../core/match'
import { parseScenario } from '../../rules/loading'
import { type Match, newHeader, startMatch } from '../../rules/smle/match'
import { randomPlayer, sideToAct } from '../../rules/smle/queries/legal-commands'
import { decisionCandidates, turnGenerators } from '../../rules/smle/queries/candidates'
import type { Scenario } from '../../rules/smle/scenario/schema'
import { seedRng } from '../../rng/sfc32'
import { seatInputs } from '../seat-input'
import { smleBot, unseenSides } from './smle-bot'

const load = (json: unknown): Scenario => {
  const parsed = parseScenario(json)
  if (!parsed.ok) throw new Error(parsed.message)
  return parsed.scenario as Scenario
}

/**
 * Plays until `stop` holds and gives the match there: the random player on
 * every side but `quiet`, which holds its fire and ends its turns at once.
 */
function playUntil(start: Match, seed: number, stop: (m: Match) => boolean, quiet = ''): Match {
  const random = randomPlayer(seedRng(seed))
  let m = start
  for (let n = 0; n < 2000 && !stop(m); n++) {
    const side = sideToAct(m.state)
    const hold = side === quiet ? decisionCandidates(m.state, m.world, side).find((c) => c.type === 'holdFire') : null
    const end = side === quiet ? turnGenerators(m.state, side).end?.(m.state, m.world)[0] : null
    const cmd = hold ?? end ?? random.next(m.state, m.world)
    if (!cmd) break
    const r = dispatch(m, cmd)
    if (!r.decision.ok) throw new Error(r.decision.reason.message)
    m = r.match
  }
  if (!stop(m)) throw new Error('the position was not reached')
  return m
}

describe('SMLE-SCEN-05: the Column against partisans it cannot see', () => {
  const ambush = load(ambushJson)

  it('a side the view shows with no unbroken units is known to have units hidden from it', () => {
    const m = startMatch(newHeader(ambush, 4, 'quick'))
    const view = seatInputs()(m, 'column').state
    expect(unseenSides(view)).toEqual(['partisans'])
    expect(unseenSides(seatInputs()(m, 'partisans').state)).toEqual([])
  })

  it('its first team moves off in round 1: an unseen enemy is not a beaten one (the game goes on)', () => {
    // The partisans hold their fire, so a Column team acts while every partisan is still hidden.
    const at = playUntil(
      startMatch(newHeader(ambush, 4, 'quick')),
      4,
      (m) => m.state.phase === 'play' && sideToAct(m.state) === 'column' && m.state.pending === null,
      'partisans',
    )
    expect(Object.values(at.state.teams).filter((t) => t.sideId === 'partisans' && t.hidden)).toHaveLength(3)
    const command = smleBot('normal', 1).choose(seatInputs()(at, 'column'))
    // Once it judged every command a won game (the partisans gone from its view) and stood still.
    expect(command?.type).toBe('moveFigure')
  })
})

describe('SMLE-TURN-06: rolling a group as one', () => {
  it('the Militia rolls section by section when one die for the whole platoon would gain it nothing', () => {
    const brave = load(braveJson)
    // Round 1: every team fresh and with its leader, so the platoon's one roll is worth what the sections' are.
    const m = playUntil(
      startMatch(newHeader(brave, 2, 'quick')),
      2,
      (x) => x.state.phase === 'activation' && sideToAct(x.state) === 'militia',
    )
    const command = smleBot('normal', 1).choose(seatInputs()(m, 'militia'))
    expect(command).toEqual({ type: 'rollActivation', sideId: 'militia', groupRolls: [] })
  })
})
