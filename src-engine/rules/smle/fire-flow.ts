import { type Checked, reject } from './decision'
import type { EventLog } from './events/event-log'
import type { FigureState, MatchState, TeamState, VehicleState } from './state/state'
import type { Vec3 } from '../../util/geometry'
import type { World } from './world'
import { armourColumn } from './damage'
import { hitFigure, isTarget } from './damage-flow'
import { explode, explodePanicRound } from './explosion-flow'
import { distributeHits } from './hits'
import { canFireNow, crewStopped } from './windows'
import {
  coverFrom,
  firerState,
  mountedReadiness,
  preparedPositionBars,
  targetFigures,
  targetQuality,
  type WeaponChoice,
  weaponForAttack,
} from './shooters'
import { majorityCover } from './cover'
import { figureGapIn, measuredBody, vehicleHull } from './organisation'
import type { CoverGrade } from '../../world/types'
import {
  type FireKind,
  planShot,
  resolveShot,
  type ShotPlan,
  shotNaturalSuccess,
  type UnderFireCategory,
} from './shooting'
import { explosiveAtVehicle, hitVehicle, hullImpactPoint, vehicleTargetBody } from './vehicle-hits'
import { markUnderFire } from './under-fire'
import { ammoIsCounted, readinessAfterFiring, type WeaponProfile } from './weapons'
import { vehicleHulls } from './vehicle-sight'

export { markUnderFire } from './under-fire'

/** An attack by fire, as a command gives it. */
export interface FireOrder {
  readonly kind: FireKind
  readonly firerTeamId: string
  readonly targetTeamId: string
  /** Shoot at the team's vehicle instead of its figures (SMLE-VEH-10). */
  readonly atVehicle: boolean
  /** The figures that fire; null: every figure of the team able to fire that sees the target. */
  readonly firerIds: readonly string[] | null
  /** One figure picked out (SMLE-SHOOT-27). */
  readonly aimAt: string | null
  /** Weapon per firing figure (default: its first usable gun). */
  readonly weapons: Readonly<Record<string, string>>
  /** For opportunity fire during a move: where the moving figure began it (SMLE-SHOOT-21 in and out of sight). */
  readonly moverStart: { readonly figureId: string; readonly at: Vec3 } | null
}

/** One figure's roll, ready to throw. */
export interface PlannedRoll {
  readonly firer: FigureState
  readonly weapon: WeaponProfile
  readonly plan: ShotPlan
  /** Target figures this firer sees (hits fall on them, SMLE-SHOOT-01), in a stable order. */
  readonly exposed: readonly string[]
  /** Where an explosive round is aimed, and the figure there (if a figure was the target). */
  readonly aimPoint: Vec3
  readonly aimFigureId: string | null
  /** The range the roll was planned at (SMLE-GEN-05: nearest edges, a vehicle's hull). */
  readonly rangeIn: number
  /** The cover grade the roll takes (the majority cover of the figures seen, SMLE-SHOOT-24; a vehicle's hull-down, SMLE-VEH-18). */
  readonly cover: CoverGrade
}

const sees = (
  state: MatchState,
  world: World,
  a: FigureState,
  b: { position: Vec3; baseRadiusIn: number; prone: boolean; facingDeg: number; id: string },
): boolean => world.sees(a, b, state.doors, vehicleHulls(state))

/**
 * Plans every roll of an attack (§7, §8): who fires (SMLE-SHOOT-01: only
 * figures that see the target), with what, at what range and cover
 * (SMLE-SHOOT-07, -24), through `planShot`. Refused when nobody may fire,
 * naming the first reason.
 */
