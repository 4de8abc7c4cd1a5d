import type { Shot } from './director'

/** What a move of the camera needs of camera-controls (drei's `CameraControls`). */
export interface LookAtControls {
  setLookAt(px: number, py: number, pz: number, tx: number, ty: number, tz: number, animate?: boolean): Promise<void>
  normalizeRotations(): unknown
}

/**
 * Takes the camera to `shot`, gliding or at once. camera-controls eases the
 * azimuth along the raw difference between the angle it has now (which a
 * drag or an orbit winds past ±π) and the new one (always in −π..π): across
 * the ±180° line that is the long way round, nearly a whole turn, and not the
 * path `movePath` checked against the walls. `normalizeRotations()` after
 * the new end is set wraps that end into −π..π and moves the current angle
 * by whole turns to within π of it, so the glide turns the short way.
 */
export function lookAt(controls: LookAtControls, shot: Shot, isGlide: boolean): void {
  const { position: p, target: t } = shot
  void controls.setLookAt(p.x, p.y, p.z, t.x, t.y, t.z, isGlide)
  controls.normalizeRotations()
}
