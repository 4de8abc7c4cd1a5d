import { type Matrix4, Quaternion, Vector3 } from 'three'
import { type FigureState, isFigureShown, type MatchState, sideToAct } from '../../src-engine/index'
import { BASE_HEIGHT_IN } from './figure-instances'

const _pos = new Vector3()
const _quat = new Quaternion()
const _scale = new Vector3()
const _up = new Vector3(0, 1, 0)

/**
 * Whether a figure is drawn on the table: what the engine says the table
 * shows to the side at the controls (`isFigureShown`; a hidden team only to
 * its own side, SMLE-SCEN-05). At one machine the side to act is at the
 * controls, so the opponent does not see a hidden team on its own turns.
 */
export function isDrawn(state: MatchState, f: FigureState): boolean {
  return isFigureShown(state, f.id, sideToAct(state))
}

/** Drawn as dead: the dead, and those playing dead (SMLE-MONSTER-03), which must look no different to the opponent. */
export function looksDead(f: FigureState): boolean {
  return f.status === 'dead' || f.status === 'playingDead'
}

/** The team whose turn it is, or null. */
export function activeTeamId(state: MatchState): string | null {
  const u = state.activeUnit
  return state.phase === 'play' && u ? (u.teamIds[u.index] ?? null) : null
}

/** A point on the base at `frac` of its radius toward a bearing (degrees clockwise from the figure's facing). */
function onBase(f: FigureState, bearingDeg: number, frac: number, lift: number): Vector3 {
  const a = ((f.facingDeg + bearingDeg) * Math.PI) / 180
  const r = f.baseRadiusIn * frac
  return _pos.set(f.position.x + Math.sin(a) * r, f.position.y + BASE_HEIGHT_IN + lift, f.position.z - Math.cos(a) * r)
}

/** The serious-wound marker: a red cross floating flat over the figure lying on its base. */
export function seriousWoundMatrix(f: FigureState, out: Matrix4): Matrix4 {
  _pos.set(f.position.x, f.position.y + BASE_HEIGHT_IN + 0.5, f.position.z)
  _quat.setFromAxisAngle(_up, (-f.facingDeg * Math.PI) / 180)
  return out.compose(_pos, _quat, _scale.set(1, 1, 1))
}

/** The braced marker (SMLE-SHOOT-25): a wedge on the right rim of the base (the weapon's side, seen from behind too), pointing where the weapon is steadied. */
export function bracedMatrix(f: FigureState, out: Matrix4): Matrix4 {
  onBase(f, 60, 0.9, 0.02)
  _quat.setFromAxisAngle(_up, (-f.facingDeg * Math.PI) / 180)
  return out.compose(_pos, _quat, _scale.set(1, 1, 1))
}

/** The prepared-position marker (SMLE-SHOOT-26): a sandbag ring around the base. */
export function positionRingMatrix(f: FigureState, out: Matrix4): Matrix4 {
  _pos.set(f.position.x, f.position.y + 0.06, f.position.z)
  _quat.identity()
  const r = f.baseRadiusIn + 0.14
  return out.compose(_pos, _quat, _scale.set(r, 1, r))
}

/** The ring around each figure of the team whose turn it is. */
export function activeRingMatrix(f: FigureState, out: Matrix4): Matrix4 {
  _pos.set(f.position.x, f.position.y + BASE_HEIGHT_IN + 0.02, f.position.z)
  _quat.identity()
  const r = f.baseRadiusIn + 0.2
  return out.compose(_pos, _quat, _scale.set(r, 1, r))
}
