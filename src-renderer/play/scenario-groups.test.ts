import { describe, expect, it } from 'vitest'
import type { ScenarioSummary } from '../../src-main/ipc/contract'
import { scenarioGroups } from './scenario-groups'

const s = (id: string, ruleset: string, source?: 'builtin' | 'user'): ScenarioSummary => ({
  id,
  name: id,
  description: '',
  ruleset,
  ...(source ? { source } : {}),
})

describe('the New game list', () => {
  it("lists the player's scenarios in a group of their own, after the built-in ones, whatever their ruleset", () => {
    const groups = scenarioGroups([
      s('my-ambush', 'smle', 'user'),
      s('smle-ambush', 'smle', 'builtin'),
      s('farmhouse-skirmish', 'smle', 'builtin'),
      s('my-raid', 'smr', 'user'),
      s('smr-contact', 'smr'),
    ])
    expect(groups.map((g) => [g.title, g.scenarios.map((x) => x.id)])).toEqual([
      ['SMLE scenarios (§16)', ['smle-ambush']],
      ['Other tables', ['farmhouse-skirmish']],
      ['SMR scenarios (medieval, SMR §11)', ['smr-contact']],
      ['Your scenarios', ['my-ambush', 'my-raid']],
    ])
  })
})
