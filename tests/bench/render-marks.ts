import type { MatchState, TeamActivation } from '../../src-engine/index'

const rolled = (band: number): TeamActivation => ({ die: 3, al: band, band, modifiers: [], shifts: [], blockId: '' })
const STATES = [
  { prone: true },
  { status: 'lightWound' },
  { status: 'seriousWound' },
  { status: 'dead' },
  { braced: true },
  {},
] as const

/**
 * The heaviest picture of a game in play: every team rolled (a label each),
 * one team's turn, figures in every state in turn (prone, lightly and seriously
 * wounded, dead, braced), every third team in a prepared position.
 */
export function everyMark(state: MatchState): MatchState {
  const figures = Object.fromEntries(
    Object.values(state.figures).map((f, i) => [f.id, { ...f, ...STATES[i % STATES.length] }]),
  )
  const teams = Object.fromEntries(
    Object.values(state.teams).map((t, i) => [
      t.id,
      { ...t, activation: rolled(i % 11), preparedPositionId: i % 3 === 0 ? 'position' : null },
    ]),
  )
  const first = Object.keys(state.teams)[0]!
  return {
    ...state,
    phase: 'play',
    figures,
    teams,
    activeUnit: { teamIds: [first], index: 0, turn: 'first' },
  } as MatchState
}

/** Sight lines from every figure of the first team to a point, one of each cover in turn, and a deviated burst. */
export function attackMarks(state: MatchState) {
  const team = Object.values(state.teams)[0]!
  const covers = ['none', 'soft', 'hard', 'position', 'blocked'] as const
  const to = { x: state.figures[team.figureIds[0]!]!.position.x + 10, y: 1, z: 24 }
  const sightLines = team.figureIds.map((id, i) => {
    const f = state.figures[id]!
    return {
      firerId: id,
      from: { ...f.position, y: f.position.y + 1 },
      to,
      cover: covers[i % covers.length]!,
      visible: 0.5,
    }
  })
  return { sightLines, burst: { aim: to, at: { ...to, x: to.x + 2, z: to.z + 2 }, radiusIn: 3 } }
}
