import { type Body, eyePoint } from '../../../src-engine/index'

/** What an eye view needs of a figure (an SMLE figure, or an SMR unit's body): where it stands, how tall, which way it faces. */
export type Viewer = Pick<Body, 'position' | 'prone' | 'heightIn' | 'facingDeg'>

/**
 * Where the camera stands and looks for a figure's-eye view: at the figure's
 * eye (the same point the rules use for line of sight, SMLE-SHOOT-02; an SMR
 * unit's figure, rider or foot, SMR-MISS-05), looking along its facing,
 * turned by the player's yaw and pitch (radians).
 */
export function eyeView(
  figure: Viewer,
  yaw: number,
  pitch: number,
): { eye: { x: number; y: number; z: number }; lookAt: { x: number; y: number; z: number } } {
  const eye = eyePoint(figure)
  const heading = (figure.facingDeg * Math.PI) / 180 - yaw
  const dx = Math.sin(heading) * Math.cos(pitch)
  const dz = -Math.cos(heading) * Math.cos(pitch)
  const dy = Math.sin(pitch)
  return { eye, lookAt: { x: eye.x + dx * 10, y: eye.y + dy * 10, z: eye.z + dz * 10 } }
}

/** The player's turn of the head in a figure's-eye view (radians): yaw left, pitch up. */
export interface Look {
  readonly yaw: number
  readonly pitch: number
}

/** Radians the head turns per pixel dragged. */
const LOOK_RAD_PER_PX = 0.004
/** How far up or down the head tilts at most (radians). */
const MAX_PITCH_RAD = 1.2

/**
 * The look after a drag of `movementX`, `movementY` pixels. A locked camera
 * does not turn: "neither the director nor a drag moves it" (README, the
 * director camera).
 */
export function draggedLook(look: Look, movementX: number, movementY: number, isLocked: boolean): Look {
  if (isLocked) return look
  return {
    yaw: look.yaw - movementX * LOOK_RAD_PER_PX,
    pitch: Math.max(-MAX_PITCH_RAD, Math.min(MAX_PITCH_RAD, look.pitch - movementY * LOOK_RAD_PER_PX)),
  }
}
