import type { EventLog } from './events/event-log'
import type { AfterWindow, AssaultPlan, MoveLeg } from './state/pending'
import type { FigureState, MatchState } from './state/state'
import { dist2, type Vec3 } from '../../util/geometry'
import { straightMoveCostIn } from '../../world/terrain'
import type { World } from './world'
import { bearingDeg } from './edges'
import { canAct, enemySideIds, figureGapIn, isTeamOnTable, presentFigures } from './organisation'
import { usableWeapons } from './shooters'
import { revealSpotted } from './reveal'
import { vehicleHulls } from './vehicle-sight'

/** SMLE-COMBAT-05: moves are executed in steps of at most 1". */
export const INTERRUPT_STEP_IN = 1

/**
 * A figure that can fire this moment: able, not spent, not seriously wounded,
 * on foot or in an open vehicle, or crewing a vehicle that is not stopped by a
 * light wound this round (SMLE-VEH-15).
 */
export function canFireNow(state: MatchState, f: FigureState): boolean {
  if (!canAct(f) || f.spent !== null || f.status === 'seriousWound') return false
  if (f.vehicleId === null) return true
  const v = state.vehicles[f.vehicleId]
  if (v === undefined || v.status === 'killed') return false
  if (v.crewTeamId === f.teamId) return !crewStopped(state, f)
  return v.openTopped
}

/**
 * SMLE-VEH-15: a vehicle that took a light wound "does nothing more this
 * round"; its crew aboard works its guns and drives it, so the crew fires
 * nothing that round, mounted or personal weapons. [decision] Passengers are
 * their own team and may still fire from an open-topped vehicle.
 */
export function crewStopped(state: MatchState, f: FigureState): boolean {
  const v = f.vehicleId === null ? undefined : state.vehicles[f.vehicleId]
  return v !== undefined && v.crewTeamId === f.teamId && v.stoppedRound === state.round
}

/**
 * SMLE-COMBAT-04 / SMLE-COMBAT-06: opposing teams that may make Opportunity
 * Fire at `targetTeamId` now: current AL B5+, no attack yet this round
 * (SMLE-TURN-07), and a figure able to fire that sees one of `watch` (the
 * moving figure, or any figure of the target team).
 */
export function eligibleOpportunityTeams(
  state: MatchState,
  world: World,
  targetTeamId: string,
  watch: readonly string[] | null,
  onlyTeamId: string | null = null,
): string[] {
  const target = state.teams[targetTeamId]
  // SMLE-SCEN-05: a hidden team is no target the enemy can be offered, and the offer would give it away.
  if (!target || target.hidden) return []
  const enemies = new Set(enemySideIds(state, target.sideId))
  const targets = presentFigures(state, target).filter(
    (f) => f.status !== 'playingDead' && (watch === null || watch.includes(f.id)),
  )
  if (targets.length === 0) return []
  const out: string[] = []
  for (const team of Object.values(state.teams)) {
    if (!enemies.has(team.sideId) || (onlyTeamId !== null && team.id !== onlyTeamId)) continue
    if (!team.activation || team.activation.band < 5 || team.attack !== null || !isTeamOnTable(state, team)) continue
    const firers = presentFigures(state, team).filter((f) => canFireNow(state, f))
    if (firers.some((f) => seesInReach(state, world, f, targets))) out.push(team.id)
  }
  return out
}

/**
 * Whether a firer sees one of `targets` within twice its weapons' effective
 * range: only such a target can be hit (SMLE-SHOOT-08), so nobody else is
 * offered the moment. SMLE-GEN-05: measured to and from the hull of a vehicle
 * the firer or target is aboard.
 */
function seesInReach(state: MatchState, world: World, f: FigureState, targets: readonly FigureState[]): boolean {
  const reach = 2 * reachOf(state, f) + 1e-9
  const hulls = vehicleHulls(state)
  return targets.some((t) => figureGapIn(state, world, f, t) <= reach && world.sees(f, t, state.doors, hulls))
}

/** The longest effective range among the weapons a figure can fire now (0 when none). */
function reachOf(state: MatchState, f: FigureState): number {
  return usableWeapons(state, f).reduce((m, w) => Math.max(m, w.effectiveRangeIn ?? 0), 0)
}

/** Opens an interrupt window for the side opposing `targetTeamId` if any of its teams may fire; returns whether it did. */
export function openWindow(
  log: EventLog,
  world: World,
  targetTeamId: string,
  then: AfterWindow,
  watch: readonly string[] | null,
  defensiveTeamId: string | null = null,
  mover: { figureId: string; at: Vec3 } | null = null,
): boolean {
  const state = log.state
  const target = state.teams[targetTeamId]
  if (!target || state.phase !== 'play') return false
  const eligible = eligibleOpportunityTeams(state, world, targetTeamId, watch, defensiveTeamId)
  const firstTeam = eligible[0] === undefined ? undefined : state.teams[eligible[0]]
  if (!firstTeam) return false
  log.push({
    type: 'PendingSet',
    pending: {
      kind: 'opportunity',
      sideId: firstTeam.sideId,
      targetTeamId,
      eligibleTeamIds: eligible,
      defensive: defensiveTeamId !== null,
      mover,
      then,
    },
  })
  return true
}

