import { attempt, sendCommand } from '../state/actions'
import { useApp, useMatch } from '../state/context'
import { nextStep, turnCaption } from '../state/next-step'

/** Round, who must do what, the step that moves the game on, and Undo. */
export function TurnBar() {
  const app = useApp()
  const state = useMatch((s) => s.state)
  const canUndo = useMatch((s) => s.canUndo)
  if (!state) return null
  const step = nextStep(state)
  const undo = async () => {
    const r = await attempt(app, () => app.bridge.matchUndo())
    if (r && !r.ok) app.uiStore.getState().say({ kind: 'refusal', text: r.message, clause: r.clause })
  }
  return (
    <div className="panel turn" aria-label="Turn">
      <span className="round" data-testid="round">
        {state.phase === 'setup' ? 'Set-up' : state.phase === 'ended' ? 'Game over' : `Round ${state.round}`}
      </span>
      <span data-testid="active-side">{turnCaption(state)}</span>
      {step && (
        <button type="button" onClick={() => void sendCommand(app, step.command)}>
          {step.label}
        </button>
      )}
      <button type="button" onClick={() => void undo()} disabled={!canUndo} title="Undo the last action (not past a dice roll)">
        Undo
      </button>
    </div>
  )
}
