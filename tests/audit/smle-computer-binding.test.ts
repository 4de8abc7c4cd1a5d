/**
 * Audit of the clauses that bind a computer-controlled SMLE team (the
 * `[decision]` clauses of /work/shared/rules/smle.md that speak of computer,
 * solo or automated play): SMLE-MOT-04 / -05 / -07 / -08 (motivations),
 * SMLE-MOVE-05 (Veterans end every move prone) and SMLE-COMBAT-10 (Panic
 * Fire's automatic target). Each test puts the computer (`smleBot`) in the
 * situation the clause describes, or plays whole games with it, and checks
 * what it chooses against the clause as written, measured here.
 */
import { describe, expect, it } from 'vitest'
import braveJson from '../../assets/scenarios/smle-few-brave-sentients.json'
import sevenJson from '../../assets/scenarios/smle-magnificent-seven.json'
import extJson from '../../assets/scenarios/smle-exterminator.json'
import commandoJson from '../../assets/scenarios/smle-commando.json'
import { dispatch } from '../../src-engine/core/match'
import { parseScenario } from '../../src-engine/rules/loading'
import { type Match, newHeader, startMatch } from '../../src-engine/rules/smle/match'
import type { Scenario } from '../../src-engine/rules/smle/scenario/schema'
import type { CommandInput } from '../../src-engine/rules/smle/commands/index'
import type { GameEvent } from '../../src-engine/rules/smle/events/events'
import type { FigureState, MatchState, TeamState } from '../../src-engine/rules/smle/state/state'
import { sideToAct } from '../../src-engine/rules/smle/queries/legal-commands'
import { figureMoveProposals, moveAccepted, turnGenerators } from '../../src-engine/rules/smle/queries/candidates'
import { activeTeam } from '../../src-engine/rules/smle/sequence'
import { figureGapIn } from '../../src-engine/rules/smle/organisation'
import { moveLeftIn } from '../../src-engine/rules/smle/commands/move-rules'
import { playersFor } from '../../src-engine/ai/smle/players'
import { smleBot } from '../../src-engine/ai/smle/smle-bot'
import { seatInputs } from '../../src-engine/ai/seat-input'
import { inTurn, newMatch, withFigure, withTeam } from '../fixtures/play'

// ---------------------------------------------------------------------------------------------------------------
// Scenarios

function load(json: unknown, motivations: Readonly<Record<string, string>> = {}): Scenario {
  const copy = structuredClone(json) as {
    sides: { id: string; points?: number }[]
    teams: { sideId: string; motivation?: string }[]
  }
  for (const t of copy.teams) {
    const m = motivations[t.sideId]
    if (m) t.motivation = m
  }
  // A changed motivation changes the cost (SMLE-PTS-06): the side's points total is lifted, or the file is refused.
  for (const s of copy.sides) if (motivations[s.id]) delete s.points
  const parsed = parseScenario(copy)
  if (!parsed.ok) throw new Error(parsed.message)
  return parsed.scenario as Scenario
}

const SEVEN = load(sevenJson)
const EXTERMINATOR = load(extJson)
const COMMANDO = load(commandoJson)
const BRAVE_WARRIORS = load(braveJson, { rangers: 'warriors' })

// ---------------------------------------------------------------------------------------------------------------
// Measuring (SMLE-GEN-05: nearest edges of bases; the engine's tape measure)

/** On the table and in the fight: not dead, not off the table, not lying "dead" (camera fodder, monsters). */
function standsIn(f: FigureState): boolean {
  return f.status !== 'dead' && f.status !== 'playingDead' && f.offTable === null && f.lurking === null
}

/** Enemy figures the side of `sideId` knows of: in the fight, in a team not hidden from it. */
function knownEnemies(state: MatchState, sideId: string): FigureState[] {
  return Object.values(state.figures).filter(
    (f) => f.sideId !== sideId && standsIn(f) && state.teams[f.teamId]?.hidden === false,
  )
}

function at(m: Match, f: FigureState, x: number, z: number): FigureState {
  return { ...f, position: { x, y: m.world.groundHeightAt(x, z), z } }
}

/** Gap from `f` to the nearest of `enemies` (Infinity with none). */
function gapTo(m: Match, f: FigureState, enemies: readonly FigureState[]): number {
  let best = Infinity
  for (const e of enemies) best = Math.min(best, figureGapIn(m.state, m.world, f, e))
  return best
}

/** Gap between two teams: their nearest figures (SMLE-GEN-05). */
function teamGap(m: Match, a: TeamState, b: TeamState): number {
  const fa = a.figureIds.map((id) => m.state.figures[id]!).filter(standsIn)
  const fb = b.figureIds.map((id) => m.state.figures[id]!).filter(standsIn)
  let best = Infinity
  for (const x of fa) for (const y of fb) best = Math.min(best, figureGapIn(m.state, m.world, x, y))
  return best
}

const TOL = 0.1

// ---------------------------------------------------------------------------------------------------------------
// Whole games, recorded once and checked by several tests

interface Step {
  readonly before: Match
  /** The side that gave the command. */
  readonly side: string
  readonly command: CommandInput
  readonly events: readonly GameEvent[]
  readonly after: Match
}

const recorded = new Map<string, Step[]>()

