import type { Vec3 } from '../../../src-engine/index'
import type { AppContextValue } from '../../state/context'
import { seatMayAct } from '../../state/seat'
import { smrGameOf } from './smr-game'

/** True when this page's seat gives the SMR side to act its orders, and `unitId` is one of its units. */
function ownUnitToAct(app: AppContextValue, unitId: string | null): boolean {
  const game = smrGameOf(app)
  const u = unitId ? game?.state.units[unitId] : undefined
  if (!game || !u) return false
  const actor = game.state.phase === 'ended' ? null : game.state.actingSide
  return u.sideId === actor && seatMayAct(app.matchStore.getState().seat, actor)
}

/**
 * A click on the ground: with one of the acting side's units selected, plan
 * its placement (set-up) or its move (Event 2) to that point, or where a
 * hidden unit comes out of its building; the player then turns it (Q/E)
 * and gives the order (Enter or the panel's button).
 */
export function smrGroundClick(app: AppContextValue, p: Vec3): void {
  const ui = app.uiStore.getState()
  const game = smrGameOf(app)
  const unitId = ui.selectedFigureId
  if (!game || !unitId || !ownUnitToAct(app, unitId)) {
    ui.select(null)
    return
  }
  const u = game.state.units[unitId]!
  if (game.state.phase === 'setup' && u.hiddenIn === null)
    ui.planSmr({
      kind: 'place',
      unitId,
      to: p,
      facingDeg: ui.smrPlan?.unitId === unitId ? ui.smrPlan.facingDeg : u.facingDeg,
    })
  else if (game.state.phase === 'turn' && game.state.step === 'movement' && u.hiddenIn === null)
    ui.planSmr({ kind: 'move', unitId, to: p, facingDeg: null })
  // SMR-SCEN-02: a hidden unit comes out touching its building, on the spot nearest the click.
  else if (game.state.phase === 'turn' && game.state.step === 'movement')
    ui.planSmr({
      kind: 'leave',
      unitId,
      to: p,
      facingDeg: ui.smrPlan?.unitId === unitId && ui.smrPlan.kind === 'leave' ? ui.smrPlan.facingDeg : null,
    })
  else ui.select(null)
}

/**
 * A click on a unit: the acting side's own units are selected; an enemy
 * clicked with one selected becomes its charge (Event 2) or its missile
 * target (Event 1); any other unit is selected to read about it.
 */
export function smrUnitClick(app: AppContextValue, unitId: string): void {
  const ui = app.uiStore.getState()
  const game = smrGameOf(app)
  const u = game?.state.units[unitId]
  if (!game || !u) return
  if (ui.tool === 'measure') {
    ui.measureClick(u.position)
    return
  }
  const selected = ui.selectedFigureId
  const enemyOfSelected =
    selected !== null && ownUnitToAct(app, selected) && game.state.units[selected]?.sideId !== u.sideId
  if (enemyOfSelected && game.state.phase === 'turn' && game.state.step === 'movement') {
    ui.planSmr({ kind: 'charge', unitId: selected, to: u.position, facingDeg: null, targetId: u.id })
    return
  }
  if (enemyOfSelected && game.state.phase === 'turn' && game.state.step === 'missiles') {
    ui.setSmrShot(selected, u.id)
    return
  }
  ui.select(u.id)
}
