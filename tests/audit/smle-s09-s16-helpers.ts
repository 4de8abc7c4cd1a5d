/** Shared set-ups for the §9–§16 audit (black-box: public API and the test fixtures only). */
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import {
  dispatch,
  type GameEvent,
  legalCommands,
  type Match,
  newHeader,
  type Scenario,
  type ScenarioInput,
  ScenarioSchema,
  startMatch,
} from '../../src-engine/index'
import type { CommandInput } from '../../src-engine/rules/smle/commands/index'
import { unitActivation } from '../../src-engine/rules/smle/activation'
import { withTeam } from '../fixtures/play'

export const ROOT = join(__dirname, '..', '..')

type TeamInput = ScenarioInput['teams'][number]
type FigureInput = TeamInput['figures'][number]

/** A figure at (x, z) with defaults; pass anything of FigureSpec to change it. */
export function fig(id: string, x: number, z: number, more: Partial<FigureInput> = {}): FigureInput {
  return { id, name: id, position: { x, z }, ...more }
}

/** A flat 48"×48" table: Blue deploys south (z 36–48), Red north (z 0–12). */
export function flat(teams: TeamInput[], more: Partial<ScenarioInput> = {}): Scenario {
  return ScenarioSchema.parse({
    formatVersion: 1,
    id: 'audit-flat',
    name: 'Audit flat table',
    ruleset: 'smle',
    table: { widthIn: 48, depthIn: 48 },
    sides: [
      { id: 'blue', name: 'Blue', colour: '#0000ff', deploymentZone: { minX: 0, minZ: 36, maxX: 48, maxZ: 48 } },
      { id: 'red', name: 'Red', colour: '#ff0000', deploymentZone: { minX: 0, minZ: 0, maxX: 48, maxZ: 12 } },
    ],
    firstSideId: 'blue',
    teams,
    ...more,
  })
}

export function builtIn(name: string): Scenario {
  return ScenarioSchema.parse(JSON.parse(readFileSync(join(ROOT, 'assets', 'scenarios', `${name}.json`), 'utf8')))
}

export function start(scenario: Scenario, seed = 1): Match {
  return startMatch(newHeader(scenario, seed, 'quick'))
}

export type Rolled = Extract<GameEvent, { type: 'DiceRolled' }>
export const rolls = (events: readonly GameEvent[], purpose?: string | RegExp): Rolled[] =>
  events.filter(
    (e): e is Rolled =>
      e.type === 'DiceRolled' &&
      (purpose === undefined || (typeof purpose === 'string' ? e.purpose === purpose : purpose.test(e.purpose))),
  )
export const ofType = <T extends GameEvent['type']>(
  events: readonly GameEvent[],
  t: T,
): Extract<GameEvent, { type: T }>[] => events.filter((e): e is Extract<GameEvent, { type: T }> => e.type === t)
export const sum = (xs: readonly number[]): number => xs.reduce((a, b) => a + b, 0)
export const modSum = (r: Rolled): number => sum(r.modifiers.map((m) => m.value))
export const modOf = (r: Rolled, re: RegExp): number | undefined => r.modifiers.find((m) => re.test(m.label))?.value

/** Dispatches; throws with the clause on refusal. Returns the new match and its events. */
export function act(m: Match, c: CommandInput): { match: Match; events: readonly GameEvent[] } {
  const r = dispatch(m, c)
  if (!r.decision.ok)
    throw new Error(`${r.decision.reason.clause}: ${r.decision.reason.message} (${JSON.stringify(c)})`)
  return { match: r.match, events: r.decision.events }
}

/** The refusal's clause, or 'accepted'. */
export function clauseOf(m: Match, c: CommandInput): string {
  const r = dispatch(m, c)
  return r.decision.ok ? 'accepted' : r.decision.reason.clause
}

/** Every legal command of a type for the side to act. */
export function legalOfType(m: Match, side: string, type: string): CommandInput[] {
  return legalCommands(m.state, m.world, side).filter((c) => c.type === type) as CommandInput[]
}

/** Tries seeds until `pick` is true of the result of `run`; returns the first such result. */
export function findSeed<T>(run: (seed: number) => T | null, pick: (t: T) => boolean, tries = 400): T {
  for (let s = 1; s <= tries; s++) {
    const t = run(s)
    if (t !== null && pick(t)) return t
  }
  throw new Error('no seed found')
}

/** With a match at a given seed: re-seeds the generator of `m` (same state otherwise). */
export function reseed(m: Match, seed: number): Match {
  const fresh = startMatch(newHeader(m.header.scenario, seed, 'quick'))
  return { ...m, header: fresh.header, state: { ...m.state, rng: fresh.state.rng } }
}

/**
 * Plays the game on with real commands (every window held, every turn ended at once, activation rolled)
 * until round `round` is in play, or the game ends.
 */
export function playToRound(match: Match, round: number): Match {
  let m = match
  for (let i = 0; i < 2000; i++) {
    const s = m.state
    if (s.phase === 'ended' || (s.round >= round && s.phase === 'play')) return m
    const c = endTurnCommand(m)
    m = act(m, c).match
  }
  throw new Error('playToRound: too many commands')
}

/** The command that passes: hold fire, decline, roll, or end the active team's turn (its compulsory move first). */
export function endTurnCommand(m: Match): CommandInput {
  const s = m.state
  const side = s.activeSideId
  if (s.pending?.kind === 'opportunity') return { type: 'holdFire', sideId: s.pending.sideId, until: 'move' }
  if (s.pending?.kind === 'fireReaction') return { type: 'reactToFire', sideId: s.pending.sideId, prone: [] }
  if (s.pending?.kind === 'interrupt') return { type: 'declineInterrupt', sideId: s.pending.sideId }
  if (s.phase === 'setup') return { type: 'endSetup', sideId: side }
  if (s.phase === 'activation') return { type: 'rollActivation', sideId: side }
  const u = s.activeUnit
  const teamId = u?.teamIds[u.index]
  if (!teamId) throw new Error('no active team')
  const end: CommandInput = { type: 'endActivation', teamId }
  if (dispatch(m, end).decision.ok) return end
  const options = legalCommands(s, m.world, side)
  const pick =
    options.find((c) => c.type === 'fallBack') ??
    options.find((c) => c.type === 'endActivation') ??
    options.find((c) => c.type === 'moveFigure') ??
    options[0] // a Fanatic team must take its most aggressive option (SMLE-MOT-04)
  if (!pick) throw new Error(`no way to end ${teamId}'s turn`)
  return pick as CommandInput
}

/**
 * Sets a team's AL as if rolled: its phase-1 die is chosen so that die + its real modifiers make `al`, so
 * the engine's recomputations (SMLE-ACT-16) keep it while the situation does not change.
 */
export function withAl(m: Match, teamId: string, al: number, patch: Parameters<typeof withTeam>[2] = {}): Match {
  const zero = unitActivation(m.state, m.world, teamId, 0)
  const die = al - zero.al
  const r = unitActivation(m.state, m.world, teamId, die)
  const activation = {
    die,
    al: r.al,
    band: r.band,
    modifiers: [...r.modifiers],
    shifts: [...r.shifts],
    blockId: teamId,
  }
  return withTeam(m, teamId, { activation, ...patch })
}
