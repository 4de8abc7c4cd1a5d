import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { applyRule, inTurn, newMatch, play, withFigure } from '../../../tests/fixtures/play'
import { convoyScenario } from '../../../tests/fixtures/scenarios'
import { endRound } from './end-round'
import { GameEventSchema } from './events/events'
import type { Match } from './match'
import { smle } from './ruleset'
import { ScenarioSchema } from './scenario/schema'
import { immediateVerdict } from './victory'

const ambush = (): Match =>
  newMatch(
    1,
    ScenarioSchema.parse(
      JSON.parse(readFileSync(join(__dirname, '../../../assets/scenarios/smle-ambush.json'), 'utf8')),
    ),
  )

/**
 * The Ambush (SMLE-SCEN-05), 12 column figures: the HQ (2) and three of
 * section 1 have left by the east edge; section 2 and the MG team are dead;
 * the last man of section 1 stands at the east edge with his team acting.
 */
function lastManOut(exitedOfSection1 = 3): Match {
  let m = ambush()
  const figuresOf = (teamId: string): readonly string[] => m.state.teams[teamId]?.figureIds ?? []
  for (const id of figuresOf('cl-hq')) m = withFigure(m, id, { offTable: 'exited', exitEdge: 'east' })
  const section1 = figuresOf('cl-1')
  for (const id of section1.slice(0, exitedOfSection1)) m = withFigure(m, id, { offTable: 'exited', exitEdge: 'east' })
  for (const id of section1.slice(exitedOfSection1, -1)) m = withFigure(m, id, { status: 'dead' })
  for (const id of [...figuresOf('cl-2'), ...figuresOf('cl-mg')]) m = withFigure(m, id, { status: 'dead' })
  m = withFigure(m, section1.at(-1)!, { position: { x: 59.45, y: 0, z: 14 } })
  return inTurn(m, 'cl-1', 9)
}

describe('victory order (SMLE-SCEN-05, §16)', () => {
  it('SMLE-SCEN-05: the column wins when its last survivors exit and make half its figures, though none is left on the table', () => {
    const m = lastManOut()
    const last = m.state.teams['cl-1']!.figureIds.at(-1)!
    const done = play(m, [{ type: 'exitTable', figureId: last }])
    expect(done.state.phase).toBe('ended')
    expect(done.state.result?.winnerSideId).toBe('column')
    expect(done.state.result?.reason).toContain('6 of 12')
  })
  it('SMLE-SCEN-05 / §16: one short of half, the last man out leaves the column with nothing: the partisans win', () => {
    const m = lastManOut(2)
    const last = m.state.teams['cl-1']!.figureIds.at(-1)!
    const done = play(m, [{ type: 'exitTable', figureId: last }])
    expect(done.state.result?.winnerSideId).toBe('partisans')
  })
  it('§16: the scenario’s own condition is read before the default "no unbroken units left"', () => {
    const m = lastManOut()
    const last = m.state.teams['cl-1']!.figureIds.at(-1)!
    const out = withFigure(m, last, { offTable: 'exited', exitEdge: 'east' })
    expect(immediateVerdict(out.state, out.world)?.winnerSideId).toBe('column')
  })
})

/** The column's figures in the Ambush, in the scenario's order (12: HQ 2, section 1 and 2 four each, MG 2). */
const columnIds = (m: Match): string[] =>
  Object.values(m.state.figures)
    .filter((f) => f.sideId === 'column')
    .map((f) => f.id)

/** The Ambush with these column figures already off the table, each by the edge given. */
function gotOff(m: Match, exits: readonly (readonly [string, 'east' | 'west'])[]): Match {
  let out = m
  for (const [id, edge] of exits) out = withFigure(out, id, { offTable: 'exited', exitEdge: edge })
  return out
}