/** A leg is still live: its figure can go on moving (not killed, not gone prone in reaction, SMLE-COMBAT-05). */
function legAlive(state: MatchState, leg: MoveLeg): boolean {
  if (leg.figureId === null) return leg.vehicleId !== null && state.vehicles[leg.vehicleId]?.status !== 'killed'
  const f = state.figures[leg.figureId]
  return f !== undefined && canAct(f) && !f.moveEnded && f.offTable === null && (leg.kind === 'crawl' || !f.prone)
}

/** The point at most `step` inches from `from` toward `to` on the ground. */
function stepToward(world: World, from: Vec3, to: Vec3, step: number): Vec3 {
  const d = dist2(from, to)
  if (d <= step + 1e-9) return to
  const k = step / d
  const x = from.x + (to.x - from.x) * k
  const z = from.z + (to.z - from.z) * k
  return { x, y: world.groundHeightAt(x, z), z }
}

/**
 * SMLE-COMBAT-05: executes move legs in steps of at most 1"; after each step,
 * unless `quiet`, the opposing side may interrupt with Opportunity Fire when
 * one of its eligible teams sees the moving figure. Returns `paused` when a
 * window opened (the rest of the move waits in it), `done` otherwise.
 */
export function runMove(
  log: EventLog,
  world: World,
  activeTeamId: string,
  legs: readonly MoveLeg[],
  quiet: boolean,
  assault: AssaultPlan | null = null,
): 'paused' | 'done' {
  for (let i = 0; i < legs.length; i++) {
    const leg = legs[i] as MoveLeg
    const route = [...leg.route]
    while (route.length > 0 && legAlive(log.state, leg)) {
      const next = route[0] as Vec3
      const mover = leg.figureId === null ? null : log.state.figures[leg.figureId]
      const vehicle = leg.vehicleId === null ? null : log.state.vehicles[leg.vehicleId]
      const from = mover?.position ?? vehicle?.position
      if (!from) break
      const to = stepToward(world, from, next, INTERRUPT_STEP_IN)
      if (to === next) route.shift()
      if (dist2(from, to) < 1e-9) continue
      stepEvent(log, world, leg, from, to)
      // SMLE-SCEN-05: hidden teams are spotted along the step (before any window: a team revealed now may be fired at).
      revealSpotted(log, world, { figureIds: steppedFigureIds(log, leg), from, to })
      if (quiet) continue
      const watch = mover
        ? [mover.id]
        : Object.values(log.state.figures)
            .filter((f) => f.vehicleId === vehicle?.id)
            .map((f) => f.id)
      const rest: MoveLeg[] = [{ ...leg, route }, ...legs.slice(i + 1)]
      const moverStart = mover && leg.start ? { figureId: mover.id, at: leg.start } : null
      if (
        openWindow(
          log,
          world,
          activeTeamId,
          { kind: 'move', legs: rest, quiet: false, assault },
          watch,
          null,
          moverStart,
        )
      )
        return 'paused'
    }
  }
  return 'done'
}

/** The figures a step of a leg moved: the figure (and one it helps along), or everyone aboard the vehicle. */
function steppedFigureIds(log: EventLog, leg: MoveLeg): string[] {
  if (leg.vehicleId !== null)
    return Object.values(log.state.figures)
      .filter((f) => f.vehicleId === leg.vehicleId)
      .map((f) => f.id)
  if (leg.figureId === null) return []
  const helping = log.state.figures[leg.figureId]?.helping
  return helping ? [leg.figureId, helping] : [leg.figureId]
}

/** One step of a leg as events (the figure helped along moves with its helper, SMLE-DMG-12). */
function stepEvent(log: EventLog, world: World, leg: MoveLeg, from: Vec3, to: Vec3): void {
  const facingDeg = bearingDeg({ x: to.x - from.x, z: to.z - from.z })
  if (leg.vehicleId !== null) {
    log.push({
      type: 'VehicleMoved',
      vehicleId: leg.vehicleId,
      from,
      to,
      distanceIn: dist2(from, to),
      facingDeg,
      road: leg.kind === 'road',
    })
    return
  }
  if (leg.figureId === null) return
  const f = log.state.figures[leg.figureId]
  if (!f) return
  // SMLE-GEN-05 / SMLE-MOVE-04: each step costs what the world says the path costs (length, climbs, difficult ground).
  const path = world.path(from, to, f.baseRadiusIn, log.state.doors, f)
  const cost = path.ok ? path.costIn : straightMoveCostIn(world.groundHeightAt, from, to)
  log.push({
    type: 'FigureMoved',
    figureId: leg.figureId,
    from,
    to,
    distanceIn: cost,
    facingDeg,
    endsMove: false,
    crawl: leg.kind === 'crawl',
    forced: false,
  })
  const helper = log.state.figures[leg.figureId]
  const wounded = helper?.helping ? log.state.figures[helper.helping] : undefined
  if (helper && wounded && wounded.status === 'seriousWound') {
    const back = {
      x: to.x - Math.sin((facingDeg * Math.PI) / 180) * (helper.baseRadiusIn + wounded.baseRadiusIn),
      z: to.z + Math.cos((facingDeg * Math.PI) / 180) * (helper.baseRadiusIn + wounded.baseRadiusIn),
    }
    const at = { x: back.x, y: world.groundHeightAt(back.x, back.z), z: back.z }
    log.push({
      type: 'FigureMoved',
      figureId: wounded.id,
      from: wounded.position,
      to: at,
      distanceIn: 0,
      facingDeg,
      endsMove: false,
      crawl: false,
      forced: true,
    })
  }
}
