import { buildWorld, type TableScenario, type World } from '../../src-engine/index'

const cache = new WeakMap<TableScenario, World<TableScenario>>()

/** The rules' world for a scenario of any ruleset, built once per scenario object (for previews and click handling). */
export function worldOf<Sc extends TableScenario>(scenario: Sc): World<Sc> {
  let w = cache.get(scenario) as World<Sc> | undefined
  if (!w) {
    w = buildWorld(scenario)
    cache.set(scenario, w as unknown as World<TableScenario>)
  }
  return w
}
