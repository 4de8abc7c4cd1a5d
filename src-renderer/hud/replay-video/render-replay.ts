import type { AppContextValue } from '../../state/context'
import { seekReplay } from '../../state/replay-control'
import { recorderFor } from '../recording/table-recorder'
import { tableCanvas } from '../recording/toggle-recording'
import { renderFrom, stepPauseMs } from './pacing'
import { IDLE_RENDER, replayRenderStore } from './render-store'

/** A render under way: stopped by its Cancel or by the replay going away; `wake` ends the wait in progress. */
interface Run {
  stopped: 'cancelled' | 'left' | null
  wake: () => void
}

const runs = new WeakMap<AppContextValue['matchStore'], Run>()

const stop = (run: Run, why: 'cancelled' | 'left'): void => {
  if (run.stopped !== null) return
  run.stopped = why
  run.wake()
}

/** Waits `ms`, or until the run is stopped. */
function pause(run: Run, ms: number): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, ms)
    run.wake = () => {
      clearTimeout(timer)
      resolve()
    }
  })
}

/** Waits for `promise`, or until the run is stopped. */
function unlessStopped(run: Run, promise: Promise<unknown>): Promise<void> {
  return new Promise((resolve) => {
    run.wake = () => resolve()
    void promise.then(() => resolve())
  })
}

/** Shows step `index` afresh (its dice thrown again); its rolls once it is on the table, null if the run stopped first. */
function showStep(app: AppContextValue, run: Run, index: number): Promise<number | null> {
  if (run.stopped !== null) return Promise.resolve(null)
  const before = app.matchStore.getState().replay?.stepKey
  return new Promise((resolve) => {
    const done = (rolls: number | null): void => {
      unsubscribe()
      run.wake = () => undefined
      resolve(rolls)
    }
    const unsubscribe = app.matchStore.subscribe((s) => {
      if (s.replay && s.replay.index === index && s.replay.stepKey !== before) done(s.replay.rolls.length)
    })
    run.wake = () => done(null)
    seekReplay(app, index)
  })
}

/**
 * Renders the replay shown to a WebM video: from the step shown to the end
 * (from the start when the end is shown), one command at a time at Play's
 * pace divided by `rate`, while the table recorder records the canvas (the
 * director camera following the action, unless the player chose a camera). Says
 * where the file went; a Cancel, or leaving the replay, drops the upload.
 */
export async function renderReplay(app: AppContextValue, rate = 1): Promise<void> {
  const store = replayRenderStore(app)
  const say = app.uiStore.getState().say
  const replay = app.matchStore.getState().replay
  if (!replay || store.getState().phase !== 'idle') return
  const recorder = recorderFor(app.bridge)
  if (recorder.store.getState().phase !== 'idle')
    return say({ kind: 'info', text: 'The table is already being recorded: stop that recording first (Shift+R).' })
  const canvas = tableCanvas()
  if (!canvas) return say({ kind: 'error', text: 'There is no table to record yet.' })

  const { info } = replay
  const from = renderFrom(replay.index, info.length)
  const run: Run = { stopped: null, wake: () => undefined }
  runs.set(app.matchStore, run)
  store.setState({ phase: 'rendering', replayId: info.replayId, from, index: from, total: info.length, rate })
  say(null)
  // The video is filmed by the director (following each step's action) unless a camera was chosen already.
  const filmed = app.uiStore.getState().director === null
  if (filmed) app.uiStore.getState().setDirector('auto')
  // Leaving the replay (Esc, a new or loaded game, another replay) ends the render.
  const unwatch = app.matchStore.subscribe((s) => {
    if (s.replay?.info.replayId !== info.replayId) stop(run, 'left')
  })
  try {
    // The first frame recorded shows the first step rendered, which is shown again (its dice thrown) once the video runs.
    if (from !== replay.index) await showStep(app, run, from)
    if (run.stopped === null) {
      const refused = await recorder.start(canvas)
      if (refused !== null) return say({ kind: 'error', text: refused })
      await unlessStopped(run, recorder.nextFrame())
      // The video has begun only once a frame is encoded (seconds after the first drawn, on a loaded machine).
      await unlessStopped(run, recorder.encoded())
    }
    for (let i = from; i <= info.length && run.stopped === null; i++) {
      const rolls = await showStep(app, run, i)
      if (rolls === null) break
      store.setState({ index: i })
      await pause(run, stepPauseMs(rolls > 0, rate))
    }
    // One more frame after the last step's time, encoded, so the video holds that step to its end.
    if (run.stopped === null) await unlessStopped(run, recorder.nextFrame())
    if (run.stopped === null) await unlessStopped(run, recorder.encoded())
    if (run.stopped !== null) {
      await recorder.cancel()
      return say({
        kind: 'info',
        text:
          run.stopped === 'left'
            ? 'The video was not rendered: the replay was left. Nothing was saved.'
            : 'Rendering cancelled: no video was saved.',
      })
    }
    store.setState({ phase: 'saving' })
    const saved = await recorder.stop(`replay-${info.title}`.slice(0, 80))
    say(
      saved.ok
        ? { kind: 'info', text: `Video of the replay saved to ${saved.path}` }
        : { kind: 'error', text: saved.message },
    )
  } finally {
    unwatch()
    // The player's own camera back, unless the player chose another meanwhile.
    if (filmed && app.uiStore.getState().director === 'auto') app.uiStore.getState().setDirector(null)
    runs.delete(app.matchStore)
    store.setState(IDLE_RENDER)
  }
}

/** Stops the render under way (not once its file is being saved); it drops the upload and says so. */
export function cancelReplayRender(app: AppContextValue): void {
  const run = runs.get(app.matchStore)
  if (run && replayRenderStore(app).getState().phase === 'rendering') stop(run, 'cancelled')
}
