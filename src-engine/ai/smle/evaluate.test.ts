import { describe, expect, it } from 'vitest'
import sevenJson from '../../../assets/scenarios/smle-magnificent-seven.json'
import braveJson from '../../../assets/scenarios/smle-few-brave-sentients.json'
import ambushJson from '../../../assets/scenarios/smle-ambush.json'
import signalsJson from '../../../assets/scenarios/smle-multiple-signals.json'
import commandoJson from '../../../assets/scenarios/smle-commando.json'
import farmJson from '../../../assets/scenarios/farm-lane-armour.json'
import { parseScenario } from '../../rules/loading'
import { initialState } from '../../rules/smle/initial-state'
import type { Scenario } from '../../rules/smle/scenario/schema'
import type { FigureState, MatchState, TeamState } from '../../rules/smle/state/state'
import { buildWorld } from '../../world/create-world'
import { activationSituation } from '../../rules/smle/situation'
import { newHeader, startMatch } from '../../rules/smle/match'
import { playOutWith } from '../../rules/smle/queries/playout'
import { randomPlayer } from '../../rules/smle/queries/legal-commands'
import { seedRng } from '../../rng/sfc32'
import {
  activationOutlook,
  breathCost,
  evalContext,
  evaluate,
  goalsOf,
  leftByGoalEdge,
  marchHopeless,
  stepsInAway,
  strayedTeamFigures,
} from './evaluate'

/** A scenario file as the rules read it. */
function load(json: unknown): Scenario {
  const parsed = parseScenario(json)
  if (!parsed.ok) throw new Error(parsed.message)
  return parsed.scenario as Scenario
}

const seven = load(sevenJson)
const world = buildWorld(seven)
const well = seven.objectives.find((o) => o.id === 'well')!

/** The state with one figure changed. */
function withFigure(state: MatchState, id: string, change: Partial<FigureState>): MatchState {
  const f = state.figures[id]!
  return { ...state, figures: { ...state.figures, [id]: { ...f, ...change } } }
}

/** The state with every figure of `sideId` dead but `keep`. */
function onlyLeft(state: MatchState, sideId: string, keep: readonly string[]): MatchState {
  let s = state
  for (const f of Object.values(state.figures))
    if (f.sideId === sideId && !keep.includes(f.id)) s = withFigure(s, f.id, { status: 'dead' })
  return s
}

const at = (x: number, z: number) => ({ x, y: world.groundHeightAt(x, z), z })
const score = (s: MatchState, sideId: string) => evaluate(s, world, sideId, evalContext(goalsOf(s, seven, sideId)))

describe('what the computer wants from the scenario terms (SMLE-SCEN-02: the Bandits must take the well)', () => {
  const start = { ...initialState(seven, 1), phase: 'play' as const, round: 1 }

  it('the side that must take the objective hurries more each round; the side that wins by waiting does not', () => {
    const early = goalsOf({ ...start, round: 1 }, seven, 'bandits')
    const late = goalsOf({ ...start, round: start.roundLimit }, seven, 'bandits')
    expect(early.urgency).toBe(1)
    expect(late.urgency).toBeGreaterThan(early.urgency * 3)
    expect(goalsOf({ ...start, round: start.roundLimit }, seven, 'seven').urgency).toBe(1)
  })

  it('in the last rounds a bandit standing in the well area, alone there, is worth much more than one a step outside it', () => {
    // The Seven all dead but Chris, far away; one bandit walks to the well.
    let s = onlyLeft({ ...start, round: start.roundLimit - 1 }, 'seven', ['s7-chris'])
    s = withFigure(s, 's7-chris', { position: at(44, 44) })
    const outside = withFigure(s, 'bd1-1', { position: at(well.x, well.z - well.radiusIn - 1) })
    const inside = withFigure(s, 'bd1-1', { position: at(well.x, well.z - well.radiusIn + 0.5) })
    const step = score(inside, 'bandits') - score(outside, 'bandits')
    // Walking 1.5" nearer is worth 1.5 × the pull; being in the area is worth far more (SMLE-SCEN-01 control).
    expect(step).toBeGreaterThan(0.4)
  })

  it('SMLE-SCEN-01: a broken team in the well holds nothing, so a bandit of a whole team stepping in is worth as much as the first', () => {
    // Control is a non-broken team within the radius and no enemy there: a broken team's figures inside do not hold it.
    let s = onlyLeft({ ...start, round: start.roundLimit - 1 }, 'seven', ['s7-chris'])
    s = withFigure(s, 's7-chris', { position: at(44, 44) })
    s = withFigure(s, 'bd2-1', { position: at(well.x + 0.5, well.z) })
    s = { ...s, teams: { ...s.teams, 'bd-2': { ...s.teams['bd-2']!, breaks: 1 } } }
    const outside = withFigure(s, 'bd1-1', { position: at(well.x, well.z - well.radiusIn - 1) })
    const inside = withFigure(s, 'bd1-1', { position: at(well.x, well.z - well.radiusIn + 0.5) })
    expect(score(inside, 'bandits') - score(outside, 'bandits')).toBeGreaterThan(0.4)
    // With bd-2 whole, bd2-1 already holds the well: the second figure in adds little.
    const whole = { ...s, teams: { ...s.teams, 'bd-2': { ...s.teams['bd-2']!, breaks: 0 } } }
    const second =
      score({ ...inside, teams: whole.teams }, 'bandits') - score({ ...outside, teams: whole.teams }, 'bandits')
    expect(second).toBeLessThan(0.3)
  })

  it('SMLE-SCEN-01: the Seven keep the bandits from holding the well with any figure there, of a broken team too', () => {
    // Control needs no enemy there (`controllerOf`): a Seven figure of a broken team in the well still denies it.
    let s = onlyLeft({ ...start, round: start.roundLimit - 1 }, 'bandits', ['bd1-1'])
    s = withFigure(s, 'bd1-1', { position: at(44, 44) })
    s = { ...s, teams: { ...s.teams, 's7-a': { ...s.teams['s7-a']!, breaks: 1 } } }
    const outside = withFigure(s, 's7-chris', { position: at(well.x, well.z - well.radiusIn - 1) })
    const inside = withFigure(s, 's7-chris', { position: at(well.x, well.z - well.radiusIn + 0.5) })
    const gain = (teams: MatchState['teams']) =>
      score({ ...inside, teams }, 'seven') - score({ ...outside, teams }, 'seven')
    const whole = { ...s.teams, 's7-a': { ...s.teams['s7-a']!, breaks: 0 } }
    // Standing in the well is worth the same whether Chris's team is whole or broken.
    expect(gain(whole)).toBeGreaterThan(0.1)
    expect(gain(s.teams)).toBeCloseTo(gain(whole), 9)
  })

  it('held only at the end (SMLE-SCEN-01): before the last two rounds it waits within 6" of the well, where nearer gains nothing', () => {
    const early = goalsOf(start, seven, 'bandits')
    expect(early.stageIn).toBe(6)
    expect(goalsOf({ ...start, round: start.roundLimit - 1 }, seven, 'bandits').stageIn).toBe(0)
    let s = onlyLeft(start, 'seven', ['s7-chris'])
    s = withFigure(s, 's7-chris', { position: at(44, 44) })
    const fiveOff = withFigure(s, 'bd1-1', { position: at(well.x, well.z - 5) })
    const fourOff = withFigure(s, 'bd1-1', { position: at(well.x, well.z - 4) })
    const tenOff = withFigure(s, 'bd1-1', { position: at(well.x, well.z - 10) })
    expect(score(fiveOff, 'bandits')).toBeGreaterThan(score(tenOff, 'bandits') + 0.05)
    // Late, every inch counts again, and far more than the inch from 5" to 4" did before.
    const late = (x: MatchState) => score({ ...x, round: start.roundLimit }, 'bandits')
    const earlyGain = score(fourOff, 'bandits') - score(fiveOff, 'bandits')
    expect(late(fourOff) - late(fiveOff)).toBeGreaterThan(earlyGain + 0.05)
  })

  it('the side that wins when time runs out (the Seven) pays three times as much for being seen as the side that must act, once it goes in', () => {
    expect(goalsOf(start, seven, 'seven').caution).toBe(3)
    // The bandits pay half as much while they wait near the well (they must come in at the end), and less once they
    // must go in (the last two rounds).
    expect(goalsOf(start, seven, 'bandits').caution).toBe(1.5)
    expect(goalsOf({ ...start, round: start.roundLimit - 1 }, seven, 'bandits').caution).toBe(1)
    // Chris in the open before the bandits: the same state judged with and without the Seven's caution.
    const bandit = start.figures['bd1-1']!
    const exposed = withFigure(start, 's7-chris', { position: at(bandit.position.x, bandit.position.z - 8) })
    const goals = goalsOf(exposed, seven, 'seven')
    const judged = (caution: number) => evaluate(exposed, world, 'seven', evalContext({ ...goals, caution }))
    // Seen by at least one bandit, he costs the Seven more the more cautious they are.
    expect(judged(3)).toBeLessThan(judged(1) - 0.05)
  })

  it('an enemy figure inside the objective it must take counts against it, more as time runs out', () => {
    const there = withFigure(start, 's7-chris', { position: at(well.x, well.z) })
    const away = withFigure(start, 's7-chris', { position: at(well.x + 10, well.z + 12) })
    // Judged at one caution (the bandits wait warier than they attack), so only the objective's part differs.
    const judged = (s: MatchState) =>
      evaluate(s, world, 'bandits', evalContext({ ...goalsOf(s, seven, 'bandits'), caution: 1 }))
    const early = judged(away) - judged(there)
    const lateThere = { ...there, round: start.roundLimit }
    const lateAway = { ...away, round: start.roundLimit }
    const late = judged(lateAway) - judged(lateThere)
    expect(early).toBeGreaterThan(0)
    expect(late).toBeGreaterThan(early)
  })

  it('losing a figure is always worse than keeping it, however far from the well it stands and however late', () => {
    const late = { ...start, round: start.roundLimit }
    for (const [x, z] of [
      [1, 1],
      [47, 1],
      [24, 20],
    ] as const) {
      const kept = withFigure(late, 'bd1-1', { position: at(x, z) })
      const shot = withFigure(kept, 'bd1-1', { status: 'dead' })
      const wounded = withFigure(kept, 'bd1-1', { status: 'seriousWound' })
      expect(score(kept, 'bandits')).toBeGreaterThan(score(wounded, 'bandits'))
      expect(score(wounded, 'bandits')).toBeGreaterThan(score(shot, 'bandits'))
    }
  })

  it('a figure that leaves by an edge its side has no business with is nearly lost to it', () => {
    const stays = start
    const leaves = withFigure(start, 'bd1-1', { offTable: 'exited' })
    const dies = withFigure(start, 'bd1-1', { status: 'dead' })
    expect(score(leaves, 'bandits')).toBeLessThan(score(stays, 'bandits') - 0.5)
    expect(score(leaves, 'bandits')).toBeGreaterThan(score(dies, 'bandits'))
  })
})

