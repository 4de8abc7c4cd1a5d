import type { Bot, BotInput, BotLevel } from '../bot'
import { RngCursor, type RngState, seedRng } from '../../rng/sfc32'
import type { CommandInput } from '../../rules/smle/commands/index'
import { smle } from '../../rules/smle/ruleset'
import type { Scenario } from '../../rules/smle/scenario/schema'
import type { FigureState, MatchState } from '../../rules/smle/state/state'
import type { OpportunityWindow } from '../../rules/smle/state/pending'
import type { World } from '../../rules/smle/world'
import {
  compassPoints,
  decisionCandidates,
  figureMoveProposals,
  moveAccepted,
  movers,
  pointToward,
  teamMoveCandidates,
  turnGenerators,
} from '../../rules/smle/queries/candidates'
import { sideToAct } from '../../rules/smle/queries/legal-commands'
import { decideOnce, stateAfter } from '../../rules/smle/commands/decide'
import { moveLeftIn } from '../../rules/smle/commands/move-rules'
import { activeTeam } from '../../rules/smle/sequence'
import { bearingDeg, distanceToEdge, towardEdge } from '../../rules/smle/edges'
import { quantize, type Vec2, hypot } from '../../util/geometry'
import { hasLostAllUnits } from '../../rules/smle/victory'
import { type EvalContext, evalContext, evaluate, expectedBandWorth, type Goals, goalsOf } from './evaluate'
import { unitsForRoll } from '../../rules/smle/units'
import { canAct, knownEnemyFigures, levelOf, nearestFigure, presentFigures } from '../../rules/smle/organisation'
import { availableAttacks } from '../../rules/smle/commands/fanatic'

/** How many quick-dice futures each level looks at for a command that throws dice. */
const SAMPLES: Readonly<Record<BotLevel, number>> = { easy: 1, normal: 3, hard: 6 }
/** The shortest move the computer considers, inches. */
const MIN_STEP_IN = 1
/** How many enemy Opportunity Fire windows of one command the look-ahead plays past. */
const MAX_WINDOWS = 6
/** Below this gain over ending the activation, a command is not worth giving. */
const WORTH = 1e-6

/** A command scored by the states it leads to (their mean value for the bot's side). */
interface Scored {
  readonly command: CommandInput
  readonly score: number
}

/**
 * SMLE's computer opponent. For every command its side may give now it looks
 * one step ahead on a copy of its own view, with quick dice from its own
 * generator (a few futures for a command that throws dice), scores each
 * result by `evaluate` (a won game; figures kept and taken, wounds counted;
 * figures off by the edges its terms want; how near the rest stand to their
 * goals) and gives the best. It gives nothing better than ending its
 * activation unless it gains by it. The rules bind it as they bind a person:
 * every command it gives is judged by the real game, and MOT-08's motivation
 * limits and the other compulsory rules are the engine's, not its own.
 */