describe('§16 with SMLE-ACT-09 and SMLE-DMG-12: casualties count as lost for victory', () => {
  /** The Ambush with every partisan dead but one of pt-b, in `change`; the column's 1st squad acting. */
  const lastPartisan = (change: Parameters<typeof withFigure>[2], reserve = false): Match => {
    let m = ambush()
    const partisans = Object.values(m.state.figures).filter((f) => f.sideId === 'partisans')
    const last = m.state.teams['pt-b']!.figureIds[0]!
    for (const f of partisans) if (f.id !== last) m = withFigure(m, f.id, { status: 'dead' })
    m = withFigure(m, last, change)
    // A team-mate still to come on (a reserve, SMLE-SCEN general: reinforcements) keeps the team in the game.
    if (reserve) m = withFigure(m, m.state.teams['pt-b']!.figureIds[1]!, { status: 'ok', offTable: 'reserve' })
    return inTurn(m, 'cl-1', 9)
  }

  it('the last partisan seriously wounded: the partisans have no units left and lose at once', () => {
    const m = lastPartisan({ status: 'seriousWound', prone: true })
    expect(immediateVerdict(m.state, m.world)).toMatchObject({ winnerSideId: 'column' })
    // In play: the column's next command ends the game.
    const done = play(m, [{ type: 'endActivation', teamId: 'cl-1' }])
    expect(done.state.phase).toBe('ended')
    expect(done.state.result?.winnerSideId).toBe('column')
    expect(done.state.result?.reason).toBe('Partisans has no unbroken units left: its last men are casualties.')
  })

  it('lightly wounded he is no casualty (SMLE-ACT-09): the game goes on', () => {
    const m = lastPartisan({ status: 'lightWound' })
    expect(immediateVerdict(m.state, m.world)).toBeNull()
    expect(play(m, [{ type: 'endActivation', teamId: 'cl-1' }]).state.phase).toBe('play')
  })

  it('SMLE-SCEN-06: where the scenario ends a side only when every figure of it is dead, its seriously wounded are alive', () => {
    let m = newMatch(
      1,
      ScenarioSchema.parse(
        JSON.parse(readFileSync(join(__dirname, '../../../assets/scenarios/smle-exterminator.json'), 'utf8')),
      ),
    )
    const survivors = Object.values(m.state.figures).filter((f) => f.sideId === 'survivors')
    for (const f of survivors) m = withFigure(m, f.id, { status: 'seriousWound', prone: true })
    // The monster wins if every survivor dies; the survivors if they last the 12 rounds: the game goes on.
    expect(immediateVerdict(m.state, m.world)).toBeNull()
    for (const f of survivors) m = withFigure(m, f.id, { status: 'dead' })
    expect(immediateVerdict(m.state, m.world)).toMatchObject({ winnerSideId: 'monster' })
  })

  it('seriously wounded with a team-mate still to come on, his team is not lost', () => {
    const m = lastPartisan({ status: 'seriousWound', prone: true }, true)
    expect(immediateVerdict(m.state, m.world)).toBeNull()
  })
})

