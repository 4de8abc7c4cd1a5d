import type { CommandInput, SmrCommandInput } from '../../src-engine/index'
import type { DispatchReply } from '../../src-main/ipc/contract'
import type { AppContextValue } from './context'

/** What a player is told when a command is given while the last one is still being decided. */
export const STILL_SENDING = 'Your last command is still being decided: wait for it before giving another.'

/** Numbers the commands a page sends (see `UiStoreState.sending`). */
let lastSent = 0

/**
 * Sends a command to the host and reports the outcome: a refusal shows its
 * clause and sentence; the state changes only through the host's push. One
 * command at a time: until the page has seen its outcome (the reply, or the
 * change it made to the game, which comes first), a second is not sent (it
 * would be judged after the first, on a table its sender has not seen) and
 * the player is told why. The host holds both while another seat, or the
 * computer, takes a decision the command opened and this seat is not shown.
 */
export async function sendCommand(
  app: AppContextValue,
  command: CommandInput | SmrCommandInput,
): Promise<DispatchReply | null> {
  const { bridge, uiStore, matchStore } = app
  if (refusedInReplay(app)) return null
  if (uiStore.getState().sending !== null) {
    uiStore.getState().say({ kind: 'info', text: STILL_SENDING })
    return null
  }
  const id = ++lastSent
  const { gameId, seq } = matchStore.getState()
  uiStore.getState().setSending(id)
  const seen = (): void => {
    stopWatching()
    if (uiStore.getState().sending === id) uiStore.getState().setSending(null)
  }
  const stopWatching = matchStore.subscribe((s) => {
    if (s.seq !== seq || s.gameId !== gameId) seen()
  })
  try {
    const decision = await bridge.matchDispatch(command as never)
    if (decision.ok) uiStore.getState().say(null)
    else uiStore.getState().say({ kind: 'refusal', text: decision.reason.message, clause: decision.reason.clause })
    return decision
  } catch (err) {
    uiStore.getState().say({ kind: 'error', text: err instanceof Error ? err.message : String(err) })
    return null
  } finally {
    seen()
  }
}

/** What a player is told when a replay is shown and a game-changing key or button is used. */
export const REPLAY_READ_ONLY = 'A replay is read only: leave it (Esc) to play on.'

/**
 * True (and the player told why) while a replay is shown: the table is the
 * replay's, so nothing may change the game behind it (a command, an undo).
 */
export function refusedInReplay(app: AppContextValue): boolean {
  if (!app.matchStore.getState().replay) return false
  app.uiStore.getState().say({ kind: 'info', text: REPLAY_READ_ONLY })
  return true
}

/** Takes back the last action (the host refuses past a dice roll and says why); never while a replay is shown. */
export async function undoLast(app: AppContextValue): Promise<void> {
  if (refusedInReplay(app)) return
  const r = await attempt(app, () => app.bridge.matchUndo())
  if (r && !r.ok) app.uiStore.getState().say({ kind: 'refusal', text: r.message, clause: r.clause })
}

/** Runs a host request, showing its error to the player if it fails. */
export async function attempt<T>(app: AppContextValue, run: () => Promise<T>): Promise<T | null> {
  try {
    return await run()
  } catch (err) {
    app.uiStore.getState().say({ kind: 'error', text: err instanceof Error ? err.message : String(err) })
    return null
  }
}
