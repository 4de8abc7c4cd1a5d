import type { RollModifier } from '../../dice/dice-event'
import { basesAcross } from '../../world/footprint'
import { attackArc, bodyOf, doorStatesOf, isLocked, type SmrWorld } from './geometry'
import { type SmrLog, naturalOf } from './log'
import { afterKills } from './morale'
import { missileColumn, missileWeapon, moraleClass } from './profile'
import { routUnit } from './rout'
import { type Shot, type SmrState, type SmrUnit, sidesInOrder, unitsOnTable } from './state'
import { AUTOMATIC_KILL, naturalRouts, TABLE_M } from './tables'
import type { Arc } from '../../world/types'

/**
 * SMR-MISS-01/02, SMR-ROUT-05: a unit may fire in Event 1 when it has a bow,
 * crossbow or sling, is on the table, not routed, not in melee and has not
 * fired this turn.
 */
export function canFire(state: SmrState, world: SmrWorld, u: SmrUnit): boolean {
  return (
    u.status === 'ok' &&
    u.hiddenIn === null &&
    missileWeapon(u.profile) !== null &&
    !u.routed &&
    u.firedTurn !== state.turn &&
    !isLocked(state, world, u)
  )
}

/** Why a target cannot be shot at, as a clause and a sentence; null when it can. */
export function targetProblem(
  state: SmrState,
  world: SmrWorld,
  firer: SmrUnit,
  target: SmrUnit,
): { clause: string; message: string } | null {
  const weapon = missileWeapon(firer.profile)
  if (!weapon) return { clause: 'SMR-MISS-01', message: `${firer.name} has no bow, crossbow or sling.` }
  if (target.sideId === firer.sideId || target.status !== 'ok' || target.hiddenIn !== null)
    return { clause: 'SMR-MISS-07', message: `${target.name} is not an enemy on the table.` }
  const range = TABLE_M[weapon].rangeIn
  const d = world.distanceIn(bodyOf(world, firer), bodyOf(world, target))
  if (d > range + 1e-9)
    return {
      clause: 'SMR-MISS-05',
      message: `${target.name} is ${Math.round(d * 10) / 10}" away, beyond the ${weapon}'s ${range}".`,
    }
  if (isLocked(state, world, target))
    return { clause: 'SMR-MISS-02', message: `${target.name} is in melee: nobody may shoot into a melee.` }
  const others = unitsOnTable(state).map((u) => bodyOf(world, u))
  const across = basesAcross(bodyOf(world, firer), bodyOf(world, target), others)
  if (across.length > 0)
    return {
      clause: 'SMR-MISS-05',
      message: `${state.units[across[0]!]?.name ?? 'another unit'} stands in the way of ${firer.name}'s shot.`,
    }
  if (world.sight(bodyOf(world, firer), bodyOf(world, target), doorStatesOf(state)).fraction <= 0)
    return { clause: 'SMR-MISS-05', message: `${firer.name} cannot see ${target.name}.` }
  return null
}

/** The enemies a firer may shoot at (SMR-MISS-05), nearest first. */
export function missileTargets(state: SmrState, world: SmrWorld, firer: SmrUnit): SmrUnit[] {
  if (!canFire(state, world, firer)) return []
  const fb = bodyOf(world, firer)
  return unitsOnTable(state)
    .filter((t) => t.sideId !== firer.sideId && targetProblem(state, world, firer, t) === null)
    .map((t) => ({ t, d: world.distanceIn(fb, bodyOf(world, t)) }))
    .sort((a, b) => a.d - b.d || (a.t.id < b.t.id ? -1 : 1))
    .map((x) => x.t)
}

/** A side has at least one shot it could declare. */
export function sideCanShoot(state: SmrState, world: SmrWorld, sideId: string): boolean {
  const units = unitsOnTable(state)
  return units.some(
    (u) =>
      u.sideId === sideId &&
      canFire(state, world, u) &&
      units.some((t) => t.sideId !== sideId && targetProblem(state, world, u, t) === null),
  )
}

// SMR-GEOM-04: a unit's back is its rear arc, its side a flank arc.
/** SMR-MISS-09: the missile side bonus for an arc, with its clause. */
export function missileSideBonus(state: SmrState, arc: Arc): RollModifier | null {
  if (state.settings.missileSideBonus === 'flankRear') {
    if (arc === 'flank') return { label: 'flank', value: 1, clause: 'SMR-MISS-09' }
    if (arc === 'rear') return { label: 'rear', value: 3, clause: 'SMR-MISS-09' }
    return null
  }
  return arc === 'rear' ? { label: 'firing at the back', value: 2, clause: 'SMR-MISS-09' } : null
}

