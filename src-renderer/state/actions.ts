import type { CommandInput, SmrCommandInput } from '../../src-engine/index'
import type { DispatchReply } from '../../src-main/ipc/contract'
import type { AppContextValue } from './context'

/**
 * Sends a command to the host and reports the outcome: a refusal shows its
 * clause and sentence; the state changes only through the host's push.
 */
export async function sendCommand(
  app: AppContextValue,
  command: CommandInput | SmrCommandInput,
): Promise<DispatchReply | null> {
  const { bridge, uiStore } = app
  if (app.matchStore.getState().replay) {
    uiStore.getState().say({ kind: 'info', text: 'A replay is read only: leave it (Esc) to play on.' })
    return null
  }
  try {
    const decision = await bridge.matchDispatch(command as never)
    if (decision.ok) uiStore.getState().say(null)
    else uiStore.getState().say({ kind: 'refusal', text: decision.reason.message, clause: decision.reason.clause })
    return decision
  } catch (err) {
    uiStore.getState().say({ kind: 'error', text: err instanceof Error ? err.message : String(err) })
    return null
  }
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
