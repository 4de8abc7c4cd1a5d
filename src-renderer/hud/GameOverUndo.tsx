import { undoLast } from '../state/actions'
import { useApp, useMatch } from '../state/context'

/**
 * Undo on the game-over screen, the same for every ruleset: the kernel's
 * rule holds at the end too (CORE-UNDO-01: back to the last dice, never
 * past them). When the command that ended the game threw no dice it may be
 * taken back and the game goes on; when it threw dice the result stands.
 */
export function GameOverUndo() {
  const app = useApp()
  const canUndo = useMatch((s) => s.canUndo)
  const seat = useMatch((s) => s.seat)
  if (seat?.kind === 'spectator') return null
  const undo = () => undoLast(app)
  return canUndo ? (
    <p className="muted" data-testid="game-over-undo">
      The last action threw no dice: it may be taken back and the game go on (CORE-UNDO-01).{' '}
      <button type="button" onClick={() => void undo()}>
        Undo the last action
      </button>
    </p>
  ) : (
    <p className="muted" data-testid="game-over-undo">
      The last action threw dice: the result stands (CORE-UNDO-01).
    </p>
  )
}