describe('the next activation roll as the computer sees it (SMLE-ACT-01, Table 1a)', () => {
  const brave = load(braveJson)
  const braveWorld = buildWorld(brave)
  const start = { ...initialState(brave, 1), phase: 'play' as const, round: 2 }
  const braveScore = (s: MatchState, sideId: string) =>
    evaluate(s, braveWorld, sideId, evalContext(goalsOf(s, brave, sideId)))
  const move = (s: MatchState, id: string, dx: number, dz: number): MatchState => {
    const f = s.figures[id]!
    const x = f.position.x + dx
    const z = f.position.z + dz
    return withFigure(s, id, { position: { x, y: braveWorld.groundHeightAt(x, z), z } })
  }

  it('SMLE-ORG-05 / SMLE-ACT-14: a Green militiaman who strays from his team costs it the −2 of separation', () => {
    const team = start.teams['m2b']!
    const [first] = team.figureIds
    // Sideways along the start line, so no nearer to the crossroads and no nearer to the enemy.
    const outlook = (s: MatchState) =>
      activationOutlook(s, braveWorld, 'militia', evalContext(goalsOf(s, brave, 'militia')))
    // Half a Green figure's move from his nearest team-mate, then well beyond it.
    const together = move(start, first!, -1, 0)
    const strayed = move(start, first!, -10, 0)
    expect(outlook(together)).toBeCloseTo(outlook(start), 6)
    // The section's twelve figures roll two lower: fresh and unshot, it stands or advances where it would have closed.
    expect(outlook(strayed)).toBeLessThan(outlook(together) - 0.1)
  })

  it('SMLE-ORG-05: a militiaman more than half his move from every team-mate costs his whole team, in its score too', () => {
    const team = start.teams['m2b']!
    const [first, second] = team.figureIds
    const together = move(start, first!, -1, 0)
    const strayed = move(start, first!, -10, 0)
    expect(strayedTeamFigures(together, braveWorld, together.teams['m2b']!)).toBe(0)
    // Four figures on foot, one of them strayed: the team counts all four (the whole unit rolls at −2).
    expect(strayedTeamFigures(strayed, braveWorld, strayed.teams['m2b']!)).toBe(4)
    // Just within half a Green figure's move (4") of his nearest team-mate, measured between bases: together.
    const f = start.figures[first!]!
    const g = start.figures[second!]!
    const gap = braveWorld.distanceIn(f, g)
    const edge = move(start, first!, -(4 - gap) + 0.01, 0)
    expect(braveWorld.distanceIn(edge.figures[first!]!, g)).toBeLessThan(4)
    expect(strayedTeamFigures(edge, braveWorld, edge.teams['m2b']!)).toBe(0)
    // Just beyond it: strayed.
    const beyond = move(start, first!, -(4 - gap) - 0.05, 0)
    expect(braveWorld.distanceIn(beyond.figures[first!]!, g)).toBeGreaterThan(4)
    expect(strayedTeamFigures(beyond, braveWorld, beyond.teams['m2b']!)).toBe(4)
    // A fallen team-mate does not hold the team together, nor does he count.
    const fallen = withFigure(strayed, first!, { status: 'dead' })
    expect(strayedTeamFigures(fallen, braveWorld, fallen.teams['m2b']!)).toBe(0)
    // The side that must take the crossroads pays 0.1 a figure for it in its score; the Rangers' score does not.
    const quick = (s: MatchState, sideId: string) =>
      evaluate(s, braveWorld, sideId, { ...evalContext(goalsOf(s, brave, sideId)), quick: true })
    const placeOnly = (s: MatchState, sideId: string) =>
      evaluate(s, braveWorld, sideId, {
        ...evalContext({ ...goalsOf(s, brave, sideId), cohesion: 0 }),
        quick: true,
      })
    expect(quick(strayed, 'militia') - placeOnly(strayed, 'militia')).toBeCloseTo(-0.4, 9)
    expect(quick(together, 'militia') - placeOnly(together, 'militia')).toBeCloseTo(0, 9)
    expect(quick(strayed, 'rangers') - placeOnly(strayed, 'rangers')).toBeCloseTo(0, 9)
  })

  it('SMLE-OPT-05: waiting near the crossroads, the side to take it is worth more where stepping in leads away from the nearest ranger', () => {
    // Every ranger but one gone, that one 16" south of the crossroads (24, 24; 2" across, SMLE-SCEN-01).
    let s: MatchState = start
    for (const f of Object.values(start.figures))
      if (f.sideId === 'rangers' && f.id !== 'rg-sgt') s = withFigure(s, f.id, { offTable: 'exited' })
    s = withFigure(s, 'rg-sgt', { position: { x: 24, y: braveWorld.groundHeightAt(24, 40), z: 40 } })
    const goals = goalsOf(s, brave, 'militia')
    expect(goals.stageIn).toBe(6)
    expect(goals.stageSide).toBeGreaterThan(0)
    const ranger = Object.values(s.figures).filter((f) => f.sideId === 'rangers' && f.offTable === null)
    const man = s.figures['m2a-1']!
    const standing = (x: number, z: number) => ({ ...man, position: { x, y: braveWorld.groundHeightAt(x, z), z } })
    // 4" south, between the marker and the ranger: stepping in (north) leads away from him, legal at Stand.
    expect(stepsInAway(standing(24, 28), goals, ranger)).toBe(1)
    // 4" north: every step in (south) comes nearer him, which Stand forbids.
    expect(stepsInAway(standing(24, 20), goals, ranger)).toBe(0)
    // 4" east: stepping west toward the marker comes nearer a ranger to the south-west.
    expect(stepsInAway(standing(28, 24), goals, ranger)).toBe(0)
    // 4" east with the ranger due south of him: the step west leads across, no nearer him, which Stand allows.
    const across = [{ ...ranger[0]!, position: { x: 28, y: braveWorld.groundHeightAt(28, 40), z: 40 } }]
    expect(stepsInAway(standing(28, 24), goals, across)).toBe(1)
    // Already in (within 2"), or too far off to be waiting there (beyond 2" + 6"): nothing.
    expect(stepsInAway(standing(24, 25), goals, ranger)).toBe(0)
    expect(stepsInAway(standing(24, 33), goals, ranger)).toBe(0)
    // The same figure in the same place is worth that much more to the Militia's score, and nothing to the Rangers'.
    const south = withFigure(s, 'm2a-1', { position: standing(24, 28).position })
    const terms = (state: MatchState, sideId: string, stageSide: number) =>
      evaluate(state, braveWorld, sideId, evalContext({ ...goalsOf(state, brave, sideId), stageSide }))
    expect(terms(south, 'militia', goals.stageSide) - terms(south, 'militia', 0)).toBeCloseTo(goals.stageSide, 9)
    expect(terms(south, 'rangers', 0.1) - terms(south, 'rangers', 0)).toBeCloseTo(0, 9)
    // In the last rounds the side goes in, whatever side it waited on.
    expect(goalsOf({ ...s, round: s.roundLimit - 1 }, brave, 'militia').stageSide).toBe(0)
  })

  it('waiting near the crossroads, both sides pay half the waiting side’s price for being seen; in the last two rounds no more', () => {
    expect(goalsOf(start, brave, 'militia').caution).toBe(1.5)
    expect(goalsOf(start, brave, 'rangers').caution).toBe(1.5)
    expect(goalsOf({ ...start, round: start.roundLimit - 1 }, brave, 'militia').caution).toBe(1)
  })

  it('SMLE-ACT-17: an enemy team under fire rolls worse, and that is worth something to the side that shot at it', () => {
    const team = start.teams['m2b']!
    const shotAt: MatchState = {
      ...start,
      teams: {
        ...start.teams,
        m2b: {
          ...team,
          fire: {
            ...team.fire,
            thisRound: { ...team.fire.thisRound, direct: true, auto: true, byTeams: ['rg-lmg'] },
          },
        },
      },
    }
    expect(braveScore(shotAt, 'rangers')).toBeGreaterThan(braveScore(start, 'rangers') + 0.05)
    expect(braveScore(shotAt, 'militia')).toBeLessThan(braveScore(start, 'militia') - 0.05)
  })

  it('SMLE-ACT-12, -13: fire last round weighs on the next roll only while this round’s rolls are still to be made', () => {
    const team = start.teams['m2b']!
    const firedLastRound = (s: MatchState): MatchState => ({
      ...s,
      teams: {
        ...s.teams,
        m2b: {
          ...team,
          fire: { ...team.fire, lastRound: { ...team.fire.lastRound, direct: true, byTeams: ['rg-lmg'] } },
        },
      },
    })
    const change = (phase: MatchState['phase'], sideId: string) => {
      const s = { ...start, phase }
      return braveScore(firedLastRound(s), sideId) - braveScore(s, sideId)
    }
    const able = team.figureIds.length
    expect(goalsOf(start, brave, 'rangers').suppress).toBeCloseTo(0.3, 6)
    // The rolls still to be made: m2b rolls this round under last round's fire (Table 1a: −1 direct, no +1 for not
    // under fire). The rangers gain the 0.3 a figure of a team rolling under fire, and the worse roll; the militia
    // loses that roll.
    expect(change('activation', 'rangers')).toBeGreaterThan(0.3 * able)
    expect(change('activation', 'militia')).toBeLessThan(-0.01)
    // The rolls made: m2b's next roll is next round's, where last round's fire no longer counts. It is worth nothing
    // to either side, so no command of this round is judged by fire that ending the round would age away.
    expect(change('play', 'rangers')).toBeCloseTo(0, 9)
    expect(change('play', 'militia')).toBeCloseTo(0, 9)
  })

  it('SMLE-ACT-12, -13: the next roll is the same roll judged before the round ends and after it (the fire aged)', () => {
    const team = start.teams['m2b']!
    const shot = { ...team.fire.thisRound, direct: true, auto: true, byTeams: ['rg-lmg'] }
    const old = { ...team.fire.lastRound, direct: true, explosive: true, byTeams: ['rg-hq'] }
    // Round 2 in play: m2b was shot at this round by the LMG, and last round a grenade burst among it.
    const during: MatchState = {
      ...start,
      teams: { ...start.teams, m2b: { ...team, fire: { thisRound: shot, lastRound: old } } },
    }
    // The round's last activation ended: round 3's rolls are to be made, this round's fire is last round's now.
    const after: MatchState = {
      ...during,
      phase: 'activation',
      round: 3,
      teams: {
        ...during.teams,
        m2b: { ...team, fire: { thisRound: { ...team.fire.thisRound, byTeams: [] }, lastRound: shot } },
      },
    }
    const outlook = (s: MatchState) =>
      activationOutlook(s, braveWorld, 'militia', evalContext(goalsOf(s, brave, 'militia')))
    expect(outlook(during)).toBeCloseTo(outlook(after), 9)
    // Both count the LMG's fire and not the grenade: the roll to come is worse than the same team's unshot.
    const unshot: MatchState = {
      ...after,
      teams: {
        ...after.teams,
        m2b: { ...team, fire: { thisRound: team.fire.thisRound, lastRound: team.fire.lastRound } },
      },
    }
    expect(outlook(after)).toBeLessThan(outlook(unshot) - 0.01)
  })

  it('SMLE-ACT-12, -13: in the last round no roll is to come, and fire counts for nothing in the outlook', () => {
    const team = start.teams['m2b']!
    const shot = { ...team.fire.thisRound, direct: true, auto: true, byTeams: ['rg-lmg'] }
    const last: MatchState = { ...start, round: start.roundLimit }
    const shotAt: MatchState = {
      ...last,
      teams: { ...last.teams, m2b: { ...team, fire: { ...team.fire, thisRound: shot } } },
    }
    const outlook = (s: MatchState) =>
      activationOutlook(s, braveWorld, 'militia', evalContext(goalsOf(s, brave, 'militia')))
    expect(outlook(shotAt)).toBeCloseTo(outlook(last), 9)
    // The same fire in round 9 weighs on round 10's roll.
    const before: MatchState = { ...shotAt, round: start.roundLimit - 1 }
    expect(outlook(before)).toBeLessThan(outlook({ ...last, round: start.roundLimit - 1 }) - 0.01)
  })

  it('SMLE-ACT-16, COMBAT-04: in the last round fire counts against a team until it has acted and made its attack', () => {
    const team = start.teams['m2b']!
    const shot = { ...team.fire.thisRound, direct: true, auto: true, byTeams: ['rg-lmg'] }
    const last: MatchState = { ...start, round: start.roundLimit }
    type Turn = 'waiting' | 'active' | 'done'
    type Attack = TeamState['attack']
    const as = (turn: Turn, attack: Attack, fire: TeamState['fire'], s: MatchState): MatchState => ({
      ...s,
      teams: { ...s.teams, m2b: { ...team, turn, secondTurn: 'none', attack, fire } },
    })
    const gain = (turn: Turn, attack: Attack = null, s: MatchState = last) =>
      braveScore(as(turn, attack, { ...team.fire, thisRound: shot }, s), 'rangers') -
      braveScore(as(turn, attack, team.fire, s), 'rangers')
    const able = team.figureIds.length
    // SMLE-ACT-16: the fire lowers its level at once, for the turn still to come, for the one it takes (fired on
    // before it), and for its Opportunity Fire once its turn is over (SMLE-COMBAT-04: at its current level): worth the
    // 0.3 a figure of a team under fire.
    expect(gain('waiting')).toBeCloseTo(0.3 * able, 9)
    expect(gain('active')).toBeCloseTo(0.3 * able, 9)
    expect(gain('done')).toBeCloseTo(0.3 * able, 9)
    // Its turn taken and its attack made (one a round, SMLE-TURN-07): no roll is to come and nothing is left that
    // its level decides. The fire is worth nothing.
    expect(gain('done', 'direct')).toBeCloseTo(0, 9)
    // In round 9 the same fire counts at round 10's roll, whatever the team has done this round.
    const nine: MatchState = { ...start, round: start.roundLimit - 1 }
    expect(gain('done', 'direct', nine)).toBeGreaterThan(0.3 * able)
    expect(gain('waiting', null, nine)).toBeCloseTo(gain('done', 'direct', nine), 9)
  })
})

