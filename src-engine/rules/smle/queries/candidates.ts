import type { CommandInput } from '../commands/index'
import { judge, parseCommand } from '../commands/decide'
import type { FigureState, MatchState, TeamState } from '../state/state'
import { assaultMoves } from '../commands/assault-moves'
import { checkCloseAssault } from '../commands/close-assault'
import { checkDirectFire } from '../commands/direct-fire'
import { reachesDoor } from '../commands/doors'
import { checkEndActivation } from '../commands/end-activation'
import { moveLeftIn } from '../commands/move-rules'
import { planMoveFigure } from '../commands/move-figure'
import { planMoveVehicle } from '../commands/move-vehicle'
import { checkOpportunityFire } from '../commands/opportunity-fire'
import { checkPanicFire } from '../commands/panic-fire'
import { checkReturnFire } from '../commands/return-fire'
import { rotate } from '../edges'
import { canAct, isTeamOnTable, knownEnemyFigures, nearestFigure, presentFigures } from '../organisation'
import { activeTeam } from '../sequence'
import { crewAboard, crewVehicle } from '../vehicle-flow'
import { groupRollRefusal } from '../units'
import { firesIndirect, weaponProfile } from '../weapons'
import { usableWeapons } from '../shooters'
import { quantize, type Vec2, hypot } from '../../../util/geometry'
import type { World } from '../world'

/** The kinds of thing a side may do now, each a generator of legal commands. */
export type CandidateKind = 'decide' | 'move' | 'fire' | 'assault' | 'other' | 'end'

/** A generator of candidate commands of one kind, already checked to be legal. */
export type Generator = (state: MatchState, world: World) => CommandInput[]

/** Keeps the candidates the rules accept (the command's own rule, without settling the table). */
function accepted(state: MatchState, world: World, commands: readonly CommandInput[]): CommandInput[] {
  return commands.filter((c) => {
    const parsed = parseCommand(c)
    return parsed.ok && judge(state, parsed.value, world).ok
  })
}

const point = (x: number, z: number): Vec2 => ({ x: quantize(x), z: quantize(z) })

/** The eight compass points (north first, clockwise) at each of `shares` of `reach` from a figure. */
export function compassPoints(f: FigureState, reach: number, shares: readonly number[]): Vec2[] {
  const out: Vec2[] = []
  for (let a = 0; a < 360; a += 45) {
    const d = rotate({ x: 0, z: -1 }, a)
    for (const k of shares) out.push(point(f.position.x + d.x * reach * k, f.position.z + d.z * reach * k))
  }
  return out
}

/** The point a move of `reach` toward `g` ends at, 1.2" short of it (a base's width), or null when there is none. */
export function pointToward(f: FigureState, g: Vec2, reach: number): Vec2 | null {
  const dx = g.x - f.position.x
  const dz = g.z - f.position.z
  const len = hypot(dx, dz)
  if (len < 0.5) return null
  const step = Math.min(reach * 0.95, len - 1.2)
  return step > 0.2 ? point(f.position.x + (dx / len) * step, f.position.z + (dz / len) * step) : null
}

/** Sampled destinations for a figure's move: the compass points at its full and half reach, and toward and away from the nearest enemy and objective. */
function destinations(state: MatchState, world: World, f: FigureState, reach: number): Vec2[] {
  if (reach < 0.2) return []
  const out = compassPoints(f, reach, [0.95, 0.5])
  const enemy = nearestFigure(state, world, f, knownEnemyFigures(state, f.sideId))
  const goals = [
    ...(enemy ? [enemy.figure.position] : []),
    ...world.scenario.objectives.map((o) => ({ x: o.x, z: o.z })),
  ]
  for (const g of goals) {
    const dx = g.x - f.position.x
    const dz = g.z - f.position.z
    const len = hypot(dx, dz)
    if (len < 0.5) continue
    const toward = pointToward(f, g, reach)
    if (toward) out.push(toward)
    out.push(point(f.position.x - (dx / len) * reach * 0.9, f.position.z - (dz / len) * reach * 0.9))
  }
  return out
}

/** The figures of a team that may still move this turn. */
export function movers(state: MatchState, team: TeamState): FigureState[] {
  return presentFigures(state, team).filter(
    (f) => canAct(f) && f.spent === null && f.vehicleId === null && !f.moveEnded,
  )
}

/**
 * One figure's possible moves, not yet checked: walking, running, crawling
 * to the sampled destinations; going prone, standing up, leaving the table (§6).
 */
