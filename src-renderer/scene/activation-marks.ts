import type { FigureState, MatchState, TeamState } from '../../src-engine/index'
import { TABLE_1 } from '../../src-engine/rules/smle/bands'
import { activeTeamId, isDrawn, looksDead } from './figure-markers'

/** How high over the figure's feet an activation label floats, inches. */
const LABEL_LIFT_IN = 2.3

/** A team's activation label on the table (SMLE-ACT-01, SMLE-ACT-02). */
export interface ActivationMark {
  readonly teamId: string
  readonly sideId: string
  readonly band: number
  /** Table 1's name of the band: Double Move, Close, Advance, Stand, Pinned, Fall Back, Break. */
  readonly action: string
  readonly al: number
  /** Its turn now. */
  readonly active: boolean
  /** Its turn (and second turn) is over this round. */
  readonly done: boolean
  readonly at: readonly [number, number, number]
}

/** The figure a team's label floats over: its leader if standing, else its first figure on the table. */
function anchor(state: MatchState, team: TeamState): FigureState | null {
  const figures = team.figureIds.map((id) => state.figures[id]).filter((f): f is FigureState => !!f && isDrawn(state, f) && !looksDead(f))
  return figures.find((f) => f.isLeader) ?? figures[0] ?? null
}

/**
 * A label over each rolled team's leader with its band and AL (what it may do
 * this round), the team whose turn it is singled out; teams that are gone,
 * hidden from the side at the controls (SMLE-SCEN-05) or have nobody
 * standing get none.
 */
export function activationMarks(state: MatchState): ActivationMark[] {
  const active = activeTeamId(state)
  const out: ActivationMark[] = []
  for (const team of Object.values(state.teams)) {
    if (!team.activation || team.gone) continue
    const f = anchor(state, team)
    if (!f) continue
    const { band, al } = team.activation
    out.push({
      teamId: team.id,
      sideId: team.sideId,
      band,
      action: TABLE_1[band]?.action ?? '',
      al,
      active: team.id === active,
      done: team.turn === 'done' && (team.secondTurn === 'none' || team.secondTurn === 'done'),
      at: [f.position.x, f.position.y + LABEL_LIFT_IN, f.position.z],
    })
  }
  return out
}
