import { z } from 'zod'
import { accept, type Checked, type Decision, reject, rejectCore } from '../decision'
import { EventLog } from '../events/event-log'
import type { AssaultPlan, MoveLeg } from '../state/pending'
import type { FigureState, MatchState, TeamState } from '../state/state'
import { fanaticAllows } from './fanatic'
import { assaultGapIn } from '../assault-contact'
import { afterAssaultMove } from '../assault-flow'
import { isSurprised } from '../close-assault'
import { STAND_UP_COST_IN } from '../movement'
import { isTeamOnTable, presentFigures } from '../organisation'
import { settlePosition } from '../positions'
import { runMove } from '../windows'
import type { World } from '../world'
import { actingTeam } from './common'
import { attackAllowed } from './fire-common'
import { planMoveFigure, type PlannedMove } from './move-figure'
import { vehicleHulls } from '../vehicle-sight'

const PointSchema = z.object({ x: z.number(), z: z.number() })

export const CloseAssaultSchema = z.object({
  type: z.literal('closeAssault'),
  teamId: z.string(),
  targetTeamId: z.string(),
  /** The assault move: where each attacking figure goes (at least one into base contact). */
  moves: z
    .array(z.object({ figureId: z.string(), to: PointSchema, via: z.array(PointSchema).max(16).default([]) }))
    .min(1),
})
export type CloseAssault = z.infer<typeof CloseAssaultSchema>

/**
 * SMLE-COMBAT-01 / SMLE-CA-01 Close Assault (B9+): the active team moves
 * into contact with an enemy unit (at least one figure in base contact,
 * SMLE-CA-03) and assaults it. The move runs with interrupt points; the
 * defender may fire first (SMLE-COMBAT-06); then both sides' dice are rolled
 * (§11). A running team may not start one (SMLE-MOVE-08), nor a Reluctant
 * team that has not been fired on or assaulted (SMLE-MOT-05).
 */
export function decideCloseAssault(state: MatchState, cmd: CloseAssault, world: World): Decision {
  const check = checkCloseAssault(state, cmd, world)
  if (!check.ok) return check
  const { plans, hidden } = check.value
  const team = state.teams[cmd.teamId]
  const log = new EventLog(state)
  const foundTeamIds = [...new Set(plans.flatMap((p) => (p.foundTeamId === null ? [] : [p.foundTeamId])))]
  const foundPositionIds = [...new Set(plans.flatMap((p) => p.foundPositionIds))]
  if (foundTeamIds.length > 0 || foundPositionIds.length > 0) {
    // SMLE-SCEN-05, SMLE-SHOOT-26 [decision], as for a figure's own move: an attacker runs into a hidden enemy figure
    // where it meant to end its assault move, or into a concealed position on its way. What it ran into is found
    // (its team revealed, the position on the table for all to see); no one moves and no assault is made, the team's
    // Move option and attack not taken, and a hidden attacking team is not revealed (it did not charge).
    const mover = (id: string): string =>
      plans.find((p) => p.foundPositionIds.includes(id) || p.foundTeamId === id)!.figure.name
    for (const positionId of foundPositionIds)
      log.push({ type: 'PositionFound', positionId, sideId: team!.sideId, reason: `found by ${mover(positionId)}` })
    for (const teamId of foundTeamIds) log.push({ type: 'TeamRevealed', teamId, reason: `found by ${mover(teamId)}` })
    return accept(log.events)
  }
  const assault = assaultPlan(state, world, cmd)
  if (team?.moveOption === null) log.push({ type: 'MoveOptionChosen', teamId: cmd.teamId, option: 'tactical' })
  if (hidden) log.push({ type: 'TeamRevealed', teamId: cmd.teamId, reason: 'it charged' })
  for (const p of plans)
    if (p.figure.prone) log.push({ type: 'FigureStoodUp', figureId: p.figure.id, costIn: STAND_UP_COST_IN })
  const legs: MoveLeg[] = plans.map((p) => ({
    figureId: p.figure.id,
    vehicleId: null,
    route: p.route,
    kind: 'assault',
    start: p.figure.position,
  }))
  if (runMove(log, world, cmd.teamId, legs, false, assault) === 'done') {
    settlePosition(log, world, cmd.teamId)
    afterAssaultMove(log, world, assault)
  }
  return accept(log.events)
}

