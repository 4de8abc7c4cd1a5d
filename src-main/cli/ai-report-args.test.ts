import { describe, expect, it } from 'vitest'
import { parseAiReportArgs } from './ai-report-args'
import { SECTION_16, SMLE_OTHER, SMR_SCENARIOS } from './scenario-lists'

const everything = [...SECTION_16, ...SMLE_OTHER, ...SMR_SCENARIOS]

describe('npm run ai-report: its command line', () => {
  it('by default reports 100 games a side of the six §16 scenarios at normal level from seed 1, as a table', () => {
    expect(parseAiReportArgs([])).toEqual({
      games: 100,
      seed: 1,
      level: 'normal',
      legality: null,
      scenarioIds: [...SECTION_16],
      json: false,
      jobs: 1,
    })
  })

  it('reads every option of the report', () => {
    expect(
      parseAiReportArgs(['--games', '10', '--seed', '0', '--level', 'hard', '--scenario', 'smle-ambush', '--json']),
    ).toEqual({ games: 10, seed: 0, level: 'hard', legality: null, scenarioIds: ['smle-ambush'], json: true, jobs: 1 })
    expect(parseAiReportArgs(['--jobs', '2', '--games', '50']).jobs).toBe(2)
    expect(parseAiReportArgs(['--smr']).scenarioIds).toEqual([...SMR_SCENARIOS])
    expect(parseAiReportArgs(['--all', '--level', 'easy']).scenarioIds).toEqual(everything)
  })

  it('--legality plays every built-in game in turn, the SMR ones with --smr, or the one --scenario names', () => {
    expect(parseAiReportArgs(['--legality', '500', '--seed', '90001'])).toMatchObject({
      legality: 500,
      seed: 90001,
      scenarioIds: everything,
    })
    expect(parseAiReportArgs(['--legality', '3', '--smr']).scenarioIds).toEqual([...SMR_SCENARIOS])
    expect(parseAiReportArgs(['--scenario', 'smr-contact', '--legality', '3']).scenarioIds).toEqual(['smr-contact'])
  })

  it('refuses a mistyped or incomplete option with a sentence and the usage, rather than run the defaults', () => {
    expect(() => parseAiReportArgs(['--game', '10'])).toThrow(/Unknown option "--game".*usage: npm run ai-report/)
    expect(() => parseAiReportArgs(['10'])).toThrow(/Unknown option "10"/)
    expect(() => parseAiReportArgs(['--games'])).toThrow(/--games needs a whole number of at least 1, got nothing/)
    expect(() => parseAiReportArgs(['--games', '--json'])).toThrow(/--games needs a whole number/)
    expect(() => parseAiReportArgs(['--games', '0'])).toThrow(/--games needs a whole number of at least 1, got 0/)
    expect(() => parseAiReportArgs(['--games', '2.5'])).toThrow(/--games/)
    expect(() => parseAiReportArgs(['--seed', '-1'])).toThrow(/--seed needs a whole number of at least 0, got -1/)
    expect(() => parseAiReportArgs(['--legality', 'many'])).toThrow(/--legality needs a whole number/)
    expect(() => parseAiReportArgs(['--level', 'expert'])).toThrow(/--level must be easy, normal or hard, got expert/)
    expect(() => parseAiReportArgs(['--scenario'])).toThrow(/--scenario needs a scenario's id, got nothing/)
    expect(() => parseAiReportArgs(['--scenario', ''])).toThrow(/--scenario needs a scenario's id/)
    expect(() => parseAiReportArgs(['--jobs', '0'])).toThrow(/--jobs needs a whole number of at least 1, got 0/)
    expect(() => parseAiReportArgs(['--jobs'])).toThrow(/--jobs needs a whole number of at least 1, got nothing/)
  })

  it('refuses options that contradict each other', () => {
    expect(() => parseAiReportArgs(['--smr', '--all'])).toThrow(/--smr and --all/)
    expect(() => parseAiReportArgs(['--scenario', 'smle-ambush', '--smr'])).toThrow(/--scenario names one scenario/)
    expect(() => parseAiReportArgs(['--legality', '5', '--all'])).toThrow(/--legality plays every built-in game/)
    expect(() => parseAiReportArgs(['--legality', '5', '--games', '10'])).toThrow(/not to --legality/)
    expect(() => parseAiReportArgs(['--legality', '5', '--json'])).toThrow(/not to --legality/)
    expect(() => parseAiReportArgs(['--legality', '5', '--level', 'hard'])).toThrow(/plays the levels in turn/)
    expect(() => parseAiReportArgs(['--legality', '5', '--jobs', '2'])).toThrow(/--jobs shares out the report's games/)
  })
})
