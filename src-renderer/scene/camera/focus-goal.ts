import type { Vec3 } from '../../../src-engine/index'
import type { CameraMode } from '../../state/stores'

/**
 * Where a focus request (a log line clicked, a key) takes the player's
 * orbit camera: its point, or nowhere when there is none, when the camera
 * looks through a figure's eyes, or when it is locked (a locked camera is
 * moved by nothing). Asked when the request comes and again each frame of
 * the glide, so that locking the camera stops one under way.
 */
export function focusGoal(focus: { readonly point: Vec3 } | null, mode: CameraMode, isLocked: boolean): Vec3 | null {
  return focus && mode === 'orbit' && !isLocked ? focus.point : null
}