/** A whole game with the computer ('normal') on `bots` and the random player on the rest, every step kept. */
function game(name: string, scenario: Scenario, seed: number, bots: readonly string[]): Step[] {
  const key = `${name}/${seed}/${bots.join(',')}`
  const kept = recorded.get(key)
  if (kept) return kept
  const next = playersFor(
    Object.fromEntries(bots.map((s) => [s, { kind: 'bot' as const, level: 'normal' as const }])),
    seed,
  )
  let m = startMatch(newHeader(scenario, seed, 'quick'))
  const steps: Step[] = []
  for (let n = 0; n < 20000 && !m.state.result; n++) {
    const side = sideToAct(m.state)
    const c = next(m)
    if (!side || !c) break
    const r = dispatch(m, c)
    if (!r.decision.ok) throw new Error(`${key}: ${JSON.stringify(c)} refused: ${r.decision.reason.message}`)
    steps.push({ before: m, side, command: c, events: r.decision.events as readonly GameEvent[], after: r.match })
    m = r.match
  }
  recorded.set(key, steps)
  return steps
}

/** One turn of one of a side's teams: the commands it gave in it (not the answers in enemy turns). */
interface Turn {
  readonly teamId: string
  readonly round: number
  readonly which: string
  readonly steps: Step[]
}

function turnsOf(steps: readonly Step[], sideId: string): Turn[] {
  const turns = new Map<string, Turn>()
  for (const s of steps) {
    const st = s.before.state
    const team = activeTeam(st)
    if (s.side !== sideId || st.pending || st.phase !== 'play' || team?.sideId !== sideId) continue
    const key = `${st.round}/${team.id}/${st.activeUnit?.turn}`
    let t = turns.get(key)
    if (!t) turns.set(key, (t = { teamId: team.id, round: st.round, which: st.activeUnit?.turn ?? '', steps: [] }))
    t.steps.push(s)
  }
  return [...turns.values()]
}

/** Rounds in which each team was fired on or assaulted, read from the events (an attack aimed at it, or fire received). */
function firedOnRounds(steps: readonly Step[]): Map<string, Set<number>> {
  const out = new Map<string, Set<number>>()
  const mark = (teamId: string | null, round: number): void => {
    if (!teamId) return
    let s = out.get(teamId)
    if (!s) out.set(teamId, (s = new Set()))
    s.add(round)
  }
  for (const s of steps)
    for (const e of s.events) {
      if (e.type === 'FireReceived') mark(e.teamId, s.after.state.round)
      if (e.type === 'AttackMade') mark(e.targetTeamId, s.after.state.round)
      if (e.type === 'ContactMade') for (const id of e.teamIds) mark(id, s.after.state.round)
    }
  return out
}

const where = (s: Step): string =>
  `round ${s.before.state.round}, ${activeTeam(s.before.state)?.id ?? '-'}: ${JSON.stringify(s.command)}`

// ---------------------------------------------------------------------------------------------------------------
// The clauses, as checks over a recorded game (each returns the commands that break it)

/** Whether `teamId` was fired on or assaulted in `round` or the round before, by the events or the team's own record. */
function wasFiredOn(steps: readonly Step[], s: Step, teamId: string): boolean {
  const rounds = firedOnRounds(steps).get(teamId)
  const r = s.before.state.round
  const team = s.before.state.teams[teamId]!
  const record = team.fire.thisRound.byTeams.length + team.fire.lastRound.byTeams.length > 0
  return record || (rounds?.has(r) ?? false) || (rounds?.has(r - 1) ?? false)
}

/**
 * SMLE-MOT-05: a Reluctant team may not choose Close Assault or move closer to a known enemy unless it was fired on
 * or assaulted this round or the previous round. Moves its band forces (Fall Back, Break: B0–B2) are not chosen.
 */
function reluctantBreaches(steps: readonly Step[], sideId: string): string[] {
  const out: string[] = []
  for (const t of turnsOf(steps, sideId)) {
    for (const s of t.steps) {
      const team = s.before.state.teams[t.teamId]!
      if (team.motivation !== 'reluctant' || wasFiredOn(steps, s, team.id)) continue
      const c = s.command
      if (c.type === 'closeAssault') out.push(`close assault not fired on: ${where(s)}`)
      if (c.type !== 'moveFigure' || (team.activation?.band ?? 0) <= 2) continue
      const f = s.before.state.figures[c.figureId]!
      const enemies = knownEnemies(s.before.state, sideId)
      const before = gapTo(s.before, f, enemies)
      const after = gapTo(s.before, at(s.before, f, c.to.x, c.to.z), enemies)
      if (after < before - TOL) out.push(`closer ${before.toFixed(2)}→${after.toFixed(2)}: ${where(s)}`)
    }
  }
  return out
}

/**
 * SMLE-MOVE-05: computer-controlled Veteran figures end every move prone unless they are about to close assault.
 * Checked where a turn ends: every Veteran of the team that moved in it, and may still act, lies prone, unless the
 * team close-assaulted in it. (A breaking team, B0, flees and does nothing else: SMLE-OPT-08.)
 */
function veteranBreaches(steps: readonly Step[], sideId: string): string[] {
  const out: string[] = []
  for (const t of turnsOf(steps, sideId)) {
    const last = t.steps[t.steps.length - 1]!
    if (last.command.type !== 'endActivation') continue
    const team = last.before.state.teams[t.teamId]!
    if (team.attack === 'assault' || t.steps.some((s) => s.command.type === 'closeAssault')) continue
    if ((team.activation?.band ?? 0) === 0 || team.moveOption?.kind === 'break') continue
    for (const id of team.figureIds) {
      const f = last.before.state.figures[id]!
      if (f.quality !== 'veteran' || f.qualityPending || !standsIn(f) || f.vehicleId !== null) continue
      if (f.status !== 'ok' && f.status !== 'lightWound') continue
      if (f.spent !== null || f.movedIn <= 0 || f.prone) continue
      out.push(`${id} moved ${f.movedIn.toFixed(1)}" and stands (band ${team.activation?.band}): ${where(last)}`)
    }
  }
  return out
}

