import type { EventLog } from './events/event-log'
import type { FigureState } from './state/state'
import type { Vec2, Vec3 } from '../../util/geometry'
import type { Delivery } from '../../world/world'
import type { World } from './world'
import { vehicleHulls } from './vehicle-sight'
import type { HeroGrade } from './combat-types'
import { hitFigure } from './damage-flow'
import { burstAttack, explosionEffects, explosiveLanding, weaponRound } from './explosives'
import { markUnderFire } from './under-fire'
import { heroGrade } from './shooters'
import { isPresent, measuredBody } from './organisation'
import type { WeaponProfile } from './weapons'

/** An explosive round on its way: where from, where to, whether the roll hit. */
export interface RoundInFlight {
  readonly weapon: WeaponProfile
  /** The firer (or the observer who called it), for the hero bonus and the deviation line. */
  readonly firer: FigureState
  readonly from: Vec3
  readonly aimPoint: Vec3
  readonly hit: boolean
  /** The figure hit at the point of impact, when the round was aimed at one and hit (SMLE-EXP-02). */
  readonly impactFigureId: string | null
  readonly beyondEffectiveRange: boolean
  /** Fired at a target beyond the weapon's maximum range (2× effective, SMLE-SHOOT-08): it falls short. */
  readonly beyondMaximumRange: boolean
  readonly indirect: boolean
}

/**
 * An explosive round lands and bursts (SMLE-EXP-01..05, -11..15): on a miss
 * it deviates by 1D6 along the firer→target line, halved for hand grenades
 * and doubled for indirect fire or beyond effective range, stopping at the
 * first solid obstacle; the figure hit takes the weapon's full damage as an
 * E attack, every other figure within the radius (friend or foe, SMLE-EXP-08)
 * takes its B 1D burst attacks, and every team touched is under Explosive
 * fire (SMLE-EXP-10, SMLE-ACT-17).
 */
export function explode(log: EventLog, world: World, round: RoundInFlight): void {
  const aimPoint = round.indirect
    ? round.aimPoint
    : withinMaximumRange(world, round.weapon, round.from, round.aimPoint, round.beyondMaximumRange)
  let landing: Vec2 | Vec3 = aimPoint
  if (!round.hit) {
    const face = log.roll({ purpose: 'deviation', dice: 1, figureId: round.firer.id, modifiers: [] }).faces[0] ?? 1
    const deviated = explosiveLanding({ hit: false, from: round.from, targetPoint: aimPoint }, face, {
      halved: round.weapon.deviationHalved,
      indirect: round.indirect,
      beyondEffectiveRange: round.beyondEffectiveRange,
    })
    // SMLE-EXP-15: the world traces the round to where it comes down: fired flat from the firer's eye, lobbed low (grenades), or falling from above.
    const delivery: Delivery = round.indirect ? 'indirect' : round.weapon.deviationHalved ? 'thrown' : 'direct'
    const eye = { ...round.from, y: round.from.y + 1 }
    const landed = world.landing(
      eye,
      aimPoint,
      deviated.deviation ?? { longIn: 0, rightIn: 0 },
      log.state.doors,
      delivery,
      // SMLE-VEH-15: vehicles and wrecks are solid obstacles on the round's line like walls.
      vehicleHulls(log.state),
    )
    // Decision: a round that deviates off the table lands nowhere that matters.
    if (landed.offTable) return
    landing = landed.point
  }
  burstAt(log, world, round.weapon, round.firer, landing, round.hit ? round.impactFigureId : null, !round.hit)
}

/**
 * [decision] SMLE-SHOOT-08: fire beyond a weapon's maximum range (twice its
 * effective range) cannot hit, and SMLE-COMBAT-12 keeps that limit for Panic
 * Fire. An explosive round fired at a target beyond it does not carry there:
 * it comes down short, on the firer's line at the maximum range (a hand
 * grenade, thrown 6", no more than 12" away), and deviates from that point as
 * any miss does (SMLE-EXP-12..15).
 */
export function withinMaximumRange(
  world: World,
  weapon: WeaponProfile,
  from: Vec3,
  aimPoint: Vec3,
  beyondMaximumRange: boolean,
): Vec3 {
  const reach = weapon.effectiveRangeIn
  if (!beyondMaximumRange || reach === null) return aimPoint
  const dx = aimPoint.x - from.x
  const dz = aimPoint.z - from.z
  const d = Math.hypot(dx, dz)
  const max = 2 * reach
  if (d <= max) return aimPoint
  const x = from.x + (dx / d) * max
  const z = from.z + (dz / d) * max
  return { x, y: world.groundHeightAt(x, z), z }
}

