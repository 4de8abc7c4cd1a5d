import type { CommandInput, MatchState } from '../../src-engine/index'
import { attempt, sendCommand } from '../state/actions'
import { useApp, useMatch } from '../state/context'

/** The one step that moves the game on from where it stands: end set-up, roll activation, hold fire, end the activation. */
function nextStep(state: MatchState): { label: string; command: CommandInput } | null {
  if (state.phase === 'ended') return null
  if (state.pending?.kind === 'opportunity') return { label: 'Hold fire', command: { type: 'holdFire', sideId: state.pending.sideId } }
  if (state.pending?.kind === 'interrupt') return { label: 'No interrupt', command: { type: 'declineInterrupt', sideId: state.pending.sideId } }
  if (state.phase === 'setup') return { label: 'End set-up', command: { type: 'endSetup', sideId: state.activeSideId } }
  if (state.phase === 'activation') return { label: 'Roll activation', command: { type: 'rollActivation', sideId: state.activeSideId } }
  const unit = state.activeUnit
  const teamId = unit?.teamIds[unit.index]
  return teamId ? { label: 'End activation', command: { type: 'endActivation', teamId } } : null
}

/** Round, side and team to act, the step that moves the game on, and Undo. */
export function TurnBar() {
  const app = useApp()
  const state = useMatch((s) => s.state)
  const canUndo = useMatch((s) => s.canUndo)
  if (!state) return null
  const side = state.sides.find((s) => s.id === (state.pending?.sideId ?? state.activeSideId))
  const unit = state.activeUnit
  const team = unit ? state.teams[unit.teamIds[unit.index] ?? ''] : undefined
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
      <span data-testid="active-side">
        {side?.name} to {state.phase === 'activation' ? 'roll' : 'act'}
        {team && state.phase === 'play' ? `: ${team.name} (B${team.activation?.band ?? '?'})` : ''}
      </span>
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
