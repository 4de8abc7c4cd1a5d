/**
 * Helpers for the black-box audit of SMLE §1–§8: small open tables built in
 * the test, and ways to read what the engine decided (activation modifiers,
 * refusals, previews). Only the public API and the shared fixtures are used.
 */
import {
  dispatch,
  legalCommands,
  type CommandInput,
  type GameEvent,
  type Match,
  type MatchState,
  type RollModifier,
  type Scenario,
  ScenarioSchema,
  type ScenarioInput,
} from '../../src-engine/index'
import { newMatch } from '../fixtures/play'

export type TeamInput = NonNullable<ScenarioInput['teams']>[number]
export type FigureInput = TeamInput['figures'][number]

/** A figure at (x, z) with a rifle, light armour. */
export function fig(id: string, x: number, z: number, extra: Partial<FigureInput> = {}): FigureInput {
  return { id, name: id, position: { x, z }, ...extra }
}

/** A team of `sideId`. */
export function team(id: string, sideId: string, figures: FigureInput[], extra: Partial<TeamInput> = {}): TeamInput {
  return { id, name: id, sideId, figures, ...extra }
}

/**
 * An open, flat 48"×48" table: Blue deploys along the south edge (z 40–48,
 * base line south), Red along the north (z 0–8, base line north).
 */
export function field(teams: TeamInput[], extra: Partial<ScenarioInput> = {}): Scenario {
  return ScenarioSchema.parse({
    formatVersion: 1,
    id: 'audit-field',
    name: 'Audit field',
    ruleset: 'smle',
    table: { widthIn: 48, depthIn: 48 },
    sides: [
      { id: 'blue', name: 'Blue', colour: '#0000ff', deploymentZone: { minX: 0, minZ: 40, maxX: 48, maxZ: 48 } },
      { id: 'red', name: 'Red', colour: '#ff0000', deploymentZone: { minX: 0, minZ: 0, maxX: 48, maxZ: 8 } },
    ],
    firstSideId: 'blue',
    teams,
    ...extra,
  })
}

/** Dispatches a command that must be accepted; returns the game and its events. */
export function must(match: Match, command: CommandInput): { match: Match; events: readonly GameEvent[] } {
  const r = dispatch(match, command)
  if (!r.decision.ok)
    throw new Error(`${r.decision.reason.clause}: ${r.decision.reason.message} (${JSON.stringify(command)})`)
  return { match: r.match, events: r.decision.events }
}

/** The refusal of a command (clause and message), or null if accepted. */
export function refusal(match: Match, command: CommandInput): { clause: string; message: string } | null {
  const r = dispatch(match, command)
  return r.decision.ok ? null : { clause: r.decision.reason.clause, message: r.decision.reason.message }
}

/** Both sides roll activation (phase 1). Returns the game in play and the events. */
export function rollBoth(match: Match): { match: Match; events: GameEvent[] } {
  const events: GameEvent[] = []
  let m = match
  for (let i = 0; i < 2 && m.state.phase === 'activation'; i++) {
    const r = must(m, { type: 'rollActivation', sideId: m.state.activeSideId })
    events.push(...r.events)
    m = r.match
  }
  return { match: m, events }
}

/** The `ActivationSet` (rolled) event for a team. */
export function activationOf(events: readonly GameEvent[], teamId: string) {
  const e = [...events].reverse().find((x) => x.type === 'ActivationSet' && x.teamId === teamId)
  if (!e || e.type !== 'ActivationSet') throw new Error(`no activation for ${teamId}`)
  return e.activation
}

/** The modifier of a list whose label matches, or undefined. */
export function mod(mods: readonly RollModifier[], re: RegExp): RollModifier | undefined {
  return mods.find((m) => re.test(m.label))
}

/** The modifiers' sum. */
export function sum(mods: readonly RollModifier[]): number {
  return mods.reduce((a, m) => a + m.value, 0)
}

/** Table 1: band of a score (SMLE-ACT-01, SMLE-ACT-03). */
export function bandOf(score: number): number {
  if (score >= 13) return 10
  if (score >= 11) return 9
  if (score >= 9) return 8
  if (score === 8) return 7
  if (score === 7) return 6
  if (score === 6) return 5
  if (score === 5) return 4
  if (score >= 3) return 3
  if (score === 2) return 2
  if (score === 1) return 1
  return 0
}

