import { useEffect, useState } from 'react'
import { useApp, useMatch } from '../../state/context'
import { GameOverUndo } from '../../hud/GameOverUndo'
import { sideOf, useSmrGame } from './smr-game'

/** When the rules end the game (SMR-SETUP-08, SMR-SCEN-02): who won and why, the turns played and each side's losses. */
export function SmrGameOver() {
  const app = useApp()
  const game = useSmrGame()
  const gameId = useMatch((s) => s.gameId)
  const [closedFor, setClosedFor] = useState<string | null>(null)
  const result = game?.state.result
  const ended = !!result
  // Undone back into play, the game's next end is shown again.
  useEffect(() => {
    if (!ended) setClosedFor(null)
  }, [ended])
  if (!game || !result || closedFor === gameId) return null
  const { state, scenario } = game
  const winner = result.winnerSideId === null ? 'A draw' : `${sideOf(scenario, result.winnerSideId).name} win`
  const rows = state.sideIds.map((sideId) => {
    const units = Object.values(state.units).filter((u) => u.sideId === sideId)
    return {
      sideId,
      name: sideOf(scenario, sideId).name,
      standing: units.filter((u) => u.status === 'ok' && !u.routed).length,
      routed: units.filter((u) => u.status === 'ok' && u.routed).length,
      killed: units.filter((u) => u.status === 'killed').length,
      eliminated: units.filter((u) => u.status === 'eliminated').length,
    }
  })
  return (
    <div className="dialog-backdrop">
      <section className="panel dialog" role="dialog" aria-label="Game over">
        <h2>Game over</h2>
        <div className="winner" data-testid="winner">
          {winner}
        </div>
        <p data-testid="result-reason">{result.reason}</p>
        <p className="muted">Turns played: {result.turn}</p>
        <table className="losses">
          <thead>
            <tr>
              <th>Side</th>
              <th>Standing</th>
              <th>Routed</th>
              <th>Killed</th>
              <th>Eliminated</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((r) => (
              <tr key={r.sideId}>
                <td>{r.name}</td>
                <td>{r.standing}</td>
                <td>{r.routed}</td>
                <td>{r.killed}</td>
                <td>{r.eliminated}</td>
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