/**
 * SMLE-COMBAT-10: Panic Fire's target is the nearest known enemy unit; if none is known, the nearest enemy unit that
 * fired at this team this or last round.
 */
function panicBreaches(steps: readonly Step[], sideId: string): string[] {
  const out: string[] = []
  for (const s of steps) {
    if (s.side !== sideId || s.command.type !== 'panicFire') continue
    const st = s.before.state
    const team = st.teams[s.command.teamId]!
    const target = s.events.find((e) => e.type === 'AttackMade' && e.kind === 'panic')
    const hit = target?.type === 'AttackMade' ? target.targetTeamId : null
    const enemies = Object.values(st.teams).filter(
      (e) => e.sideId !== sideId && !e.gone && e.figureIds.some((id) => standsIn(st.figures[id]!)),
    )
    const known = enemies.filter((e) => !e.hidden)
    const fired = [...team.fire.thisRound.byTeams, ...team.fire.lastRound.byTeams]
    const pool = known.length > 0 ? known : enemies.filter((e) => fired.includes(e.id))
    const gaps = pool.map((e) => ({ id: e.id, gap: teamGap(s.before, team, e) }))
    const best = Math.min(...gaps.map((g) => g.gap))
    const mine = gaps.find((g) => g.id === hit)
    if (!mine || mine.gap > best + 1e-6)
      out.push(
        `panic at ${hit} (${mine?.gap.toFixed(2)}") but nearest ${gaps.find((g) => g.gap === best)?.id} (${best.toFixed(2)}"): ${where(s)}`,
      )
  }
  return out
}

/** A move of an able figure of the team now, toward the nearest known enemy, that the rules accept and that closes the gap by `gain`. */
function closerMoveOpen(m: Match, teamId: string, gain = 0.5): CommandInput | null {
  const st = m.state
  const team = st.teams[teamId]!
  const enemies = knownEnemies(st, team.sideId)
  if (enemies.length === 0) return null
  for (const id of team.figureIds) {
    const f = st.figures[id]!
    if (!standsIn(f) || f.spent !== null || f.moveEnded || f.vehicleId !== null) continue
    const before = gapTo(m, f, enemies)
    const nearest = enemies.reduce((a, b) => (figureGapIn(st, m.world, f, a) <= figureGapIn(st, m.world, f, b) ? a : b))
    const tries: CommandInput[] = figureMoveProposals(st, m.world, team, f).filter((c) => c.type === 'moveFigure')
    for (const pace of ['tactical', 'crawl'] as const) {
      const reach = Math.min(moveLeftIn(st, f, pace), before - 0.3)
      const dx = nearest.position.x - f.position.x
      const dz = nearest.position.z - f.position.z
      const len = Math.hypot(dx, dz)
      for (const k of [1, 0.5])
        if (reach * k >= gain && len > 0)
          tries.push({
            type: 'moveFigure',
            figureId: f.id,
            to: { x: f.position.x + (dx / len) * reach * k, z: f.position.z + (dz / len) * reach * k },
            via: [],
            pace,
          })
    }
    for (const c of tries) {
      if (c.type !== 'moveFigure' || c.pace === 'run') continue
      const after = gapTo(m, at(m, f, c.to.x, c.to.z), enemies)
      if (after <= before - gain && moveAccepted(st, m.world, c)) return c
    }
  }
  return null
}

/**
 * Whether a figure of the team ends these steps closer to the enemy than it began them: its gap to the nearest enemy
 * known at the start (where those enemies stood then) shrank. Any command that moves it counts (a walk, a charge, a
 * door forced).
 */
function movedCloser(steps: readonly Step[], teamId: string): boolean {
  const first = steps[0]!.before
  const last = steps[steps.length - 1]!.after
  const enemies = knownEnemies(first.state, first.state.teams[teamId]!.sideId)
  return first.state.teams[teamId]!.figureIds.some((id) => {
    const a = first.state.figures[id]!
    const b = last.state.figures[id]!
    if (!standsIn(a) || b.status === 'dead' || b.offTable !== null) return false
    return gapTo(first, { ...a, position: b.position }, enemies) < gapTo(first, a, enemies) - TOL
  })
}

/** The attacks the rules would take from the active team now (each tried on a copy), most aggressive first. */
function openAttacks(m: Match): ('closeAssault' | 'direct' | 'return' | 'panic')[] {
  const st = m.state
  const side = st.activeSideId ?? ''
  const gens = turnGenerators(st, side)
  const out: ('closeAssault' | 'direct' | 'return' | 'panic')[] = []
  const ok = (c: CommandInput): boolean => dispatch(m, c).decision.ok
  if ((gens.assault?.(st, m.world) ?? []).some(ok)) out.push('closeAssault')
  const fires = gens.fire?.(st, m.world) ?? []
  if (fires.some((c) => c.type === 'directFire' && ok(c))) out.push('direct')
  if (fires.some((c) => c.type === 'returnFire' && ok(c))) out.push('return')
  if (fires.some((c) => c.type === 'panicFire' && ok(c))) out.push('panic')
  return out
}

const KIND_OF: Record<string, 'closeAssault' | 'direct' | 'return' | 'panic'> = {
  closeAssault: 'closeAssault',
  directFire: 'direct',
  returnFire: 'return',
  panicFire: 'panic',
}
const RANK = ['closeAssault', 'direct', 'return', 'panic'] as const

