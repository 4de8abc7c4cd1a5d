import { Color, Euler, type Matrix4, Quaternion, Vector3 } from 'three'
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

/** Half the length of the soldier, feet to helmet: a body lying down is centred on its base by it. */
const HALF_BODY_IN = 0.58
const _centre = new Vector3()

/** The transform of a figure's body: standing on its base facing its facing, or lying down over its base. */
export function bodyMatrix(f: FigureState, out: Matrix4): Matrix4 {
  const yaw = (-f.facingDeg * Math.PI) / 180
  const dead = f.status === 'dead' || f.status === 'playingDead'
  if (dead) {
    // Fallen on its side across the facing: told apart from a figure gone prone at a glance.
    _euler.set(0, yaw, Math.PI / 2, 'YXZ')
  } else if (isLyingDown(f)) {
    // Face down along the facing, head to the front.
    _euler.set(-Math.PI / 2, yaw, 0, 'YXZ')
  } else {
    _euler.set(0, yaw, 0, 'YXZ')
  }
  _quat.setFromEuler(_euler)
  _pos.set(f.position.x, f.position.y + BASE_HEIGHT_IN, f.position.z)
  if (isLyingDown(f)) {
    // The body's middle over the base's centre, its back just above the base.
    _centre.set(0, HALF_BODY_IN, 0).applyQuaternion(_quat)
    _pos.sub(_centre)
    _pos.y = f.position.y + BASE_HEIGHT_IN + (dead ? 0.2 : 0.18)
  }
  _scale.set(1, 1, 1)
  return out.compose(_pos, _quat, _scale)
}

/** The colour a figure is drawn in: its side's, darkened when dead. */
export function figureColour(f: FigureState, sides: readonly SideState[], out: Color): Color {
  out.set(sides.find((s) => s.id === f.sideId)?.colour ?? '#888888')
  if (f.status === 'dead' || f.status === 'playingDead') out.multiplyScalar(0.35)
  return out
}

/** Silhouettes of what a figure carries, so that weapons can be told apart on the table. */
export type WeaponClass = 'longarm' | 'short' | 'support' | 'tube'

/** The silhouette for a weapon id (rifle, smg, lmg, bazooka… and their variants). */
export function weaponClass(weapon: string): WeaponClass {
  const w = weapon.toLowerCase()
  if (/bazooka|piat|schreck|rpg|law|faust|launcher|mortar/.test(w)) return 'tube'
  if (/smg|sten|thompson|mp40|ppsh|pistol|revolver/.test(w)) return 'short'
  if (/lmg|mmg|hmg|bren|bar\b|mg|machine-gun|at-rifle|anti-tank-rifle|boys|ptrd|flame/.test(w)) return 'support'
  return 'longarm'
}

/** Shades of a side's colour for its teams, so neighbouring teams are told apart by their bases. */
const TEAM_SHADES: readonly [string, number][] = [
  ['#000000', 0.45],
  ['#ffffff', 0.35],
  ['#000000', 0.15],
  ['#ffffff', 0.6],
  ['#000000', 0.65],
  ['#ffffff', 0.15],
]

/** The base colour of a team: its side's colour shaded by the team's place in the side. */
export function teamShade(sideColour: string, teamIndex: number, out: Color): Color {
  const [toward, amount] = TEAM_SHADES[teamIndex % TEAM_SHADES.length] ?? ['#000000', 0.45]
  return out.set(sideColour).lerp(_shade.set(toward), amount)
}
const _shade = new Color()

/** The colour of the wound marker on a figure's base, or null when it has none. */
export function woundMarkerColour(f: FigureState): string | null {
  switch (f.status) {
    case 'lightWound':
      return '#f2d16b'
    case 'seriousWound':
      return '#e0823f'
    case 'dead':
    case 'playingDead':
      return '#5a1f1a'
    default:
      return null
  }
}

/** Height of the floating markers over a figure's feet: standing, and lying down. */
const MARK_STANDING_IN = 1.32
const MARK_LYING_IN = 0.55

/** The wound marker: a disc floating flat over the head (seen from every side); a dark stain on the base for the dead. */
export function woundMarkerMatrix(f: FigureState, out: Matrix4): Matrix4 {
  const dead = f.status === 'dead' || f.status === 'playingDead'
  const y = dead ? BASE_HEIGHT_IN + 0.01 : isLyingDown(f) ? MARK_LYING_IN : MARK_STANDING_IN
  _pos.set(f.position.x, f.position.y + y, f.position.z)
  _quat.identity()
  const k = dead ? (f.baseRadiusIn * 0.8) / 0.2 : 1
  _scale.set(k, 1, k)
  return out.compose(_pos, _quat, _scale)
}

/** The leader's marker: a small gold diamond over the head, above any wound marker (lower when lying down). */
export function leaderMarkerMatrix(f: FigureState, out: Matrix4): Matrix4 {
  _pos.set(f.position.x, f.position.y + (isLyingDown(f) ? MARK_LYING_IN + 0.35 : MARK_STANDING_IN + 0.33), f.position.z)
  _quat.identity()
  _scale.set(1, 1, 1)
  return out.compose(_pos, _quat, _scale)
}
