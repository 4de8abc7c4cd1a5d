import { smrProfileLabel, smrUnitStatus } from '../../../src-engine/index'
import { DockPanel } from '../../hud/layout/DockPanel'
import { useUi } from '../../state/context'
import { sideOf, useSmrGame } from './smr-game'

/** The selected unit: what it is, how far it moves (Table V), what it is doing and why it may not move. */
export function SmrSelectionPanel() {
  const id = useUi((s) => s.selectedFigureId)
  const game = useSmrGame()
  const u = id ? game?.state.units[id] : undefined
  if (!game) return null
  const status = u && u.status === 'ok' ? smrUnitStatus(game.state, game.world, u) : null
  const name = (x: string | null) => (x ? (game.state.units[x]?.name ?? x) : '')
  return (
    <DockPanel id="selection" label="Selection" title={u ? u.name : 'No unit selected'} className="selection">
      {u ? (
        <>
          <div data-testid="smr-unit-profile">
            {sideOf(game.scenario, u.sideId).name} · {smrProfileLabel(u.profile)}
            {game.state.leaders[u.sideId] === u.id ? ' · leader' : ''}
            {u.hero ? ' · hero' : ''}
          </div>
          {status && (
            <>
              <div data-testid="smr-move">
                Moves {status.allowanceIn}" a turn; faces {Math.round(u.facingDeg)}°
              </div>
              {u.routed && <div>Routed: it cannot move until rallied (SMR-MOVE-08).</div>}
              {u.hiddenIn !== null && (
                <div data-testid="smr-hidden">
                  Hidden in {game.scenario.buildings.find((b) => b.id === u.hiddenIn)?.name ?? u.hiddenIn}: in its
                  Movement Event, click the ground by the building to choose where it comes out, touching the walls
                  (SMR-SCEN-02).
                </div>
              )}
              {status.attacksId && <div>In melee: attacks {name(status.attacksId)} (SMR-MELEE-06).</div>}
              {status.cannotMove && u.hiddenIn === null && game.state.step === 'movement' && (
                <div className="muted" data-testid="smr-cannot-move">
                  <span className="clause">{status.cannotMove.clause}</span> {status.cannotMove.message}
                </div>
              )}
            </>
          )}
          {u.status !== 'ok' && <div>{u.status === 'killed' ? 'Killed.' : 'Eliminated.'}</div>}
        </>
      ) : (
        // The hint takes room only while it is needed: once a unit is selected the table has it back.
        <div className="hint">
          Click one of your units, then the ground to plan its move (or an enemy to charge it or shoot at it), or drag
          it where it goes (the wheel turns it while dragging). Q/E turn it, Enter gives the order, Esc cancels. Drag
          the table to orbit, right-drag to pan, wheel to zoom.
        </div>
      )}
    </DockPanel>
  )
}
