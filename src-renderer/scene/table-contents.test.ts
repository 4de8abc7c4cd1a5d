import { describe, expect, it } from 'vitest'
import { farmhouseScenario, hutScenario } from '../../tests/fixtures/scenarios'
import { initialState, type MatchState } from '../../src-engine/index'
import { programKinds } from './program-warmup'
import { tableContents } from './table-contents'

describe('the shader programs a table is started with', () => {
  it('a table with buildings, figures and leaders: the solids, the figures and their marks, and both shadow programs', () => {
    const scenario = farmhouseScenario()
    const kinds = programKinds(tableContents(scenario, initialState(scenario, 1)))
    expect(kinds).toEqual(
      expect.arrayContaining([
        'lambert-colours',
        'lambert-map',
        'lambert-instances',
        'depth-instances',
        'basic-instances',
        'depth',
      ]),
    )
  })

  it('with no figures on the table (an SMR game draws its own units): no figure marks and no instanced shadows', () => {
    const scenario = farmhouseScenario()
    const contents = tableContents(scenario, null)
    expect(contents.marks).toBe(false)
    // The farmhouse has doors: their leaves are instances.
    expect(contents.instances).toBe(scenario.buildings.length > 0)
  })

  it('the fallen keep their mark (a dark one): unlit instances stay', () => {
    const scenario = farmhouseScenario()
    const state = initialState(scenario, 1)
    const dead: MatchState = {
      ...state,
      figures: Object.fromEntries(
        Object.entries(state.figures).map(([id, f]) => [id, { ...f, status: 'dead' as const }]),
      ),
    }
    expect(tableContents(scenario, dead)).toMatchObject({ marks: true, instances: true })
  })

  it('a bare table: the ground and the frame only', () => {
    const scenario = hutScenario({ buildings: [] })
    expect(programKinds(tableContents(scenario, null))).toEqual(['lambert-colours', 'lambert-map'])
  })
})