/** Whether the team was fired on or assaulted while the turn went on (its figures may then have dropped or fallen). */
function hitDuring(t: Turn): boolean {
  const a = t.steps[0]!.before.state.teams[t.teamId]!
  const b = t.steps[t.steps.length - 1]!.after.state.teams[t.teamId]!
  return JSON.stringify(a.fire.thisRound) !== JSON.stringify(b.fire.thisRound)
}

/** The Fanatic turns of a side with what was open at their start (turns the enemy fired into are left out). */
function fanaticTurns(steps: readonly Step[], sideId: string): { t: Turn; open: ReturnType<typeof openAttacks> }[] {
  return turnsOf(steps, sideId)
    .filter((t) => t.steps[0]!.before.state.teams[t.teamId]!.motivation === 'fanatic' && !hitDuring(t))
    .map((t) => ({ t, open: openAttacks(t.steps[0]!.before) }))
}

/**
 * SMLE-MOT-04 / SMLE-MOT-08: a Fanatic team must always choose the most aggressive option available at its activation
 * level: Close Assault > Direct Fire with a move toward the enemy > Direct Fire > Opportunity Fire > Return Fire >
 * Panic Fire > any other option. Judged per turn: the attack open at its start against the attack made in it.
 */
function fanaticBreaches(steps: readonly Step[], sideId: string): string[] {
  const out: string[] = []
  for (const { t, open } of fanaticTurns(steps, sideId)) {
    const best = open[0]
    if (!best) continue
    const made = t.steps.map((s) => KIND_OF[s.command.type]).find((k) => k !== undefined)
    const rankMade = made === undefined ? RANK.length : RANK.indexOf(made)
    const band = t.steps[0]!.before.state.teams[t.teamId]!.activation?.band
    if (rankMade > RANK.indexOf(best))
      out.push(
        `band ${band}, open ${open.join('/')}, made ${made ?? 'no attack'}: ${t.steps.map((s) => s.command.type).join(' ')} (${where(t.steps[0]!)})`,
      )
  }
  return out
}

/**
 * The same order's "Direct Fire with a move toward the enemy > Direct Fire": a Fanatic turn that makes Direct Fire as
 * its best open attack, with a move toward the enemy open too, must also move toward the enemy.
 */
function fanaticTowardBreaches(steps: readonly Step[], sideId: string): string[] {
  const out: string[] = []
  for (const { t, open } of fanaticTurns(steps, sideId)) {
    // Turns that made no Direct Fire at all are the test above's.
    if (open[0] !== 'direct' || !t.steps.some((s) => s.command.type === 'directFire')) continue
    const toward = closerMoveOpen(t.steps[0]!.before, t.teamId)
    if (toward && !movedCloser(t.steps, t.teamId))
      out.push(
        `band ${t.steps[0]!.before.state.teams[t.teamId]!.activation?.band}, move toward open (${JSON.stringify(toward)}): ${t.steps.map((s) => s.command.type).join(' ')} (${where(t.steps[0]!)})`,
      )
  }
  return out
}

/**
 * SMLE-MOT-04 with the order's Opportunity Fire: a Fanatic team whose turns of the round are over, with no attack
 * made, offered Opportunity Fire, must take it (nothing more aggressive is left to it this round). Lenient: a breach
 * only when it makes no attack at all in that round after such an offer.
 */
function fanaticOpportunityBreaches(steps: readonly Step[], sideId: string): string[] {
  const offered = new Map<string, Step>()
  const attacked = new Set<string>()
  for (const s of steps) {
    const st = s.before.state
    for (const e of s.events) if (e.type === 'AttackMade') attacked.add(`${st.round}/${e.teamId}`)
    const p = st.pending
    if (s.side !== sideId || p?.kind !== 'opportunity' || p.sideId !== sideId) continue
    for (const id of p.eligibleTeamIds) {
      const team = st.teams[id]!
      const over = team.turn === 'done' && (team.secondTurn === 'none' || team.secondTurn === 'done')
      if (team.motivation !== 'fanatic' || !over || team.attack !== null || offered.has(`${st.round}/${id}`)) continue
      const fire: CommandInput = { type: 'opportunityFire', sideId, teamId: id, weapons: {}, atVehicle: false }
      if (dispatch(s.before, fire).decision.ok) offered.set(`${st.round}/${id}`, s)
    }
  }
  return [...offered.entries()].filter(([k]) => !attacked.has(k)).map(([k, s]) => `${k} held its fire: ${where(s)}`)
}

/**
 * SMLE-MOT-07 / SMLE-MOT-08: Warriors prefer options that bring them closer to an enemy unit (binding on the
 * computer). A turn at Advance or better (B6+: a move toward the enemy is an option) that ends with no figure brought
 * closer, while a move toward the enemy was still open to it, did not take the option that brings it closer.
 */
function warriorsBreaches(steps: readonly Step[], sideId: string): string[] {
  const out: string[] = []
  for (const t of turnsOf(steps, sideId)) {
    const last = t.steps[t.steps.length - 1]!
    const team = last.before.state.teams[t.teamId]!
    if (team.motivation !== 'warriors' || last.command.type !== 'endActivation') continue
    if ((team.activation?.band ?? 0) < 6 || team.attack === 'assault' || team.other !== null) continue
    if (movedCloser(t.steps, t.teamId)) continue
    // Reading kept: a team that moved (never away from the enemy, and perhaps alongside into cover, SMLE-MOT-07's "use
    // cover") has taken its Move option; the clause binds a turn in which no figure moved at all.
    if (t.steps.some((s) => s.command.type === 'moveFigure')) continue
    const toward = closerMoveOpen(last.before, t.teamId)
    if (toward)
      out.push(`no move closer (open: ${JSON.stringify(toward)}), band ${team.activation?.band}: ${where(last)}`)
  }
  return out
}

