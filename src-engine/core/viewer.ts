/**
 * Who is looking at a game. A ruleset's `view(state, viewer)` keeps from a
 * viewer what it may not know (hidden set-up not yet revealed, anything the
 * rules keep secret); the host sends each connection only its own view.
 *
 * - `sides`: one side's player, or several sides at one machine (hot seat);
 * - `spectator`: a watcher (a stream): sees what every side has revealed, never a secret;
 * - `referee`: saves and tools: everything.
 */
export type Viewer =
  | { readonly kind: 'sides'; readonly sideIds: readonly string[] }
  | { readonly kind: 'spectator' }
  | { readonly kind: 'referee' }

/** The referee: sees everything (saves, tools, tests). */
export const REFEREE: Viewer = { kind: 'referee' }

/** A viewer playing these sides. */
export function sidesViewer(...sideIds: string[]): Viewer {
  return { kind: 'sides', sideIds }
}

/** True when this viewer plays (and so may see the secrets of) `sideId`. */
export function viewerHoldsSide(viewer: Viewer, sideId: string): boolean {
  return viewer.kind === 'referee' || (viewer.kind === 'sides' && viewer.sideIds.includes(sideId))
}

/** True when this viewer may give commands for `sideId` (a spectator gives none; the referee is a tool's). */
export function viewerMayAct(viewer: Viewer, sideId: string): boolean {
  return viewerHoldsSide(viewer, sideId)
}