describe('SMLE-SCEN-01: the crossroads in the game’s last round', () => {
  const brave = load(braveJson)
  const braveWorld = buildWorld(brave)
  const marker = brave.objectives.find((o) => o.id === 'crossroads')!
  const ground = (x: number, z: number) => ({ x, y: braveWorld.groundHeightAt(x, z), z })
  const inRound = (round: number): MatchState => ({ ...initialState(brave, 1), phase: 'play' as const, round })
  const braveScore = (s: MatchState) => evaluate(s, braveWorld, 'militia', evalContext(goalsOf(s, brave, 'militia')))
  /** The 2nd Section's first man at the marker's centre, or 3" east of it (outside its 2"); `fallen` of his team dead. */
  const placed = (s: MatchState, inside: boolean, fallen: readonly string[] = []): MatchState => {
    let t = withFigure(s, 'm2a-1', { position: ground(marker.x + (inside ? 0 : 3), marker.z), prone: false })
    for (const id of fallen) t = withFigure(t, id, { status: 'dead' })
    return t
  }
  /** What stepping in is worth to the Militia. */
  const gain = (s: MatchState) => braveScore(placed(s, true)) - braveScore(placed(s, false))

  it('in round 10 of 10 a man of an unbroken team in the crossroads, no ranger there, is worth more than two of his team-mates', () => {
    // Held when the round ends, the crossroads wins the game, and no roll is left that could break his team.
    const last = inRound(10)
    expect(last.roundLimit).toBe(10)
    expect(braveScore(placed(last, true, ['m2a-2', 'm2a-3']))).toBeGreaterThan(braveScore(placed(last, false)))
  })

  it('in round 9, a roll still to come, two men are worth more than being in the crossroads a round early', () => {
    const nine = inRound(9)
    expect(braveScore(placed(nine, true, ['m2a-2', 'm2a-3']))).toBeLessThan(braveScore(placed(nine, false)))
    expect(gain(nine)).toBeGreaterThan(0)
  })

  it('in round 10 a man of a broken team in the crossroads, or one with a ranger there, holds nothing and is worth little', () => {
    const last = inRound(10)
    expect(gain(last)).toBeGreaterThan(15)
    // SMLE-SCEN-01 (`controllerOf`): a team that has broken holds nothing.
    const broken = { ...last, teams: { ...last.teams, m2a: { ...last.teams['m2a']!, breaks: 1 } } }
    expect(gain(broken)).toBeLessThan(2)
    // Control needs no enemy team there: a ranger standing 1" north of the centre.
    const contested = withFigure(last, 'rg-sgt', { position: ground(marker.x, marker.z - 1), prone: false })
    expect(gain(contested)).toBeLessThan(2)
  })
})

