import { z } from 'zod'
import { accept, type Decision, rejectCore } from '../decision'
import type { MatchState } from '../state/state'
import type { Scenario } from '../scenario/schema'
import type { World } from '../world'
import { actingFigure, onGround, overlappingFigure, quantizePoint } from './common'

export const PlaceFigureSchema = z.object({
  type: z.literal('placeFigure'),
  figureId: z.string(),
  at: z.object({ x: z.number(), z: z.number() }),
  facingDeg: z.number().min(0).max(360).default(0),
})
export type PlaceFigure = z.infer<typeof PlaceFigureSchema>

/**
 * Set-up: puts a figure anywhere free inside its side's deployment zone (CORE-DEPLOY-01), when the scenario's
 * deployment is free; a fixed one (every §16 scenario here) sets each figure where the file says, and its set-up
 * phase, held only for the raider's choice of objective (SMLE-SCEN-04), moves no one (CORE-DEPLOY-02).
 */
export function decidePlaceFigure(state: MatchState, cmd: PlaceFigure, world: World, scenario: Scenario): Decision {
  const acting = actingFigure(state, cmd.figureId, 'setup')
  if (!acting.ok) return acting
  const figure = acting.value
  if (scenario.deployment !== 'free')
    return rejectCore(
      'CORE-DEPLOY-02',
      `${figure.name} stays where the scenario sets it: this scenario's deployment is fixed.`,
    )
  const at = quantizePoint(cmd.at)
  const zone = scenario.sides.find((s) => s.id === figure.sideId)?.deploymentZone
  const r = figure.baseRadiusIn
  if (zone && (at.x - r < zone.minX || at.x + r > zone.maxX || at.z - r < zone.minZ || at.z + r > zone.maxZ)) {
    return rejectCore('CORE-DEPLOY-01', `${figure.name} must be placed inside its own deployment zone.`)
  }
  const blocker = world.footprintBlocker(at, r, state.doors)
  if (blocker) {
    return rejectCore(
      blocker.kind === 'tableEdge' ? 'CORE-TABLE-01' : 'CORE-TABLE-02',
      `${figure.name} cannot stand there: it would overlap ${blocker.label}.`,
    )
  }
  const other = overlappingFigure(state, figure, at)
  if (other)
    return rejectCore('CORE-TABLE-03', `${figure.name} cannot stand there: its base would overlap ${other.name}'s.`)
  return accept([
    { type: 'FigurePlaced', figureId: figure.id, at: onGround(world, at), facingDeg: Math.round(cmd.facingDeg) % 360 },
  ])
}
