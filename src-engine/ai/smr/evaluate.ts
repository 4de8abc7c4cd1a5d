import { pointInPolygon } from '../../world/geometry/polygon'
import { baseGapIn, circumRadiusIn } from '../../world/footprint'
import { attackArc, buildingOutline, poseOfUnit, type SmrWorld } from '../../rules/smr/geometry'
import { meleeSideBonus } from '../../rules/smr/melee'
import { missileSideBonus } from '../../rules/smr/missiles'
import {
  footprintOfProfile,
  meleeColumn,
  meleeRow,
  missileColumn,
  missileWeapon,
  moraleClass,
  moveAllowanceIn,
  unitPoints,
} from '../../rules/smr/profile'
import { type SmrState, type SmrUnit, livingUnits, otherSide, unitsOnTable } from '../../rules/smr/state'
import { naturalRouts, TABLE_C, TABLE_G, TABLE_M, type UnitClass } from '../../rules/smr/tables'
import type { Arc } from '../../world/types'
import { hypot } from '../../util/geometry'

/** How the chances of one 2D6 attack fall (SMR-GEN-02): a kill, or a rout of the target instead (SMR-ROUT-01). */
export interface AttackOdds {
  readonly kill: number
  readonly rout: number
}

/** Ways to throw each total on 2D6, from 2 to 12. */
const WAYS = [1, 2, 3, 4, 5, 6, 5, 4, 3, 2, 1]

/**
 * The odds of one attack needing `needed` on 2D6 plus `bonus`: a natural 12
 * always kills (SMR-MISS-08, SMR-MELEE-07); a natural 2, 3 or 4 that does
 * not kill routs a target of `cls` as SMR-ROUT-01 says (SMR-MISS-11,
 * SMR-MELEE-14: a killed unit does not also rout).
 */
export function attackOdds(needed: number, bonus: number, cls: UnitClass): AttackOdds {
  const key = `${needed}|${bonus}|${cls}`
  let odds = ODDS.get(key)
  if (!odds) {
    odds = oddsOf(needed, bonus, cls)
    ODDS.set(key, odds)
  }
  return odds
}

/** `attackOdds` already worked out (a few dozen cases in all). */
const ODDS = new Map<string, AttackOdds>()

function oddsOf(needed: number, bonus: number, cls: UnitClass): AttackOdds {
  let kill = 0
  let rout = 0
  for (let s = 2; s <= 12; s++) {
    const p = WAYS[s - 2]! / 36
    if (s === 12 || s + bonus >= needed) kill += p
    else if (naturalRouts(s, cls)) rout += p
  }
  return { kill, rout }
}

/** What a unit is worth to its side: its points (§2.2) plus one; the leader more, for his rallies (SMR-RALLY-02). */
export function unitValue(state: SmrState, u: SmrUnit): number {
  const base = unitPoints(u.profile, state.settings) + 1
  return state.leaders[u.sideId] === u.id ? base + 2 : base
}

/** The odds of `attacker` striking `target` in melee from `arc` (Table C or G, SMR-MELEE-07/10/11). */
export function meleeOdds(state: SmrState, attacker: SmrUnit, target: SmrUnit, arc: Arc): AttackOdds {
  const col = meleeColumn(target.profile)
  const needed =
    attacker.profile.creature === 'giantLizard'
      ? (TABLE_G.bite[col] * 3 + TABLE_G.claw[col] * 2 + TABLE_G['tail lash'][col]) / 6
      : TABLE_C[meleeRow(attacker.profile)][col]
  let bonus = meleeSideBonus(state, attacker, arc)?.value ?? 0
  if (attacker.hero) bonus += 2
  if (state.honoured.includes(attacker.sideId)) bonus += 1
  return attackOdds(Math.round(needed), bonus, moraleClass(target.profile))
}

/** The odds of `firer` shooting `target` (Table M, SMR-MISS-07/09), in range or not. */
export function missileOdds(state: SmrState, firer: SmrUnit, target: SmrUnit): AttackOdds {
  const weapon = missileWeapon(firer.profile)
  if (!weapon) return { kill: 0, rout: 0 }
  const needed = TABLE_M[weapon].needed[missileColumn(target.profile)]
  const bonus = missileSideBonus(state, attackArc(state, target, firer))?.value ?? 0
  return attackOdds(needed, bonus, moraleClass(target.profile))
}

/**
 * The chance that a unit struck with chance `k` each round, striking back
 * with chance `a`, falls before the melee ends (SMR-MELEE-08/09: both may
 * fall in the same round).
 */
