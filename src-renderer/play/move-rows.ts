import { figureFullMoveIn, type MatchState, moveLeftIn } from '../../src-engine/index'

/** One figure of the acting team in the Move section: inches used and left this activation. */
export interface MoveRow {
  readonly figureId: string
  readonly name: string
  readonly usedIn: number
  readonly leftIn: number
  readonly fullIn: number
  readonly note: string
}

/** The acting team's figures with the inches each has used and has left (SMLE-MOVE-01/02), or [] outside a team's turn. */
export function moveRows(state: MatchState): MoveRow[] {
  const unit = state.activeUnit
  const team = unit ? state.teams[unit.teamIds[unit.index] ?? ''] : undefined
  if (!team || state.phase !== 'play') return []
  return team.figureIds.flatMap((id) => {
    const f = state.figures[id]
    if (!f || f.status === 'dead' || f.offTable !== null) return []
    const notes = [f.prone ? 'prone' : '', f.status === 'lightWound' ? 'wounded' : f.status === 'seriousWound' ? 'seriously wounded' : '', f.vehicleId ? 'aboard' : '', f.moveEnded ? 'move ended' : ''].filter((n) => n !== '')
    return [{ figureId: f.id, name: f.name, usedIn: f.movedIn, leftIn: moveLeftIn(state, f), fullIn: figureFullMoveIn(state, f), note: notes.join(', ') }]
  })
}

/** The acting team's vehicle and its speeds (SMLE-VEH-01..04: 1" per mph of combat speed), or null. */
export function vehicleLine(state: MatchState): string | null {
  const unit = state.activeUnit
  const teamId = unit?.teamIds[unit.index]
  const v = Object.values(state.vehicles).find((x) => x.crewTeamId === teamId && !x.offTable)
  if (!v) return null
  return `${v.name}: ${v.speedLastRoundIn.toFixed(0)}" last round · combat ${v.combatSpeedIn.toFixed(0)}" · road ${v.roadSpeedIn.toFixed(0)}"${v.roadSpeed ? ' · at road speed (no firing, SMLE-VEH-02)' : ''}`
}