// ---------------------------------------------------------------------------------------------------------------
// Set positions, and the computer's whole turn in them

/** `m` with figures stood at (x, z) on the ground (standing, unmoved), and `dead` figures killed. */
function placed(m: Match, at: readonly (readonly [string, number, number])[], dead: readonly string[] = []): Match {
  let out = m
  for (const [id, x, z] of at)
    out = withFigure(out, id, { position: { x, y: m.world.groundHeightAt(x, z), z }, prone: false, facingDeg: 0 })
  for (const id of dead) out = withFigure(out, id, { status: 'dead' })
  return out
}

/** A row of figures from (x, z) eastward, 1.6" apart. */
function row(ids: readonly string[], x: number, z: number): [string, number, number][] {
  return ids.map((id, i) => [id, x + 1.6 * i, z] as [string, number, number])
}

/**
 * The computer plays the active team's turn to its end (its own turn only: it stops when another team's turn, or this
 * team's second turn, begins); the enemy holds its fire at every window. Every step is kept.
 */
function botTurn(m0: Match, seed = 1): { steps: Step[]; end: Match } {
  const team = activeTeam(m0.state)!
  const which = m0.state.activeUnit?.turn
  const bot = smleBot('normal', seed)
  const seat = seatInputs()
  const steps: Step[] = []
  let m = m0
  for (let n = 0; n < 80 && !m.state.result; n++) {
    const st = m.state
    const side = sideToAct(st)
    if (!side) break
    if (!st.pending && (activeTeam(st)?.id !== team.id || st.activeUnit?.turn !== which)) break
    const c: CommandInput | null =
      side === team.sideId ? bot.choose(seat(m, side)) : { type: 'holdFire', sideId: side, until: 'move' }
    if (!c) break
    const r = dispatch(m, c)
    if (!r.decision.ok) throw new Error(`${JSON.stringify(c)} refused: ${r.decision.reason.message}`)
    steps.push({ before: m, side, command: c, events: r.decision.events as readonly GameEvent[], after: r.match })
    m = r.match
    if (c.type === 'endActivation') break
  }
  return { steps, end: m }
}

/** The team's figures that are Veterans, moved this turn, can still act, and stand. */
function standingMovedVeterans(m: Match, teamId: string): string[] {
  return m.state.teams[teamId]!.figureIds.filter((id) => {
    const f = m.state.figures[id]!
    return f.quality === 'veteran' && standsIn(f) && f.spent === null && f.movedIn > 0 && !f.prone
  })
}

const attacksIn = (steps: readonly Step[], teamId: string): GameEvent[] =>
  steps.flatMap((s) => s.events.filter((e) => e.type === 'AttackMade' && e.teamId === teamId))

const NO_FIRE = { direct: false, auto: false, explosive: false, flank: false, rear: false, byTeams: [] as string[] }

// ---------------------------------------------------------------------------------------------------------------
// The games: the Magnificent Seven with the computer on both sides (Reluctant bandits, Veteran hired guns), the
// Exterminator with the computer playing the Fanatic monster and cult (a Veteran monster among them), the Commando
// (Elite Veterans), and the Few Brave Sentients with the rangers made Warriors (Veterans too).

const sevenGames = (): Step[][] => [1, 2].map((seed) => game('seven', SEVEN, seed, ['bandits', 'seven']))
const monsterGames = (): Step[][] => [1, 2, 3].map((seed) => game('ext', EXTERMINATOR, seed, ['monster']))

describe('SMLE-MOT-05 [decision]: a computer-controlled Reluctant team does not seek a fight', () => {
  const bandits = (): Match =>
    placed(newMatch(1, SEVEN), [
      ...row(['bd5-1', 'bd5-2', 'bd5-3', 'bd5-4', 'bd5-5'], 38, 20),
      ...row(['s7-oreilly', 's7-harry', 's7-chico'], 39, 25.5),
    ])

  it('SMLE-MOT-05: over whole games (seeds 1, 2) the bandits never close-assault nor move a figure closer to a known enemy unless fired on or assaulted this round or last', () => {
    let moves = 0
    const breaches: string[] = []
    for (const steps of sevenGames()) {
      moves += steps.filter((s) => s.side === 'bandits' && s.command.type === 'moveFigure').length
      breaches.push(...reluctantBreaches(steps, 'bandits'))
    }
    expect(moves).toBeGreaterThan(0)
    expect(breaches).toEqual([])
  })

  it('SMLE-MOT-05: a Reluctant team at Close (B9), never fired on, the Seven 4.5" off in the open: the computer neither charges nor closes in', () => {
    const m = inTurn(bandits(), 'bd-5', 9)
    const { steps } = botTurn(m)
    expect(steps.some((s) => s.command.type === 'closeAssault')).toBe(false)
    expect(reluctantBreaches(steps, 'bandits')).toEqual([])
    expect(movedCloser(steps, 'bd-5')).toBe(false)
  })

  it('SMLE-MOT-05: the last figure of a Reluctant team, not fired on, is held back as the whole team was', () => {
    const m = inTurn(placed(bandits(), [['bd5-1', 40, 21]], ['bd5-2', 'bd5-3', 'bd5-4', 'bd5-5']), 'bd-5', 9)
    const { steps } = botTurn(m)
    expect(steps.some((s) => s.command.type === 'closeAssault')).toBe(false)
    expect(movedCloser(steps, 'bd-5')).toBe(false)
  })

  it('SMLE-MOT-05: a Reluctant team fired on last round (not this one) is free to close: a close assault and a move closer are open to the computer', () => {
    const m0 = bandits()
    const m = withTeam(inTurn(m0, 'bd-5', 9), 'bd-5', {
      fresh: false,
      fire: { thisRound: NO_FIRE, lastRound: { ...NO_FIRE, direct: true, byTeams: ['s7-c'] } },
    })
    expect(openAttacks(m)[0]).toBe('closeAssault')
    expect(closerMoveOpen(m, 'bd-5')).not.toBeNull()
    // And held back again when that fire is two rounds old (this round and last are clean).
    const old = withTeam(inTurn(m0, 'bd-5', 9), 'bd-5', { fresh: false })
    expect(openAttacks(old)).not.toContain('closeAssault')
    expect(closerMoveOpen(old, 'bd-5')).toBeNull()
  })
})