function lastStanding(k: number, a: number): number {
  if (k <= 0) return 0
  return k / (k + a - k * a)
}

/** Weights of the evaluation's parts (per point of unit value unless said). */
const W = {
  /** A won game. */
  win: 1000,
  /** What a routed unit is still worth (it may rally, SMR-RALLY-02/03). */
  routed: 0.35,
  /** A rout inflicted, in unit values (it runs, may be struck from behind and may not come back). */
  rout: 0.5,
  /** The enemy's best charges at the units within its reach (it moves before the melee). */
  threat: 0.55,
  /** Our own best charges next Movement Event. */
  chance: 0.3,
  /**
   * Shots the enemy archers will have at our units in the next Missile Event, and ours at theirs: counted three
   * times, for a unit left in a bow's 12" is shot at again each turn it stays there (SMR-MISS-01), and a man on foot
   * gets out of it at 2–4" a turn (Table V). Counted at half of one volley (0.5 before), the computer stood its
   * peasants in the Saxon archers' range and lost them one by one.
   */
  missile: 3,
  /** Per inch a unit stands beyond its reach (or its range) from the nearest enemy, growing with the turns. */
  approach: 0.012,
  /**
   * Per inch from each unit to the nearest enemy, inside its reach too, for each turn past `QUIET_TURNS` in which no
   * one has shot or fought (see `lastBlowTurn`).
   */
  stillness: 0.012,
  /** Village Invasion: per peasant in the village (§11), both ways. */
  villager: 2,
  /** Village Invasion, the invader: per inch from each standing peasant building to the nearest invader. */
  building: 0.06,
  /** Village Invasion, the invader: per undisturbed turn of burning (§11). */
  burning: 0.8,
} as const

/** Quick reject before measuring bases: centres further apart than this plus a reach cannot be in reach. */
const BODY_SLACK_IN = 2.5

/**
 * The table as the evaluation measures it, on the flat: each pair's base gap
 * (SMR-GEN-05: nearest edges), who touches whom (SMR-GEOM-02) and so who is
 * locked in melee (SMR-MOVE-07) and whom each unit attacks (SMR-MELEE-06).
 * A faster stand-in for the world's measures, good enough to judge by.
 */
function boardOf(state: SmrState, on: readonly SmrUnit[]) {
  const poses = new Map(on.map((u) => [u.id, poseOfUnit(u)]))
  const radius = new Map(on.map((u) => [u.id, circumRadiusIn(footprintOfProfile(u.profile))]))
  const gap = (a: SmrUnit, b: SmrUnit): number => {
    const cd = hypot(a.position.x - b.position.x, a.position.z - b.position.z)
    const far = cd - radius.get(a.id)! - radius.get(b.id)!
    return far > 0.5 ? far : baseGapIn(poses.get(a.id)!, poses.get(b.id)!)
  }
  const touchIn = state.settings.touchTolerance + 1e-9
  const touches = new Map<string, SmrUnit[]>()
  for (let i = 0; i < on.length; i++)
    for (let j = i + 1; j < on.length; j++) {
      const a = on[i]!
      const b = on[j]!
      if (a.sideId === b.sideId || Math.abs(a.position.y - b.position.y) > state.settings.levelTolerance) continue
      if (gap(a, b) > touchIn) continue
      touches.set(a.id, [...(touches.get(a.id) ?? []), b])
      touches.set(b.id, [...(touches.get(b.id) ?? []), a])
    }
  const locked = new Map(on.map((u) => [u.id, !u.routed && (touches.get(u.id) ?? []).some((e) => !e.routed)]))
  const meleeTarget = (u: SmrUnit): SmrUnit | null => {
    if (u.routed) return null
    const near = touches.get(u.id) ?? []
    for (const id of [u.faceToFace, u.target]) {
      const t = id ? near.find((e) => e.id === id) : undefined
      if (t) return t
    }
    return null
  }
  return { gap, locked, meleeTarget }
}

/**
 * How good `state` is for `sideId`, from what that side may see: its units
 * kept against the enemy's (by points, SMR-PTS-01), with the melees now
 * joined played out in expectation (Table C, flank and rear bonuses, routs);
 * the enemy's best charges and shots at its units in reach, and its own at
 * theirs; how near it stands to the enemy; and the scenario's terms (a won
 * game; in Village Invasion the peasants in the village, the invader at the
 * peasant buildings and their burning, §11).
 */
