import type { Vec2 } from '../../../util/geometry'
import type { Arc, Body, Footprint } from '../../../world/types'
import { moveProblem } from '../commands/common'
import { attackArc, bodyOf, checkMove, enemiesTouching, isLocked, type SmrWorld } from '../geometry'
import { meleeTargetOf } from '../melee'
import { canFire, missileSideBonus, missileTargets } from '../missiles'
import { footprintOfProfile, missileColumn, missileWeapon, moveAllowanceIn } from '../profile'
import { type SmrState, type SmrUnit, unitsOnTable } from '../state'
import { TABLE_M } from '../tables'

/** A unit's base as drawn (SMR-GEN-06): its footprint, width across the front edge and depth front to back. */
export function smrFootprint(u: Pick<SmrUnit, 'profile'>): Footprint {
  return footprintOfProfile(u.profile)
}

/** Width and depth of a unit's base, inches. */
export function smrBaseSizeIn(u: Pick<SmrUnit, 'profile'>): { widthIn: number; depthIn: number } {
  const f = footprintOfProfile(u.profile)
  if (f.kind === 'rect') return { widthIn: f.widthIn, depthIn: f.depthIn }
  return { widthIn: f.radiusIn * 2, depthIn: f.radiusIn * 2 }
}

/**
 * A unit as the world sees it for sight (SMR-MISS-05): its base on the
 * ground, its facing and its figure's height (a rider is taller); a
 * figure's-eye view stands at its eye.
 */
export function smrUnitBody(world: SmrWorld, u: SmrUnit): Body {
  return bodyOf(world, u)
}

/** Two units touching in a melee: who attacks whom and how (SMR-MELEE-03..06). */
export interface SmrContact {
  readonly aId: string
  readonly bId: string
  /** Locked face-to-face (SMR-MELEE-04). */
  readonly faceToFace: boolean
  /** One of them is routed: the pair touch but are no longer a melee. */
  readonly routed: boolean
}

/** Every pair of opposing units whose bases touch (SMR-GEOM-02), each once. */
export function smrContacts(state: SmrState, world: SmrWorld): SmrContact[] {
  const out: SmrContact[] = []
  const seen = new Set<string>()
  for (const u of unitsOnTable(state)) {
    for (const e of enemiesTouching(state, world, u)) {
      const key = u.id < e.id ? `${u.id}|${e.id}` : `${e.id}|${u.id}`
      if (seen.has(key)) continue
      seen.add(key)
      out.push({ aId: u.id, bId: e.id, faceToFace: u.faceToFace === e.id, routed: u.routed || e.routed })
    }
  }
  return out
}

/** What a unit is doing or may do, for its panel and its marker. */
export interface SmrUnitStatus {
  readonly inMelee: boolean
  /** The enemy it attacks in the next Melee Event (SMR-MELEE-06). */
  readonly attacksId: string | null
  /** SMR-MOVE-04 (Table V), inches. */
  readonly allowanceIn: number
  /** Why it may not move now (clause and sentence), or null. */
  readonly cannotMove: { readonly clause: string; readonly message: string } | null
  readonly firedThisTurn: boolean
  readonly movedThisTurn: boolean
}

/** A unit's status in words' ingredients. */
export function smrUnitStatus(state: SmrState, world: SmrWorld, u: SmrUnit): SmrUnitStatus {
  const why = u.status === 'ok' ? moveProblem(state, world, u) : null
  return {
    inMelee: u.status === 'ok' && u.hiddenIn === null && isLocked(state, world, u),
    attacksId: meleeTargetOf(state, world, u)?.id ?? null,
    allowanceIn: moveAllowanceIn(u.profile),
    cannotMove: why && !why.ok ? { clause: why.reason.clause, message: why.reason.message } : null,
    firedThisTurn: u.firedTurn === state.turn,
    movedThisTurn: u.movedTurn === state.turn,
  }
}

/** A move before it is given: where it would end, or the clause that refuses it. */
export type SmrMovePreview =
  | {
      readonly ok: true
      readonly end: Vec2
      readonly facingDeg: number
      readonly distanceIn: number
      readonly costIn: number
      readonly allowanceIn: number
      /** SMR-GEOM-06: the enemy it would touch (the move stops there and a melee begins). */
      readonly contactId: string | null
    }
  | { readonly ok: false; readonly clause: string; readonly message: string }