describe('SMLE-MOT-04 / SMLE-MOT-08 [decision]: a Fanatic team takes the most aggressive option open to it', () => {
  const ext = (): Match => newMatch(1, EXTERMINATOR)
  const CULT = ['cult-1', 'cult-2', 'cult-3', 'cult-4']
  const SVB = (z: number): [string, number, number][] => row(['sv-garry', 'sv-norris'], 41, z)

  it('SMLE-MOT-04: the cult at Close (B9), a survivor team 4" off, a close assault open: the computer assaults', () => {
    const m = inTurn(placed(ext(), [...row(CULT, 40, 18), ...SVB(23)]), 'mn-cult', 9)
    expect(openAttacks(m)[0]).toBe('closeAssault')
    const { steps } = botTurn(m)
    expect(steps.map((s) => s.command.type)).toContain('closeAssault')
  })

  it('SMLE-MOT-04: the Thing, the one figure of its team, at Close (B9) with a close assault open: the computer assaults', () => {
    const m = inTurn(placed(ext(), [['mn-thing', 42, 17], ...SVB(23)]), 'mn-beast', 9)
    expect(openAttacks(m)[0]).toBe('closeAssault')
    const { steps } = botTurn(m)
    expect(steps.map((s) => s.command.type)).toContain('closeAssault')
  })

  it('SMLE-MOT-04: the Thing lying prone (as SMLE-MOVE-05 left it) at Close (B9) with a close assault open: the computer assaults', () => {
    const m = inTurn(
      withFigure(placed(ext(), [['mn-thing', 42, 17], ...SVB(23)]), 'mn-thing', { prone: true }),
      'mn-beast',
      9,
    )
    expect(openAttacks(m)[0]).toBe('closeAssault')
    const { steps } = botTurn(m)
    expect(steps.map((s) => s.command.type)).toContain('closeAssault')
  })

  it('SMLE-MOT-04: the last cultist standing (three lie dead) at Close (B9) with a close assault open: the computer assaults', () => {
    const m = inTurn(placed(ext(), [['cult-1', 42, 18], ...SVB(23)], ['cult-2', 'cult-3', 'cult-4']), 'mn-cult', 9)
    expect(openAttacks(m)[0]).toBe('closeAssault')
    const { steps } = botTurn(m)
    expect(steps.map((s) => s.command.type)).toContain('closeAssault')
  })

  it('SMLE-MOT-04: the cult at Close (B8), Direct Fire open and room to close: it fires and moves toward the enemy', () => {
    const m = inTurn(placed(ext(), [...row(CULT, 40, 16), ...SVB(24)]), 'mn-cult', 8)
    expect(openAttacks(m)[0]).toBe('direct')
    expect(closerMoveOpen(m, 'mn-cult')).not.toBeNull()
    const { steps } = botTurn(m)
    expect(attacksIn(steps, 'mn-cult')).toMatchObject([{ kind: 'direct' }])
    expect(movedCloser(steps, 'mn-cult')).toBe(true)
  })

  it('SMLE-MOT-04: the cult lying prone at Close (B8) with Direct Fire open: it makes Direct Fire (not a lesser attack)', () => {
    let m = placed(ext(), [...row(CULT, 40, 16), ...SVB(24)])
    for (const id of CULT) m = withFigure(m, id, { prone: true })
    m = inTurn(m, 'mn-cult', 8)
    expect(openAttacks(m)[0]).toBe('direct')
    const { steps } = botTurn(m)
    expect(attacksIn(steps, 'mn-cult')).toMatchObject([{ kind: 'direct' }])
  })

  it('SMLE-MOT-04: over whole games (seeds 1–3, and 5 against the computer) every Fanatic turn makes the most aggressive attack open at its start (turns the enemy fired into left out)', () => {
    const breaches = monsterGames().flatMap((steps, i) =>
      fanaticBreaches(steps, 'monster').map((b) => `seed ${i + 1}: ${b}`),
    )
    // Seed 5 with the computer on the survivors' side too (they run, hide and fire back).
    const both = game('ext-both', EXTERMINATOR, 5, ['monster', 'survivors'])
    breaches.push(...fanaticBreaches(both, 'monster').map((b) => `seed 5 (both sides computer): ${b}`))
    expect(breaches).toEqual([])
  })

  it('SMLE-MOT-04: over whole games (seeds 1–3) a Fanatic turn whose best open attack is Direct Fire also moves toward the enemy when it can ("Direct Fire with a move toward the enemy")', () => {
    const breaches = monsterGames().flatMap((steps, i) =>
      fanaticTowardBreaches(steps, 'monster').map((b) => `seed ${i + 1}: ${b}`),
    )
    expect(breaches).toEqual([])
  })

  it('SMLE-MOT-04: over whole games (seeds 1–3) a Fanatic team whose turns are over, with no attack made, takes the Opportunity Fire it is offered', () => {
    const breaches = monsterGames().flatMap((steps) => fanaticOpportunityBreaches(steps, 'monster'))
    expect(breaches).toEqual([])
  })
})