export function figureMoveProposals(state: MatchState, world: World, team: TeamState, f: FigureState): CommandInput[] {
  const out: CommandInput[] = []
  const chosen = team.moveOption?.kind
  const paces: ('tactical' | 'run' | 'crawl')[] = f.prone
    ? ['crawl', 'tactical']
    : chosen === 'run'
      ? ['run']
      : chosen === 'tactical'
        ? ['tactical']
        : ['tactical', 'run']
  for (const pace of paces) {
    const seen = new Set<string>()
    for (const to of destinations(state, world, f, moveLeftIn(state, f, pace))) {
      const key = `${to.x},${to.z}`
      if (seen.has(key)) continue
      seen.add(key)
      out.push({ type: 'moveFigure', figureId: f.id, to, via: [], pace })
    }
  }
  out.push(
    { type: 'goProne', figureId: f.id },
    { type: 'standUp', figureId: f.id },
    { type: 'exitTable', figureId: f.id },
  )
  return out
}

/** True when the rules accept a proposed figure move (a move is planned without settling the table). */
export function moveAccepted(state: MatchState, world: World, c: CommandInput): boolean {
  if (c.type === 'moveFigure')
    return planMoveFigure(state, { ...c, via: c.via ?? [], pace: c.pace ?? 'tactical' }, world, true).ok
  return accepted(state, world, [c]).length === 1
}

/** One figure's legal moves (§6). */
export function figureMoveCandidates(state: MatchState, world: World, team: TeamState, f: FigureState): CommandInput[] {
  return figureMoveProposals(state, world, team, f).filter((c) => moveAccepted(state, world, c))
}

/** Team moves: falling back, and its vehicle's moves (§5, §13). */
export function teamMoveCandidates(state: MatchState, world: World, team: TeamState): CommandInput[] {
  const out: CommandInput[] = []
  out.push(
    ...accepted(state, world, [
      { type: 'fallBack', teamId: team.id },
      { type: 'fallBack', teamId: team.id, distance: 'full' },
    ]),
  )
  const vehicle = crewVehicle(state, team)
  if (vehicle && crewAboard(state, vehicle)) {
    const centre = { ...presentFigures(state, team)[0], position: vehicle.position } as FigureState
    for (const to of destinations(state, world, centre, vehicle.combatSpeedIn)) {
      const cmd = { type: 'moveVehicle' as const, vehicleId: vehicle.id, to, via: [] }
      if (planMoveVehicle(state, cmd, world).ok) out.push(cmd)
    }
  }
  return out
}

/** Every move of the team: each figure's, the team's and its vehicle's (§5, §6, §13). */
export function moveCandidates(state: MatchState, world: World, team: TeamState): CommandInput[] {
  return [
    ...movers(state, team).flatMap((f) => figureMoveCandidates(state, world, team, f)),
    ...teamMoveCandidates(state, world, team),
  ]
}

/** Doors, boarding and leaving vehicles, first aid, reloading, picking up, demolition, leaders, calling fire (§5, §6, §12). */
export function otherCandidates(state: MatchState, world: World, team: TeamState): CommandInput[] {
  const cmds: CommandInput[] = [
    { type: 'reload', teamId: team.id },
    { type: 'debus', teamId: team.id },
    { type: 'recoverCasualties', teamId: team.id },
  ]
  const figures = presentFigures(state, team).filter((f) => canAct(f) && f.vehicleId === null)
  for (const door of world.doors()) {
    const near = figures.filter((f) => reachesDoor(f, door))
    for (const f of near)
      cmds.push(
        { type: 'openDoor', figureId: f.id, doorId: door.id },
        { type: 'closeDoor', figureId: f.id, doorId: door.id },
        { type: 'kickDoor', figureId: f.id, doorId: door.id },
      )
    if (figures.some((f) => hypot(f.position.x - door.centre.x, f.position.z - door.centre.z) < 6))
      cmds.push({ type: 'rushDoor', teamId: team.id, doorId: door.id })
  }
  for (const v of Object.values(state.vehicles))
    if (v.sideId === team.sideId && !v.offTable) cmds.push({ type: 'board', teamId: team.id, vehicleId: v.id })
  const wounded = Object.values(state.figures).filter(
    (w) =>
      w.sideId === team.sideId && w.offTable === null && (w.status === 'lightWound' || w.status === 'seriousWound'),
  )
  for (const f of figures) {
    for (const w of wounded) {
      if (w.id === f.id || world.distanceIn(f, w) > state.settings.contactTolerance) continue
      cmds.push(
        w.status === 'lightWound'
          ? { type: 'recoverCasualties', teamId: team.id, firstAid: [{ figureId: f.id, woundedId: w.id }] }
          : { type: 'recoverCasualties', teamId: team.id, help: [{ figureId: f.id, woundedId: w.id }] },
      )
    }
    for (const item of state.items) cmds.push({ type: 'pickUp', figureId: f.id, itemId: item.id })
    for (const o of world.scenario.objectives) {
      if (o.kind === 'cache') cmds.push({ type: 'pickUp', figureId: f.id, itemId: o.id })
      cmds.push({ type: 'demolish', figureId: f.id, objectiveId: o.id })
    }
    if (f.isLeader)
      for (const t of Object.values(state.teams))
        if (t.id !== team.id && t.sideId === team.sideId)
          cmds.push({ type: 'transferLeader', figureId: f.id, toTeamId: t.id })
  }
  cmds.push(...callFireCandidates(state, world, team, figures))
  return accepted(state, world, cmds)
}

