import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import {
  dispatch,
  legalCommands,
  type Match,
  newHeader,
  replay,
  ScenarioSchema,
  sideToAct,
  startMatch,
} from '../../src-engine/index'
import { REPO_ROOT } from './clauses'

describe('the headless API of docs/engine.md', () => {
  it('the documented loop (always the first legal command of the side to act) plays a game to its end, and the log replays to the same state', () => {
    const scenario = ScenarioSchema.parse(
      JSON.parse(readFileSync(join(REPO_ROOT, 'assets', 'scenarios', 'smle-ambush.json'), 'utf8')),
    )
    let match: Match = startMatch(newHeader(scenario, 42, 'quick'))
    let commands = 0
    while (match.state.phase !== 'ended' && commands < 5000) {
      const side = sideToAct(match.state)
      expect(side).not.toBeNull()
      const options = legalCommands(match.state, match.world, side ?? '')
      expect(options.length).toBeGreaterThan(0)
      const r = dispatch(match, options[0])
      expect(r.decision.ok).toBe(true)
      match = r.match
      commands++
    }
    expect(match.state.phase).toBe('ended')
    expect(match.state.result).not.toBeNull()
    expect(sideToAct(match.state)).toBeNull()
    expect(replay(match.header, match.entries)).toEqual(match.state)
    expect(legalCommands(match.state, match.world, scenario.sides[0]?.id ?? '')).toEqual([])
  }, 120_000)

  it('the side that does not have to act is offered nothing', () => {
    const scenario = ScenarioSchema.parse(
      JSON.parse(readFileSync(join(REPO_ROOT, 'assets', 'scenarios', 'smle-ambush.json'), 'utf8')),
    )
    const match = startMatch(newHeader(scenario, 1, 'quick'))
    const side = sideToAct(match.state)
    const other = scenario.sides.find((s) => s.id !== side)?.id ?? ''
    expect(legalCommands(match.state, match.world, side ?? '').length).toBeGreaterThan(0)
    expect(legalCommands(match.state, match.world, other)).toEqual([])
  })
})
