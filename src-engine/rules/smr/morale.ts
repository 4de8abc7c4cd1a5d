import type { SmrWorld } from './geometry'
import type { SmrLog } from './log'
import { routUnit, type TurnEventNo } from './rout'
import { livingUnits, otherSide, sidesInOrder, unitsOnTable } from './state'

/**
 * SMR-OPT-10/11/12, after the removals of an event: for each side whose
 * leader was killed in it, when the No-Leader Morale Check is in use and
 * the enemy has more units than the side (every unit still in the game,
 * routed ones included), the side rolls 1D6: 1–3 a general retreat (every
 * unit of the side on the table routs at once); 4–6 nothing, or with the
 * honoured-leader rule +1 on all its melee rolls for the rest of the game.
 */
// SMR-OPT-11: counted after the event's removals (SMR-OPT-E10: 6 against 6 is no check).
export function afterKills(log: SmrLog, world: SmrWorld, killedIds: readonly string[], eventNo: TurnEventNo): void {
  const state = log.state
  if (!state.settings.optional.noLeaderMorale) return
  for (const side of sidesInOrder(state)) {
    const leader = state.leaders[side]
    if (!leader || !killedIds.includes(leader)) continue
    const friends = livingUnits(log.state).filter((u) => u.sideId === side).length
    const enemies = livingUnits(log.state).filter((u) => u.sideId === otherSide(log.state, side)).length
    if (enemies <= friends || friends === 0) continue
    const roll = log.roll({
      purpose: `no-leader morale check for ${side} (enemy ${enemies} units, friends ${friends}; 1–3 retreat)`,
      dice: 1,
      modifiers: [],
      target: 4,
    })
    const die = roll.faces[0] ?? 1
    if (die <= 3) {
      log.push({ type: 'MoraleResult', sideId: side, result: 'retreat' })
      for (const u of unitsOnTable(log.state))
        if (u.sideId === side && !u.routed) routUnit(log, world, u.id, 'retreat', eventNo)
    } else
      log.push({
        type: 'MoraleResult',
        sideId: side,
        result: state.settings.optional.honouredLeader ? 'honoured' : 'steady',
      })
  }
}
