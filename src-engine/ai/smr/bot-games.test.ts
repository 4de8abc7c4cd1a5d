import contactJson from '../../../assets/scenarios/smr-contact.json'
import villageJson from '../../../assets/scenarios/smr-village-invasion.json'
import { describe, expect, it } from 'vitest'
import { dispatch, newMatchHeader, startMatchOf } from '../../core/match'
import { parseScenario } from '../../rules/loading'
import { playOutSmrWith, type SmrMatch } from '../../rules/smr/random-player'
import type { SmrCommand } from '../../rules/smr/commands/index'
import { smr } from '../../rules/smr/ruleset'
import type { SmrScenario } from '../../rules/smr/scenario'
import type { PlayerSpec } from '../smle/players'
import { smrPlayersFor } from './players'

const scenarioOf = (json: unknown): SmrScenario => {
  const parsed = parseScenario(json)
  if (!parsed.ok) throw new Error(parsed.message)
  return parsed.scenario as SmrScenario
}
const BUILT_IN: readonly SmrScenario[] = [scenarioOf(contactJson), scenarioOf(villageJson)]
const start = (s: SmrScenario, seed: number): SmrMatch => startMatchOf(smr, newMatchHeader(smr, s, seed, 'quick'))
const bot = (level: 'easy' | 'normal' | 'hard'): PlayerSpec => ({ kind: 'bot', level })

/** Plays `commands` commands (or to the end) with `next`, each one to the rules: the first refused one fails. */
function playSome(m: SmrMatch, next: (m: SmrMatch) => SmrCommand | null, commands: number): SmrMatch {
  for (let i = 0; i < commands && m.state.phase !== 'ended'; i++) {
    const cmd = next(m)
    expect(cmd, `a command for ${m.state.actingSide} at turn ${m.state.turn}`).toBeTruthy()
    const r = dispatch(m, cmd!)
    expect(r.decision.ok ? 'accepted' : { cmd, reason: r.decision.reason }).toBe('accepted')
    m = r.match
  }
  return m
}

describe('the SMR computer opponent plays by the rules', { timeout: 180_000 }, () => {
  it('Contact: computer against computer and against the random player on each side, every command accepted, each game ends', () => {
    const s = BUILT_IN[0]!
    const line: [Record<string, PlayerSpec>, number][] = [
      [{ normans: bot('easy'), saxons: bot('normal') }, 3],
      [{ normans: bot('normal') }, 4],
      [{ saxons: bot('hard') }, 5],
    ]
    for (const [players, seed] of line) {
      // playOutSmrWith throws on the first refused command, on a side given no command, and on a game that does not end.
      const r = playOutSmrWith(start(s, seed), smrPlayersFor(players, seed), 6000)
      expect(r.match.state.phase).toBe('ended')
      expect(r.turns).toBeGreaterThan(1)
    }
  }, 180_000)

  it('Contact, computer against computer: the last units do not stand apart for ever (SMR-SETUP-08, SMR-MOVE-04)', () => {
    // No turn limit: the battle ends only when a side has no unit left that is not routed. In these games (each side
    // the computer at one level) the last units stood still a few inches apart for thousands of turns, every move
    // between them costing more than the allowance over the ground it crossed (seed 90007 at easy: a peasant and the
    // thegn 5.6" apart from turn 16 on, a charge costing 8" of the peasant's 4"; 91025 at easy: two peasants 6" from
    // the thegn from turn 54 on).
    const s = BUILT_IN[0]!
    for (const [seed, level] of [
      [91025, 'easy'],
      [91053, 'hard'],
      [90007, 'easy'],
      [90071, 'hard'],
    ] as const) {
      const r = playOutSmrWith(start(s, seed), smrPlayersFor({ normans: bot(level), saxons: bot(level) }, seed), 1500)
      expect(r.match.state.phase).toBe('ended')
    }
  })

  it('Village Invasion: the first turns of computer against computer and against the random player, every command accepted', () => {
    const s = BUILT_IN[1]!
    const line: [Record<string, PlayerSpec>, number][] = [
      [{ villagers: bot('easy'), raiders: bot('easy') }, 3],
      [{ raiders: bot('normal') }, 4],
      [{ villagers: bot('normal') }, 5],
    ]
    for (const [players, seed] of line) {
      const m = playSome(start(s, seed), smrPlayersFor(players, seed), 150)
      expect(m.state.turn).toBeGreaterThan(2)
    }
  }, 180_000)

  it('Contact: it beats the random player on either side, keeping its men out of the archers it cannot answer', () => {
    // A unit left in a bow's 12" is shot at each turn it stays (SMR-MISS-01); judged by half the next volley, the
    // computer won 44 of these 60 games (22 as the Normans, 22 as the Saxons), standing its men in the enemy's range.
    const s = BUILT_IN[0]!
    let wins = 0
    for (const side of ['normans', 'saxons'])
      for (let seed = 1; seed <= 30; seed++) {
        const r = playOutSmrWith(start(s, seed), smrPlayersFor({ [side]: bot('normal') }, seed), 6000)
        if (r.winnerSideId === side) wins++
      }
    expect(wins).toBeGreaterThanOrEqual(48)
  }, 180_000)

  it('the same seeds give the same game (the computer draws from its own generator only)', () => {
    const s = BUILT_IN[0]!
    const play = () => playOutSmrWith(start(s, 8), smrPlayersFor({ normans: bot('easy') }, 8), 6000)
    expect(play().match.entries).toEqual(play().match.entries)
  })
})
