import { useEffect, useMemo, useState } from 'react'
import { smrCampaignVeterans, smrProfileLabel } from '../../../src-engine/index'
import type { ScenarioSummary } from '../../../src-main/ipc/contract'
import { attempt } from '../../state/actions'
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
        <NextBattle />
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

/**
 * Campaign play (SMR-OPT-05): the heroes alive at the end go on to another
 * battle one type up; the player picks its scenario and starts it with them.
 */
function NextBattle() {
  const app = useApp()
  const game = useSmrGame()
  const seat = useMatch((s) => s.seat)
  const veterans = useMemo(() => (game ? smrCampaignVeterans(game.state) : []), [game])
  const [scenarios, setScenarios] = useState<ScenarioSummary[]>([])
  const [chosen, setChosen] = useState('')
  const wanted = veterans.length > 0 && seat?.kind !== 'spectator'
  useEffect(() => {
    if (!wanted) return
    void attempt(app, () => app.bridge.scenarioList()).then((list) => {
      const smrOnly = (list ?? []).filter((x) => x.ruleset === 'smr')
      setScenarios(smrOnly)
      setChosen((c) => c || (smrOnly[0]?.id ?? ''))
    })
  }, [app, wanted])
  if (!game || !wanted) return null
  const battle = (game.scenario.campaign?.battle ?? 1) + 1
  const start = async () => {
    const snap = await attempt(app, () => app.bridge.matchNew({ scenarioId: chosen, campaign: true }))
    if (!snap) return
    app.uiStore.getState().select(null)
    app.uiStore.getState().say({
      kind: 'info',
      text: `Battle ${battle} of the campaign: ${snap.scenario.name}${snap.seed === null ? '' : ` (seed ${snap.seed})`}.`,
    })
  }
  return (
    <div className="smr-campaign" data-testid="next-battle">
      <h3>Campaign: battle {battle} (SMR-OPT-05)</h3>
      <ul>
        {veterans.map((v) => (
          <li key={v.unitId}>
            {v.name} ({sideOf(game.scenario, v.sideId).name}): {smrProfileLabel(v.was)} hero →{' '}
            {smrProfileLabel(v.profile)} hero
          </li>
        ))}
      </ul>
      <div className="row">
        <select aria-label="Next battle's scenario" value={chosen} onChange={(e) => setChosen(e.target.value)}>
          {scenarios.map((x) => (
            <option key={x.id} value={x.id}>
              {x.name}
            </option>
          ))}
        </select>
        <button type="button" className="primary" disabled={!chosen} onClick={() => void start()}>
          Next battle
        </button>
      </div>
    </div>
  )
}