/**
 * A `moveUnit` before it is given: the same checks `dispatch` makes
 * (SMR-MOVE-03..10, SMR-GEOM-06), measured by the engine; changes nothing.
 */
export function smrPreviewMove(
  state: SmrState,
  world: SmrWorld,
  unitId: string,
  path: readonly Vec2[],
  facingDeg?: number,
): SmrMovePreview {
  const u = state.units[unitId]
  if (!u || u.status !== 'ok') return { ok: false, clause: 'CORE-CMD-01', message: `There is no unit "${unitId}".` }
  const why = moveProblem(state, world, u)
  if (why && !why.ok) return { ok: false, clause: why.reason.clause, message: why.reason.message }
  const r = checkMove(state, world, u, path, { facingDeg })
  if (!r.ok) return { ok: false, clause: r.clause, message: r.message }
  return {
    ok: true,
    end: r.end,
    facingDeg: r.facingDeg,
    distanceIn: r.distanceIn,
    costIn: r.costIn,
    allowanceIn: moveAllowanceIn(u.profile),
    contactId: r.contactId,
  }
}

/** One target a missile unit may declare, with what the dice must show (Table M, SMR-MISS-07/09). */
export interface SmrMissileTarget {
  readonly targetId: string
  readonly rangeIn: number
  readonly arc: Arc
  readonly needed: number
  readonly bonus: number
}

/** A unit that may fire in Event 1 and its possible targets, nearest first. */
export interface SmrFirer {
  readonly unitId: string
  readonly weapon: 'bow' | 'crossbow' | 'sling'
  readonly rangeIn: number
  readonly targets: readonly SmrMissileTarget[]
}

/** SMR-MISS-01..09: every unit of `sideId` that may fire now and whom at, for a declaration (SMR-MISS-04). */
export function smrMissilePlan(state: SmrState, world: SmrWorld, sideId: string): SmrFirer[] {
  const out: SmrFirer[] = []
  for (const u of unitsOnTable(state)) {
    if (u.sideId !== sideId || !canFire(state, world, u)) continue
    const weapon = missileWeapon(u.profile)
    if (!weapon) continue
    const targets = missileTargets(state, world, u).map((t) => {
      const arc = attackArc(state, t, u)
      return {
        targetId: t.id,
        rangeIn: Math.round(world.distanceIn(bodyOf(world, u), bodyOf(world, t)) * 10) / 10,
        arc,
        needed: TABLE_M[weapon].needed[missileColumn(t.profile)],
        bonus: missileSideBonus(state, arc)?.value ?? 0,
      }
    })
    out.push({ unitId: u.id, weapon, rangeIn: TABLE_M[weapon].rangeIn, targets })
  }
  return out
}

/** The turn's state in words for the turn bar: the turn, the event (SMR-TURN-01) and what the side to act does. */
export function smrTurnCaption(state: SmrState): { turn: string; event: string; step: string } {
  if (state.phase === 'ended') return { turn: `Turn ${state.turn}`, event: 'Game over', step: '' }
  if (state.phase === 'initiative')
    return { turn: 'Before the battle', event: 'Initiative', step: 'roll for initiative' }
  if (state.phase === 'setup') return { turn: 'Before the battle', event: 'Deployment', step: 'deploy' }
  const event =
    state.step === 'order'
      ? 'Start of the turn'
      : state.step === 'missiles'
        ? 'Event 1: missiles'
        : state.step === 'movement'
          ? 'Event 2: movement'
          : state.step === 'bonus'
            ? 'Event 3: melee'
            : state.step === 'reinforcements'
              ? 'End of the turn'
              : ''
  const step = {
    order: 'choose who moves first',
    missiles: 'declare missile targets',
    movement: 'move',
    bonus: 'take the bonus move and attack',
    reinforcements: 'roll for reinforcements',
  }[state.step ?? 'order']
  return { turn: `Turn ${state.turn}`, event, step }
}