/**
 * [decision] SMLE-COMBAT-09..12 with §12: a Panic Fire round from an
 * explosive weapon (a bazooka, a rifle grenade) is blazed away blindly, not
 * aimed, and "takes no hits", so it never strikes its target point or a
 * figure (no SMLE-EXP-02 impact) whatever the roll: it always comes down as
 * a miss, deviating by the SMLE-EXP-12 table from where it was pointed (the
 * nearest figure of the panic target, the rough direction of the enemy),
 * along the firer's line, doubled beyond effective range and halved for a
 * hand grenade (SMLE-EXP-14), stopped by the first solid obstacle
 * (SMLE-EXP-15); there it bursts as any explosive round does, friend or foe
 * (SMLE-EXP-03/04/08), putting every team it reaches under Explosive fire
 * (SMLE-EXP-10). The roll itself still only decides whether the target
 * counts as under Direct fire (SMLE-COMBAT-09/11). The reference is silent
 * on all of it.
 */
export function explodePanicRound(
  log: EventLog,
  world: World,
  weapon: WeaponProfile,
  firer: FigureState,
  pointedAt: Vec3,
  beyondEffectiveRange: boolean,
  beyondMaximumRange: boolean,
): void {
  explode(log, world, {
    weapon,
    firer,
    from: firer.position,
    aimPoint: pointedAt,
    hit: false,
    impactFigureId: null,
    beyondEffectiveRange,
    beyondMaximumRange,
    indirect: false,
  })
}

/**
 * SMLE-EXP-02..04 / SMLE-EXP-08 / SMLE-EXP-10: a round bursts at a point: the
 * figure hit there (if any) takes the full damage as an E attack, everyone
 * else within the radius its burst attacks; every team touched is under
 * Explosive fire.
 */
export function burstAt(
  log: EventLog,
  world: World,
  weapon: WeaponProfile,
  firer: FigureState,
  landing: Vec2 | Vec3,
  impactFigureId: string | null,
  deviated: boolean,
): void {
  const r = weaponRound(weapon)
  const round = { weapon, firer }
  // A round that came down on a roof bursts there; otherwise on the ground.
  const at = { x: landing.x, y: 'y' in landing ? landing.y : world.groundHeightAt(landing.x, landing.z), z: landing.z }
  log.push({ type: 'Explosion', at, weapon: weapon.id, radiusIn: r.dice, impactFigureId, deviated })
  // SMLE-VEH-16: the crew and passengers of an open-topped vehicle are figures in hard cover, and hard cover
  // keeps no figure out of a burst (SMLE-EXP-03 strikes "every figure within the radius"), so they are caught;
  // a closed vehicle protects them completely. [decision] SMLE-GEN-05 / SMLE-EXP-04: a figure aboard is measured
  // by its vehicle's hull (where in it he sits is not tracked), so a round bursting on the hull catches them all.
  const bodies = Object.values(log.state.figures)
    .filter(
      (f) =>
        isPresent(f) &&
        f.lurking === null &&
        f.status !== 'playingDead' &&
        (f.vehicleId === null || log.state.vehicles[f.vehicleId]?.openTopped === true),
    )
    .map((f) => measuredBody(log.state, f))
  const near = world.withinRadius(at, r.dice, bodies)
  const grade: HeroGrade = heroGrade(log.state, round.firer)
  const effects = explosionEffects(r, impactFigureId, near, { firerHeroGrade: grade })
  const source = {
    firerId: round.firer.id,
    firerHeroGrade: grade,
    byHero: grade > 0,
    byMonsterInCloseAssault: false,
    explosive: true,
    byFire: true,
  }
  const teams = new Set(
    effects.underExplosiveFire.map((id) => log.state.figures[id]?.teamId).filter((t): t is string => t !== undefined),
  )
  if (effects.impact)
    hitFigure(log, world, effects.impact.figureId, effects.impact.attack, {
      ...source,
      cause: `struck by a ${round.weapon.name} round`,
    })
  for (const b of effects.burst)
    for (let i = 0; i < b.attacks; i++)
      hitFigure(log, world, b.figureId, burstAttack(grade), {
        ...source,
        cause: `caught in a ${round.weapon.name} burst`,
      })
  for (const teamId of teams) markUnderFire(log, world, teamId, round.firer.teamId, new Set(['explosive']))
}
