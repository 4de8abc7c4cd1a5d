import type { RollModifier } from '../../dice/dice-event'
import { arcOf, bearingDeg } from '../../world/facing'
import type { Arc } from '../../world/types'
import { attackArc, enemiesTouching, norm, poseClear, type SmrWorld, touching } from './geometry'
import { type SmrLog, naturalOf } from './log'
import { orderedRouts, routOf } from './missiles'
import { afterKills } from './morale'
import { isArcher, meleeColumn, meleeRow } from './profile'
import { routUnit } from './rout'
import { type SmrState, type SmrUnit, sidesInOrder, unitsOnTable } from './state'
import { AUTOMATIC_KILL, lizardAttackFor, TABLE_C, TABLE_G } from './tables'

/**
 * SMR-MELEE-06: the enemy a unit attacks: its face-to-face opponent, or
 * the engaged (or routed) enemy whose flank or rear it touched; null when
 * neither still stands touching it.
 */
export function meleeTargetOf(state: SmrState, world: SmrWorld, u: SmrUnit): SmrUnit | null {
  if (u.status !== 'ok' || u.hiddenIn !== null || u.routed) return null
  for (const id of [u.faceToFace, u.target]) {
    const t = id ? state.units[id] : undefined
    if (t && t.status === 'ok' && t.hiddenIn === null && touching(state, world, u, t)) return t
  }
  return null
}

/**
 * SMR-MELEE-10/11: the side bonus in melee: +2 flank, +4 rear; archers
 * (slingers included) +1 flank, +3 rear (SMR-MELEE-11, unless that sentence
 * is read as a missile rule: `missileSideBonus = flankRear`, ambiguity 2).
 */
export function meleeSideBonus(state: SmrState, attacker: SmrUnit, arc: Arc): RollModifier | null {
  if (arc === 'front') return null
  if (isArcher(attacker.profile) && state.settings.missileSideBonus === 'backOnly')
    return arc === 'flank'
      ? { label: 'archer on the flank', value: 1, clause: 'SMR-MELEE-11' }
      : { label: 'archer at the rear', value: 3, clause: 'SMR-MELEE-11' }
  return arc === 'flank'
    ? { label: 'flank', value: 2, clause: 'SMR-MELEE-10' }
    : { label: 'rear', value: 4, clause: 'SMR-MELEE-10' }
}

/** The modifiers a unit's melee roll always carries: hero +2 (SMR-OPT-04), honoured leader +1 (SMR-OPT-12). */
function standingModifiers(state: SmrState, u: SmrUnit, bonus: boolean): RollModifier[] {
  const mods: RollModifier[] = []
  if (u.hero && !bonus) mods.push({ label: 'hero', value: 2, clause: 'SMR-OPT-04' })
  if (state.honoured.includes(u.sideId)) mods.push({ label: 'honoured leader', value: 1, clause: 'SMR-OPT-12' })
  return mods
}

/** One melee attack's roll (Table C, or Table G for a giant lizard, SMR-GH-01), recorded as `AttackResolved`. */
export function rollMeleeAttack(
  log: SmrLog,
  attacker: SmrUnit,
  target: SmrUnit,
  kind: 'melee' | 'bonus',
  extra: readonly RollModifier[] = [],
): { natural: number; killed: boolean; routedId: string | null } {
  const state = log.state
  const arc = attackArc(state, target, attacker)
  let needed: number
  let table = 'Table C'
  if (attacker.profile.creature === 'giantLizard') {
    const pick = log.roll({
      purpose: `${attacker.name} picks its attack (Table G)`,
      dice: 1,
      figureId: attacker.id,
      modifiers: [],
    })
    const attack = lizardAttackFor(pick.faces[0] ?? 1)
    needed = TABLE_G[attack][meleeColumn(target.profile)]
    table = `Table G, ${attack}`
  } else needed = TABLE_C[meleeRow(attacker.profile)][meleeColumn(target.profile)]
  const side = meleeSideBonus(state, attacker, arc)
  const modifiers = [...(side ? [side] : []), ...extra, ...standingModifiers(state, attacker, kind === 'bonus')]
  const roll = log.roll({
    purpose: `${attacker.name} attacks ${target.name} (${table}: ${needed})`,
    dice: 2,
    figureId: attacker.id,
    modifiers,
    target: needed,
    naturalSuccess: (faces) => (faces.reduce((a, b) => a + b, 0) === AUTOMATIC_KILL ? true : undefined),
  })
  const natural = naturalOf(roll)
  const killed = roll.success === true
  const routedId = routOf(state, natural, attacker, target, killed)
  log.push({
    type: 'AttackResolved',
    kind,
    attackerId: attacker.id,
    targetId: target.id,
    arc,
    needed,
    natural,
    total: roll.total,
    killed,
    routedId,
  })
  return { natural, killed, routedId }
}

