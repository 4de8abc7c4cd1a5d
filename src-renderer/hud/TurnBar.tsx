import { attempt, sendCommand } from '../state/actions'
import { useApp, useMatch } from '../state/context'

/** Round, side to act, End turn and Undo. */
export function TurnBar() {
  const app = useApp()
  const state = useMatch((s) => s.state)
  const canUndo = useMatch((s) => s.canUndo)
  if (!state) return null
  const side = state.sides.find((s) => s.id === state.activeSideId)
  const undo = async () => {
    const r = await attempt(app, () => app.bridge.matchUndo())
    if (r && !r.ok) app.uiStore.getState().say({ kind: 'refusal', text: r.message, clause: r.clause })
  }
  return (
    <div className="panel turn" aria-label="Turn">
      <span className="round" data-testid="round">
        {state.phase === 'setup' ? 'Set-up' : `Round ${state.round}`}
      </span>
      <span data-testid="active-side">{side?.name} to act</span>
      <button type="button" onClick={() => void sendCommand(app, { type: 'endTurn', sideId: state.activeSideId })}>
        End turn
      </button>
      <button type="button" onClick={() => void undo()} disabled={!canUndo} title="Undo the last action (not past a dice roll)">
        Undo
      </button>
    </div>
  )
}
