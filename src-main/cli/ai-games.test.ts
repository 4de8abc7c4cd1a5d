import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { playersFor } from '../../src-engine/ai/smle/players'
import { smrPlayersFor } from '../../src-engine/ai/smr/players'
import { newMatchHeader, startMatchOf } from '../../src-engine/core/match'
import { parseScenario } from '../../src-engine/rules/loading'
import { newHeader, startMatch } from '../../src-engine/rules/smle/match'
import { playOutWith } from '../../src-engine/rules/smle/queries/playout'
import type { Scenario } from '../../src-engine/rules/smle/scenario/schema'
import { playOutSmrWith, smr, type SmrScenario } from '../../src-engine/rules/smr/index'
import { legalityRun } from './ai-games'

const load = <S>(id: string): S => {
  const text = readFileSync(join(import.meta.dirname, '..', '..', 'assets', 'scenarios', `${id}.json`), 'utf8')
  const parsed = parseScenario(JSON.parse(text))
  if (!parsed.ok) throw new Error(parsed.message)
  return parsed.scenario as S
}

describe('npm run ai-report -- --legality', { timeout: 120_000 }, () => {
  it('plays SMR and SMLE games in turn, each side by its own ruleset’s computer, and counts every command', () => {
    const contact = load<SmrScenario>('smr-contact')
    const few = load<Scenario>('smle-few-brave-sentients')
    const seed = 7
    const report = legalityRun([contact, few], 2, seed)
    expect(report.games).toBe(2)
    expect(report.failures).toEqual([])
    // The same two games played by hand: the first on the SMR scenario, the second on the SMLE one, both sides the
    // computer at the first level (easy), seeds in turn.
    const both = (s: { sides: readonly { id: string }[] }) =>
      Object.fromEntries(s.sides.map((x) => [x.id, { kind: 'bot' as const, level: 'easy' as const }]))
    const smrGame = playOutSmrWith(
      startMatchOf(smr, newMatchHeader(smr, contact, seed, 'quick')),
      smrPlayersFor(both(contact), seed),
      20000,
    )
    const smleGame = playOutWith(startMatch(newHeader(few, seed + 1, 'quick')), playersFor(both(few), seed + 1))
    expect(smrGame.commands).toBeGreaterThan(0)
    expect(report.commands).toBe(smrGame.commands + smleGame.commands)
  })
})