export function planFire(state: MatchState, world: World, order: FireOrder): Checked<PlannedRoll[]> {
  const team = state.teams[order.firerTeamId]
  const target = state.teams[order.targetTeamId]
  if (!team || !target) return reject('CORE-CMD-01', 'Both teams must exist.')
  const vehicle = order.atVehicle
    ? Object.values(state.vehicles).find((v) => v.crewTeamId === target.id && !v.offTable)
    : undefined
  if (order.atVehicle && !vehicle) return reject('SMLE-VEH-10', `${target.name} has no vehicle on the table.`)
  const targets = vehicle ? [] : targetFigures(state, target)
  if (!vehicle && targets.length === 0)
    return reject('SMLE-SHOOT-01', `${target.name} has no figure that can be fired at.`)
  if (team.sprawled)
    return reject('SMLE-DOOR-04', `${team.name} tumbled through a door in a heap and may not fire this turn.`)
  const candidates = (order.firerIds ?? team.figureIds)
    .map((id) => state.figures[id])
    .filter((f): f is FigureState => f !== undefined && f.teamId === team.id)
  const rolls: PlannedRoll[] = []
  const refusals: { clause: string; message: string }[] = []
  const refuse = (clause: string, message: string): void => {
    refusals.push({ clause, message })
  }
  // Mounted guns already worked in this attack: per vehicle, per weapon id, how many.
  const taken = new Map<string, Map<string, number>>()
  for (const f of candidates) {
    if (crewStopped(state, f)) {
      refuse('SMLE-VEH-15', `${f.name}'s vehicle took a light wound and does nothing more this round.`)
      continue
    }
    if (!canFireNow(state, f)) {
      refuse('SMLE-DMG-06', `${f.name} cannot fire now.`)
      continue
    }
    // SMLE-VEH-10 [decision]: each mounted gun fires once per attack, worked by one crewman (`weaponForAttack`).
    const choice = weaponForAttack(state, f, order.weapons[f.id], taken)
    if (!choice.ok) {
      refuse(choice.clause, choice.message)
      continue
    }
    const { weapon, mountedOn } = choice.choice
    const seen = vehicle
      ? sees(state, world, f, vehicleTargetBody(vehicle))
        ? [vehicle.id]
        : []
      : targets.filter((t) => sees(state, world, f, t)).map((t) => t.id)
    if (order.kind !== 'panic' && seen.length === 0) {
      refuse('SMLE-SHOOT-01', `${f.name} cannot see ${vehicle?.name ?? target.name}.`)
      continue
    }
    if (order.aimAt !== null && !seen.includes(order.aimAt)) {
      refuse('SMLE-SHOOT-27', `${f.name} cannot see the figure picked out.`)
      continue
    }
    const roll = planRoll(
      state,
      world,
      order,
      f,
      choice.choice,
      vehicle ? null : target,
      seen,
      targets,
      vehicle ?? null,
    )
    if (!roll.ok) {
      refuse(roll.reason.clause, roll.reason.message)
      continue
    }
    if (mountedOn !== null) {
      const used = taken.get(mountedOn) ?? new Map<string, number>()
      used.set(weapon.id, (used.get(weapon.id) ?? 0) + 1)
      taken.set(mountedOn, used)
    }
    rolls.push(roll.value)
  }
  const first = refusals[0]
  if (rolls.length === 0)
    return reject(
      first?.clause ?? 'SMLE-SHOOT-01',
      first?.message ?? `Nobody in ${team.name} can fire at ${target.name}.`,
    )
  return { ok: true, value: rolls }
}

function planRoll(
  state: MatchState,
  world: World,
  order: FireOrder,
  f: FigureState,
  choice: WeaponChoice,
  target: TeamState | null,
  seen: readonly string[],
  all: readonly FigureState[],
  vehicle: VehicleState | null,
): Checked<PlannedRoll> {
  const { weapon } = choice
  const vehiclePosition = vehicle?.position ?? null
  const seenFigures = all.filter((t) => seen.includes(t.id))
  const pool = order.kind === 'panic' && seenFigures.length === 0 ? all : seenFigures
  const aimed = order.aimAt ? all.find((t) => t.id === order.aimAt) : undefined
  const nearest = aimed ?? nearestOf(state, world, f, pool)
  // SMLE-EXP-11: a round at a vehicle is aimed where the firer's line meets its hull.
  const aimPoint = vehicle ? hullImpactPoint(vehicle, f.position) : (nearest?.position ?? f.position)
  const bars = preparedPositionBars(state, world, f, aimPoint)
  if (bars) return reject('SMLE-SHOOT-26', bars)
  // SMLE-GEN-05: range runs between nearest edges: a vehicle's hull, and the hull of the vehicle a firer or target is aboard.
  const rangeIn = vehicle
    ? world.distanceIn(measuredBody(state, f), vehicleHull(vehicle))
    : nearest
      ? figureGapIn(state, world, f, nearest)
      : 0
  const cover = vehicle
    ? hullDownCover(state, world, vehicle, f)
    : majorityCover(seenFigures.map((t) => coverFrom(state, world, t, f)))
  const inOutOfSight =
    order.moverStart !== null &&
    seen.includes(order.moverStart.figureId) &&
    !sees(state, world, f, {
      ...(state.figures[order.moverStart.figureId] as FigureState),
      position: order.moverStart.at,
    })
  const plan = planShot(
    {
      kind: order.kind,
      firer: {
        ...firerState(state, f, order.kind !== 'opportunity'),
        weaponId: weapon.id,
        readiness:
          choice.mountedOn !== null
            ? mountedReadiness(state, choice.mountedOn, weapon.id)
            : (f.weaponState[weapon.id] ?? 'ready'),
        bigGuns: state.settings.optional.heroes && f.hero?.bigGuns === true,
        unreliable: f.unreliable,
      },
      target: vehiclePosition
        ? { kind: 'vehicle', cover }
        : {
            kind: 'unit',
            quality: aimed?.quality ?? (target ? targetQuality(state, target) : 'trained'),
            cover,
            inOutOfSight,
            aimedAtFigure: order.aimAt !== null,
          },
      rangeIn,
    },
    state.settings,
  )
  if (!plan.ok) return reject(plan.clause, plan.message)
  return {
    ok: true,
    value: {
      firer: f,
      weapon,
      plan,
      exposed: seen,
      aimPoint,
      aimFigureId: vehiclePosition ? null : (nearest?.id ?? null),
      rangeIn,
      cover,
    },
  }
}