describe('SMLE-MOT-07 / SMLE-MOT-08 [decision]: a computer-controlled Warriors team prefers to close with the enemy', () => {
  const brave = (): Match => newMatch(1, BRAVE_WARRIORS)

  it('SMLE-MOT-07: Warriors at Advance (B7), the militia 13" off: the computer moves them closer', () => {
    const m = inTurn(
      placed(brave(), [
        ...row(['rgr-1', 'rgr-2', 'rgr-3'], 40, 40),
        ...row(['m3c-1', 'm3c-2', 'm3c-3', 'm3c-4'], 39, 26),
      ]),
      'rg-rifles',
      7,
    )
    expect(closerMoveOpen(m, 'rg-rifles')).not.toBeNull()
    expect(movedCloser(botTurn(m).steps, 'rg-rifles')).toBe(true)
  })

  it('SMLE-MOT-07: Warriors at Close (B9) with a close assault open: the computer charges', () => {
    const m = inTurn(
      placed(brave(), [
        ...row(['rgr-1', 'rgr-2', 'rgr-3'], 40, 38),
        ...row(['m3c-1', 'm3c-2', 'm3c-3', 'm3c-4'], 39, 32),
      ]),
      'rg-rifles',
      9,
    )
    expect(openAttacks(m)[0]).toBe('closeAssault')
    expect(attacksIn(botTurn(m).steps, 'rg-rifles')).toMatchObject([{ kind: 'assault' }])
  })

  it('SMLE-MOT-07: over a whole game (seed 1) no Warriors turn at B6+ ends without a figure brought closer to the enemy while a move toward it was open', () => {
    expect(warriorsBreaches(game('brave', BRAVE_WARRIORS, 1, ['rangers']), 'rangers')).toEqual([])
  })
})

describe('SMLE-MOT-08 [decision]: preferences bind the computer; to a human they are advice, except Fanatic', () => {
  it('SMLE-MOT-08: the rules let a human Warriors figure walk away from the enemy, and end the turn with a charge open', () => {
    const m = inTurn(
      placed(newMatch(1, BRAVE_WARRIORS), [
        ...row(['rgr-1', 'rgr-2', 'rgr-3'], 40, 38),
        ...row(['m3c-1', 'm3c-2', 'm3c-3', 'm3c-4'], 39, 32),
      ]),
      'rg-rifles',
      9,
    )
    const away = dispatch(m, { type: 'moveFigure', figureId: 'rgr-1', to: { x: 40, z: 41 }, via: [], pace: 'tactical' })
    expect(away.decision.ok).toBe(true)
    expect(dispatch(m, { type: 'endActivation', teamId: 'rg-rifles' }).decision.ok).toBe(true)
  })

  it('SMLE-MOT-08: Fanatic binds a human too: the rules refuse to end a Fanatic turn with a close assault open', () => {
    const m = inTurn(
      placed(newMatch(1, EXTERMINATOR), [
        ...row(['cult-1', 'cult-2', 'cult-3', 'cult-4'], 40, 18),
        ...row(['sv-garry', 'sv-norris'], 41, 23),
      ]),
      'mn-cult',
      9,
    )
    const r = dispatch(m, { type: 'endActivation', teamId: 'mn-cult' })
    expect(r.decision.ok).toBe(false)
    if (!r.decision.ok) expect(r.decision.reason.clause).toBe('SMLE-MOT-04')
  })
})

describe('SMLE-MOVE-05 [decision]: computer-controlled Veterans end every move prone unless about to close assault', () => {
  const seven = (): Match =>
    placed(newMatch(1, SEVEN), [
      ...row(['bd5-1', 'bd5-2', 'bd5-3', 'bd5-4', 'bd5-5'], 24, 22),
      ...row(['s7-oreilly', 's7-harry', 's7-chico'], 40, 38),
    ])

  it('SMLE-MOVE-05: over whole games no turn of the Seven (seeds 1, 2), the commandos (Elite, seed 1), the Thing (Fanatic, seeds 1–3) or the Warriors rangers (seed 1) ends with a Veteran standing who moved in it, but after a close assault', () => {
    const breaches = [
      ...sevenGames().flatMap((steps) => veteranBreaches(steps, 'seven')),
      ...veteranBreaches(game('commando', COMMANDO, 1, ['commandos']), 'commandos'),
      ...monsterGames().flatMap((steps) => veteranBreaches(steps, 'monster')),
      ...veteranBreaches(game('brave', BRAVE_WARRIORS, 1, ['rangers']), 'rangers'),
    ]
    expect(breaches).toEqual([])
  })

  for (const band of [7, 9, 10] as const)
    it(`SMLE-MOVE-05: a Veteran team at B${band} that walks toward the well ends its turn with every walker prone`, () => {
      const { steps, end } = botTurn(inTurn(seven(), 's7-c', band))
      const moved = end.state.teams['s7-c']!.figureIds.filter((id) => end.state.figures[id]!.movedIn > 0)
      expect(moved.length).toBeGreaterThan(0)
      expect(steps.at(-1)?.command.type).toBe('endActivation')
      expect(standingMovedVeterans(end, 's7-c')).toEqual([])
    })

  it('SMLE-MOVE-05: a Veteran team falling back (B2, a move its band forces) ends it prone', () => {
    const m = inTurn(
      placed(newMatch(1, SEVEN), [
        ...row(['bd5-1', 'bd5-2', 'bd5-3', 'bd5-4', 'bd5-5'], 38, 20),
        ...row(['s7-oreilly', 's7-harry', 's7-chico'], 39, 25.5),
      ]),
      's7-c',
      2,
    )
    const { steps, end } = botTurn(m)
    expect(steps.map((s) => s.command.type)).toContain('fallBack')
    expect(standingMovedVeterans(end, 's7-c')).toEqual([])
  })

  it('SMLE-MOVE-05: the last Veteran of a team (his mate dead) who moves ends prone', () => {
    const m0 = placed(
      newMatch(1, SEVEN),
      [...row(['bd5-1', 'bd5-2', 'bd5-3', 'bd5-4', 'bd5-5'], 24, 22), ['s7-chris', 40, 38]],
      ['s7-vin'],
    )
    const m = inTurn(m0, 's7-a', 7)
    const { end } = botTurn(m)
    expect(end.state.figures['s7-chris']!.movedIn).toBeGreaterThan(0)
    expect(standingMovedVeterans(end, 's7-a')).toEqual([])
  })

  it('SMLE-MOVE-05: Veterans about to close assault are not laid down before it: the Warriors rangers charge at B9 standing', () => {
    const m = inTurn(
      placed(newMatch(1, BRAVE_WARRIORS), [
        ...row(['rgr-1', 'rgr-2', 'rgr-3'], 40, 38),
        ...row(['m3c-1', 'm3c-2', 'm3c-3', 'm3c-4'], 39, 32),
      ]),
      'rg-rifles',
      9,
    )
    const { steps } = botTurn(m)
    const charge = steps.findIndex((s) => s.command.type === 'closeAssault')
    expect(charge).toBeGreaterThanOrEqual(0)
    // Before the charge nobody lay down, and the chargers stood when they set off.
    expect(steps.slice(0, charge).filter((s) => s.command.type === 'goProne')).toEqual([])
    const c = steps[charge]!.command
    if (c.type === 'closeAssault')
      for (const mv of c.moves) expect(steps[charge]!.before.state.figures[mv.figureId]!.prone).toBe(false)
  })
})

