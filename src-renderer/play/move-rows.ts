import { figureFullMoveIn, type MatchState, moveLeftIn, vehicleSpeeds } from '../../src-engine/index'

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
    const notes = [
      f.prone ? 'prone' : '',
      f.status === 'lightWound' ? 'wounded' : f.status === 'seriousWound' ? 'seriously wounded' : '',
      f.vehicleId ? 'aboard' : '',
      f.moveEnded ? 'move ended' : '',
    ].filter((n) => n !== '')
    return [
      {
        figureId: f.id,
        name: f.name,
        usedIn: f.movedIn,
        leftIn: moveLeftIn(state, f),
        fullIn: figureFullMoveIn(state, f),
        note: notes.join(', '),
      },
    ]
  })
}

/** The acting team's vehicle, its speeds and what is left of this turn's move as the engine's `vehicleSpeeds` answers (SMLE-VEH-01..04), or null. */
export function vehicleLine(state: MatchState): string | null {
  const unit = state.activeUnit
  const teamId = unit?.teamIds[unit.index]
  const v = Object.values(state.vehicles).find((x) => x.crewTeamId === teamId && !x.offTable)
  const speeds = v ? vehicleSpeeds(state, v.id) : null
  if (!v || !speeds) return null
  const left =
    speeds.option === null
      ? ''
      : ` · left ${speeds.leftIn.offRoad.toFixed(1)}" off-road, ${speeds.leftIn.onRoad.toFixed(1)}" on a road`
  const halt = speeds.fromHaltLimitIn === null ? '' : ` · from a halt (SMLE-VEH-03)`
  return `${v.name}: ${v.speedLastRoundIn.toFixed(0)}" last round · combat ${speeds.combatSpeedIn.toFixed(0)}" · road ${speeds.roadSpeedIn.toFixed(0)}"${halt}${left}${v.roadSpeed ? ' · at road speed (no firing, SMLE-VEH-02)' : ''}`
}
