import type { SmrWorld } from './geometry'
import type { SmrLog } from './log'
import { type SmrState, livingUnits, unitsOnTable } from './state'
import { peasantsInVillage } from './village'

/**
 * §11 Village Invasion, checked at every moment: the invader wins as soon
 * as no peasant-class unit of the peasant side is left in the village (the
 * hidden ones count) once at least one peasant has been killed; the
 * peasants and their allies win when the whole invading force is destroyed.
 */
export function checkVillageVictory(log: SmrLog, world: SmrWorld): void {
  const v = world.scenario.village
  if (log.state.phase === 'ended' || world.scenario.victory !== 'village' || !v) return
  if (log.state.phase !== 'turn') return
  const invadersLeft = livingUnits(log.state).some((u) => u.sideId === v.invaderSideId)
  const villageEmpty = log.state.peasantsLost > 0 && peasantsInVillage(log.state, world).length === 0
  if (villageEmpty && !invadersLeft)
    log.push({
      type: 'GameEnded',
      winnerSideId: null,
      reason: 'The village is empty of peasants and the invaders are destroyed: a draw.',
    })
  else if (villageEmpty)
    log.push({
      type: 'GameEnded',
      winnerSideId: v.invaderSideId,
      reason: 'No peasant is left alive in the village (SMR-SCEN-02): the invader wins.',
    })
  else if (!invadersLeft)
    log.push({
      type: 'GameEnded',
      winnerSideId: v.peasantSideId,
      reason: 'The whole invading force is destroyed (SMR-SCEN-02): the peasants and their allies win.',
    })
}

/** Units of a side on the table that are not routed. */
function standing(state: SmrState, sideId: string): number {
  return unitsOnTable(state).filter((u) => u.sideId === sideId && !u.routed).length
}

/**
 * SMR-SETUP-08, at the end of each Rally Event: a side with no unit left
 * on the table that is not routed loses (both at once: a draw).
 */
// SMR-SCEN-01 "Contact": no stated objective: destroy or rout the enemy (this rule).
export function checkRoutVictory(log: SmrLog, world: SmrWorld): void {
  if (log.state.phase === 'ended' || world.scenario.victory !== 'rout') return
  const [a, b] = log.state.sideIds as [string, string]
  const na = standing(log.state, a)
  const nb = standing(log.state, b)
  if (na > 0 && nb > 0) return
  const name = (id: string) => world.scenario.sides.find((s) => s.id === id)?.name ?? id
  if (na === 0 && nb === 0)
    log.push({
      type: 'GameEnded',
      winnerSideId: null,
      reason: 'Neither side has a unit left standing (SMR-SETUP-08): a draw.',
    })
  else {
    const winner = na > 0 ? a : b
    const loser = na > 0 ? b : a
    log.push({
      type: 'GameEnded',
      winnerSideId: winner,
      reason: `${name(loser)} has no unit left on the table that is not routed (SMR-SETUP-08): ${name(winner)} wins.`,
    })
  }
}

/**
 * SMR-SETUP-08, §11: at an agreed turn limit the side with more surviving
 * units wins (equal: a draw); in Village Invasion the peasant side wins.
 */
export function checkTurnLimit(log: SmrLog, world: SmrWorld): void {
  const limit = world.scenario.turnLimit
  if (log.state.phase === 'ended' || limit === null || log.state.turn < limit) return
  const v = world.scenario.village
  if (world.scenario.victory === 'village' && v) {
    log.push({
      type: 'GameEnded',
      winnerSideId: v.peasantSideId,
      reason: `The turn limit (${limit}) is reached: the village holds.`,
    })
    return
  }
  const [a, b] = log.state.sideIds as [string, string]
  const count = (s: string) => livingUnits(log.state).filter((u) => u.sideId === s).length
  const na = count(a)
  const nb = count(b)
  log.push({
    type: 'GameEnded',
    winnerSideId: na === nb ? null : na > nb ? a : b,
    reason: `The turn limit (${limit}) is reached: ${na} units against ${nb} (SMR-SETUP-08).`,
  })
}
