import type { ScenarioSummary } from '../../src-main/ipc/contract'

/** The scenario picker's sections: the six scenarios of the SMLE rules' §16 first, in the book's order, then every other SMLE table, then the SMR scenarios (SMR §11), then the player's own. */
export function scenarioGroups(all: readonly ScenarioSummary[]): { title: string; scenarios: ScenarioSummary[] }[] {
  const list = all.filter((s) => s.source !== 'user')
  const mine = all.filter((s) => s.source === 'user')
  const BOOK = [
    'smle-few-brave-sentients',
    'smle-magnificent-seven',
    'smle-multiple-signals',
    'smle-commando',
    'smle-ambush',
    'smle-exterminator',
  ]
  const book = BOOK.flatMap((id) => list.filter((s) => s.id === id))
  const others = list.filter((s) => !BOOK.includes(s.id) && s.ruleset === 'smle')
  const smr = list.filter((s) => s.ruleset === 'smr')
  const rest = list.filter((s) => s.ruleset !== 'smle' && s.ruleset !== 'smr')
  return [
    { title: 'SMLE scenarios (§16)', scenarios: book },
    { title: 'Other tables', scenarios: others },
    { title: 'SMR scenarios (medieval, SMR §11)', scenarios: smr },
    { title: 'Other rulesets', scenarios: rest },
    { title: 'Your scenarios', scenarios: mine },
  ].filter((g) => g.scenarios.length > 0)
}