export function smleBot(level: BotLevel = 'normal', seed = 1): Bot<MatchState, CommandInput, Scenario> {
  const cursor = new RngCursor(seedRng(seed))
  const nextRng = (): RngState => seedRng(cursor.uint32())

  /** The state after `command` from `state` with the bot's own quick dice, or null when the rules refuse it. */
  const simulate = (state: MatchState, world: World, command: CommandInput, rng: RngState): MatchState | null => {
    const parsed = parse(command)
    if (!parsed.ok) return null
    const start: MatchState = { ...state, rng, dice: 'quick' }
    // A copy of its own, judged once: the decision is not kept.
    const d = decideOnce(start, parsed.value, world)
    if (!d.ok) return null
    let random = false
    for (const e of d.events) random ||= smle.revealsRandomness(e)
    // The events were applied in turn while the command was judged: that state, rather than applying them again.
    let next = stateAfter(d) ?? d.events.reduce((s, e) => smle.apply(s, e), start)
    // The game goes on, so a side its view shows with no unbroken units has units it cannot see (set up hidden,
    // SMLE-SCEN-05): its view cannot end the game by the §16 default, and a verdict its copy reaches is not one.
    if (next.result && unseenSides(state, world).length > 0) next = { ...next, result: null, phase: state.phase }
    return random ? Object.assign(next, { [RANDOM]: true }) : next
  }

  /**
   * The state after `command`, carried past the enemy's Opportunity Fire windows it opens (SMLE-COMBAT-05): a
   * move stops at each point where the enemy may fire, and judged there the figure has not yet gone anywhere
   * (every move past an enemy that may fire would look like standing still, and one into its fire like one out
   * of it). The first enemy team that may fire does (with the computer's own quick dice; its figures stay on
   * their feet), the rest hold their fire, and the move goes on to its end: walking across the enemy's sights
   * costs what that fire does to the team (casualties, and its roll under fire, SMLE-ACT-17). A window at the start
   * of a turn is not played: ending an activation begins the next turn (another team's, or the same team's Double
   * Move second turn), and fire at its start (SMLE-COMBAT-04) comes whatever the command was (played, it charged
   * every stop with it, and the Garrison's command team fired across the table rather than end its turn).
   */
  const played = (
    state: MatchState,
    world: World,
    sideId: string,
    marching: boolean,
    command: CommandInput,
    rng: RngState,
  ): MatchState | null => {
    const from = command.type === 'endActivation' ? layDown(state, world, sideId, true) : state
    let next = simulate(from, world, command, rng)
    if (!marching) return next && layDown(next, world, sideId, false)
    let fired = false
    for (let i = 0; next && i < MAX_WINDOWS; i++) {
      const p = next.pending
      let answer: CommandInput
      if (p?.kind === 'opportunity' && enemyFireInCommand(p, sideId)) {
        const firer = p.eligibleTeamIds[0]
        if (!fired && firer) {
          fired = true
          answer = kept(`fire|${p.sideId}|${firer}`, () => ({
            type: 'opportunityFire',
            sideId: p.sideId,
            teamId: firer,
            weapons: {},
            atVehicle: false,
          }))
        } else answer = kept(`hold|${p.sideId}`, () => ({ type: 'holdFire', sideId: p.sideId, until: 'move' }))
      } else if (p?.kind === 'fireReaction' && p.sideId === sideId)
        answer = kept(`react|${sideId}`, () => ({ type: 'reactToFire', sideId, prone: [] }))
      else break
      const random = thrown(next) || answer.type === 'opportunityFire'
      const on = simulate(next, world, answer, next.rng)
      if (!on) break
      next = random ? Object.assign(on, { [RANDOM]: true }) : on
    }
    return next && layDown(next, world, sideId, false)
  }

  /**
   * The state once the acting team's Veterans that have moved lie down, as the computer will have them do before
   * anything else (SMLE-MOVE-05, see `veteranToLieDown`): a move is judged where the figure ends it, lying down.
   * Nothing while a window is open or the team is the enemy's.
   */
  const layDown = (state: MatchState, world: World, sideId: string, ending: boolean): MatchState => {
    let s = state
    for (let i = 0; i < LIE_DOWN_MAX && !s.pending && !s.result && activeTeam(s)?.sideId === sideId; i++) {
      const c = veteranToLieDown(s, world, ending)
      if (!c) break
      const after = simulate(s, world, c, s.rng)
      if (!after) break
      s = thrown(s) ? Object.assign(after, { [RANDOM]: true }) : after
    }
    return s
  }

  /**
   * The mean score of the futures `future` gives (each draws its own quick dice): one, or `SAMPLES[level]` when the
   * first threw dice; null when the rules refuse the command.
   */
  const meanScore = (
    world: World,
    sideId: string,
    ctx: EvalContext,
    future: () => MatchState | null,
  ): number | null => {
    const first = future()
    if (!first) return null
    let total = evaluate(first, world, sideId, ctx)
    let n = 1
    if (thrown(first))
      for (; n < SAMPLES[level]; n++) {
        const again = future()
        if (again) total += evaluate(again, world, sideId, ctx)
      }
    return total / n
  }

  const score = (
    state: MatchState,
    world: World,
    sideId: string,
    ctx: EvalContext,
    command: CommandInput,
  ): Scored | null => {
    const marching = playsPastWindows(state, ctx.goals)
    const mean = meanScore(world, sideId, ctx, () => played(state, world, sideId, marching, command, nextRng()))
    return mean === null ? null : { command, score: mean }
  }

  /**
   * SMLE-SHOOT-26: a team in a prepared position fires only into its 90° arc, and holds the position while any of
   * its figures is still in it (and keeps its activation bonus while half of them are, SMLE-ACT-11). A figure that
   * steps out may fire at an enemy outside the arc in the same turn: a move of a figure out of the position is worth
   * what the best fire after it would be, when the team has not yet attacked this round (SMLE-TURN-07).
   */
  const withFireAfterStepOut = (
    state: MatchState,
    world: World,
    sideId: string,
    ctx: EvalContext,
    all: readonly CommandInput[],
    scored: Scored[],
  ): Scored[] => {
    const team = activeTeam(state)
    if (!team?.preparedPositionId || team.attack !== null || team.sideId !== sideId) return scored
    const inPosition = (f: { position: Vec2 }): boolean => world.positionAt(f.position)?.id === team.preparedPositionId
    const outOfPosition = (c: CommandInput): boolean => {
      // SMLE-MOVE-08: a running team may not fire (but Panic Fire).
      if (c.type !== 'moveFigure' || c.pace === 'run') return false
      const f = state.figures[c.figureId]
      if (!f || f.teamId !== team.id || !inPosition(f) || inPosition({ position: c.to })) return false
      // The last figure in it would take the team out of its position (its cover and activation bonus with it).
      return presentFigures(state, team).some((g) => g.id !== f.id && inPosition(g))
    }
    // The sampled moves end at the move's reach or half of it: from a weapon pit a half move (Table 1, B5–B8) ends
    // on the parapet or short of crossing it. A step out is also tried at a few shorter reaches all round.
    const tries: CommandInput[] = all.filter(outOfPosition)
    for (const f of presentFigures(state, team)) {
      if (!inPosition(f)) continue
      const reach = moveLeftIn(state, f, 'tactical')
      for (const k of STEP_OUT_REACH)
        for (let i = 0; i < STEP_OUT_BEARINGS; i++) {
          const a = (2 * Math.PI * i) / STEP_OUT_BEARINGS
          const to = {
            x: quantize(f.position.x + Math.sin(a) * reach * k),
            z: quantize(f.position.z - Math.cos(a) * reach * k),
          }
          const c: CommandInput = { type: 'moveFigure', figureId: f.id, to, via: [], pace: 'tactical' }
          if (outOfPosition(c) && moveAccepted(state, world, c)) tries.push(c)
        }
    }
    const steps = shortlist(state, world, sideId, ctx, tries, STEP_OUT_MOVES)
    if (steps.length === 0) return scored
    const out = [...scored]
    for (const step of steps) {
      const after = played(state, world, sideId, playsPastWindows(state, ctx.goals), step, nextRng())
      if (!after || after.pending || after.result) continue
      let best = -Infinity
      for (const fire of turnGenerators(after, sideId).fire?.(after, world) ?? [])
        best = Math.max(best, score(after, world, sideId, ctx, fire)?.score ?? -Infinity)
      if (best === -Infinity) continue
      const i = out.findIndex((s) => s.command === step)
      if (i < 0) out.push({ command: step, score: best })
      else if (best > out[i]!.score) out[i] = { command: step, score: best }
    }
    return out
  }

  /** The mean score of `command` followed by the end of the activation (a few futures when dice are thrown). */
  const thenStop = (state: MatchState, world: World, sideId: string, ctx: EvalContext, command: CommandInput): number =>
    meanScore(world, sideId, ctx, () => {
      const after = played(state, world, sideId, true, command, nextRng())
      if (!after || after.result || after.pending) return after
      const stop = turnGenerators(after, sideId).end?.(after, world)[0]
      const ended = stop ? played(after, world, sideId, true, stop, nextRng()) : null
      if (!ended) return after
      return thrown(after) ? Object.assign(ended, { [RANDOM]: true }) : ended
    }) ?? -Infinity

  return {
    level,
    choose(input) {
      const { state, world, sideId } = input
      if (sideToAct(state) !== sideId) return null
      // SMLE-MOVE-05: a Veteran of its own that has moved lies down before anything else is done; the team's turn
      // ends only once all of them lie down.
      const mine = activeTeam(state)?.sideId === sideId && !state.pending
      const down = mine ? veteranToLieDown(state, world, false) : null
      if (down) return down
      const command = chooseCommand(input)
      if (mine && command?.type === 'endActivation') return veteranToLieDown(state, world, true) ?? command
      return command
    },
  }

  function chooseCommand({ state, world, sideId }: BotInput<MatchState, Scenario>): CommandInput | null {
    if (sideToAct(state) !== sideId) return null
    const goals = goalsOf(state, world.scenario, sideId)
    const ctx = evalContext(goals)
    const decisions = decisionCandidates(state, world, sideId)
    // At platoon level each section already rolls as one (SMLE-ORG-09): a group roll stakes the whole platoon on one die.
    if (
      levelOf(state, sideId) !== 'section' &&
      decisions.length > 1 &&
      decisions.every((c) => c.type === 'rollActivation')
    )
      return chooseRoll(state, world, decisions)
    const end = turnGenerators(state, sideId).end?.(state, world) ?? []
    const listed =
      decisions.length > 0 ? decisions : warriorsOptions(state, world, turnCandidates(state, world, sideId, goals))
    const all = decisions.length > 0 ? decisions : fanaticOptions(state, world, listed)
    // SMLE-MOT-07: Warriors charge when they can (`warriorsOptions` leaves them nothing else to do); SMLE-MOT-04: a
    // Fanatic team makes the most aggressive attack it has (`fanaticOptions` leaves it nothing else).
    const charging =
      decisions.length === 0 && all.length > 0 && (all.every((c) => c.type === 'closeAssault') || all !== listed)
    const candidates = decisions.length > 0 ? all : shortlist(state, world, sideId, ctx, all, SHORTLIST[level])
    if (candidates.length === 0) return end[0] ?? null
    if (candidates.length === 1 && end.length === 0) return candidates[0] ?? null
    let scored = candidates.map((c) => score(state, world, sideId, ctx, c)).filter((s) => s !== null)
    if (decisions.length === 0) scored = withFireAfterStepOut(state, world, sideId, ctx, all, scored)
    // Fire from a team it cannot see cannot be played out on its view: it takes cover (SMLE-COMBAT-05).
    if (scored.length === 0) return end[0] ?? candidates.at(-1) ?? null
    let best = pick(scored, level, cursor)
    if (decisions.length > 0 || end.length === 0 || charging) return best.command
    const stop = end[0]!
    const stopScore = score(state, world, sideId, ctx, stop)?.score ?? -Infinity
    // Ending this activation ends the game (the last round's last activation): its score is the verdict, not a
    // judgement of the table. Every other command is judged by the verdict of ending the activation after it (the
    // same horizon): a figure stepping into the objective wins the game, and nothing else beats stopping.
    if (state.round >= state.roundLimit && simulate(state, world, stop, seedRng(VERDICT_SEED))?.result) {
      scored = scored.map((s) => ({ command: s.command, score: thenStop(state, world, sideId, ctx, s.command) }))
      best = pick(scored, level, cursor)
    }
    if (best.score > stopScore + WORTH) return best.command
    // SMLE-MOT-07, -08: a computer's Warriors team that has not yet moved takes a move that brings it closer to the
    // enemy when it has one, rather than stop.
    return warriorsAdvance(state, world, all, scored) ?? stop
  }
}

