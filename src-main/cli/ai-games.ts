import type { BotLevel } from '../../src-engine/ai/bot'
import { newHeader, startMatch } from '../../src-engine/rules/smle/match'
import { playOutWith } from '../../src-engine/rules/smle/queries/playout'
import type { Scenario } from '../../src-engine/rules/smle/scenario/schema'
import { type PlayerSpec, playersFor } from '../../src-engine/ai/smle/players'
import { smrPlayersFor } from '../../src-engine/ai/smr/players'
import { newMatchHeader, startMatchOf } from '../../src-engine/core/match'
import { playOutSmrWith, smr, type SmrScenario } from '../../src-engine/rules/smr/index'

/** How the computer did on one side of one scenario against the random player. */
export interface SideReport {
  readonly scenarioId: string
  readonly sideId: string
  readonly games: number
  readonly wins: number
  readonly draws: number
  readonly losses: number
  /** Games that stopped on a refused command or did not end (none expected). */
  readonly failures: number
  /** Each of those games: its seed and what stopped it. */
  readonly stopped: readonly { readonly seed: number; readonly message: string }[]
  /** Time per command the computer gave, ms. */
  readonly decisionMs: readonly number[]
}

/**
 * Plays `games` games of `scenario` with the computer (at `level`) on
 * `sideId` and the random player on every other side, quick dice, seeds
 * `firstSeed`…: the computer's wins, draws and losses.
 */
export function reportSide(
  scenario: Scenario,
  sideId: string,
  games: number,
  level: BotLevel = 'normal',
  firstSeed = 1,
): SideReport {
  let wins = 0
  let draws = 0
  let losses = 0
  let failures = 0
  const stopped: { seed: number; message: string }[] = []
  const decisionMs: number[] = []
  const players: Record<string, PlayerSpec> = { [sideId]: { kind: 'bot', level } }
  for (let g = 0; g < games; g++) {
    const seed = (firstSeed + g) >>> 0
    const next = playersFor(players, seed)
    try {
      const r = playOutWith(startMatch(newHeader(scenario, seed, 'quick')), (m) => {
        const mine = (m.state.pending?.sideId ?? m.state.activeSideId) === sideId
        const t0 = performance.now()
        const c = next(m)
        if (mine) decisionMs.push(performance.now() - t0)
        return c
      })
      if (r.winnerSideId === sideId) wins++
      else if (r.winnerSideId === null) draws++
      else losses++
    } catch (err) {
      failures++
      stopped.push({ seed, message: err instanceof Error ? err.message : String(err) })
    }
  }
  return { scenarioId: scenario.id, sideId, games, wins, draws, losses, failures, stopped, decisionMs }
}

/** How a run of computer-against-computer games went: every command the computer gave must have been accepted. */
export interface LegalityReport {
  readonly games: number
  readonly commands: number
  /** Games stopped by a refused command, or that did not end: scenario, seed and what went wrong. */
  readonly failures: readonly { readonly scenarioId: string; readonly seed: number; readonly message: string }[]
  readonly seconds: number
}

/**
 * Plays `games` computer-against-computer games, taking the scenarios in
 * turn (SMLE and SMR alike, each by its own computer) and the levels in turn
 * (easy, normal, hard on both sides), quick dice, seeds `firstSeed`…, and
 * records any game the rules stopped (a refused command) or that did not
 * end. `onGame` hears after each game.
 */
export function legalityRun(
  scenarios: readonly (Scenario | SmrScenario)[],
  games: number,
  firstSeed = 1,
  onGame?: (done: number, report: LegalityReport) => void,
): LegalityReport {
  const levels: readonly BotLevel[] = ['easy', 'normal', 'hard']
  const failures: { scenarioId: string; seed: number; message: string }[] = []
  let commands = 0
  const t0 = performance.now()
  const report = (n: number): LegalityReport => ({
    games: n,
    commands,
    failures,
    seconds: (performance.now() - t0) / 1000,
  })
  for (let g = 0; g < games; g++) {
    const scenario = scenarios[g % scenarios.length]!
    const level = levels[Math.floor(g / scenarios.length) % levels.length]!
    const seed = (firstSeed + g) >>> 0
    const players = Object.fromEntries(scenario.sides.map((s) => [s.id, { kind: 'bot', level } as PlayerSpec]))
    try {
      commands +=
        scenario.ruleset === 'smr'
          ? playOutSmrWith(
              startMatchOf(smr, newMatchHeader(smr, scenario, seed, 'quick')),
              smrPlayersFor(players, seed),
              SMR_MAX_COMMANDS,
            ).commands
          : playOutWith(startMatch(newHeader(scenario, seed, 'quick')), playersFor(players, seed)).commands
    } catch (err) {
      failures.push({ scenarioId: scenario.id, seed, message: err instanceof Error ? err.message : String(err) })
    }
    onGame?.(g + 1, report(g + 1))
  }
  return report(games)
}

/** The most commands an SMR game may take before it counts as one that did not end (as for SMLE's). */
const SMR_MAX_COMMANDS = 20000

/** `reportSide` for an SMR scenario: the computer on `sideId`, the random player on the other side. */
export function reportSmrSide(
  scenario: SmrScenario,
  sideId: string,
  games: number,
  level: BotLevel = 'normal',
  firstSeed = 1,
): SideReport {
  let wins = 0
  let draws = 0
  let losses = 0
  let failures = 0
  const stopped: { seed: number; message: string }[] = []
  const decisionMs: number[] = []
  const players: Record<string, PlayerSpec> = { [sideId]: { kind: 'bot', level } }
  for (let g = 0; g < games; g++) {
    const seed = (firstSeed + g) >>> 0
    const next = smrPlayersFor(players, seed)
    try {
      const r = playOutSmrWith(
        startMatchOf(smr, newMatchHeader(smr, scenario, seed, 'quick')),
        (m) => {
          const mine = m.state.actingSide === sideId
          const t0 = performance.now()
          const c = next(m)
          if (mine) decisionMs.push(performance.now() - t0)
          return c
        },
        SMR_MAX_COMMANDS,
      )
      if (r.winnerSideId === sideId) wins++
      else if (r.winnerSideId === null) draws++
      else losses++
    } catch (err) {
      failures++
      stopped.push({ seed, message: err instanceof Error ? err.message : String(err) })
    }
  }
  return { scenarioId: scenario.id, sideId, games, wins, draws, losses, failures, stopped, decisionMs }
}
