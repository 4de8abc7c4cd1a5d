import type { ReplayInfo, ReplayStepReply } from '../../src-main/ipc/contract'
import { attempt } from './actions'
import type { AppContextValue } from './context'

/** Where a replay comes from: the game now open, or a save. */
export type ReplayFrom = { readonly source: 'game' } | { readonly source: 'save'; readonly saveId: string }

/**
 * One view's conversation with the host about its replay: one request in
 * flight at a time, the last index asked for wins (stepping quickly skips the
 * steps in between), and the scenario from the latest answer that carried one
 * (the host sends it only when it changed).
 */
interface Controller {
  info: ReplayInfo | null
  scenario: ReplayStepReply['scenario'] | undefined
  wanted: number
  busy: boolean
}

const controllers = new WeakMap<AppContextValue['matchStore'], Controller>()

function controllerOf(app: AppContextValue): Controller {
  let c = controllers.get(app.matchStore)
  if (!c) {
    c = { info: null, scenario: undefined, wanted: 0, busy: false }
    controllers.set(app.matchStore, c)
  }
  return c
}

function show(app: AppContextValue, c: Controller, step: ReplayStepReply): void {
  if (step.scenario) c.scenario = step.scenario
  if (c.info && step.replayId === c.info.replayId && step.index === c.wanted)
    app.matchStore.getState().showReplayStep(c.info, { ...step, scenario: c.scenario } as ReplayStepReply)
}

/** Opens a replay of the game now open (at its last command) or of a save (at its start), and shows it. */
export async function openReplay(app: AppContextValue, from: ReplayFrom): Promise<boolean> {
  const c = controllerOf(app)
  const at = from.source === 'game' ? 'end' : 'start'
  const opened = await attempt(app, () => app.bridge.replayOpen({ ...from, at }))
  if (!opened) return false
  const previous = c.info
  Object.assign(c, { info: opened.info, scenario: undefined, wanted: opened.step.index, busy: false })
  if (previous) void app.bridge.replayClose({ replayId: previous.replayId }).catch(() => undefined)
  show(app, c, opened.step)
  const shows = opened.info.shows === 'everything' ? 'the game is over: shown in full' : 'shown as your seat saw it'
  app.uiStore.getState().say({ kind: 'info', text: `Replay of ${opened.info.title}: ${shows}. Read only.` })
  return true
}

/** What a view does when the host cannot show a step: go back to the game, or stay on the step shown (a feed, which opens its replay again once reconnected). */
export type OnReplayLost = 'leave' | 'stay'

/** Asks for the replay at `index` (clamped to its timeline); the latest request wins. */
export function seekReplay(app: AppContextValue, index: number, onLost: OnReplayLost = 'leave'): void {
  const c = controllerOf(app)
  if (!c.info || !app.matchStore.getState().replay) return
  c.wanted = Math.max(0, Math.min(c.info.length, Math.round(index)))
  if (c.busy) return
  const info = c.info
  c.busy = true
  const next = async (): Promise<void> => {
    try {
      while (c.info === info) {
        const target = c.wanted
        const step = await app.bridge.replaySeek({ replayId: info.replayId, index: target })
        show(app, c, step)
        if (c.wanted === target) break
      }
    } catch (err) {
      // The host no longer has it (a lost connection ends a connection's replays): back to the game, or held.
      app.uiStore.getState().say({ kind: 'error', text: err instanceof Error ? err.message : String(err) })
      if (onLost === 'leave') await leaveReplay(app)
    } finally {
      c.busy = false
    }
  }
  void next()
}

/**
 * Leaves the replay: the host forgets it, and the game is fetched afresh and
 * shown. The replay's message goes at once, so what is said while the game
 * comes back (a render ended, a failed fetch) stays.
 */
export async function leaveReplay(app: AppContextValue): Promise<void> {
  const c = controllerOf(app)
  const info = c.info
  Object.assign(c, { info: null, scenario: undefined, busy: false })
  app.uiStore.getState().say(null)
  app.matchStore.getState().leaveReplay()
  if (info) void app.bridge.replayClose({ replayId: info.replayId }).catch(() => undefined)
  const snapshot = await attempt(app, () => app.bridge.matchSnapshot())
  if (snapshot) app.matchStore.getState().setSnapshot(snapshot)
}