/**
 * Whether the look-ahead plays the enemy's fire at an Opportunity Fire window (see `played`): one the enemy may fire
 * at during the command (SMLE-COMBAT-05: before a figure's first step, after each step, at the end of its move, or
 * before an assault), not one at the start of a turn the command began (another team's, or a Double Move's second
 * turn, SMLE-OPT-02), whose fire comes whatever the command was.
 */
export function enemyFireInCommand(window: OpportunityWindow, sideId: string): boolean {
  return window.sideId !== sideId && window.then.kind !== 'turn'
}

/**
 * Whether the look-ahead plays a command past the enemy's Opportunity Fire windows it opens (SMLE-COMBAT-05, see
 * `played`): for a side that must get off by an edge (SMLE-SCEN-05); for a waiting side's reserve when it acts
 * (`Goals.reserve`: the Garrison's command team, SMLE-SCEN-04), whose walk to a place out of the raiders' sight,
 * judged where it first stopped for their answer, looked like standing still, however many of them could fire; and
 * for a side going into an objective it must take, in the last rounds (`Goals.goingIn`, SMLE-SCEN-01), whose step in
 * under the enemy's eyes looked the same. The other sides and teams judge a move where the enemy may first fire
 * (every side playing past them walked its Green sections into the enemy's fire, see docs/engine.md).
 */
