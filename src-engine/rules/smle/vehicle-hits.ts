import type { EventLog } from './events/event-log'
import type { FigureState, VehicleState } from './state/state'
import type { Body } from '../../world/types'
import type { World } from './world'
import { bearingDeg } from './edges'
import { markUnderFire } from './under-fire'
import { heroGrade } from './shooters'
import { spotAround } from './vehicle-flow'
import { applyVehicleHit, armourValue, attackArc, bailOut, faceArmour, faceHit, resolveVehicleHit } from './vehicles'
import { armourColumn, type DamageAttack } from './damage'
import { impactAttack, weaponRound } from './explosives'
import type { WeaponProfile } from './weapons'
import type { Vec2, Vec3 } from '../../util/geometry'
import { facingVector } from '../../world/facing'
import { burstAt, explode } from './explosion-flow'
import { hypot } from '../../util/geometry'

/**
 * A vehicle as a target of fire: its centre, the radius of its footprint,
 * standing height. Its points lie inside its own hull, which therefore hides
 * nothing of it (`vehicleId`); other hulls do (SMLE-SHOOT-02), and one
 * within 2" of it is hard cover for hull-down (SMLE-VEH-18).
 */
export function vehicleTargetBody(v: VehicleState): Body {
  return {
    id: v.id,
    position: v.position,
    baseRadiusIn: Math.min(v.lengthIn, v.widthIn) / 2,
    prone: false,
    facingDeg: v.facingDeg,
    vehicleId: v.id,
  }
}

/**
 * One hit on a vehicle (§13.2): the face hit from the firer's arc (SMLE-VEH-14,
 * top from above or for indirect fire, 1D6 for a turret), damage against that
 * face's armour value (SMLE-VEH-12/13), the result applied (SMLE-VEH-15/17);
 * a killed vehicle becomes a wreck and everyone aboard rolls to bail out.
 */
export function hitVehicle(
  log: EventLog,
  world: World,
  vehicleId: string,
  weapon: WeaponProfile,
  firer: FigureState,
  fromAbove: boolean,
): void {
  const v = log.state.vehicles[vehicleId]
  if (!v || v.status === 'killed' || v.offTable) return
  const settings = log.state.settings
  const angle = bearingDeg({ x: firer.position.x - v.position.x, z: firer.position.z - v.position.z }) - v.facingDeg
  const horizontal = hypot(firer.position.x - v.position.x, firer.position.z - v.position.z)
  const above = fromAbove || firer.position.y - v.position.y > horizontal
  const hasTurret = v.armour.turret !== null && !above
  const turretFace = hasTurret ? (log.roll({ purpose: 'turret or hull', dice: 1, modifiers: [] }).faces[0] ?? 6) : null
  const face = faceHit({ arc: attackArc(angle, settings), fromAbove: above, hasTurret }, turretFace)
  const grade = heroGrade(log.state, firer)
  const attack: DamageAttack =
    weapon.type === 'EX'
      ? impactAttack(weaponRound(weapon), { firerHeroGrade: grade })
      : { column: armourColumn(weapon.type), damage: weapon.damage, ...(grade ? { firerHeroGrade: grade } : {}) }
  const bonus = (attack.damage.plus ?? 0) + (attack.bonus ?? 0)
  const faces = log.roll({
    purpose: `damage vs ${v.name}`,
    dice: attack.damage.dice,
    figureId: firer.id,
    modifiers: bonus ? [{ label: 'weapon damage', value: bonus, clause: 'SMLE-VEH-13' }] : [],
  }).faces
  const hit = resolveVehicleHit(attack, faces, armourValue(faceArmour(v.armour, face), settings), settings)
  const after = applyVehicleHit({ status: v.status, vsw: v.vswCount }, hit.result, v.size, settings)
  log.push({
    type: 'VehicleDamaged',
    vehicleId: v.id,
    face,
    result: hit.result,
    status: after.state.status,
    vswCount: after.state.vsw,
    stopped: after.stopsThisRound,
  })
  if (after.killed) bailOutOf(log, world, v.id, firer.teamId)
}