describe('a side that must leave by an edge (SMLE-SCEN-05: half the Column off the east edge in 8 rounds)', () => {
  const ambush = load(ambushJson)
  const ambushWorld = buildWorld(ambush)
  const start = { ...initialState(ambush, 1), phase: 'play' as const, round: 1 }

  it('hurries from the first round; the Partisans, who win by waiting, do not', () => {
    expect(goalsOf(start, ambush, 'column').urgency).toBe(3)
    expect(goalsOf({ ...start, round: start.roundLimit }, ambush, 'column').urgency).toBe(4)
    expect(goalsOf(start, ambush, 'partisans').urgency).toBe(1)
  })

  it('every inch toward the edge counts, from the far side of the table (the Column starts 59" from it)', () => {
    const f = start.figures['cl1-1']!
    // Judged without the activation outlook (a first sift), so only the distance and the ground change.
    const score = (x: number) => {
      const s = withFigure(start, f.id, {
        position: { x, y: ambushWorld.groundHeightAt(x, f.position.z), z: f.position.z },
      })
      return evaluate(s, ambushWorld, 'column', { ...evalContext(goalsOf(s, ambush, 'column')), quick: true })
    }
    // 6" at the Column's urgency of 3 and 0.025 an inch: 0.45, less what the open ground there costs.
    expect(score(f.position.x + 6)).toBeGreaterThan(score(f.position.x) + 0.3)
  })

  it('SMLE-MOVE-05, -06: lying down costs a marching figure the inch it takes to stand, and gives it soft cover', () => {
    // The partisans are hidden: no enemy is known, so the ground and the figure's posture alone give its cover.
    const f = start.figures['cl1-1']!
    const x = f.position.x + 10
    const judged = (dx: number, prone: boolean) => {
      const s = withFigure(start, f.id, {
        position: { x: x + dx, y: ambushWorld.groundHeightAt(x + dx, f.position.z), z: f.position.z },
        prone,
      })
      return evaluate(s, ambushWorld, 'column', { ...evalContext(goalsOf(s, ambush, 'column')), quick: true })
    }
    const inch = judged(0, false) - judged(-1, false)
    expect(inch).toBeGreaterThan(0)
    // Prone, it stands 1" short of where it would be on its feet (standing up costs 1" of the next move), in soft cover.
    const lyingDown = judged(0, false) - judged(0, true)
    expect(lyingDown).toBeLessThan(inch)
    // What makes up for the inch is the soft cover alone: prone 1" farther on, it is judged as if it stood 1" back,
    // on its feet, plus that cover.
    const softCover = inch - lyingDown
    expect(softCover).toBeGreaterThan(0)
    expect(judged(3, true) - judged(2, false)).toBeCloseTo(softCover, 3)
  })
  const quick = (s: MatchState, sideId: string) =>
    evaluate(s, ambushWorld, sideId, { ...evalContext(goalsOf(s, ambush, sideId)), quick: true })
  const table = { widthIn: ambush.table.widthIn, depthIn: ambush.table.depthIn }
  const placed = (s: MatchState, id: string, x: number, change: Partial<FigureState> = {}) => {
    const f = s.figures[id]!
    return withFigure(s, id, {
      position: { x, y: ambushWorld.groundHeightAt(x, f.position.z), z: f.position.z },
      ...change,
    })
  }

  it('only leaving by the east edge gets a figure through; stepping off by its own base line is falling back', () => {
    const goals = goalsOf(start, ambush, 'column')
    const west = placed(start, 'cl1-1', 0.5, { offTable: 'exited' })
    const east = placed(start, 'cl1-1', 59.5, { offTable: 'exited' })
    expect(leftByGoalEdge(west.figures['cl1-1']!, goals, table)).toBe(false)
    expect(leftByGoalEdge(east.figures['cl1-1']!, goals, table)).toBe(true)
    // The edge it left by decides, as the victory count reads it: at the north-east corner, off by the north edge
    // it has not got through, off by the east edge it has.
    const corner = (edge: 'north' | 'east') =>
      withFigure(start, 'cl1-1', { position: { x: 59.6, y: 0, z: 0.4 }, offTable: 'exited', exitEdge: edge })
    expect(leftByGoalEdge(corner('north').figures['cl1-1']!, goals, table)).toBe(false)
    expect(leftByGoalEdge(corner('east').figures['cl1-1']!, goals, table)).toBe(true)
    // Off by the west edge it is out of the fight: worse than standing where it started, let alone getting through.
    expect(quick(west, 'column')).toBeLessThan(quick(start, 'column') - 0.5)
    expect(quick(east, 'column')).toBeGreaterThan(quick(start, 'column') + 3)
  })

  it('a figure that falls never gets through: losing one near the edge costs more than losing one at the start', () => {
    const near = placed(start, 'cl1-1', 50)
    const fallsNear = withFigure(near, 'cl1-1', { status: 'dead' })
    const fallsAtStart = withFigure(start, 'cl1-1', { status: 'dead' })
    const lossNear = quick(near, 'column') - quick(fallsNear, 'column')
    const lossAtStart = quick(start, 'column') - quick(fallsAtStart, 'column')
    expect(lossAtStart).toBeGreaterThan(1)
    expect(lossNear).toBeGreaterThan(lossAtStart + 2)
  })

  it('a partisan team under fire is worth something to the Column (SMLE-ACT-17, Table 3), nothing to the waiting side', () => {
    const seen = { ...start, teams: { ...start.teams, 'pt-a': { ...start.teams['pt-a']!, hidden: false } } }
    const team = seen.teams['pt-a']!
    const shot: MatchState = {
      ...seen,
      teams: {
        ...seen.teams,
        'pt-a': { ...team, fire: { ...team.fire, thisRound: { ...team.fire.thisRound, direct: true } } },
      },
    }
    // Three able partisans under fire: 0.3 each, beside what their next activation roll loses.
    expect(quick(shot, 'column') - quick(seen, 'column')).toBeCloseTo(0.9, 6)
    expect(goalsOf(start, ambush, 'column').suppress).toBeGreaterThan(0)
    expect(goalsOf(start, ambush, 'partisans').suppress).toBe(0)
  })

  it('the Column weighs its next roll by the ground it would cover (Table 1: a Close move against a Stand)', () => {
    const team = start.teams['cl-1']!
    const shot: MatchState = {
      ...start,
      teams: {
        ...start.teams,
        'cl-1': {
          ...team,
          fresh: false,
          fire: { ...team.fire, thisRound: { ...team.fire.thisRound, direct: true, auto: true } },
        },
      },
    }
    const goals = goalsOf(start, ambush, 'column')
    const outlook = (s: MatchState, g: typeof goals) => activationOutlook(s, ambushWorld, 'column', evalContext(g))
    const marching = outlook(start, goals) - outlook(shot, goals)
    const standing = outlook(start, { ...goals, edges: [] }) - outlook(shot, { ...goals, edges: [] })
    // Fire on the 1st squad (SMLE-ACT-17, and its freshness gone) costs it bands, and each band inches of its march.
    expect(standing).toBeGreaterThan(0)
    expect(marching).toBeGreaterThan(standing + 0.3)
  })
  it('SMLE-ACT-10, -14: its command team within a full move of its squads is worth more than far ahead, whatever ground it gains', () => {
    // The command team 3" east of the start line: its nearest figures within a full move of each squad's. 16" east:
    // the 1st squad, the 2nd and the LMG team are all beyond it, and each rolls at −2 instead of +1 until he returns.
    const ahead = (dx: number) => {
      let s: MatchState = start
      for (const id of ['cl-lt', 'cl-h2']) s = placed(s, id, start.figures[id]!.position.x + dx)
      return s
    }
    const near = ahead(3)
    const far = ahead(16)
    const situations = (s: MatchState) =>
      ['cl-1', 'cl-2', 'cl-mg'].map((id) => activationSituation(s, ambushWorld, [id], id).separatedFromLeader)
    expect(situations(near)).toEqual([false, false, false])
    expect(situations(far)).toEqual([true, true, true])
    const score = (s: MatchState) => evaluate(s, ambushWorld, 'column', evalContext(goalsOf(s, ambush, 'column')))
    // 13" more for two men, at the Column's urgency of 3 and 0.025 an inch, is about 2; the ten men left behind roll
    // three lower (SMLE-ACT-10's +1 gone, SMLE-ACT-14's −2 come) for as long as he stays ahead.
    expect(score(near)).toBeGreaterThan(score(far))
  })

  it('SMLE-MOVE-09 (example E02): running a third round in a row costs the march the round it must halt', () => {
    const inRound = (
      round: number,
      runningRounds: number,
      ranThisRound: boolean,
      s: MatchState = start,
    ): MatchState => ({
      ...s,
      round,
      teams: { ...s.teams, 'cl-1': { ...s.teams['cl-1']!, runningRounds, ranThisRound } },
    })
    const goals = goalsOf(start, ambush, 'column')
    const cost = (s: MatchState) => breathCost(s, s.teams['cl-1']!, goals, table)
    // Ran in rounds 1 and 2, runs again in round 3: halts in round 4. Each of the four loses a round's march (12"),
    // at 0.025 an inch and the Column's urgency of 3.
    expect(cost(inRound(3, 2, true))).toBeCloseTo(4 * 0.025 * 3 * 12, 9)
    // Its second round of running, a round it walks, or a round after a halt: nothing lost.
    expect(cost(inRound(2, 1, true))).toBe(0)
    expect(cost(inRound(3, 2, false))).toBe(0)
    expect(cost(inRound(3, 0, true))).toBe(0)
    // The last round: there is no round after it to lose.
    expect(cost(inRound(start.roundLimit, 2, true))).toBe(0)
    // Heavily equipped (body armour), it halts two rounds; with one round left, it loses only that one.
    const heavy = withFigure(start, 'cl1-1', { armour: 'body' })
    expect(cost(inRound(3, 2, true, heavy))).toBeCloseTo(4 * 0.025 * 3 * 24, 9)
    expect(cost(inRound(start.roundLimit - 1, 2, true, heavy))).toBeCloseTo(
      cost(inRound(start.roundLimit - 1, 2, true)),
      9,
    )
    // The round ended (its last activation over): while round 4's rolls are made the halt is set and the running
    // done (SMLE-MOVE-09). The halt to come costs the same, so ending the round's last activation sheds nothing.
    const ended = (s: MatchState, haltRounds: number): MatchState => ({
      ...s,
      phase: 'activation',
      round: 4,
      teams: { ...s.teams, 'cl-1': { ...s.teams['cl-1']!, runningRounds: 0, ranThisRound: false, haltRounds } },
    })
    expect(cost(ended(start, 1))).toBeCloseTo(cost(inRound(3, 2, true)), 9)
    expect(cost(ended(heavy, 2))).toBeCloseTo(cost(inRound(3, 2, true, heavy)), 9)
    // The last round's rolls being made: a heavy team's two halt rounds are cut to the one round left, as its third
    // run in the round before costs.
    expect(cost({ ...ended(heavy, 2), round: start.roundLimit })).toBeCloseTo(
      cost(inRound(start.roundLimit - 1, 2, true, heavy)),
      9,
    )
    // Halted in round 4, its rolls made: nothing more to come for a light team, the second round for a heavy one.
    const halted = (s: MatchState, haltRounds: number): MatchState => ({ ...ended(s, haltRounds), phase: 'play' })
    expect(cost(halted(start, 1))).toBe(0)
    expect(cost(halted(heavy, 2))).toBeCloseTo(cost(inRound(3, 2, true)), 9)
    // A figure 3" from the edge loses no more than those 3"; one already off by it, or fallen, loses nothing.
    let near = inRound(3, 2, true)
    near = placed(near, 'cl1-1', 60 - 3)
    near = withFigure(near, 'cl1-2', { offTable: 'exited', exitEdge: 'east' })
    near = withFigure(near, 'cl1-3', { status: 'dead' })
    const toGo = table.widthIn - near.figures['cl1-4']!.position.x
    expect(toGo).toBeGreaterThan(12)
    expect(cost(near)).toBeCloseTo(0.025 * 3 * (3 + 12), 9)
    // The Column's score pays it; the Partisans' does not count the Column's halts.
    const ran = inRound(3, 2, true)
    const walked = inRound(3, 2, false)
    expect(quick(walked, 'column') - quick(ran, 'column')).toBeCloseTo(cost(ran), 9)
    expect(quick(walked, 'partisans')).toBeCloseTo(quick(ran, 'partisans'), 9)
  })

  it('once too few can still get off in the rounds left, it fights instead: breaking every partisan team wins too (§16)', () => {
    const last = { ...start, round: start.roundLimit }
    // Round 1: all twelve may still get there (59" in 8 rounds). The last round, all at the start line: none can.
    expect(marchHopeless(start, ambush, 'column', 'east', 0.5)).toBe(false)
    expect(marchHopeless(last, ambush, 'column', 'east', 0.5)).toBe(true)
    const fighting = goalsOf(last, ambush, 'column')
    expect(fighting.edges).toEqual([])
    expect(fighting.seekEnemy).toBeGreaterThan(goalsOf(start, ambush, 'column').seekEnemy * 10)
    // Six of twelve within a run of the east edge in the last round: half may still get off, and it marches on.
    const ids = ['cl1-1', 'cl1-2', 'cl1-3', 'cl1-4', 'cl2-1', 'cl2-2']
    let near: MatchState = last
    for (const id of ids) near = placed(near, id, 50)
    expect(marchHopeless(near, ambush, 'column', 'east', 0.5)).toBe(false)
    expect(goalsOf(near, ambush, 'column').edges).toEqual(['east'])
    // Five near and one fallen: no longer.
    const fallen = withFigure(near, 'cl2-2', { status: 'dead' })
    expect(marchHopeless(fallen, ambush, 'column', 'east', 0.5)).toBe(true)
    // Three already off by the east edge and three near: half. Off by the west edge (its own base line), they do not count.
    let off = near
    for (const id of ['cl1-1', 'cl1-2', 'cl1-3']) off = withFigure(off, id, { offTable: 'exited', exitEdge: 'east' })
    expect(marchHopeless(off, ambush, 'column', 'east', 0.5)).toBe(false)
    let back = near
    for (const id of ['cl1-1', 'cl1-2', 'cl1-3']) back = withFigure(back, id, { offTable: 'exited', exitEdge: 'west' })
    expect(marchHopeless(back, ambush, 'column', 'east', 0.5)).toBe(true)
    // Two rounds left, 20" from the edge: two runs reach it.
    let two: MatchState = { ...start, round: start.roundLimit - 1 }
    for (const id of ids) two = placed(two, id, 40)
    expect(marchHopeless(two, ambush, 'column', 'east', 0.5)).toBe(false)
  })
})

