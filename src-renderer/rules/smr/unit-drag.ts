import { smrBaseSizeIn, smrUnitStatus, type Vec3 } from '../../../src-engine/index'
import type { SmrPlan } from '../../state/stores'
import type { SmrView } from './smr-game'

/** How far the pointer must go on the table before a press on a unit becomes a drag, inches. */
export const DRAG_START_IN = 0.3
/** Turning per wheel notch while dragging, degrees (Shift: a bigger step). */
export const WHEEL_STEP_DEG = 15
export const WHEEL_BIG_STEP_DEG = 45

/**
 * Whether the side to act may drag this unit to plan an order now: a
 * placement in set-up (SMR-SETUP-06), or a move in its Movement Event when
 * nothing holds it (SMR-MOVE-03, the engine's own reasons). `mayAct`: this
 * page's seat holds the side to act.
 */
export function mayDragUnit(game: SmrView, unitId: string, mayAct: boolean): boolean {
  const { state, world } = game
  const u = state.units[unitId]
  if (!u || !mayAct || u.status !== 'ok' || u.hiddenIn !== null) return false
  if (state.phase === 'ended' || u.sideId !== state.actingSide) return false
  if (state.phase === 'setup') return true
  return state.phase === 'turn' && state.step === 'movement' && smrUnitStatus(state, world, u).cannotMove === null
}

/** The enemy unit whose base holds table point `p` (a drag let go on it is a charge), or null. */
export function enemyUnder(game: SmrView, unitId: string, p: { x: number; z: number }): string | null {
  const { state } = game
  const me = state.units[unitId]
  if (!me) return null
  for (const id of state.unitOrder) {
    const o = state.units[id]
    if (!o || o.sideId === me.sideId || o.status !== 'ok' || o.hiddenIn !== null) continue
    const size = smrBaseSizeIn(o)
    // The point in the enemy base's own frame (facing: degrees clockwise from north, -Z).
    const a = (o.facingDeg * Math.PI) / 180
    const dx = p.x - o.position.x
    const dz = p.z - o.position.z
    const across = dx * Math.cos(a) + dz * Math.sin(a)
    const along = -dx * Math.sin(a) + dz * Math.cos(a)
    if (Math.abs(across) <= size.widthIn / 2 && Math.abs(along) <= size.depthIn / 2) return o.id
  }
  return null
}

/**
 * The order a drag plans with the pointer at `p`: a charge when it is over
 * an enemy's base in the Movement Event, else a move (or a placement in
 * set-up) to `p`, keeping a facing already turned during this drag (the
 * wheel, Q/E); none chosen, the unit faces the way it goes.
 */
export function dragPlan(game: SmrView, unitId: string, p: Vec3, previous: SmrPlan | null): SmrPlan {
  const { state } = game
  const kept = previous?.unitId === unitId && previous.kind !== 'charge' ? previous.facingDeg : null
  if (state.phase === 'setup') {
    const u = state.units[unitId]
    return { kind: 'place', unitId, to: p, facingDeg: kept ?? u?.facingDeg ?? 0 }
  }
  const enemy = enemyUnder(game, unitId, p)
  if (enemy) {
    const target = state.units[enemy]!
    return { kind: 'charge', unitId, to: target.position, facingDeg: null, targetId: enemy }
  }
  return { kind: 'move', unitId, to: p, facingDeg: kept }
}