/**
 * SMR-MISS-06/07/08/10/11: every declared shot is rolled (2D6 + side bonus
 * against Table M; a natural 12 always kills), then all results apply
 * together: the killed are removed (a unit killed here still fired), then
 * the routs of naturals 2/3/4 are carried out, the first mover's units first
 * (SMR-ROUT-09). A killed unit does not also rout. A routed target that
 * survives is routed again (SMR-ROUT-06/07).
 */
export function resolveMissiles(log: SmrLog, world: SmrWorld): void {
  const kills: { id: string; by: string }[] = []
  const routs: string[] = []
  const again: string[] = []
  for (const side of sidesInOrder(log.state)) {
    for (const shot of log.state.declarations[side] ?? []) {
      const r = rollShot(log, shot)
      if (!r) continue
      if (r.killed) kills.push({ id: shot.targetId, by: shot.unitId })
      if (r.routedId) routs.push(r.routedId)
      if (!r.killed && log.state.units[shot.targetId]?.routed) again.push(shot.targetId)
    }
  }
  const dead = new Set<string>()
  for (const k of kills)
    if (!dead.has(k.id)) {
      dead.add(k.id)
      log.push({ type: 'UnitKilled', unitId: k.id, byId: k.by, cause: 'missile' })
    }
  const routing = orderedRouts(log.state, [...routs, ...again], dead)
  for (const id of routing) routUnit(log, world, id, log.state.units[id]?.routed ? 'again' : 'missile', 1)
  afterKills(log, world, [...dead], 1)
}

/** Rout ids in move order (SMR-ROUT-09), each once, the dead left out (SMR-MISS-11, SMR-MELEE-14). */
export function orderedRouts(state: SmrState, ids: readonly string[], dead: ReadonlySet<string>): string[] {
  const set = new Set(ids.filter((id) => !dead.has(id)))
  const order = sidesInOrder(state)
  return state.unitOrder
    .filter((id) => set.has(id))
    .sort((a, b) => order.indexOf(state.units[a]!.sideId) - order.indexOf(state.units[b]!.sideId))
}

/** One shot's roll and what it does (recorded as `AttackResolved`). */
function rollShot(log: SmrLog, shot: Shot): { killed: boolean; routedId: string | null } | null {
  const state = log.state
  const firer = state.units[shot.unitId]
  const target = state.units[shot.targetId]
  const weapon = firer ? missileWeapon(firer.profile) : null
  if (!firer || !target || !weapon) return null
  const arc = attackArc(state, target, firer)
  const needed = TABLE_M[weapon].needed[missileColumn(target.profile)]
  const bonus = missileSideBonus(state, arc)
  const roll = log.roll({
    purpose: `${firer.name} shoots at ${target.name} (Table M: ${needed})`,
    dice: 2,
    figureId: firer.id,
    modifiers: bonus ? [bonus] : [],
    target: needed,
    naturalSuccess: (faces) => (faces.reduce((a, b) => a + b, 0) === AUTOMATIC_KILL ? true : undefined),
  })
  const natural = naturalOf(roll)
  const killed = roll.success === true
  const routedId = routOf(state, natural, firer, target, killed)
  log.push({
    type: 'AttackResolved',
    kind: 'missile',
    attackerId: firer.id,
    targetId: target.id,
    arc,
    needed,
    natural,
    total: roll.total,
    killed,
    routedId,
  })
  return { killed, routedId }
}

/**
 * SMR-ROUT-01/02: the unit a natural 2/3/4 routs: the target (default) or
 * the roller (`routRollAppliesTo = roller`), by its class; a killed target
 * does not also rout (SMR-MISS-11).
 */
// SMR-MISS-10, SMR-ROUT-07: naturals 2, 3, 4 of a missile roll rout exactly as in melee.
export function routOf(
  state: SmrState,
  natural: number,
  roller: SmrUnit,
  target: SmrUnit,
  killed: boolean,
): string | null {
  const affected = state.settings.routRollAppliesTo === 'roller' ? roller : target
  if (affected.id === target.id && killed) return null
  return naturalRouts(natural, moraleClass(affected.profile)) ? affected.id : null
}
