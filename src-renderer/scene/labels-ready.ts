import { useThree } from '@react-three/fiber'

/**
 * Whether labels (drei `Html`) may mount: only once the canvas's pointer
 * events are connected. An `Html` mounted before that is moved to the newly
 * connected element, and its old React root, unmounted late, empties the new
 * one: the label silently disappears.
 */
export function useLabelsReady(): boolean {
  return useThree((s) => !!s.events.connected)
}

/** Labels never take the pointer: clicks go through them to the table (doors, figures, the ground). */
export const NO_POINTER = { pointerEvents: 'none' } as const