/** SMLE-VEH-15: everyone aboard a killed vehicle rolls 1D6: 1–3 killed, 4–6 bails out, placed prone within 1"; their teams are under explosive fire. */
export function bailOutOf(log: EventLog, world: World, vehicleId: string, fromTeamId: string): void {
  const v = log.state.vehicles[vehicleId]
  if (!v) return
  const aboard = Object.values(log.state.figures).filter(
    (f) => f.vehicleId === v.id && f.offTable === null && f.status !== 'dead',
  )
  const result = bailOut(
    aboard.map((f) => f.id),
    () => log.roll({ purpose: 'bail out', dice: 1, modifiers: [] }).faces[0] ?? 1,
  )
  for (const id of result.killed)
    log.push({
      type: 'FigureStatusChanged',
      figureId: id,
      status: 'dead',
      cause: `killed in the wreck of ${v.name} [SMLE-VEH-15]`,
    })
  const byTeam = new Map<string, FigureState[]>()
  for (const id of result.bailedOut) {
    const f = log.state.figures[id]
    if (f) byTeam.set(f.teamId, [...(byTeam.get(f.teamId) ?? []), f])
  }
  for (const [teamId, figures] of byTeam) {
    const positions: Record<string, { x: number; y: number; z: number }> = {}
    const taken: { x: number; z: number }[] = []
    for (const f of figures) {
      const spot = spotAround(log.state, world, v, f, taken, [0, 0.8]) ?? { x: v.position.x, z: v.position.z }
      taken.push(spot)
      positions[f.id] = { x: spot.x, y: world.groundHeightAt(spot.x, spot.z), z: spot.z }
    }
    log.push({ type: 'TeamDebussed', teamId, vehicleId: v.id, positions, prone: true, bailOut: true })
    markUnderFire(log, world, teamId, fromTeamId, new Set(['explosive']))
  }
}

/**
 * Where a round fired from `from` meets a vehicle: the point of its hull
 * (its length along its facing, its width across) on the line from the firer
 * to the vehicle's centre, at the vehicle's height. [decision] SMLE-EXP-11:
 * the target point of an explosive round fired at a vehicle is this point, so
 * a hit bursts there and a miss deviates from there (SMLE-EXP-12/13).
 */
export function hullImpactPoint(v: VehicleState, from: Vec2): Vec3 {
  const f = facingVector(v.facingDeg)
  const dx = from.x - v.position.x
  const dz = from.z - v.position.z
  const ahead = dx * f.x + dz * f.z
  const right = dx * -f.z + dz * f.x
  const t = Math.min(
    1,
    ahead === 0 ? Infinity : v.lengthIn / 2 / Math.abs(ahead),
    right === 0 ? Infinity : v.widthIn / 2 / Math.abs(right),
  )
  return { x: v.position.x + dx * t, y: v.position.y, z: v.position.z + dz * t }
}

/**
 * An explosive round fired at a vehicle (SMLE-EXP-02/03/05/11/12): on a hit it
 * strikes the hull where the firer's line meets it (`hullImpactPoint`): the
 * vehicle takes the full damage against the face hit (SMLE-VEH-13/14) and
 * every figure around within the burst radius, friend or foe (SMLE-EXP-08),
 * its B 1D burst attacks, as around a figure hit (SMLE-EXP-E01). [decision]
 * The burst comes first, at the moment of impact: figures bailing out of a
 * vehicle the round kills are not caught in it (they are under explosive fire
 * by SMLE-VEH-15). On a miss the round deviates from that point along the
 * firer's line and only bursts where it lands (SMLE-EXP-05/12); [decision]
 * a burst, B 1D attacks "on every figure", does not harm a vehicle. Those
 * aboard an open-topped vehicle are in it, measured by its hull, so a hit on
 * the hull bursts on them all; a closed vehicle protects them completely
 * (SMLE-VEH-16, `burstAt`).
 */
export function explosiveAtVehicle(
  log: EventLog,
  world: World,
  vehicleId: string,
  weapon: WeaponProfile,
  firer: FigureState,
  shot: { readonly hit: boolean; readonly beyondEffectiveRange: boolean; readonly beyondMaximumRange: boolean },
): void {
  const v = log.state.vehicles[vehicleId]
  if (!v) return
  const impact = hullImpactPoint(v, firer.position)
  if (!shot.hit) {
    explode(log, world, {
      weapon,
      firer,
      from: firer.position,
      aimPoint: impact,
      hit: false,
      impactFigureId: null,
      beyondEffectiveRange: shot.beyondEffectiveRange,
      beyondMaximumRange: shot.beyondMaximumRange,
      indirect: false,
    })
    return
  }
  burstAt(log, world, weapon, firer, impact, null, false)
  hitVehicle(log, world, vehicleId, weapon, firer, false)
}