/** Arc priority when a unit turns to face one of several enemies (SMR-MELEE-13). */
const ARC_RANK: Record<Arc, number> = { front: 0, flank: 1, rear: 2 }

/** A fair pick of one of `n` by a die, thrown again when the face does not divide evenly. */
function pickByDie(log: SmrLog, n: number, purpose: string): number {
  if (n <= 1) return 0
  const limit = Math.floor(6 / n) * n
  for (;;) {
    const face = log.roll({ purpose, dice: 1, modifiers: [] }).faces[0] ?? 1
    if (face <= limit) return (face - 1) % n
  }
}

/**
 * SMR-MELEE-13: a unit whose face-to-face opponent is gone while other
 * enemies still touch it (or that touches enemies and attacks none) turns to
 * face one of them, front first, then flank, then rear (ties at random); the
 * two become face-to-face unless that enemy is routed (SMR-ROUT-08) or
 * already locked face-to-face with another.
 */
export function reface(log: SmrLog, world: SmrWorld): void {
  const order = sidesInOrder(log.state)
  const units = unitsOnTable(log.state).sort((a, b) => order.indexOf(a.sideId) - order.indexOf(b.sideId))
  for (const first of units) {
    const u = log.state.units[first.id]!
    if (u.routed || meleeTargetOf(log.state, world, u)) continue
    const touching = enemiesTouching(log.state, world, u)
    if (touching.length === 0) continue
    const ranked = touching.map((e) => ({
      e,
      rank: ARC_RANK[
        arcOf(
          u.facingDeg,
          u.position,
          e.position,
          log.state.settings.frontArcHalfAngle,
          log.state.settings.rearArcHalfAngle,
        )
      ],
    }))
    const free = ranked.filter((r) => !r.e.routed && !lockedWithOther(log.state, world, r.e, u.id))
    const pool = free.length > 0 ? free : ranked
    const best = Math.min(...pool.map((r) => r.rank))
    const tied = pool.filter((r) => r.rank === best)
    const chosen = tied[pickByDie(log, tied.length, `${u.name} picks which enemy to face`)]!.e
    const face = norm(bearingDeg(u.position, chosen.position))
    if (poseClear(log.state, world, u, u.position, face))
      log.push({ type: 'UnitMoved', unitId: u.id, to: u.position, facingDeg: face, distanceIn: 0, reason: 'turn' })
    const f2f = !chosen.routed && !lockedWithOther(log.state, world, chosen, u.id)
    log.push({ type: 'Engaged', unitId: u.id, targetId: chosen.id, faceToFace: f2f })
  }
}

/** The unit is face-to-face with someone other than `id` who still stands touching it. */
function lockedWithOther(state: SmrState, world: SmrWorld, e: SmrUnit, id: string): boolean {
  if (!e.faceToFace || e.faceToFace === id) return false
  const p = state.units[e.faceToFace]
  return !!p && p.status === 'ok' && touching(state, world, e, p)
}

/**
 * Event 3 (SMR-MELEE-06..09): every unit in contact attacks the enemy it
 * faces (SMR-MELEE-06), all at once (SMR-MELEE-08): the rolls are made from
 * the table as it stood, the dead are removed after the last roll, then the
 * routs are carried out, the first mover's units first (SMR-ROUT-09); a
 * routed unit attacked that survives routs again (SMR-ROUT-06). A unit that
 * fired this turn is attacked but rolls nothing (SMR-MISS-03); a routed unit
 * makes no attack (SMR-ROUT-05). With Battle Rage a natural 12 earns a free
 * move and +2 attack; a hero earns one every Melee Event (SMR-OPT-01/04).
 */
