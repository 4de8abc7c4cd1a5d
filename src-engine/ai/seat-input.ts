import type { Match } from '../core/match'
import { sidesViewer } from '../core/viewer'
import type { TableScenario } from '../scenario/schema'
import { buildWorld } from '../world/create-world'
import type { World } from '../world/world'
import type { BotInput } from './bot'

/**
 * Builds what a bot may see of a game, one side's seat at a time: the state
 * and the scenario as the ruleset shows them to that side, and a world built
 * from that scenario view (kept while the view of the scenario stays the same:
 * a world is rebuilt only when hidden troops are revealed).
 */
export function seatInputs(): <S, Sc extends TableScenario>(
  match: Match<S, unknown, unknown, Sc>,
  sideId: string,
) => BotInput<S, Sc> {
  const worlds = new Map<string, { key: string; world: World<TableScenario> }>()
  return <S, Sc extends TableScenario>(match: Match<S, unknown, unknown, Sc>, sideId: string): BotInput<S, Sc> => {
    const viewer = sidesViewer(sideId)
    const { ruleset } = match
    const scenario = ruleset.viewScenario(match.header.scenario, match.state, viewer)
    const key = scenario === match.header.scenario ? '' : JSON.stringify(scenario)
    let held = worlds.get(sideId)
    if (!held || held.key !== key) {
      held = { key, world: key === '' ? match.world : buildWorld(scenario) }
      worlds.set(sideId, held)
    }
    return { state: ruleset.view(match.state, viewer, match.header.scenario), world: held.world as World<Sc>, sideId }
  }
}
