/** How long a step stays on the table while the replay plays (longer when its dice are thrown). */
export const PLAY_STEP_MS = 700
export const PLAY_DICE_STEP_MS = 2600
/** A throw tumbles and settles in one to two seconds (`src-engine/dice/tray.ts`): a faster rate never cuts it shorter. */
export const DICE_LAND_MS = 2000

/** The rates a replay can be rendered at: 1 is Play's pace, 2 twice as fast. */
export const RENDER_RATES = [1, 2, 4] as const

/** How long a step stays shown before the next: Play's pause, divided by `rate` (a dice step never below `DICE_LAND_MS`). */
export function stepPauseMs(hasDice: boolean, rate = 1): number {
  const r = rate > 0 ? rate : 1
  if (!hasDice) return Math.round(PLAY_STEP_MS / r)
  return Math.max(DICE_LAND_MS, Math.round(PLAY_DICE_STEP_MS / r))
}

/** The length of a render that shows steps with and without dice, each for its pause (ms). */
export function pacedLengthMs(stepsHaveDice: readonly boolean[], rate = 1): number {
  return stepsHaveDice.reduce((sum, dice) => sum + stepPauseMs(dice, rate), 0)
}

/** The step a render starts at: the one shown, or the start when the end is shown. */
export function renderFrom(index: number, length: number): number {
  return index >= length ? 0 : Math.max(0, index)
}

/** How far a render from `from` to `length` has come with step `index` shown. */
export interface RenderProgress {
  /** Steps moved on from `from`, of those to go (the bar's value and max; 1 of 1 for a render of one step). */
  readonly done: number
  readonly total: number
  readonly percent: number
  readonly text: string
}

export function renderProgress(from: number, index: number, length: number): RenderProgress {
  const total = Math.max(1, length - from)
  const done = length <= from ? 1 : Math.max(0, Math.min(total, index - from))
  const percent = Math.round((done / total) * 100)
  return { done, total, percent, text: `Rendering video: command ${index} of ${length} (${percent}%)` }
}
