import { buildWorld, type Scenario, type World } from '../../src-engine/index'

const cache = new WeakMap<Scenario, World>()

/** The rules' world for a scenario, built once per scenario object (for previews and click handling). */
export function worldOf(scenario: Scenario): World {
  let w = cache.get(scenario)
  if (!w) {
    w = buildWorld(scenario)
    cache.set(scenario, w)
  }
  return w
}