export function playsPastWindows(state: MatchState, goals: Goals): boolean {
  return goals.edges.length > 0 || goals.goingIn || (goals.reserve && activeTeam(state)?.kind === 'command')
}

/**
 * SMLE-MOVE-05 `[decision]`: computer-controlled Veteran figures end every move prone unless they are about to close
 * assault. The command that lays down the first Veteran of the acting team who has moved this turn and still stands,
 * or null: a Veteran by the figure's own rating, once rolled (SMLE-QUAL-02, -05); standing up is the start of a move
 * (the 1" it costs). None lies down on a team that close-assaulted this turn (its move ended in the assault), nor
 * on one breaking and fleeing (SMLE-OPT-08: it does nothing else), nor aboard a vehicle; and while the team may
 * still close-assault (B9 and above, no attack made yet, SMLE-COMBAT-01) only when its turn ends (`ending`).
 */
export function veteranToLieDown(state: MatchState, world: World, ending: boolean): CommandInput | null {
  const team = activeTeam(state)
  if (!team || team.attack === 'assault' || team.moveOption?.kind === 'break') return null
  const band = team.activation?.band ?? 0
  if (band === 0 || (!ending && band >= 9 && team.attack === null && !team.opportunityFired)) return null
  for (const id of team.figureIds) {
    const f = state.figures[id]
    if (!f || f.quality !== 'veteran' || f.qualityPending || f.prone || f.movedIn <= 0) continue
    if (f.vehicleId !== null || !canAct(f)) continue
    const prone = kept(`prone|${f.id}`, () => ({ type: 'goProne', figureId: f.id }))
    if (moveAccepted(state, world, prone)) return prone
  }
  return null
}