describe('SMLE-SCEN-03: the Marines must keep a figure in the pumping station to the end', () => {
  const signals = load(signalsJson)
  const signalsWorld = buildWorld(signals)
  const start = { ...initialState(signals, 1), phase: 'play' as const, round: 2 }
  const quick = (s: MatchState, sideId: string) =>
    evaluate(s, signalsWorld, sideId, { ...evalContext(goalsOf(s, signals, sideId)), quick: true })
  /** Alien pack 3 at a band, its turn still to come, its figures in the north-west corner. */
  const pack3 = (band: number, turn: 'waiting' | 'done'): MatchState => {
    const team = start.teams['al-3']!
    const figures = { ...start.figures }
    team.figureIds.forEach((id, i) => {
      figures[id] = { ...figures[id]!, position: { ...figures[id]!.position, x: 3 + i, z: 4 } }
    })
    const activation = { die: 4, al: band === 9 ? 11 : 9, band, modifiers: [], shifts: [], blockId: team.id }
    return {
      ...start,
      figures,
      teams: { ...start.teams, 'al-3': { ...team, activation, turn } as typeof team },
    }
  }

  it('an alien pack that may still close-assault this round costs each marine figure in its reach (Table 1: B9)', () => {
    const threat = goalsOf(start, signals, 'marines').assaultThreat
    expect(threat).toBeGreaterThan(0)
    expect(goalsOf(start, signals, 'aliens').assaultThreat).toBe(0)
    // A run and the inch of close-combat range (25") reach fire team A's pit and the HQ's (about 22" away), not fire team B's.
    const atB9 = quick(pack3(9, 'waiting'), 'marines')
    expect(quick(pack3(8, 'waiting'), 'marines') - atB9).toBeCloseTo(4 * threat, 6)
    expect(quick(pack3(9, 'done'), 'marines') - atB9).toBeCloseTo(4 * threat, 6)
  })
})

