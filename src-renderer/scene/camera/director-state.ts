import type { Vec3 } from '../../../src-engine/index'
import type { DirectorMove } from './director'

/** Where the camera looked last, so that handing the camera over (director ↔ player) keeps the view. */
export const lastCameraTarget: { current: Vec3 | null } = { current: null }

/** The director's latest move, for automation (`window.smleInspect.directorShot()`). */
export const lastDirectorMove: { current: (DirectorMove & { readonly atMs: number }) | null } = { current: null }
