import { lazy } from 'react'
import type * as DiceReplay from './dice-replay'

/**
 * The code of the dice tray, kept out of the first download: the replay
 * (the engine's physics dice, cannon-es) and the tray's 3D scene. Loaded when
 * the table has been drawn and the page is idle, or at the first roll,
 * whichever comes first.
 */
type ReplayCode = typeof DiceReplay

let replayCode: ReplayCode | null = null
let replayLoading: Promise<ReplayCode> | null = null

/** The replay code if it has arrived, else null. */
export function loadedReplayCode(): ReplayCode | null {
  return replayCode
}

/** Loads the replay code (once). */
export function loadReplayCode(): Promise<ReplayCode> {
  replayLoading ??= import('./dice-replay').then(
    (m) => (replayCode = m),
    (err: unknown) => {
      replayLoading = null
      throw err
    },
  )
  return replayLoading
}

/** The tray's view in the table's canvas (its scene, camera and drawing), loaded on first use. */
export const loadTrayView = () => import('./TrayView')

/** The fairness report, loaded when it is opened. */
export const LazyDiceReportPanel = lazy(() => import('./DiceReportPanel').then((m) => ({ default: m.DiceReportPanel })))

/** Starts loading everything a roll needs, without waiting for it. */
export function prefetchDiceCode(): void {
  loadReplayCode().catch(() => undefined)
  loadTrayView().catch(() => undefined)
}
