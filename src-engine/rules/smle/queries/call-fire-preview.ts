import type { RejectReason } from '../decision'
import type { MatchState } from '../state/state'
import { type CallFire, checkCallFire } from '../commands/call-fire'
import { deviatedPoint, deviation } from '../deviation'
import { burstAttacks, weaponRound } from '../explosives'
import { observerBonus } from '../indirect'
import { isPresent, measuredBody } from '../organisation'
import type { Vec3 } from '../../../util/geometry'
import type { World } from '../world'
import { hypot } from '../../../util/geometry'

/** Where a missed round would come down for one face of the deviation die (SMLE-EXP-12, doubled: SMLE-IND-04). */
export interface DeviatedLanding {
  readonly face: 1 | 2 | 3 | 4 | 5 | 6
  /** Along the gun→point line: beyond the point (negative: short), and to the right as seen from the gun (negative: left). */
  readonly longIn: number
  readonly rightIn: number
  readonly at: Vec3
}

/** A figure a burst would catch: its burst attacks on target (SMLE-EXP-03/04), and the deviation faces that would catch it. */
export interface FigureUnderFire {
  readonly figureId: string
  /** Burst attacks if the round lands on the point (0 when only a deviated round reaches it). */
  readonly onTargetAttacks: number
  readonly deviationFaces: readonly number[]
}

/** What a call for indirect fire would do, before it is made (SMLE-IND-01..06, SMLE-EXP-03..14). */
export interface CallFirePreview {
  readonly ok: boolean
  readonly refusal: RejectReason | null
  /** The target point on the ground (quantized as the command enters it). */
  readonly point: Vec3
  /** Null when the call would be refused. */
  readonly plan: {
    readonly observerId: string
    readonly gunId: string
    readonly weaponId: string
    readonly weaponName: string
    /** The deviation line starts at the gun (SMLE-EXP-13). */
    readonly from: Vec3
    /** SMLE-EXP-03: the burst radius in inches equals the number of dice. */
    readonly radiusIn: number
    /** Rounds the observer will have watched the point, and the to-hit bonus that gives next round (SMLE-IND-04). */
    readonly rounds: number
    readonly bonus: number
    /** SMLE-IND-03: the round it lands in (the firing unit's turn). */
    readonly arrivesRound: number
    /** Every landing a miss may give, by face, and the farthest from the point. */
    readonly landings: readonly DeviatedLanding[]
    readonly maxDeviationIn: number
    /** Figures of either side (SMLE-EXP-08) on the table that the burst would catch, on target or deviated. */
    readonly under: readonly FigureUnderFire[]
  } | null
}

const FACES = [1, 2, 3, 4, 5, 6] as const

/** The shape of a `callFire` command (as `CallFireSchema` reads it). */
function isCallFire(c: unknown): c is CallFire {
  if (c === null || typeof c !== 'object') return false
  const v = c as Record<string, unknown>
  const optionalString = (x: unknown) => x === undefined || typeof x === 'string'
  const point = v.point as Record<string, unknown> | null | undefined
  return (
    v.type === 'callFire' &&
    typeof v.observerId === 'string' &&
    typeof v.firingTeamId === 'string' &&
    optionalString(v.firingFigureId) &&
    optionalString(v.weapon) &&
    typeof point === 'object' &&
    point !== null &&
    typeof point.x === 'number' &&
    Number.isFinite(point.x) &&
    typeof point.z === 'number' &&
    Number.isFinite(point.z)
  )
}

/**
 * A call for fire before it is made: the very check `callFire` makes
 * (`checkCallFire`), then where the round lands on a hit, each landing the
 * deviation die may give on a miss (doubled for indirect fire, measured
 * along the gun→point line, kept on the table as the landing is), and the
 * figures each burst would catch (every figure in the radius, friend or foe,
 * measured to its base; none shut in a closed vehicle). Only the figures in
 * `state` count: a viewer's state leaves out what it may not see.
 */
export function previewCallFire(state: MatchState, world: World, command: CallFire | unknown): CallFirePreview {
  // Checked by hand, not by the command schemas: the renderer draws this preview, and the schemas (zod) stay out of its first download.
  if (!isCallFire(command))
    return {
      ok: false,
      refusal: { clause: 'CORE-CMD-02', message: 'Not a call for fire.' },
      point: { x: 0, y: 0, z: 0 },
      plan: null,
    }
  const cmd = command
  const checked = checkCallFire(state, cmd, world)
  const pointOf = (p: { x: number; z: number }): Vec3 => ({ x: p.x, y: world.groundHeightAt(p.x, p.z), z: p.z })
  if (!checked.ok) return { ok: false, refusal: checked.reason, point: pointOf(cmd.point), plan: null }
  const { observer, gun, weapon, at, rounds } = checked.value
  const dice = weaponRound(weapon).dice
  const inside = (p: { x: number; z: number }) => ({
    x: Math.min(world.widthIn, Math.max(0, p.x)),
    z: Math.min(world.depthIn, Math.max(0, p.z)),
  })
  const landings: DeviatedLanding[] = FACES.map((face) => {
    const dev = deviation(face, { indirect: true })
    return { face, longIn: dev.longIn, rightIn: dev.rightIn, at: pointOf(inside(deviatedPoint(gun.position, at, dev))) }
  })
  const bodies = Object.values(state.figures)
    .filter(
      (f) =>
        isPresent(f) &&
        f.lurking === null &&
        f.status !== 'playingDead' &&
        (f.vehicleId === null || state.vehicles[f.vehicleId]?.openTopped === true),
    )
    .map((f) => measuredBody(state, f))
  const attacksAt = (p: Vec3) =>
    new Map(world.withinRadius(p, dice, bodies).map((b) => [b.id, burstAttacks(dice, b.distanceIn)]))
  const onTarget = attacksAt(at)
  const byFace = landings.map((l) => attacksAt(l.at))
  const ids = new Set([...onTarget.keys(), ...byFace.flatMap((m) => [...m.keys()])])
  const under: FigureUnderFire[] = [...ids]
    .map((figureId) => ({
      figureId,
      onTargetAttacks: onTarget.get(figureId) ?? 0,
      deviationFaces: FACES.filter((_, i) => (byFace[i]!.get(figureId) ?? 0) > 0),
    }))
    .filter((u) => u.onTargetAttacks > 0 || u.deviationFaces.length > 0)
    .sort((a, b) => b.onTargetAttacks - a.onTargetAttacks || (a.figureId < b.figureId ? -1 : 1))
  return {
    ok: true,
    refusal: null,
    point: at,
    plan: {
      observerId: observer.id,
      gunId: gun.id,
      weaponId: weapon.id,
      weaponName: weapon.name,
      from: gun.position,
      radiusIn: dice,
      rounds,
      bonus: observerBonus(rounds),
      arrivesRound: state.round + 1,
      landings,
      maxDeviationIn: Math.max(...landings.map((l) => hypot(l.longIn, l.rightIn))),
      under,
    },
  }
}
