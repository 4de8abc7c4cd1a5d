import type { GameEvent, MatchState, VehicleState } from '../../../src-engine/index'

/** An event of this session as the match mirror keeps it. */
export interface SeenEvent {
  readonly event: GameEvent
  readonly before: MatchState
}

/** Bearing from one table point to another: degrees clockwise from north (−Z), as facings are kept. */
export function bearingDeg(from: { x: number; z: number }, to: { x: number; z: number }): number {
  return ((Math.atan2(to.x - from.x, -(to.z - from.z)) * 180) / Math.PI + 360) % 360
}

/** Where a team stands: the middle of its figures on the table, or null when none is there. */
function teamCentre(state: MatchState, teamId: string): { x: number; z: number } | null {
  const team = state.teams[teamId]
  const at = (team?.figureIds ?? [])
    .map((id) => state.figures[id])
    .filter((f) => f !== undefined && f.offTable === null && f.status !== 'dead')
    .map((f) => f!.position)
  if (at.length === 0) return null
  return { x: at.reduce((s, p) => s + p.x, 0) / at.length, z: at.reduce((s, p) => s + p.z, 0) / at.length }
}

/** The crew of `v` fired one of its mounted guns in this shot. */
function firedBy(state: MatchState, v: VehicleState, e: Extract<GameEvent, { type: 'ShotResolved' }>): boolean {
  const f = state.figures[e.figureId]
  return !!f && f.vehicleId === v.id && f.teamId === v.crewTeamId && v.weapons.includes(e.weapon)
}

/**
 * Where each turret's gun points. The rules keep no turret facing of their
 * own (SMLE-VEH-11/14: a hit on the turret is a 1D6, not an arc), so the
 * turret is drawn laid on what its crew last shot at with a mounted gun,
 * from the events this page has seen, until the vehicle next moves; then,
 * and for a vehicle that has not fired, along the hull's facing.
 */
export function turretBearings(state: MatchState, seen: readonly SeenEvent[]): Map<string, number> {
  const out = new Map<string, number>()
  const open = Object.values(state.vehicles).filter((v) => v.armour.turret !== null && !v.offTable)
  for (let i = seen.length - 1; i >= 0 && out.size < open.length; i--) {
    const { event: e, before } = seen[i]!
    for (const v of open) {
      if (out.has(v.id)) continue
      if (e.type === 'VehicleMoved' && e.vehicleId === v.id) out.set(v.id, v.facingDeg)
      else if (e.type === 'ShotResolved' && e.targetTeamId && firedBy(before, v, e)) {
        const target = teamCentre(state, e.targetTeamId) ?? teamCentre(before, e.targetTeamId)
        if (target && Math.hypot(target.x - v.position.x, target.z - v.position.z) > 1e-6)
          out.set(v.id, bearingDeg(v.position, target))
      }
    }
  }
  for (const v of open) if (!out.has(v.id)) out.set(v.id, v.facingDeg)
  return out
}

/** A line on the table: two points. */
export type ArcRay = readonly [readonly [number, number, number], readonly [number, number, number]]

/**
 * The edges of a vehicle's front and rear arcs (SMLE-VEH-14 with
 * SMLE-ACT-19: front within `halfAngleDeg` of its facing, rear within it
 * behind, flank between): which face an attack from a point strikes.
 */
export function hullArcRays(
  v: VehicleState,
  halfAngleDeg: number,
  lengthIn: number,
  y: number,
): {
  front: ArcRay[]
  rear: ArcRay[]
} {
  const c = [v.position.x, y, v.position.z] as const
  const ray = (deg: number): ArcRay => {
    const a = (deg * Math.PI) / 180
    return [c, [c[0] + Math.sin(a) * lengthIn, y, c[2] - Math.cos(a) * lengthIn]]
  }
  return {
    front: [ray(v.facingDeg - halfAngleDeg), ray(v.facingDeg + halfAngleDeg)],
    rear: [ray(v.facingDeg + 180 - halfAngleDeg), ray(v.facingDeg + 180 + halfAngleDeg)],
  }
}
