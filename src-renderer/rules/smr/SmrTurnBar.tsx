import { smrTurnCaption } from '../../../src-engine/index'
import { InSlot } from '../../hud/layout/InSlot'
import { undoLast } from '../../state/actions'
import { useApp, useMatch, useUi } from '../../state/context'
import { useLasting, WAITING_SHOWN_AFTER_MS } from '../../hud/use-lasting'
import { seatMayAct } from '../../state/seat'
import { sideOf, useSmrGame } from './smr-game'

/** The turn, the event of the turn (SMR-TURN-01), the side to act and what it does, the seat, and Undo. */
export function SmrTurnBar() {
  const app = useApp()
  const game = useSmrGame()
  const canUndo = useMatch((s) => s.canUndo)
  const seat = useMatch((s) => s.seat)
  // One command at a time (`sendCommand`): the bar says so when the wait lasts, as SMLE's does.
  const sending = useUi((s) => s.sending !== null)
  const waiting = useLasting(sending, WAITING_SHOWN_AFTER_MS)
  if (!game) return null
  const { state, scenario } = game
  const caption = smrTurnCaption(state)
  const actor = state.phase === 'ended' ? null : state.actingSide
  const side = sideOf(scenario, actor)
  const seatText =
    !seat || seat.hotSeat || seat.kind === 'referee'
      ? null
      : seat.kind === 'spectator' || seat.sideIds.length === 0
        ? 'Watching'
        : `You play ${seat.sideIds.map((id) => sideOf(scenario, id).name).join(' and ')}`
  const undo = () => undoLast(app)
  return (
    <InSlot slot="top">
      <div className="panel turn" data-panel="turn" aria-label="Turn" data-sending={sending ? 'true' : undefined}>
        <span className="round" data-testid="round">
          {caption.turn}
        </span>
        {scenario.campaign && (
          <span className="muted" data-testid="campaign-battle">
            Campaign battle {scenario.campaign.battle}
          </span>
        )}
        <span className="smr-event" data-testid="smr-event">
          {caption.event}
        </span>
        {actor && (
          <span data-testid="active-side">
            <span className="swatch" style={{ background: side.colour }} /> {side.name}: {caption.step}
            {seatMayAct(seat, actor) ? '' : ' (waiting)'}
          </span>
        )}
        {waiting && (
          <span className="thinking" data-testid="command-waiting" role="status">
            Waiting for your command to be decided…
          </span>
        )}
        {seatText && (
          <span className="seat muted" data-testid="seat">
            {seatText}
          </span>
        )}
        <button
          type="button"
          onClick={() => void undo()}
          disabled={!canUndo || seat?.kind === 'spectator'}
          title="Undo the last action (not past a dice roll)"
        >
          Undo
        </button>
      </div>
    </InSlot>
  )
}