describe('SMLE-SCEN-04: the Garrison guards three objectives and wins when time runs out', () => {
  const commando = load(commandoJson)
  const commandoWorld = buildWorld(commando)
  const start = { ...initialState(commando, 1), phase: 'play' as const, round: 1 }
  // Judged without the activation outlook and with no one in sight of the commandos: only the distances count.
  const quick = (s: MatchState, reserve = true) =>
    evaluate(s, commandoWorld, 'garrison', {
      ...evalContext({ ...goalsOf(s, commando, 'garrison'), reserve }),
      quick: true,
    })
  const moved = (id: string, dz: number) => {
    const f = start.figures[id]!
    const z = f.position.z + dz
    return withFigure(start, id, { position: { x: f.position.x, y: commandoWorld.groundHeightAt(f.position.x, z), z } })
  }

  it('keeps its command team back as its reserve: only its sections are drawn to the objectives', () => {
    expect(goalsOf(start, commando, 'garrison').reserve).toBe(true)
    // The raiders, and every side of the other §16 scenarios, have no reserve.
    expect(goalsOf(start, commando, 'commandos').reserve).toBe(false)
    for (const json of [sevenJson, braveJson, ambushJson, signalsJson]) {
      const sc = load(json)
      const s = initialState(sc, 1)
      for (const side of sc.sides) expect(goalsOf(s, sc, side.id).reserve).toBe(false)
    }
    // A Green section's man is drawn to the fuel dump as before: 8" south of it, he is judged the same either way.
    const south = moved('grd-1', -8)
    expect(quick(south) - quick(start)).toBeCloseTo(quick(south, false) - quick(start, false), 9)
  })

  // The commandos at their start line (z 45–46): the radio hut hides the ground south-east of it from them all.
  const raiders = Object.values(start.figures).filter((f) => f.sideId === 'commandos')
  const placed = (id: string, x: number, z: number) =>
    withFigure(start, id, { position: { x, y: commandoWorld.groundHeightAt(x, z), z }, prone: false })
  const seenBy = (s: MatchState, id: string) =>
    raiders.filter((e) => commandoWorld.sees(e, s.figures[id]!, s.doors)).length

  it("its reserve keeps out of the raiders' sight: it stands unbroken while it is never fired on (§16, Table 1a)", () => {
    const open = placed('gr-h2', 30, 12)
    const hidden = placed('gr-h2', 43, 5)
    expect(seenBy(open, 'gr-h2')).toBeGreaterThan(0)
    expect(seenBy(hidden, 'gr-h2')).toBe(0)
    // Behind the hut it is worth more than in the open, by more than a Green section's man would gain (who pays the
    // side's price for being seen once, not four times).
    const reserveGain = quick(hidden) - quick(open)
    const guard = (x: number, z: number) => placed('grm-1', x, z)
    expect(seenBy(guard(30, 12), 'grm-1')).toBe(seenBy(open, 'gr-h2'))
    expect(seenBy(guard(43, 5), 'grm-1')).toBe(0)
    const exposureOnce = quick(guard(43, 5), false) - quick(guard(30, 12), false)
    expect(reserveGain).toBeGreaterThan(0.3)
    expect(reserveGain).toBeGreaterThan(exposureOnce + 0.2)
  })

  it("a reserve figure in the open is drawn toward the nearest place out of the raiders' sight, however far", () => {
    // Two places 6" apart on the open ground west of the hut, seen by every raider: the one nearer the hut's lee is
    // worth more, by about the pull of those inches (0.025 an inch; the clock does not press the waiting side).
    const farther = placed('gr-h2', 27, 7)
    const nearer = placed('gr-h2', 33, 7)
    expect(seenBy(farther, 'gr-h2')).toBe(seenBy(nearer, 'gr-h2'))
    expect(seenBy(nearer, 'gr-h2')).toBeGreaterThan(0)
    const gain = quick(nearer) - quick(farther)
    expect(gain).toBeGreaterThan(0.1)
    expect(gain).toBeLessThan(0.2)
    // Not the objectives: without the reserve, the same man is pulled toward the radio mast and the bridge alike.
    expect(gain).not.toBeCloseTo(quick(nearer, false) - quick(farther, false), 3)
  })
})