/**
 * SMLE-MOT-07 / SMLE-MOT-08 `[decision]`: Warriors prefer options that bring them closer to an enemy unit, use cover
 * when available, and charge if it brings them into contact; for a computer-controlled team that is binding. Of the
 * acting Warriors team's `commands`: its close assaults, when it has any (SMLE-COMBAT-01); else every command but a
 * figure's move that ends farther from the nearest enemy it knows of than it starts (a step sideways into cover
 * stays open) and a voluntary fall back (one its band forces comes all the same, SMLE-OPT-07). Any other team's
 * commands as they are.
 */
export function warriorsOptions(state: MatchState, world: World, commands: CommandInput[]): CommandInput[] {
  const team = activeTeam(state)
  if (team?.motivation !== 'warriors') return commands
  const charges = commands.filter((c) => c.type === 'closeAssault')
  if (charges.length > 0) return charges
  const enemies = knownEnemyFigures(state, team.sideId)
  return commands.filter((c) => {
    if (c.type === 'fallBack') return false
    if (c.type !== 'moveFigure') return true
    const f = state.figures[c.figureId]
    if (!f || enemies.length === 0) return true
    const before = nearestFigure(state, world, f, enemies)?.distanceIn ?? Infinity
    const moved = { ...f, position: { x: c.to.x, y: world.groundHeightAt(c.to.x, c.to.z), z: c.to.z } }
    const after = nearestFigure(state, world, moved, enemies)?.distanceIn ?? Infinity
    return after <= before + state.settings.contactTolerance
  })
}

/** Each kind of attack of `availableAttacks` as its command's type. */
const ATTACK_COMMAND = { closeAssault: 'closeAssault', direct: 'directFire', return: 'returnFire', panic: 'panicFire' }

/**
 * SMLE-MOT-04 / SMLE-MOT-08 `[decision]`: a Fanatic team must always take the most aggressive option open to it
 * (Close Assault, then Direct Fire, Return Fire, Panic Fire). The engine refuses a lesser attack or the end of its
 * turn while a better one is open, but a move made first may close it (a run forbids fire; a figure that walks past
 * the enemy has no assault left): while the acting Fanatic team has made no attack, of `commands` only its attacks of
 * the most aggressive kind it has, when any is listed. Any other team's commands as they are.
 */
export function fanaticOptions(state: MatchState, world: World, commands: CommandInput[]): CommandInput[] {
  const team = activeTeam(state)
  if (team?.motivation !== 'fanatic' || team.attack !== null) return commands
  const best = availableAttacks(state, world, team)[0]
  if (best === undefined) return commands
  const kept = commands.filter((c) => c.type === ATTACK_COMMAND[best])
  return kept.length > 0 ? kept : commands
}

/**
 * SMLE-MOT-07 / SMLE-MOT-08 `[decision]`: Warriors prefer options that bring them closer to an enemy unit, binding
 * for a computer-controlled team. When the computer would stop a Warriors team none of whose figures has moved this
 * turn (and that took no Other option), a move of `candidates` (the rules' accepted ones) that brings a figure nearer the nearest enemy
 * it knows of: the best scored one, else the one that gains most; null when there is none (or it is no Warriors team,
 * or it has moved: its moves were never away from the enemy, `warriorsOptions`).
 */
export function warriorsAdvance(
  state: MatchState,
  world: World,
  candidates: readonly CommandInput[],
  scored: readonly Scored[],
): CommandInput | null {
  const team = activeTeam(state)
  if (team?.motivation !== 'warriors' || team.other !== null) return null
  if (team.figureIds.some((id) => (state.figures[id]?.movedIn ?? 0) > 0)) return null
  const enemies = knownEnemyFigures(state, team.sideId)
  if (enemies.length === 0) return null
  const scoreOf = new Map(scored.map((s) => [s.command, s.score]))
  let best: { command: CommandInput; score: number; gain: number } | null = null
  for (const c of candidates) {
    if (c.type !== 'moveFigure') continue
    const f = state.figures[c.figureId]
    if (!f || f.teamId !== team.id) continue
    const before = nearestFigure(state, world, f, enemies)?.distanceIn ?? Infinity
    const moved = { ...f, position: { x: c.to.x, y: world.groundHeightAt(c.to.x, c.to.z), z: c.to.z } }
    const gain = before - (nearestFigure(state, world, moved, enemies)?.distanceIn ?? Infinity)
    if (gain <= state.settings.contactTolerance) continue
    const score = scoreOf.get(c) ?? -Infinity
    if (!best || score > best.score || (score === best.score && gain > best.gain)) best = { command: c, score, gain }
  }
  return best?.command ?? null
}

