import { z } from 'zod'
import { accept, type Decision, reject, rejectCore } from '../decision'
import type { MatchState } from '../state/state'
import type { World } from '../world'
import { inPhase } from './common'

export const EndSetupSchema = z.object({ type: z.literal('endSetup'), sideId: z.string() })
export type EndSetup = z.infer<typeof EndSetupSchema>

/**
 * A side has finished setting up; when both have, round 1 begins with phase 1
 * (activation rolls, SMLE-TURN-02). A raider must first record its objective
 * (SMLE-SCEN-04).
 */
export function decideEndSetup(state: MatchState, cmd: EndSetup, world: World): Decision {
  if (!state.sides.some((s) => s.id === cmd.sideId))
    return rejectCore('CORE-CMD-01', `There is no side "${cmd.sideId}" in this game.`)
  const phase = inPhase(state, 'setup', 'Ending set-up')
  if (!phase.ok) return phase
  if (cmd.sideId !== state.activeSideId)
    return rejectCore('CORE-TURN-01', 'Only the side setting up can say it is done.')
  const raid = world.scenario.victory.conditions.find((c) => c.kind === 'raid')
  if (raid && raid.sideId === cmd.sideId && state.raid.objectiveId === null)
    return reject('SMLE-SCEN-04', 'Record which objective the raid will hit before setting up.')
  const waiting = state.sides.filter((s) => s.id !== cmd.sideId && !state.sidesReady.includes(s.id))
  const next = waiting[0]
  return accept([
    { type: 'SetupEnded', sideId: cmd.sideId, nextSideId: next?.id ?? state.firstSideId, started: next === undefined },
  ])
}