export function evaluate(state: SmrState, world: SmrWorld, sideId: string): number {
  if (state.result && !unseenPeasantsMayRemain(state, world, sideId)) {
    const w = state.result.winnerSideId
    return w === sideId ? W.win : w === null ? 0 : -W.win
  }
  const enemy = otherSide(state, sideId)
  const on = unitsOnTable(state)
  const board = boardOf(state, on)
  const { gap, locked } = board

  // Melees joined now, in expectation (SMR-MELEE-06/07/08: every attack rolls, the dead fall together).
  const survive = new Map<string, number>()
  const routs = new Map<string, number>()
  const strikes = new Map<string, number>()
  for (const u of on) {
    const t = board.meleeTarget(u)
    if (!t) continue
    const o = meleeOdds(state, u, t, attackArc(state, t, u))
    strikes.set(u.id, o.kill)
    survive.set(t.id, (survive.get(t.id) ?? 1) * (1 - o.kill))
    routs.set(t.id, (routs.get(t.id) ?? 0) + o.rout)
  }
  // SMR-MELEE-09: a melee goes on from turn to turn, so a pair's fate is half this round, half how it ends.
  for (const [id, s] of survive) {
    const k = 1 - s
    const a = strikes.get(id) ?? 0
    survive.set(id, 1 - 0.5 * k - 0.5 * lastStanding(k, a))
  }

  let score = 0
  const worth = new Map<string, number>()
  for (const u of livingUnits(state)) {
    const sign = u.sideId === sideId ? 1 : -1
    const v = unitValue(state, u)
    const alive = survive.get(u.id) ?? 1
    let w = v * alive
    if (u.routed) w *= W.routed
    else w -= W.rout * v * Math.min(1, routs.get(u.id) ?? 0) * alive
    if (u.hiddenIn !== null && state.burnt[u.hiddenIn] !== undefined && state.burnt[u.hiddenIn]! < state.turn) w = 0
    worth.set(u.id, w)
    score += sign * w
  }

  // The next charges and shots, each unit's best (one target each).
  const mobile = (u: SmrUnit) => !u.routed && !locked.get(u.id)
  const reachGain = (a: SmrUnit, b: SmrUnit): number => {
    const reach = moveAllowanceIn(a.profile)
    const cd = hypot(a.position.x - b.position.x, a.position.z - b.position.z)
    if (cd > reach + BODY_SLACK_IN) return 0
    if (gap(a, b) > reach + 0.1) return 0
    const vb = worth.get(b.id) ?? 0
    if (b.routed) return vb * meleeOdds(state, a, b, 'rear').kill
    if (locked.get(b.id)) return vb * meleeOdds(state, a, b, 'flank').kill
    const va = worth.get(a.id) ?? 0
    const ab = meleeOdds(state, a, b, 'front').kill
    const ba = meleeOdds(state, b, a, 'front').kill
    return vb * lastStanding(ab, ba) - va * lastStanding(ba, ab)
  }
  const shotGain = (a: SmrUnit, b: SmrUnit): number => {
    const weapon = missileWeapon(a.profile)
    if (!weapon || b.routed || locked.get(b.id)) return 0
    const range = TABLE_M[weapon].rangeIn
    const cd = hypot(a.position.x - b.position.x, a.position.z - b.position.z)
    if (cd > range + BODY_SLACK_IN || gap(a, b) > range) return 0
    const o = missileOdds(state, a, b)
    return (worth.get(b.id) ?? 0) * (o.kill + W.rout * o.rout)
  }
  const mine = on.filter((u) => u.sideId === sideId)
  const theirs = on.filter((u) => u.sideId === enemy)
  const best = (from: readonly SmrUnit[], at: readonly SmrUnit[], gain: (a: SmrUnit, b: SmrUnit) => number) => {
    let total = 0
    for (const a of from) {
      if (!mobile(a)) continue
      let top = 0
      for (const b of at) top = Math.max(top, gain(a, b))
      total += top
    }
    return total
  }
  score -= W.threat * best(theirs, mine, reachGain)
  score += W.chance * best(mine, theirs, reachGain)
  score -= W.missile * best(theirs, mine, shotGain)
  score += W.missile * best(mine, theirs, shotGain)

  // Closing with the enemy, more so as the game goes on (a battle without a turn limit must come to blows).
  const press = W.approach * (1 + state.turn / 8)
  // SMR-SETUP-08: with no turn limit a battle ends only when a side has no unit left that is not routed. The last
  // units of two sides stood a few inches apart for thousands of turns, standing still scoring as well as any move
  // left (see `withAffordable` in smr-bot.ts): each quiet turn pulls every unit nearer, inside its reach too, until
  // one side charges or comes into range. Village Invasion has a side that may wait (§11): not there.
  const still = stillTurns(state, world)
  for (const u of mine) {
    if (u.routed && still <= 0) continue
    let near = Infinity
    for (const e of theirs) near = Math.min(near, hypot(u.position.x - e.position.x, u.position.z - e.position.z))
    if (!Number.isFinite(near)) continue
    // A routed unit is pulled too: left out, rallying it would add its pull and cost more than the rally gains.
    if (still > 0) score -= W.stillness * Math.min(still, STILL_MAX) * near * unitValue(state, u)
    if (u.routed) continue
    const weapon = missileWeapon(u.profile)
    const reach = weapon ? TABLE_M[weapon].rangeIn - 1 : moveAllowanceIn(u.profile)
    score -= press * Math.max(0, near - reach) * unitValue(state, u)
  }

  score += villageTerms(state, world, sideId, mine)
  return score
}