function callFireCandidates(
  state: MatchState,
  world: World,
  team: TeamState,
  figures: readonly FigureState[],
): CommandInput[] {
  const guns = Object.values(state.teams).filter(
    (t) =>
      t.sideId === team.sideId &&
      isTeamOnTable(state, t) &&
      presentFigures(state, t).some((f) =>
        f.weapons.some((w) => {
          const p = weaponProfile(w)
          return p !== undefined && firesIndirect(p)
        }),
      ),
  )
  if (guns.length === 0) return []
  const observers = figures.filter((f) => f.isLeader || team.kind === 'command' || team.kind === 'specialist')
  const targets = knownEnemyFigures(state, team.sideId).slice(0, 3)
  const out: CommandInput[] = []
  for (const o of observers)
    for (const g of guns)
      for (const t of targets)
        out.push({
          type: 'callFire',
          observerId: o.id,
          firingTeamId: g.id,
          point: { x: t.position.x, z: t.position.z },
        })
  return out
}

/** Fire at each known enemy team (guns, then each explosive weapon), Return and Panic Fire (§7, §8, §12). */
export function fireCandidates(state: MatchState, world: World, team: TeamState): CommandInput[] {
  const out: CommandInput[] = []
  const enemies = Object.values(state.teams).filter(
    (t) => t.sideId !== team.sideId && isTeamOnTable(state, t) && !t.hidden,
  )
  const explosives = presentFigures(state, team).flatMap((f) =>
    usableWeapons(state, f)
      .filter((w) => w.type === 'EX')
      .map((w) => ({ figureId: f.id, weapon: w.id })),
  )
  for (const target of enemies) {
    const tries = [
      { type: 'directFire' as const, teamId: team.id, targetTeamId: target.id, weapons: {}, atVehicle: false },
      ...explosives.map((x) => ({
        type: 'directFire' as const,
        teamId: team.id,
        targetTeamId: target.id,
        firerIds: [x.figureId],
        weapons: { [x.figureId]: x.weapon },
        atVehicle: false,
      })),
      ...(crewVehicle(state, target)
        ? [{ type: 'directFire' as const, teamId: team.id, targetTeamId: target.id, weapons: {}, atVehicle: true }]
        : []),
    ]
    for (const t of tries) if (checkDirectFire(state, t, world).ok) out.push(t)
    for (const shooter of presentFigures(state, team).filter((f) => canAct(f) && f.spent === null)) {
      const ret = { type: 'returnFire' as const, teamId: team.id, targetTeamId: target.id, figureId: shooter.id }
      if (checkReturnFire(state, ret, world).ok) out.push(ret)
    }
  }
  const panic = { type: 'panicFire' as const, teamId: team.id }
  if (checkPanicFire(state, panic, world).ok) out.push(panic)
  // SMLE-COMBAT-08: the figure may panic-fire its explosive weapon (it bursts, SMLE-EXP-12).
  for (const x of explosives) {
    const blind = { type: 'panicFire' as const, teamId: team.id, figureId: x.figureId, weapon: x.weapon }
    if (checkPanicFire(state, blind, world).ok) out.push(blind)
  }
  return out
}

