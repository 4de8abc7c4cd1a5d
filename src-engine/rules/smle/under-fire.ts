import type { EventLog } from './events/event-log'
import type { Vec2 } from '../../util/geometry'
import type { World } from './world'
import { attackArc } from './facing'
import { teamCentre } from './shooters'
import type { UnderFireCategory } from './shooting'

/** SMLE-ACT-04 / SMLE-ACT-17 / SMLE-ACT-19: the target team is under fire of these categories, from the flank or rear by its facing. */
export function markUnderFire(
  log: EventLog,
  world: World,
  targetTeamId: string,
  fromTeamId: string,
  categories: ReadonlySet<UnderFireCategory>,
): void {
  const state = log.state
  const target = state.teams[targetTeamId]
  const from = state.teams[fromTeamId]
  const centre = from ? teamCentre(state, from) : null
  const arc = target && centre ? attackArc(state, world, target, centre as Vec2) : 'front'
  log.push({
    type: 'FireReceived',
    teamId: targetTeamId,
    fromTeamId,
    direct: categories.has('direct'),
    auto: categories.has('auto'),
    explosive: categories.has('explosive'),
    flank: arc === 'flank',
    rear: arc === 'rear',
  })
}