/**
 * SMLE-VEH-18: a vehicle's cover from one firer: hard when it is hull-down
 * behind hard cover, otherwise none. [decision] Hull-down is judged as a
 * figure's cover is (SMLE-SHOOT-24): hard cover (a stone wall, a building, a
 * crest of ground) within 2" of the vehicle hides at least two of its sample
 * points from this firer; a prepared position counts as hard cover
 * (SMLE-SHOOT-21). Soft cover (a hedge, woods) gives a vehicle nothing: the
 * clause names only hard cover.
 */
function hullDownCover(state: MatchState, world: World, vehicle: VehicleState, firer: FigureState): CoverGrade {
  const grade = world.coverOf(vehicleTargetBody(vehicle), firer, state.doors, vehicleHulls(state))
  return grade === 'hard' || grade === 'prepared' ? 'hard' : 'none'
}

function nearestOf(
  state: MatchState,
  world: World,
  from: FigureState,
  figures: readonly FigureState[],
): FigureState | undefined {
  let best: FigureState | undefined
  let bestD = Infinity
  for (const t of figures) {
    const d = figureGapIn(state, world, from, t)
    if (d < bestD) {
      best = t
      bestD = d
    }
  }
  return best
}

/**
 * Throws and settles every planned roll in order (SMLE-SHOOT-03..08): hits
 * spread over the figures each firer sees (SMLE-DMG-01/02), each hit's damage
 * rolled at once (§10); explosive rounds burst where they land
 * (SMLE-EXP-11/12). The target team is put under fire by category and arc
 * (SMLE-ACT-04, -17, -18, -19); the attack is the firing team's one attack of
 * the round (SMLE-TURN-07); a hidden firing team gives itself away.
 */
export function resolveFire(log: EventLog, world: World, order: FireOrder, rolls: readonly PlannedRoll[]): void {
  const categories = new Set<UnderFireCategory>()
  const firerIds: string[] = []
  // SMLE-DMG-02: hits given so far by this attack, over all its rolls.
  const given: Record<string, number> = {}
  const team = log.state.teams[order.firerTeamId]
  const targetTeam = log.state.teams[order.targetTeamId]
  if (!team || !targetTeam) return
  if (team.hidden) log.push({ type: 'TeamRevealed', teamId: team.id, reason: 'it opened fire' })
  for (const r of rolls) {
    const f = log.state.figures[r.firer.id]
    // A firer struck down earlier in this attack (by a burst of its own side's round) does not fire.
    if (!f || !canFireNow(log.state, f)) continue
    firerIds.push(f.id)
    const shot = throwShot(log, r)
    spendRound(log, team, f, r.weapon, shot.jammed)
    if (shot.marksUnderFire) shot.underFire.forEach((c) => categories.add(c))
    // SMLE-SHOOT-28: a jammed weapon's shot does not go off, so an explosive round neither lands nor bursts.
    if (shot.jammed && r.weapon.type === 'EX') continue
    if (order.atVehicle) {
      const vehicle = Object.values(log.state.vehicles).find((v) => v.crewTeamId === targetTeam.id && !v.offTable)
      // SMLE-EXP-11/12: an explosive round at a vehicle bursts where it strikes the hull, or deviates on a miss.
      if (vehicle && r.weapon.type === 'EX' && order.kind !== 'panic')
        explosiveAtVehicle(log, world, vehicle.id, r.weapon, f, {
          hit: shot.success && !r.plan.beyondMaximum,
          beyondEffectiveRange: r.plan.beyondEffectiveRange,
          beyondMaximumRange: r.plan.beyondMaximum,
        })
      else for (let h = 0; h < shot.hits && vehicle; h++) hitVehicle(log, world, vehicle.id, r.weapon, f, false)
    } else if (r.weapon.type === 'EX' && order.kind !== 'panic') {
      explode(log, world, {
        weapon: r.weapon,
        firer: f,
        from: f.position,
        aimPoint: r.aimPoint,
        hit: shot.success && !r.plan.beyondMaximum,
        impactFigureId: shot.success ? r.aimFigureId : null,
        beyondEffectiveRange: r.plan.beyondEffectiveRange,
        beyondMaximumRange: r.plan.beyondMaximum,
        indirect: false,
      })
    } else if (r.weapon.type === 'EX') {
      // SMLE-COMBAT-09 / §12: a panic-fired explosive round lands unaimed and bursts.
      explodePanicRound(log, world, r.weapon, f, r.aimPoint, r.plan.beyondEffectiveRange, r.plan.beyondMaximum)
    } else if (shot.hits > 0) {
      for (const id of allotHits(log, order, r, shot.hits, given)) {
        hitFigure(
          log,
          world,
          id,
          {
            column: armourColumn(r.weapon.type),
            damage: r.weapon.damage,
            ...(r.plan.heroGrade ? { firerHeroGrade: r.plan.heroGrade as 0 | 1 | 2 | 3 } : {}),
          },
          {
            firerId: f.id,
            firerHeroGrade: r.plan.heroGrade as 0 | 1 | 2 | 3,
            byHero: r.plan.heroGrade > 0,
            byMonsterInCloseAssault: false,
            explosive: false,
            byFire: true,
            cause: `hit by ${f.name}'s ${r.weapon.name}`,
          },
        )
      }
    }
  }
  if (categories.size > 0) markUnderFire(log, world, targetTeam.id, team.id, categories)
  log.push({ type: 'AttackMade', teamId: team.id, kind: order.kind, targetTeamId: targetTeam.id, firerIds })
}

