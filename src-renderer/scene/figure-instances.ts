import { type Color, Euler, type Matrix4, Quaternion, Vector3 } from 'three'
import type { FigureState, SideState } from '../../src-engine/index'

/** Height of a base, inches. */
export const BASE_HEIGHT_IN = 0.12

const _pos = new Vector3()
const _quat = new Quaternion()
const _scale = new Vector3()
const _euler = new Euler()

/** Whether a figure is drawn lying down (prone, seriously wounded, dead or playing dead). */
export function isLyingDown(f: FigureState): boolean {
  return f.prone || f.status === 'dead' || f.status === 'seriousWound' || f.status === 'playingDead'
}

/** The transform of a figure's base. */
export function baseMatrix(f: FigureState, out: Matrix4): Matrix4 {
  _pos.set(f.position.x, f.position.y + BASE_HEIGHT_IN / 2, f.position.z)
  _quat.identity()
  _scale.set(f.baseRadiusIn, 1, f.baseRadiusIn)
  return out.compose(_pos, _quat, _scale)
}

/** The transform of a figure's body: standing on its base facing its facing, or lying down. */
export function bodyMatrix(f: FigureState, out: Matrix4): Matrix4 {
  const yaw = (-f.facingDeg * Math.PI) / 180
  if (isLyingDown(f)) {
    // Lie along the facing, raised a little so the body sits on the base.
    _euler.set(-Math.PI / 2, yaw, 0, 'YXZ')
    _pos.set(f.position.x, f.position.y + BASE_HEIGHT_IN + 0.18, f.position.z)
  } else {
    _euler.set(0, yaw, 0, 'YXZ')
    _pos.set(f.position.x, f.position.y + BASE_HEIGHT_IN, f.position.z)
  }
  _quat.setFromEuler(_euler)
  _scale.set(1, 1, 1)
  return out.compose(_pos, _quat, _scale)
}

/** The colour a figure is drawn in: its side's, darkened when dead. */
export function figureColour(f: FigureState, sides: readonly SideState[], out: Color): Color {
  out.set(sides.find((s) => s.id === f.sideId)?.colour ?? '#888888')
  if (f.status === 'dead') out.multiplyScalar(0.35)
  return out
}