describe('SMLE-COMBAT-10 [decision]: Panic Fire goes at the nearest known enemy unit, else the nearest that fired at the team', () => {
  /** bd-5 at B2 (falls back, may Panic Fire): s7-c 4.5" off, s7-a 9" off, s7-b (which fired at it last round) 17" off. */
  const panicky = (): Match => {
    const m0 = placed(newMatch(1, SEVEN), [
      ...row(['bd5-1', 'bd5-2', 'bd5-3', 'bd5-4', 'bd5-5'], 38, 20),
      ...row(['s7-oreilly', 's7-harry', 's7-chico'], 39, 25.5),
      ...row(['s7-chris', 's7-vin'], 46, 30),
    ])
    return withTeam(inTurn(m0, 'bd-5', 2), 'bd-5', {
      fresh: false,
      fire: { thisRound: NO_FIRE, lastRound: { ...NO_FIRE, direct: true, byTeams: ['s7-b'] } },
    })
  }

  it('SMLE-COMBAT-10: over whole games every Panic Fire the computer makes (bandits, the Seven, the monster) goes at the nearest known enemy unit', () => {
    let panics = 0
    const breaches: string[] = []
    for (const [steps, sides] of [
      ...sevenGames().map((g) => [g, ['bandits', 'seven']] as const),
      ...monsterGames().map((g) => [g, ['monster']] as const),
    ])
      for (const side of sides) {
        panics += steps.filter((s) => s.side === side && s.command.type === 'panicFire').length
        breaches.push(...panicBreaches(steps, side))
      }
    expect(panics).toBeGreaterThan(10)
    expect(breaches).toEqual([])
  })

  it('SMLE-COMBAT-10: the nearest team hidden, the computer’s Panic Fire goes at the nearest known one (s7-a), not at the one that fired (s7-b)', () => {
    const m = withTeam(panicky(), 's7-c', { hidden: true })
    const { steps } = botTurn(m)
    expect(attacksIn(steps, 'bd-5')).toMatchObject([{ kind: 'panic', targetTeamId: 's7-a' }])
  })

  it('SMLE-COMBAT-10: no enemy known: the computer’s Panic Fire goes at the one that fired at the team last round, though another is nearer', () => {
    let m = panicky()
    for (const id of ['s7-a', 's7-b', 's7-c']) m = withTeam(m, id, { hidden: true })
    const r = dispatch(m, { type: 'panicFire', teamId: 'bd-5' })
    expect(r.decision.ok).toBe(true)
    if (r.decision.ok)
      expect(r.decision.events.find((e) => e.type === 'AttackMade')).toMatchObject({ targetTeamId: 's7-b' })
  })

  it('SMLE-COMBAT-10 / SMLE-FODDER-03: a cultist lying "dead" (camera fodder, not a target) does not make his team the nearest: the computer’s Panic Fire goes at the Thing 3" off, not the cult 11" off', () => {
    let m = placed(newMatch(1, EXTERMINATOR), [
      ['sv-garry', 40, 30],
      ['sv-norris', 41.6, 30],
      ['cult-1', 40, 32],
      ['mn-thing', 40, 34],
      ...row(['cult-2', 'cult-3', 'cult-4'], 44, 42),
    ])
    m = inTurn(withFigure(m, 'cult-1', { status: 'playingDead', prone: true }), 'sv-b', 2)
    expect(teamGap(m, m.state.teams['sv-b']!, m.state.teams['mn-beast']!)).toBeLessThan(
      teamGap(m, m.state.teams['sv-b']!, m.state.teams['mn-cult']!),
    )
    const { steps } = botTurn(m)
    expect(attacksIn(steps, 'sv-b')).toMatchObject([{ kind: 'panic', targetTeamId: 'mn-beast' }])
  })
})