// SMR-MELEE-09: a melee with no result simply carries on: the links stay for the next turn's Event 3.
// Worked examples played in the tests: SMR-MELEE-E04, SMR-MELEE-E05, SMR-MELEE-E06, SMR-MELEE-E07,
// SMR-MELEE-E08, SMR-MISS-E06, SMR-ROUT-E02, SMR-OPT-E01, SMR-OPT-E02.
export function resolveMelee(log: SmrLog, world: SmrWorld): void {
  log.push({ type: 'EventBegan', event: 'melee' })
  reface(log, world)
  const state = log.state
  const order = sidesInOrder(state)
  const attackers = unitsOnTable(state)
    .sort((a, b) => order.indexOf(a.sideId) - order.indexOf(b.sideId))
    .map((u) => ({ u, t: meleeTargetOf(state, world, u) }))
    .filter((x): x is { u: SmrUnit; t: SmrUnit } => x.t !== null && x.u.firedTurn !== state.turn)
  // Each kill with the unit whose roll made it (SMR-MELEE-07): the first to reach Table C's number.
  const kills: { id: string; by: string }[] = []
  const routs: string[] = []
  const again: string[] = []
  const rage: { id: string; last: string }[] = []
  for (const { u, t } of attackers) {
    const r = rollMeleeAttack(log, state.units[u.id]!, state.units[t.id]!, 'melee')
    if (r.killed) kills.push({ id: t.id, by: u.id })
    if (r.routedId) routs.push(r.routedId)
    if (!r.killed && t.routed) again.push(t.id)
    if (state.settings.optional.battleRage && r.natural === AUTOMATIC_KILL && !u.hero)
      rage.push({ id: u.id, last: t.id })
  }
  const dead = new Set<string>()
  for (const { id, by } of kills)
    if (!dead.has(id)) {
      dead.add(id)
      log.push({ type: 'UnitKilled', unitId: id, byId: by, cause: 'melee' })
    }
  for (const id of orderedRouts(log.state, [...routs, ...again], dead))
    routUnit(log, world, id, state.units[id]?.routed ? 'again' : 'melee', 3)
  afterKills(log, world, [...dead], 3)
  grantBonuses(log, rage, attackers)
}

/** SMR-OPT-02/04: queue the free moves and +2 attacks (first mover's units first); heroes get one every Melee Event. */
function grantBonuses(
  log: SmrLog,
  rage: readonly { id: string; last: string }[],
  attackers: readonly { u: SmrUnit; t: SmrUnit }[],
): void {
  const state = log.state
  if (!state.settings.optional.battleRage) return
  const order = sidesInOrder(state)
  const standing = (id: string) => {
    const u = log.state.units[id]
    return !!u && u.status === 'ok' && !u.routed && u.hiddenIn === null
  }
  const heroes = unitsOnTable(state).filter((u) => u.hero)
  const grants = [
    ...rage.map((r) => ({ id: r.id, reason: 'rage' as const, last: r.last })),
    ...heroes.map((h) => ({
      id: h.id,
      reason: 'hero' as const,
      last: attackers.find((a) => a.u.id === h.id)?.t.id ?? null,
    })),
  ].sort((a, b) => order.indexOf(state.units[a.id]!.sideId) - order.indexOf(state.units[b.id]!.sideId))
  for (const g of grants)
    if (standing(g.id)) log.push({ type: 'BonusGranted', unitId: g.id, reason: g.reason, lastTargetId: g.last })
}

/**
 * SMR-OPT-02/03/04: the bonus attack, one-sided, at +2 (plus the side
 * bonus): a kill is removed at once, a rout carried out at once. A natural
 * 12 on a battle-rage bonus attack makes the figure a hero; a hero's chain
 * stops there.
 */
export function resolveBonusAttack(log: SmrLog, world: SmrWorld, unitId: string, targetId: string): void {
  const bonus = log.state.pendingBonus.find((b) => b.unitId === unitId)
  const u = log.state.units[unitId]!
  const t = log.state.units[targetId]!
  const mod: RollModifier =
    bonus?.reason === 'hero'
      ? { label: 'hero’s extra attack', value: 2, clause: 'SMR-OPT-04' }
      : { label: 'battle rage', value: 2, clause: 'SMR-OPT-02' }
  const r = rollMeleeAttack(log, u, t, 'bonus', [mod])
  if (r.killed) log.push({ type: 'UnitKilled', unitId: targetId, byId: unitId, cause: 'bonus' })
  else if (r.routedId) routUnit(log, world, r.routedId, log.state.units[r.routedId]?.routed ? 'again' : 'bonus', 3)
  else if (t.routed) routUnit(log, world, targetId, 'again', 3)
  if (r.killed && r.routedId && r.routedId !== targetId) routUnit(log, world, r.routedId, 'bonus', 3)
  if (bonus?.reason === 'rage' && r.natural === AUTOMATIC_KILL && !u.hero) log.push({ type: 'HeroMade', unitId })
  log.push({ type: 'BonusEnded', unitId })
  if (r.killed) afterKills(log, world, [targetId], 3)
}
