/**
 * Audit: the options `legalCommands` offers agree with what `dispatch`
 * accepts (docs/engine.md: "every one of them accepted by the rules"), at
 * states met along random games of small tables (SMLE-ACT-06, SMLE-TURN-10).
 */
import { describe, expect, it } from 'vitest'
import {
  type CommandInput,
  dispatch,
  legalCommands,
  type Match,
  randomPlayer,
  seedRng,
  sideToAct,
} from '../../src-engine/index'
import { newMatch } from '../fixtures/play'
import { sectionScenario, skirmishScenario } from '../fixtures/scenarios'

function auditGame(
  match: Match,
  playerSeed: number,
  steps: number,
  every: number,
): { checked: number; refused: string[] } {
  const player = randomPlayer(seedRng(playerSeed))
  let m = match
  let checked = 0
  const refused: string[] = []
  for (let i = 0; i < steps && m.state.phase !== 'ended'; i++) {
    const side = sideToAct(m.state)
    if (!side) break
    if (i % every === 0 && m.state.phase === 'play') {
      for (const c of legalCommands(m.state, m.world, side)) {
        const r = dispatch(m, c as CommandInput)
        checked++
        if (!r.decision.ok)
          refused.push(`${JSON.stringify(c)} → ${r.decision.reason.clause}: ${r.decision.reason.message}`)
      }
    }
    const cmd = player.next(m.state, m.world)
    const r = dispatch(m, cmd)
    if (!r.decision.ok) {
      refused.push(`player ${JSON.stringify(cmd)} → ${r.decision.reason.clause}`)
      break
    }
    m = r.match
  }
  return { checked, refused }
}

describe('legalCommands agrees with dispatch', () => {
  it('SMLE-ACT-06 / docs/engine.md: every offered command is accepted (sections table, 2 games)', () => {
    for (const seed of [3, 4]) {
      const { checked, refused } = auditGame(newMatch(seed, sectionScenario()), seed, 120, 7)
      expect(refused, `seed ${seed}`).toEqual([])
      expect(checked).toBeGreaterThan(50)
    }
  }, 120_000)

  it('SMLE-ACT-06 / docs/engine.md: every offered command is accepted (skirmish table, 2 games)', () => {
    for (const seed of [5, 6]) {
      const { checked, refused } = auditGame(newMatch(seed, skirmishScenario()), seed, 120, 7)
      expect(refused, `seed ${seed}`).toEqual([])
      expect(checked).toBeGreaterThan(50)
    }
  }, 120_000)
})