/** The most figures of one team the look-ahead lays down after one command (a team is 2–6 figures, SMLE-GEN-08). */
const LIE_DOWN_MAX = 8

/** The generator of the look that tells whether ending an activation ends the game (no dice decide that). */
const VERDICT_SEED = 1

/** How many moves out of a prepared position are looked past, to the fire they open (the best by where they lead). */
const STEP_OUT_MOVES = 6
/** The fractions of a figure's move, and the bearings all round, at which a step out of a prepared position is tried. */
const STEP_OUT_REACH: readonly number[] = [0.85, 0.7]
const STEP_OUT_BEARINGS = 8

/** How much better, per figure rolled as one, a group roll must look before the computer stakes the group on one die. */
const GROUP_ROLL_MARGIN = 0.02

/**
 * Phase 1's choice of group rolls (SMLE-TURN-06) at platoon level and above, judged by the expected
 * worth of each unit's roll over the die's faces rather than by a few thrown
 * dice: a group rolled as one stands or breaks together (one die of 1 under
 * fire breaks every team of it, SMLE-OPT-08, and a side whose every unit is
 * broken has lost, §16), so the computer rolls team by team unless the
 * group's roll is clearly better (its leader's AL beats teams separated from
 * it, SMLE-ACT-14).
 */
function chooseRoll(state: MatchState, world: World, options: readonly CommandInput[]): CommandInput {
  let best = options[0]!
  let bestValue = -Infinity
  for (const c of options) {
    if (c.type !== 'rollActivation') continue
    const groups = c.groupRolls ?? []
    const units = unitsForRoll(state, c.sideId, groups)
    let value = 0
    let staked = 0
    for (const unit of units) {
      const n = unit.teamIds.reduce((k, id) => k + (state.teams[id]?.figureIds.length ?? 0), 0)
      value += n * expectedBandWorth(state, world, unit.teamIds, unit.leadTeamId)
      if (groups.length > 0 && unit.teamIds.length > 1) staked += n
    }
    value -= GROUP_ROLL_MARGIN * staked
    if (value > bestValue) {
      best = c
      bestValue = value
    }
  }
  return best
}

/**
 * The moves worth playing out: each figure move is first judged where it
 * would leave the figure (the state with the figure moved there, no rules
 * run), and only each moving figure's best and then the best of the rest, up
 * to `keep` in all, are played out in full with the others.
 */
function shortlist(
  state: MatchState,
  world: World,
  sideId: string,
  ctx: EvalContext,
  candidates: readonly CommandInput[],
  keep: number,
): CommandInput[] {
  const moves: Scored[] = []
  const others: CommandInput[] = []
  // Sifted on where each move leaves its figure; the activation outlook is weighed for the few kept.
  const sift: EvalContext = { ...ctx, quick: true }
  for (const c of candidates) {
    if (c.type !== 'moveFigure') {
      others.push(c)
      continue
    }
    const f = state.figures[c.figureId]
    if (!f) continue
    const moved: MatchState = { ...state, figures: { ...state.figures, [f.id]: siftedFigure(world, f, c) } }
    moves.push({ command: c, score: evaluate(moved, world, sideId, sift) })
  }
  moves.sort((a, b) => b.score - a.score)
  // Each figure's best move is played out, then the best of the rest: one man's many runs (lying down, each one
  // gets him up) must not crowd out the one step of another that takes the objective in the game's last activation.
  const kept = new Set<Scored>()
  const figures = new Set<string>()
  for (const m of moves) {
    const id = m.command.type === 'moveFigure' ? m.command.figureId : ''
    if (figures.has(id)) continue
    figures.add(id)
    kept.add(m)
  }
  for (const m of moves) if (kept.size < keep) kept.add(m)
  return [...others, ...moves.filter((m) => kept.has(m)).map((m) => m.command)]
}

/**
 * A figure where the sift judges a move of it (`shortlist`): at the move's end, on its feet unless it crawled, facing
 * the way its last leg goes, as the rules turn it (SMLE-ACT-19): sight and cover read the facing, and the place judged
 * here is then the one the play-out finds kept. Nothing else of the move is played (the steps, the enemy's windows).
 */
