import { z } from 'zod'
import type { SmrWorld } from '../geometry'
import type { SmrLog } from '../log'
import { beginTurn } from '../flow'
import { otherSide, type SmrState } from '../state'
import { needSide, needStep, run } from './common'
import type { SmrDecision } from './define'

/** SMR-MOVE-01: roll for initiative (each side 2D6, ties rolled again). Given by the first side of the scenario. */
export const RollInitiativeSchema = z.object({ type: z.literal('rollInitiative'), sideId: z.string() })

export function decideRollInitiative(
  state: SmrState,
  cmd: z.output<typeof RollInitiativeSchema>,
  world: SmrWorld,
): SmrDecision {
  const problem = needStep(state, 'initiative') ?? needSide(state, cmd.sideId)
  if (problem) return problem
  return run(state, (log) => {
    const winner = rollOff(log)
    log.push({ type: 'InitiativeRolled', winnerSideId: winner })
    startSetup(log, world)
  })
}

/** Each side throws 2D6 until one is higher (ties rolled again, SMR-MOVE-01). */
function rollOff(log: SmrLog): string {
  const [a, b] = log.state.sideIds as [string, string]
  for (;;) {
    const ra = log.roll({ purpose: `initiative for ${a}`, dice: 2, modifiers: [] }).total
    const rb = log.roll({ purpose: `initiative for ${b}`, dice: 2, modifiers: [] }).total
    if (ra !== rb) return ra > rb ? a : b
  }
}

/** SMR-SETUP-06: with free deployment the initiative loser deploys first; with fixed deployment turn 1 begins. */
function startSetup(log: SmrLog, world: SmrWorld): void {
  if (world.scenario.deployment === 'free')
    log.push({ type: 'SetupTurn', sideId: otherSide(log.state, log.state.initiativeWinner!) })
  else beginTurn(log, world, 1)
}
