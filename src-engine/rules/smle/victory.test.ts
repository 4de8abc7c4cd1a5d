import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { inTurn, newMatch, play, withFigure } from '../../../tests/fixtures/play'
import type { Match } from './match'
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
  for (const id of figuresOf('cl-hq')) m = withFigure(m, id, { offTable: 'exited' })
  const section1 = figuresOf('cl-1')
  for (const id of section1.slice(0, exitedOfSection1)) m = withFigure(m, id, { offTable: 'exited' })
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
    const out = withFigure(m, last, { offTable: 'exited' })
    expect(immediateVerdict(out.state, out.world)?.winnerSideId).toBe('column')
  })
})