/** Close assaults on each enemy team some figure can reach (§11). */
export function assaultCandidates(state: MatchState, world: World, team: TeamState): CommandInput[] {
  if ((team.activation?.band ?? 0) < 9 || team.attack !== null) return []
  const out: CommandInput[] = []
  // No path is shorter than the straight line: a team no attacker could reach even running is not planned (SMLE-CA-03).
  const attackers = presentFigures(state, team).filter((f) => canAct(f) && f.vehicleId === null)
  const reach = new Map(
    attackers.map((a) => [
      a.id,
      Math.max(moveLeftIn(state, a), moveLeftIn(state, a, 'run')) + state.settings.contactTolerance + 1,
    ]),
  )
  const inReach = (target: TeamState): boolean =>
    presentFigures(state, target).some((d) => attackers.some((a) => world.distanceIn(a, d) <= (reach.get(a.id) ?? 0)))
  for (const target of Object.values(state.teams)) {
    if (target.sideId === team.sideId || !isTeamOnTable(state, target) || !inReach(target)) continue
    const moves = assaultMoves(state, world, team, target)
    if (!moves) continue
    const cmd = { type: 'closeAssault' as const, teamId: team.id, targetTeamId: target.id, moves }
    if (checkCloseAssault(state, cmd, world).ok) out.push(cmd)
  }
  return out
}

/** Decisions outside the active team's turn: set-up, activation rolls, interrupt windows, reactions. */
export function decisionCandidates(state: MatchState, world: World, sideId: string): CommandInput[] {
  const p = state.pending
  if (p) {
    if (p.sideId !== sideId) return []
    if (p.kind === 'interrupt')
      return [
        { type: 'declineInterrupt', sideId },
        ...p.eligibleTeamIds.map((teamId) => ({ type: 'interrupt' as const, sideId, teamId })),
      ]
    if (p.kind === 'fireReaction') {
      const target = state.teams[p.targetTeamId]
      const duck = target
        ? presentFigures(state, target)
            .filter((f) => canAct(f) && !f.prone && f.vehicleId === null)
            .map((f) => f.id)
        : []
      return [
        { type: 'reactToFire', sideId, prone: [] },
        ...(duck.length > 0 ? [{ type: 'reactToFire' as const, sideId, prone: duck }] : []),
      ]
    }
    const out: CommandInput[] = [
      { type: 'holdFire', sideId, until: 'point' },
      { type: 'holdFire', sideId, until: 'move' },
    ]
    // SMLE-VEH-10: opportunity fire may be aimed at a moving team's vehicle as well as at its figures.
    const target = state.teams[p.targetTeamId]
    const atVehicle = target && crewVehicle(state, target) ? [false, true] : [false]
    for (const teamId of p.eligibleTeamIds)
      for (const v of atVehicle) {
        const cmd = { type: 'opportunityFire' as const, sideId, teamId, weapons: {}, atVehicle: v }
        if (checkOpportunityFire(state, cmd, world).ok) out.push(cmd)
      }
    return out
  }
  if (state.activeSideId !== sideId) return []
  if (state.phase === 'setup') {
    const raid = world.scenario.victory.conditions.find((c) => c.kind === 'raid')
    if (raid?.kind === 'raid' && raid.sideId === sideId && state.raid.objectiveId === null)
      return raid.objectiveIds.map((objectiveId) => ({ type: 'chooseObjective', sideId, objectiveId }))
    return [{ type: 'endSetup', sideId }]
  }
  if (state.phase === 'activation') {
    const groups = Object.values(state.groups)
      .filter((g) => g.sideId === sideId && groupRollRefusal(state, world, g.id, sideId) === null)
      .map((g) => g.id)
    return [
      { type: 'rollActivation', sideId, groupRolls: [] },
      ...(groups.length > 0 ? [{ type: 'rollActivation' as const, sideId, groupRolls: groups }] : []),
    ]
  }
  return []
}

/** The generators for the active team's turn, by kind. */
export function turnGenerators(state: MatchState, sideId: string): Partial<Record<CandidateKind, Generator>> {
  if (state.phase !== 'play' || state.pending !== null || state.activeSideId !== sideId) return {}
  const team = activeTeam(state)
  if (!team) return {}
  return {
    end: (s, w) =>
      checkEndActivation(s, { type: 'endActivation', teamId: team.id }, w).ok
        ? [{ type: 'endActivation', teamId: team.id }]
        : [],
    move: (s, w) => moveCandidates(s, w, team),
    fire: (s, w) => fireCandidates(s, w, team),
    assault: (s, w) => assaultCandidates(s, w, team),
    other: (s, w) => otherCandidates(s, w, team),
  }
}