/**
 * Gives out one roll's hits (SMLE-DMG-01/02) over the figures its firer sees
 * that can still take a hit, counting the hits earlier rolls of the same
 * attack gave (`given`, updated), so no figure takes a second hit while
 * another it sees has none. SMLE-SHOOT-27: a roll aimed at one figure puts
 * its hits on that figure; [decision] if an earlier roll of the attack has
 * already killed it (or it no longer can be hit), the roll's hits are lost,
 * as bullets already in flight at a body, and go to nobody else.
 */
function allotHits(
  log: EventLog,
  order: FireOrder,
  r: PlannedRoll,
  hits: number,
  given: Record<string, number>,
): string[] {
  const exposed = r.exposed.filter((id) => isTarget(log.state.figures[id]))
  if (order.aimAt !== null && !exposed.includes(order.aimAt)) return []
  if (exposed.length === 0) return []
  const rollD6 = (): number => log.roll({ purpose: 'hit allotment', dice: 1, modifiers: [] }).faces[0] ?? 1
  const out = distributeHits(
    {
      hits,
      exposed,
      mode: log.state.settings.hitDistribution,
      given,
      ...(order.aimAt !== null ? { aimedAt: order.aimAt } : {}),
    },
    rollD6,
  )
  for (const id of out) given[id] = (given[id] ?? 0) + 1
  return out
}

/** Throws one roll to hit and records its outcome. */
function throwShot(log: EventLog, r: PlannedRoll): ReturnType<typeof resolveShot> {
  const faces = r.plan.autoHit
    ? []
    : log.roll({
        purpose: `to hit (${r.weapon.name})`,
        dice: 2,
        figureId: r.firer.id,
        modifiers: [...r.plan.modifiers],
        target: r.plan.toHit,
        naturalSuccess: shotNaturalSuccess(r.plan),
      }).faces
  const shot = resolveShot(r.plan, faces)
  log.push({
    type: 'ShotResolved',
    figureId: r.firer.id,
    weapon: r.weapon.id,
    kind: r.plan.kind,
    targetTeamId: null,
    success: shot.success,
    hits: shot.hits,
  })
  return shot
}

/** After a shot: reload, jam or single shot (SMLE-WPN-01, SMLE-SHOOT-28); a counted round is crossed off (SMLE-WPN-11). */
export function spendRound(
  log: EventLog,
  team: TeamState,
  f: FigureState,
  weapon: WeaponProfile,
  jammed: boolean,
): void {
  const readiness = readinessAfterFiring(weapon, jammed)
  if (readiness !== 'ready')
    log.push({ type: 'WeaponStateChanged', figureId: f.id, weapon: weapon.id, state: readiness })
  const current = log.state.teams[team.id]
  if (current && ammoIsCounted(weapon, current.ammo))
    log.push({
      type: 'AmmoSpent',
      teamId: team.id,
      weapon: weapon.id,
      left: Math.max(0, (current.ammo[weapon.id] ?? 0) - 1),
    })
}