export function siftedFigure(
  world: World,
  f: FigureState,
  c: Extract<CommandInput, { type: 'moveFigure' }>,
): FigureState {
  const from = c.via?.at(-1) ?? f.position
  const way = { x: c.to.x - from.x, z: c.to.z - from.z }
  const facingDeg = hypot(way.x, way.z) > 1e-9 ? bearingDeg(way) : f.facingDeg
  const y = world.groundHeightAt(c.to.x, c.to.z)
  // A prone figure stands to walk or run, and stays down to crawl (SMLE-MOVE-05).
  return { ...f, position: { x: c.to.x, y, z: c.to.z }, prone: f.prone && c.pace === 'crawl', facingDeg }
}

/**
 * The sides a view shows beaten by the §16 default (no unbroken units) while
 * the game goes on: each has units the viewer cannot see.
 */
export function unseenSides(state: MatchState, world: World): string[] {
  if (state.result) return []
  return state.sides.filter((s) => hasLostAllUnits(state, world, s.id)).map((s) => s.id)
}

/** How many figure moves each level plays out in full (the rest are judged by where they lead alone). */
const SHORTLIST: Readonly<Record<BotLevel, number>> = { easy: 6, normal: 16, hard: 32 }

/** Each command as the rules read it (a command is played out several times: a few futures, and the stop). */
const parsedCommands = new WeakMap<CommandInput, ReturnType<typeof smle.parseCommand>>()

function parse(command: CommandInput): ReturnType<typeof smle.parseCommand> {
  let parsed = parsedCommands.get(command)
  if (!parsed) parsedCommands.set(command, (parsed = smle.parseCommand(command)))
  return parsed
}

/**
 * The commands the computer gives again and again in the same words (the look-ahead's answers at the enemy's
 * windows, a Veteran lying down), one object each: the rules read each once (`parse`). Never changed.
 */
const keptCommands = new Map<string, CommandInput>()
/** The most kept (ids of one scenario's teams and figures). */
const MAX_KEPT_COMMANDS = 10_000

function kept(key: string, make: () => CommandInput): CommandInput {
  let c = keptCommands.get(key)
  if (!c) {
    if (keptCommands.size >= MAX_KEPT_COMMANDS) keptCommands.clear()
    c = Object.freeze(make())
    keptCommands.set(key, c)
  }
  return c
}

/** Marks a simulated state whose command threw dice (so it is worth sampling again). */
const RANDOM = Symbol('random')

/** Whether a simulated state's command threw dice. */
const thrown = (state: MatchState): boolean => (state as { [RANDOM]?: boolean })[RANDOM] === true

/** The best scored command; an easy bot takes one of the best three at random. */
function pick(scored: readonly Scored[], level: BotLevel, cursor: RngCursor): Scored {
  const sorted = [...scored].sort((a, b) => b.score - a.score)
  if (level === 'easy') return sorted[cursor.int(Math.min(3, sorted.length))]!
  return sorted[0]!
}

/**
 * Everything the active team may do now: fire, assault and the Other
 * options as the rules list them, and moves: each figure's sampled moves
 * plus moves straight toward its side's goals (an exit edge, an objective),
 * at full and half reach, and, where a building or wall stands across that
 * straight line, along the way round it (`world.reach`) as far.
 */