describe('one decision’s kept judgements (a stale one made the look-ahead depend on the order it looked in)', () => {
  const brave = load(braveJson)
  const braveWorld = buildWorld(brave)
  const at = (x: number, z: number) => ({ x, y: braveWorld.groundHeightAt(x, z), z })
  const free = (s: MatchState, f: FigureState, x: number, z: number): boolean =>
    x > 1 &&
    z > 1 &&
    x < braveWorld.widthIn - 1 &&
    z < braveWorld.depthIn - 1 &&
    braveWorld.footprintBlocker({ x, z }, f.baseRadiusIn, s.doors) === null

  /**
   * What a look-ahead meets within one decision, from `base`: a figure moved and turned (the sift moves it without
   * turning it; the rules turn it the way it walked), an enemy figure moved (an answer at its window) or shot down,
   * a door opened, a leader's grade changed, a figure run up to 2" short of an enemy figure (the nearest enemy of
   * both, and the cover each has from him, change: the activation outlook of both sides' units reads them), one side
   * come round behind the other (each figure to the far side of the other side's middle: the cover each unit has from
   * its nearest enemy turns), and an enemy wounded, or having fired, where he stands.
   */
  function variantsOf(base: MatchState): MatchState[] {
    const able = (sideId: string) =>
      Object.values(base.figures).filter((f) => f.sideId === sideId && f.offTable === null && f.status !== 'dead')
    const militia = able('militia')
    const rangers = able('rangers')
    const out: MatchState[] = []
    for (const f of militia)
      for (const turn of [0, 90, 180]) out.push(withFigure(base, f.id, { facingDeg: (f.facingDeg + turn) % 360 }))
    for (const e of rangers) {
      if (free(base, e, e.position.x, e.position.z - 6))
        out.push(withFigure(base, e.id, { position: at(e.position.x, e.position.z - 6) }))
      out.push(withFigure(base, e.id, { status: 'dead' }))
      out.push(withFigure(base, e.id, { status: 'lightWound' }))
      out.push(withFigure(base, e.id, { firedThisRound: true }))
    }
    // A leader's grade rolled (SMLE-QUAL-06): his group's +1 becomes what the grade gives (SMLE-ACT-10).
    for (const g of Object.values(base.groups)) {
      const leaderGrade = g.leaderGrade === 'exceptional' ? 'incompetent' : 'exceptional'
      out.push({ ...base, groups: { ...base.groups, [g.id]: { ...g, leaderGrade } } })
    }
    for (const id of Object.keys(base.doors)) {
      const open = base.doors[id]!.state === 'open'
      out.push({ ...base, doors: { ...base.doors, [id]: { ...base.doors[id]!, state: open ? 'closed' : 'open' } } })
    }
    for (const [mine, theirs] of [
      [militia, rangers],
      [rangers, militia],
    ] as const) {
      for (const f of mine.slice(0, 3))
        for (const e of theirs) {
          const d = Math.hypot(e.position.x - f.position.x, e.position.z - f.position.z)
          const k = Math.max(0, (d - 2) / d)
          const x = f.position.x + (e.position.x - f.position.x) * k
          const z = f.position.z + (e.position.z - f.position.z) * k
          if (free(base, f, x, z)) out.push(withFigure(base, f.id, { position: at(x, z) }))
        }
      if (theirs.length === 0) continue
      const mx = theirs.reduce((t, f) => t + f.position.x, 0) / theirs.length
      const mz = theirs.reduce((t, f) => t + f.position.z, 0) / theirs.length
      let behind = base
      for (const f of mine) {
        const x = 2 * mx - f.position.x
        const z = 2 * mz - f.position.z
        if (free(base, f, x, z))
          behind = withFigure(behind, f.id, { position: at(x, z), facingDeg: (f.facingDeg + 180) % 360 })
      }
      out.push(behind)
    }
    return out
  }

  /** Each of `variants` judged in turn with one context, against each judged with nothing kept, for both sides. */
  function expectOrderFree(base: MatchState, variants: readonly MatchState[]): void {
    for (const sideId of ['militia', 'rangers']) {
      const shared = evalContext(goalsOf(base, brave, sideId))
      const inTurn = variants.map((s) => evaluate(s, braveWorld, sideId, shared))
      const alone = variants.map((s) => evaluate(s, braveWorld, sideId, evalContext(goalsOf(s, brave, sideId))))
      expect(inTurn).toEqual(alone)
    }
  }

  it('each state scores the same whether judged first, with nothing kept, or after all the others in the same decision', () => {
    const start: MatchState = { ...initialState(brave, 1), phase: 'play', round: 2 }
    expectOrderFree(start, variantsOf(start))
  })

  it('a unit’s roll outlook follows where the enemy stands (SMLE-ACT-11: cover from the nearest enemy)', () => {
    // The 1st Section inside the barn: the Rangers where they set up see it through the walls' openings (no cover);
    // come round north of the barn, they have its walls between (hard cover, +1 to its roll).
    let base: MatchState = { ...initialState(brave, 1), phase: 'play', round: 2 }
    const section = Object.values(base.figures).filter((f) => f.teamId.startsWith('m1'))
    section.forEach((f, i) => (base = withFigure(base, f.id, { position: at(27 + (i % 6), 29 + Math.floor(i / 6)) })))
    let north = base
    Object.values(base.figures)
      .filter((f) => f.sideId === 'rangers')
      .forEach((e, i) => (north = withFigure(north, e.id, { position: at(14 + (i % 4), 10 + Math.floor(i / 4)) })))
    const cover = (s: MatchState) => activationSituation(s, braveWorld, ['m1a', 'm1b', 'm1c'], 'm1a').cover
    expect([cover(base), cover(north)]).toEqual(['none', 'hard'])
    expectOrderFree(base, [base, north, base])
  })

  it('the same holds in the thick of a game (figures in the buildings, wounded, under fire, doors opened)', () => {
    const states: MatchState[] = []
    let commands = 0
    const player = randomPlayer(seedRng(7))
    playOutWith(
      startMatch(newHeader(brave, 7, 'quick')),
      (m) => player.next(m.state, m.world),
      20000,
      (m) => {
        if (++commands % 50 === 0 && m.state.phase === 'play' && states.length < 6) states.push(m.state)
      },
    )
    expect(states.length).toBeGreaterThanOrEqual(4)
    for (const s of states) expectOrderFree(s, variantsOf(s))
  })
})

