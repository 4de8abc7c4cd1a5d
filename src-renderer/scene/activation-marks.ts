import { activationOrder, type FigureState, type MatchState, type TeamState } from '../../src-engine/index'
import { isDrawn, looksDead } from './figure-markers'

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
  const figures = team.figureIds
    .map((id) => state.figures[id])
    .filter((f): f is FigureState => !!f && isDrawn(state, f) && !looksDead(f))
  return figures.find((f) => f.isLeader) ?? figures[0] ?? null
}

/**
 * A label over each rolled team's leader with its band, AL and Table 1 action
 * as the engine's activation order answers them (what it may do this round),
 * the team whose turn it is singled out; teams that are gone,
 * hidden from the side at the controls (SMLE-SCEN-05) or have nobody
 * standing get none.
 */
export function activationMarks(state: MatchState): ActivationMark[] {
  const out: ActivationMark[] = []
  for (const e of activationOrder(state)) {
    const team = state.teams[e.teamId]
    if (!team || e.band === null || e.al === null || e.status === 'gone') continue
    const f = anchor(state, team)
    if (!f) continue
    out.push({
      teamId: e.teamId,
      sideId: e.sideId,
      band: e.band,
      action: e.action,
      al: e.al,
      active: e.status === 'active',
      done: e.finished,
      at: [f.position.x, f.position.y + LABEL_LIFT_IN, f.position.z],
    })
  }
  return out
}
