import type { ScenarioSummary } from '../../src-main/ipc/contract'

/** The scenario picker's sections: the six scenarios of the rules' §16 first, in the book's order, then every other table. */
export function scenarioGroups(list: readonly ScenarioSummary[]): { title: string; scenarios: ScenarioSummary[] }[] {
  const BOOK = [
    'smle-few-brave-sentients',
    'smle-magnificent-seven',
    'smle-multiple-signals',
    'smle-commando',
    'smle-ambush',
    'smle-exterminator',
  ]
  const book = BOOK.flatMap((id) => list.filter((s) => s.id === id))
  const others = list.filter((s) => !BOOK.includes(s.id))
  return [
    { title: 'SMLE scenarios (§16)', scenarios: book },
    { title: 'Other tables', scenarios: others },
  ].filter((g) => g.scenarios.length > 0)
}
