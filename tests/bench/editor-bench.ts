import { validateScenario } from '../../src-engine/index'
import { referenceTownScenario } from '../fixtures/world-tables'
import { type Figure, median } from './figures'

/**
 * The editor's live check on the reference town (72"×48", 30+ buildings,
 * 100 figures a side): it runs on every edit, so it must stay well under
 * 50 ms. Median of 30 runs after 5 to warm up.
 */
export function editorFigures(): Figure[] {
  const scenario = referenceTownScenario()
  for (let i = 0; i < 5; i++) validateScenario(scenario)
  const times: number[] = []
  let problems = 0
  for (let i = 0; i < 30; i++) {
    const t0 = performance.now()
    problems = validateScenario(scenario).length
    times.push(performance.now() - t0)
  }
  return [
    {
      name: 'editor.validateMs',
      value: median(times),
      unit: 'ms',
      note: `validateScenario on reference-town (${problems} problems found), median of 30; budget 50 ms`,
    },
  ]
}