describe('SMLE-SCEN-05: the column must exit at the opposite (east) edge', () => {
  it('a column figure stepping off its own base line (west, SMLE-OPT-07) does not count: five out by the east edge and the last man out by the west is not half', () => {
    const atEast = lastManOut()
    const last = atEast.state.teams['cl-1']!.figureIds.at(-1)!
    const m = withFigure(atEast, last, { position: { x: 0.55, y: 0, z: 14 } })
    const done = play(m, [{ type: 'exitTable', figureId: last }])
    expect(done.state.figures[last]?.offTable).toBe('exited')
    expect(done.state.figures[last]?.exitEdge).toBe('west')
    // Nothing of the column is left on the table: the §16 default, not the exit, decides.
    expect(done.state.result?.winnerSideId).toBe('partisans')
    expect(done.state.result?.reason).not.toContain('got off the table')
  })
  it('"at least half": exactly 6 of 12 off by the east edge wins at once, the rest still fighting; 5 by the east and 1 by the west does not', () => {
    const m = ambush()
    const ids = columnIds(m)
    expect(ids).toHaveLength(12)
    const half = gotOff(
      m,
      ids.slice(0, 6).map((id) => [id, 'east'] as const),
    )
    expect(immediateVerdict(half.state, half.world)).toEqual({
      winnerSideId: 'column',
      reason: '6 of 12 figures of Column got off the table by the east edge.',
    })
    const short = gotOff(m, [...ids.slice(0, 5).map((id) => [id, 'east'] as const), [ids[5]!, 'west'] as const])
    expect(immediateVerdict(short.state, short.world)).toBeNull()
  })
  it('SMLE-DMG-12: a seriously wounded figure carried off by the east edge counts with its helper; carried off the column’s own base line it is evacuated, not lost, but it has not got through', () => {
    const carried = (helperAt: number, woundedAt: number): Match => {
      let m = ambush()
      const section1 = m.state.teams['cl-1']!.figureIds
      const [, , wounded, helper] = section1
      m = gotOff(
        m,
        [...m.state.teams['cl-hq']!.figureIds, ...section1.slice(0, 2)].map((id) => [id, 'east'] as const),
      )
      for (const id of [...m.state.teams['cl-2']!.figureIds, ...m.state.teams['cl-mg']!.figureIds])
        m = withFigure(m, id, { status: 'dead' })
      m = withFigure(m, wounded!, { status: 'seriousWound', prone: true, position: { x: woundedAt, y: 0, z: 14 } })
      m = withFigure(m, helper!, { helping: wounded!, position: { x: helperAt, y: 0, z: 14 } })
      return play(inTurn(m, 'cl-1', 9), [{ type: 'exitTable', figureId: helper! }])
    }
    const wounded = (m: Match) => m.state.figures[m.state.teams['cl-1']!.figureIds[2]!]
    const east = carried(59.45, 58.45)
    expect(wounded(east)).toMatchObject({ offTable: 'exited', exitEdge: 'east' })
    expect(east.state.result?.winnerSideId).toBe('column')
    expect(east.state.result?.reason).toContain('6 of 12')
    const west = carried(0.55, 1.55)
    expect(wounded(west)).toMatchObject({ offTable: 'evacuated', exitEdge: 'west' })
    expect(west.state.result?.winnerSideId).toBe('partisans')
  })
  it('an exit logged before the edge was recorded (SMLE rules version 2) still reads and applies, leaves no edge on the figure, and counts for no edge', () => {
    const m = ambush()
    const ids = columnIds(m)
    const old = GameEventSchema.parse({ type: 'FigureLeftTable', figureId: ids[5], reason: 'exited' })
    const five = gotOff(
      m,
      ids.slice(0, 5).map((id) => [id, 'east'] as const),
    )
    const state = smle.apply(five.state, old)
    expect(state.figures[ids[5]!]?.offTable).toBe('exited')
    expect(Object.keys(state.figures[ids[5]!]!)).not.toContain('exitEdge')
    expect(immediateVerdict(state, five.world)).toBeNull()
  })
})

describe('leaving aboard a vehicle: everyone aboard leaves by its edge, or by none', () => {
  /** The convoy (8 Blue figures) with Blue to win by getting a quarter of them off by `edge`. */
  const convoyExit = (edge: 'north' | 'south'): Match =>
    newMatch(
      1,
      convoyScenario({
        victory: { conditions: [{ kind: 'exit', sideId: 'blue', edge, fraction: 0.25 }], atTimeLimit: 'draw' },
      }),
    )
  it('SMLE-OPT-07: a halftrack falling back off Blue’s base line (south) takes its passengers off by that edge; they fled, and fleeing is not getting off by an exit edge', () => {
    const m = play(inTurn(convoyExit('south'), 'b-crew', 1), [{ type: 'fallBack', teamId: 'b-crew', distance: 'full' }])
    expect(m.state.vehicles.ht?.offTable).toBe(true)
    for (const id of ['b-driver', 'b-1', 'b-2', 'b-3'])
      expect(m.state.figures[id]).toMatchObject({ offTable: 'fled', exitEdge: 'south' })
    expect(immediateVerdict(m.state, m.world)).toBeNull()
  })
  it('SMLE-VEH-05: a helicopter lifting off leaves by no edge: its pilot and passengers are off the table but have not got off by the exit edge', () => {
    let m = play(inTurn(convoyExit('north'), 'b-pilots', 6), [
      { type: 'moveVehicle', vehicleId: 'heli', to: { x: 24, z: 4 } },
    ])
    const endOf = (g: Match): Match =>
      applyRule({ ...g, state: { ...g.state, phase: 'play', pending: null, activeUnit: null } }, endRound).match
    m = endOf(endOf(m))
    expect(m.state.vehicles.heli?.offTable).toBe(true)
    for (const id of ['b-pilot', 'b-f1', 'b-f2']) {
      expect(m.state.figures[id]?.offTable).toBe('exited')
      expect(m.state.figures[id]?.exitEdge).toBeUndefined()
    }
    expect(immediateVerdict(m.state, m.world)).toBeNull()
  })
})