export function turnCandidates(state: MatchState, world: World, sideId: string, goals: Goals): CommandInput[] {
  const gens = turnGenerators(state, sideId)
  const team = activeTeam(state)
  const out: CommandInput[] = [...(gens.fire?.(state, world) ?? []), ...(gens.assault?.(state, world) ?? [])]
  if (team) {
    for (const f of movers(state, team)) {
      const proposals = figureMoveProposals(state, world, team, f)
      // A prone figure may stand up and run (SMLE-MOVE-05, -08), which the rules' own sampling leaves out.
      if (f.prone && (team.moveOption === null || team.moveOption.kind === 'run'))
        for (const to of proneRuns(state, world, f, moveLeftIn(state, f, 'run')))
          proposals.push({ type: 'moveFigure', figureId: f.id, to, via: [], pace: 'run' })
      const toward = goalPoints(f, goals, world)
      for (const pace of ['tactical', 'run'] as const) {
        const reach = moveLeftIn(state, f, pace)
        if (reach < 0.2) continue
        for (const g of toward)
          for (const k of [0.95, 0.5]) {
            const dx = g.x - f.position.x
            const dz = g.z - f.position.z
            const len = hypot(dx, dz)
            if (len < 0.01) continue
            const step = Math.min(reach * k, len)
            proposals.push({
              type: 'moveFigure',
              figureId: f.id,
              to: { x: quantize(f.position.x + (dx / len) * step), z: quantize(f.position.z + (dz / len) * step) },
              via: [],
              pace,
            })
          }
        // Where the straight way is blocked (a building, a wall), the way round it as far as the move reaches.
        for (const g of toward)
          for (const k of [0.95, 0.5]) {
            const r = world.reach(f.position, g, reach * k, f.baseRadiusIn, state.doors, f)
            if (!r.ok || r.points.length <= 2) continue
            const via = r.points.slice(1, -1).map((p) => ({ x: quantize(p.x), z: quantize(p.z) }))
            proposals.push({
              type: 'moveFigure',
              figureId: f.id,
              to: { x: quantize(r.point.x), z: quantize(r.point.z) },
              via,
              pace,
            })
          }
      }
      const seen = new Set<string>()
      for (const c of proposals) {
        // The figure's own proposals: a straight move told apart by destination and pace, the others by kind.
        const key =
          c.type !== 'moveFigure' || (c.via?.length ?? 0) > 0 || c.level !== undefined
            ? JSON.stringify(c)
            : `${c.to.x},${c.to.z},${c.pace}`
        if (seen.has(key)) continue
        seen.add(key)
        // A shuffle of less than an inch gains nothing a person would make it for, and costs a path search,
        // unless it brings the figure's base to a goal edge, where it may step off (SMLE-SCEN-05).
        if (
          c.type === 'moveFigure' &&
          hypot(c.to.x - f.position.x, c.to.z - f.position.z) < MIN_STEP_IN &&
          !touchesGoalEdge(c.to, f.baseRadiusIn, goals, world)
        )
          continue
        if (moveAccepted(state, world, c)) out.push(c)
      }
    }
    out.push(...teamMoveCandidates(state, world, team))
  }
  // Closing a door is the reverse of opening it and costs no move: offered both, the computer could swing a door
  // to and fro for ever, each side of it a hair better than stopping. It opens doors; it does not close them.
  out.push(...(gens.other?.(state, world) ?? []).filter((c) => c.type !== 'closeDoor'))
  return out
}

/**
 * Where a prone figure might run to (the rules' sampled moves give a prone figure a crawl or a walk only; it may stand
 * up and run, SMLE-MOVE-05, -08, and `reach`, what is left of its run, has paid the inch for standing): the compass
 * points at the run's full reach, and toward the nearest known enemy, stopping short of his base (a move toward a
 * goal is proposed for every pace already). A Green section lying 8" from the marker it must take reaches it at
 * Advance (B6–B8) only at the run.
 */
function proneRuns(state: MatchState, world: World, f: FigureState, reach: number): Vec2[] {
  if (reach < MIN_STEP_IN) return []
  const out = compassPoints(f, reach, [FULL_REACH])
  const enemy = nearestFigure(state, world, f, knownEnemyFigures(state, f.sideId))
  const toward = enemy ? pointToward(f, enemy.figure.position, reach) : null
  if (toward) out.push(toward)
  return out
}

/** The share of its reach a sampled move at full reach covers (the rules' own sampling uses the same). */
const FULL_REACH = 0.95

/** Whether a figure of base radius `r` standing at `p` touches one of its side's goal edges. */
function touchesGoalEdge(p: Vec2, r: number, goals: Goals, world: World): boolean {
  const table = { widthIn: world.widthIn, depthIn: world.depthIn }
  return goals.edges.some((e) => distanceToEdge(p, e, table) - r <= EDGE_TOUCH_IN)
}

/** How near a goal edge a base must come to step off: the rules' contact tolerance (0.1"), inches. */
const EDGE_TOUCH_IN = 0.1
/** How far short of a goal edge a move toward it stops the base, inches (within the tolerance, and on the table). */
const EDGE_CONTACT_IN = 0.05

/**
 * Points a figure would walk toward: the nearest point of each goal edge where its base touches the edge (on the
 * table, so that it may step off from there: a point beyond the edge is no move at all), and each goal point.
 */
function goalPoints(f: FigureState, goals: Goals, world: World): Vec2[] {
  const table = { widthIn: world.widthIn, depthIn: world.depthIn }
  const p = f.position
  const out: Vec2[] = []
  for (const e of goals.edges) {
    const d = Math.max(0, distanceToEdge(p, e, table) - f.baseRadiusIn - EDGE_CONTACT_IN)
    const t = towardEdge(e)
    out.push({ x: quantize(p.x + t.x * d), z: quantize(p.z + t.z * d) })
  }
  out.push(...goals.points)
  return out
}