/** Whether the close assault may be made, with each attacker's move planned. */
export function checkCloseAssault(
  state: MatchState,
  cmd: CloseAssault,
  world: World,
): Checked<{ plans: PlannedMove[]; hidden: boolean }> {
  const acting = actingTeam(state, cmd.teamId)
  if (!acting.ok) return acting
  const team = acting.value
  const allowed = attackAllowed(team, 'closeAssault')
  if (!allowed.ok) return allowed
  if (team.moveOption !== null && team.moveOption.kind !== 'tactical')
    return reject('SMLE-TURN-10', `${team.name} has used its Move option this turn.`)
  const target = state.teams[cmd.targetTeamId]
  if (!target) return rejectCore('CORE-CMD-01', `There is no team "${cmd.targetTeamId}".`)
  if (target.sideId === team.sideId || !isTeamOnTable(state, target))
    return reject('SMLE-CA-01', `${target.name} is not an enemy unit on the table.`)
  const assaulted = [...team.fire.thisRound.byTeams, ...team.fire.lastRound.byTeams].length > 0
  if (team.motivation === 'reluctant' && !assaulted)
    return reject('SMLE-MOT-05', `${team.name} is Reluctant: it does not seek a fight unless fired on or assaulted.`)
  const fanatic = fanaticAllows(state, world, team, 'closeAssault')
  if (!fanatic.ok) return fanatic
  const plans: PlannedMove[] = []
  for (const m of cmd.moves) {
    if (plans.some((p) => p.figure.id === m.figureId)) return reject('SMLE-CA-01', 'A figure is moved twice.')
    const f = state.figures[m.figureId]
    if (!f || f.teamId !== team.id) return reject('SMLE-CA-01', `${f?.name ?? m.figureId} is not in ${team.name}.`)
    const plan = planMoveFigure(
      state,
      { type: 'moveFigure', figureId: m.figureId, to: m.to, via: m.via, pace: 'tactical' },
      world,
      // Judged on the table as the side knows it: a hidden figure or a concealed position is found, not refused.
      true,
    )
    if (!plan.ok) return plan
    plans.push(plan.value)
  }
  const defenders = presentFigures(state, target).filter((f) => f.vehicleId === null)
  // SMLE-CA-03: base contact, over the parapet of a pit the defender holds (`assaultGapIn`).
  const touches = (f: FigureState): boolean =>
    defenders.some((d) => assaultGapIn(world, f, d) <= state.settings.contactTolerance + 1e-9)
  const moved = new Set(plans.map((p) => p.figure.id))
  // A figure of the team not moved by the command counts where it stands: one that forced a door on its way and
  // ended its move just beyond it, in contact (SMLE-DOOR-03), has made contact.
  const contact =
    plans.some((p) => touches({ ...p.figure, position: p.route[p.route.length - 1] ?? p.figure.position })) ||
    presentFigures(state, team).some((f) => !moved.has(f.id) && f.vehicleId === null && touches(f))
  if (!contact)
    return reject('SMLE-CA-03', `At least one figure must end its move in base contact with ${target.name}.`)
  return { ok: true, value: { plans, hidden: team.hidden } }
}

/**
 * The assault as declared (the command was checked): where each attacker
 * began the round, to fall back to on D ≥ 2A (Table 11.2; `roundStartAt`,
 * else where it stands, not having moved this round), and the defenders
 * surprised or unaware (SMLE-CA-08).
 */
function assaultPlan(state: MatchState, world: World, cmd: CloseAssault): AssaultPlan {
  const team = state.teams[cmd.teamId] as TeamState
  const target = state.teams[cmd.targetTeamId] as TeamState
  const attackers = presentFigures(state, team)
  const defenders = presentFigures(state, target).filter((f) => f.vehicleId === null)
  return {
    attackerTeamId: team.id,
    defenderTeamId: target.id,
    starts: Object.fromEntries(attackers.map((f) => [f.id, f.roundStartAt ?? f.position])),
    surprised: surprisedDefenders(state, world, team, attackers, defenders),
  }
}

/**
 * SMLE-CA-08: the defenders that had no line of sight to any attacking
 * figure at the start of the attackers' move, or all of them when the
 * attackers were hidden then. The move is the attacking team's move this
 * turn, so the sight is judged as the turn began (`turnStart`): every figure
 * where it stood and as it lay then, every door as it was (one opened or
 * forced on the way was still shut); a defender that saw them then is not
 * surprised even if it sees none of them now.
 */
function surprisedDefenders(
  state: MatchState,
  world: World,
  team: TeamState,
  attackers: readonly FigureState[],
  defenders: readonly FigureState[],
): string[] {
  const start = state.turnStart?.teamId === team.id ? state.turnStart : undefined
  const hidden = start ? start.hidden : team.hidden
  const asThen = (f: FigureState): FigureState => {
    const pose = start?.figures[f.id]
    return pose ? { ...f, ...pose } : f
  }
  const doors =
    start && Object.keys(start.doors).length > 0
      ? Object.fromEntries(
          Object.entries(state.doors).map(([id, d]) => {
            const was = start.doors[id]
            return [id, was === undefined ? d : { ...d, state: was }]
          }),
        )
      : state.doors
  const then = attackers.map(asThen)
  const hulls = vehicleHulls(state)
  const sawAnAttacker = (d: FigureState): boolean => {
    const seer = asThen(d)
    // Vehicles' hulls as they stand now (SMLE-SHOOT-02): a vehicle that moved in this turn is not put back.
    return then.some((a) => world.sees(seer, a, doors, hulls))
  }
  return defenders.filter((d) => hidden || isSurprised(sawAnAttacker(d), hidden)).map((d) => d.id)
}
