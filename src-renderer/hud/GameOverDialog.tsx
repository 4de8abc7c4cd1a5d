import { useEffect, useState } from 'react'
import { gameSummary } from '../play/game-summary'
import { useApp, useMatch } from '../state/context'
import { GameOverUndo } from './GameOverUndo'

/** When the scenario's victory check ends the game: who won and why, the rounds played and each side's losses. */
export function GameOverDialog() {
  const app = useApp()
  const state = useMatch((s) => s.state)
  const gameId = useMatch((s) => s.gameId)
  const [closedFor, setClosedFor] = useState<string | null>(null)
  const summary = state ? gameSummary(state) : null
  const ended = summary !== null
  // Undone back into play, the game's next end is shown again.
  useEffect(() => {
    if (!ended) setClosedFor(null)
  }, [ended])
  if (!summary || closedFor === gameId) return null
  return (
    <div className="dialog-backdrop">
      <section className="panel dialog" role="dialog" aria-label="Game over">
        <h2>Game over</h2>
        <div className="winner" data-testid="winner">
          {summary.winner}
        </div>
        <p>{summary.reason}</p>
        <p className="muted">Rounds played: {summary.rounds}</p>
        <table className="losses">
          <thead>
            <tr>
              <th>Side</th>
              <th>Dead</th>
              <th>Seriously wounded</th>
              <th>Wounded</th>
              <th>Fled or captured</th>
              <th>Figures</th>
            </tr>
          </thead>
          <tbody>
            {summary.sides.map((s) => (
              <tr key={s.sideId}>
                <td>{s.name}</td>
                <td>{s.dead}</td>
                <td>{s.seriouslyWounded}</td>
                <td>{s.lightlyWounded}</td>
                <td>{s.offTable}</td>
                <td>{s.figures}</td>
              </tr>
            ))}
          </tbody>
        </table>
        <GameOverUndo />
        <div className="row">
          <button type="button" onClick={() => (setClosedFor(gameId), app.uiStore.getState().setNewGameOpen(true))}>
            New game
          </button>
          <button type="button" onClick={() => setClosedFor(gameId)}>
            Look at the table
          </button>
        </div>
      </section>
    </div>
  )
}