/**
 * Turns with no shot and no melee after which the units are pulled together (see `W.stillness`). After three, the
 * approach (as quiet) was pulled too, and against the random player the Saxons won 73 of seeds 101-200 instead of 79;
 * after six the games against it are as before.
 */
const QUIET_TURNS = 6

/**
 * How many turns past `QUIET_TURNS` no blow has been struck in a battle to the end (SMR-SETUP-08); 0 or less while
 * the fighting goes on, and always in Village Invasion (§11: a side may wait there) and under an agreed turn limit.
 */
export function stillTurns(state: SmrState, world: SmrWorld): number {
  // With an agreed turn limit the side ahead may wait it out (SMR-SETUP-08): nothing then.
  if (world.scenario.victory !== 'rout' || world.scenario.turnLimit !== null) return 0
  return state.turn - lastBlowTurn(state) - QUIET_TURNS
}

/** The most quiet turns the pull counts (it only has to outweigh the wait; unbounded it would outweigh a won game). */
const STILL_MAX = 50

/** The last turn in which any unit shot (SMR-MISS-03) or fought in a melee, on either side; 0 before any. */
function lastBlowTurn(state: SmrState): number {
  let last = 0
  for (const u of Object.values(state.units)) last = Math.max(last, u.firedTurn ?? 0, u.meleeTurn ?? 0)
  return last
}

/**
 * §11: the invader's view leaves out peasants still hidden, so a village
 * empty in its view is not yet won while a peasant building stands unburnt
 * (a look-ahead on that view would otherwise believe it has won).
 */
function unseenPeasantsMayRemain(state: SmrState, world: SmrWorld, sideId: string): boolean {
  const v = world.scenario.village
  if (!v || sideId !== v.invaderSideId || state.result?.winnerSideId !== sideId) return false
  return v.buildingIds.some((b) => state.burnt[b] === undefined)
}

/** Village Invasion (§11): peasants kept in the village, and the invader at the peasant buildings, burning them. */
function villageTerms(state: SmrState, world: SmrWorld, sideId: string, mine: readonly SmrUnit[]): number {
  const v = world.scenario.village
  if (!v || world.scenario.victory !== 'village') return 0
  const inVillage = livingUnits(state).filter(
    (u) =>
      u.sideId === v.peasantSideId &&
      u.profile.cls === 'P' &&
      (u.hiddenIn !== null ? state.burnt[u.hiddenIn] === undefined : pointInPolygon(u.position, v.area)),
  ).length
  // The first few count most: the village falls with its last peasant.
  const held = 1.5 * Math.min(inVillage, 3) + inVillage
  if (sideId === v.peasantSideId) return W.villager * held
  let score = -W.villager * held
  for (const b of v.buildingIds) {
    if (state.burnt[b] !== undefined) continue
    const outline = buildingOutline(world, b)
    if (outline.length === 0) continue
    const c = {
      x: outline.reduce((a, p) => a + p.x, 0) / outline.length,
      z: outline.reduce((a, p) => a + p.z, 0) / outline.length,
    }
    let near = Infinity
    for (const u of mine) if (!u.routed) near = Math.min(near, hypot(u.position.x - c.x, u.position.z - c.z))
    if (Number.isFinite(near)) score -= W.building * near
  }
  for (const u of mine) if (u.burning) score += W.burning * u.burning.turns
  return score
}
