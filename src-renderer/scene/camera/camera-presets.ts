/**
 * The director camera's shots: how it frames the action. `auto` picks a
 * shot by what happens (behind a firer's shoulder, chasing a mover or a
 * vehicle, wide on an explosion); the others hold one kind of shot on the
 * action: from above, from low down behind the actor, circling it, or
 * through the actor's eyes.
 */
export type CameraPreset = 'auto' | 'overhead' | 'low' | 'orbit' | 'eye'

export const CAMERA_PRESETS: readonly { readonly id: CameraPreset; readonly label: string }[] = [
  { id: 'auto', label: 'Director: follows the action' },
  { id: 'overhead', label: 'Overhead' },
  { id: 'low', label: 'Low angle' },
  { id: 'orbit', label: 'Orbit' },
  { id: 'eye', label: 'Figure\u2019s eye' },
]