describe('kept judgements that go with a figure’s team or vehicle', () => {
  /**
   * Each of `states` judged in turn with one context and each alone, for each of `sides`: with the full judgement and
   * with the sift's quick one.
   */
  function expectOrderFreeIn(scenario: Scenario, states: readonly MatchState[], sides: readonly string[]): void {
    for (const sideId of sides)
      for (const quick of [false, true]) {
        const world = buildWorld(scenario)
        const context = () => ({ ...evalContext(goalsOf(states[0]!, scenario, sideId)), quick })
        const shared = context()
        const inTurn = states.map((s) => evaluate(s, world, sideId, shared))
        const alone = states.map((s) => evaluate(s, buildWorld(scenario), sideId, context()))
        expect(inTurn).toEqual(alone)
      }
  }

  it('the Garrison’s lieutenant transferred out of its command team (SMLE-ORG-08) is no longer its reserve’s', () => {
    // SMLE-SCEN-04: the Garrison's command team is its reserve, and pays four times the price for being seen; the
    // lieutenant standing by the mast, then gone over to its team (his body the same, his team another).
    const commando = load(commandoJson)
    const world = buildWorld(commando)
    const start: MatchState = { ...initialState(commando, 1), phase: 'activation', round: 1 }
    expect(goalsOf(start, commando, 'garrison').reserve).toBe(true)
    const states: MatchState[] = []
    for (const [x, z] of [
      [24, 28.6],
      [20, 28],
      [28.5, 28.5],
    ] as const) {
      const there = withFigure(start, 'gr-lt', { position: { x, y: world.groundHeightAt(x, z), z } })
      const lt = there.figures['gr-lt']!
      const over: MatchState = {
        ...there,
        figures: { ...there.figures, [lt.id]: { ...lt, teamId: 'gr-bridge' } },
        teams: {
          ...there.teams,
          'gr-hq': {
            ...there.teams['gr-hq']!,
            figureIds: there.teams['gr-hq']!.figureIds.filter((id) => id !== lt.id),
          },
          'gr-bridge': { ...there.teams['gr-bridge']!, figureIds: [...there.teams['gr-bridge']!.figureIds, lt.id] },
        },
      }
      states.push(there, over)
    }
    expectOrderFreeIn(commando, states, ['garrison', 'commandos'])
  })

  it('a vehicle badly damaged (SMLE-VEH-15: VSW, it may not fire) takes its crew’s weapons, and the reach they threaten with, away', () => {
    const farm = load(farmJson)
    const start: MatchState = { ...initialState(farm, 1), phase: 'activation', round: 1 }
    const states: MatchState[] = [start]
    for (const id of Object.keys(start.vehicles)) {
      const v = start.vehicles[id]!
      const crew = start.teams[v.crewTeamId]!
      // Shot at and missed (its crew under fire), then hit (the vehicle badly damaged).
      const marked: MatchState = {
        ...start,
        teams: {
          ...start.teams,
          [crew.id]: { ...crew, fire: { ...crew.fire, thisRound: { ...crew.fire.thisRound, direct: true } } },
        },
      }
      const hit: MatchState = { ...marked, vehicles: { ...start.vehicles, [id]: { ...v, status: 'VSW', vswCount: 1 } } }
      states.push(marked, hit, start)
    }
    expectOrderFreeIn(
      farm,
      states,
      farm.sides.map((s) => s.id),
    )
  })
})
