import { sideToAct } from '../../src-engine/index'
import { InSlot } from './layout/InSlot'
import { activeTeamId } from '../scene/figure-markers'
import { sendCommand, undoLast } from '../state/actions'
import { useApp, useMatch, useUi } from '../state/context'
import { nextStep, turnCaption } from '../state/next-step'
import { seatCaption, seatMayAct } from '../state/seat'
import { useLasting, WAITING_SHOWN_AFTER_MS } from './use-lasting'

/** Round, who must do what, the seat, the step that moves the game on (for the seat that plays it), and Undo. */
export function TurnBar() {
  const app = useApp()
  const state = useMatch((s) => s.state)
  const canUndo = useMatch((s) => s.canUndo)
  const seat = useMatch((s) => s.seat)
  const players = useMatch((s) => s.players)
  const replaying = useMatch((s) => s.replay !== null)
  const sending = useUi((s) => s.sending !== null)
  const waiting = useLasting(sending, WAITING_SHOWN_AFTER_MS)
  if (!state) return null
  const acting = sideToAct(state)
  const computerActs = !replaying && acting !== null && players[acting] !== undefined
  // The team the computer is moving is ringed on the table (figure-layers); the bar names it too.
  const actingTeamId = computerActs ? activeTeamId(state) : null
  const actingTeam = actingTeamId ? state.teams[actingTeamId] : undefined
  const mayAct = !replaying && seatMayAct(seat, sideToAct(state))
  const step = mayAct ? nextStep(state) : null
  const caption = seatCaption(seat, state)
  const undo = () => undoLast(app)
  return (
    <InSlot slot="top">
      <div className="panel turn" data-panel="turn" aria-label="Turn" data-sending={sending ? 'true' : undefined}>
        <span className="round" data-testid="round">
          {state.phase === 'setup' ? 'Set-up' : state.phase === 'ended' ? 'Game over' : `Round ${state.round}`}
        </span>
        <span data-testid="active-side">{turnCaption(state)}</span>
        {computerActs && (
          <span className="thinking" data-testid="computer-thinking" role="status">
            The computer is playing {state.sides.find((s) => s.id === acting)?.name ?? acting}
            {actingTeam && actingTeam.sideId === acting && !actingTeam.hidden ? `: ${actingTeam.name}` : ''}…
          </span>
        )}
        {waiting && !computerActs && (
          <span className="thinking" data-testid="command-waiting" role="status">
            Waiting for your command to be decided…
          </span>
        )}
        {caption && (
          <span className="seat muted" data-testid="seat">
            {caption}
          </span>
        )}
        {step && (
          <button type="button" onClick={() => void sendCommand(app, step.command)} disabled={sending}>
            {step.label}
          </button>
        )}
        {replaying ? null : (
          <button
            type="button"
            onClick={() => void undo()}
            disabled={!canUndo || seat?.kind === 'spectator'}
            title="Undo the last action (not past a dice roll)"
          >
            Undo
          </button>
        )}
      </div>
    </InSlot>
  )
}