/** Finds a seed in [1, limit] whose game satisfies `ok` after `prepare`. */
export function findSeed<T>(
  limit: number,
  build: (seed: number) => T,
  ok: (value: T) => boolean,
): { seed: number; value: T } {
  for (let seed = 1; seed <= limit; seed++) {
    try {
      const value = build(seed)
      if (ok(value)) return { seed, value }
    } catch {
      // a seed whose set-up does not play is skipped
    }
  }
  throw new Error(`no seed in 1..${limit}`)
}

/** A new game of `scenario` at `seed` with quick dice, rolled through phase 1. */
export function rolledGame(scenario: Scenario, seed: number) {
  return rollBoth(newMatch(seed, scenario))
}

/** Whether `legalCommands` offers a command matching `pred`. */
export function offers(match: Match, sideId: string, pred: (c: CommandInput) => boolean): boolean {
  return legalCommands(match.state, match.world, sideId).some((c) => pred(c as CommandInput))
}

/** Every events' types. */
export function types(events: readonly GameEvent[]): string[] {
  return events.map((e) => e.type)
}

/** The team state. */
export function teamOf(state: MatchState, id: string) {
  const t = state.teams[id]
  if (!t) throw new Error(`no team ${id}`)
  return t
}
/** The figure state. */
export function figOf(state: MatchState, id: string) {
  const f = state.figures[id]
  if (!f) throw new Error(`no figure ${id}`)
  return f
}

/** The team whose turn it is. */
export function actingId(match: Match): string | undefined {
  const u = match.state.activeUnit
  return u ? u.teamIds[u.index] : undefined
}

/**
 * Plays on until the current round is over (phase 1 of the next round, or the
 * end): every opportunity is held, nobody drops prone, interrupts are
 * declined, and each team ends its turn (falling back first when it must).
 * `hook` may give the acting team's commands before it ends its turn.
 * Returns the game and every event on the way.
 */
export function finishRound(
  match: Match,
  hook: (m: Match, teamId: string, turn: 'first' | 'second') => CommandInput[] = () => [],
): { match: Match; events: GameEvent[] } {
  let m = match
  const events: GameEvent[] = []
  const startRound = m.state.round
  const hooked = new Set<string>()
  for (let i = 0; i < 2000; i++) {
    const s = m.state
    if (s.phase === 'ended') break
    if (s.phase === 'activation' && s.round > startRound) break
    if (s.phase === 'activation') {
      const r = must(m, { type: 'rollActivation', sideId: s.activeSideId })
      events.push(...r.events)
      m = r.match
      continue
    }
    let cmd: CommandInput
    if (s.pending?.kind === 'opportunity') cmd = { type: 'holdFire', sideId: s.pending.sideId, until: 'move' }
    else if (s.pending?.kind === 'fireReaction') cmd = { type: 'reactToFire', sideId: s.pending.sideId, prone: [] }
    else if (s.pending?.kind === 'interrupt') cmd = { type: 'declineInterrupt', sideId: s.pending.sideId }
    else {
      const id = actingId(m)
      if (!id) throw new Error('no acting team')
      const turn = s.activeUnit?.turn ?? 'first'
      const key = `${s.round}:${id}:${turn}`
      if (!hooked.has(key)) {
        hooked.add(key)
        for (const c of hook(m, id, turn)) {
          const r = must(m, c)
          events.push(...r.events)
          m = r.match
        }
        continue
      }
      cmd = { type: 'endActivation', teamId: id }
      const r0 = dispatch(m, cmd)
      if (!r0.decision.ok) {
        const fb = dispatch(m, { type: 'fallBack', teamId: id })
        if (fb.decision.ok) {
          events.push(...fb.decision.events)
          m = fb.match
          continue
        }
        // anything the rules accept that ends the turn eventually
        const legal = legalCommands(m.state, m.world, m.state.activeSideId)
        const pick = legal.find((c) => c.type === 'endActivation') ?? legal[0]
        if (!pick) throw new Error(`stuck: ${r0.decision.reason.clause}`)
        const r = must(m, pick as CommandInput)
        events.push(...r.events)
        m = r.match
        continue
      }
      events.push(...r0.decision.events)
      m = r0.match
      continue
    }
    const r = must(m, cmd)
    events.push(...r.events)
    m = r.match
  }
  return { match: m, events }
}
