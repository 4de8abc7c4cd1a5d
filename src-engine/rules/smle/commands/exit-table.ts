import { z } from 'zod'
import { accept, type Decision, reject } from '../decision'
import type { GameEvent } from '../events/events'
import type { MatchState } from '../state/state'
import { distanceToEdge } from '../edges'
import type { Edge } from '../scenario/schema'
import type { World } from '../world'
import { actingFigure } from './common'
import { checkPace } from './move-rules'

export const ExitTableSchema = z.object({ type: z.literal('exitTable'), figureId: z.string() })
export type ExitTable = z.infer<typeof ExitTableSchema>

/** The edges a side may leave by: its own base line (SMLE-OPT-07, SMLE-DMG-12, SMLE-SCEN-04) and any exit edge the scenario gives it (SMLE-SCEN-05). */
export function exitEdges(state: MatchState, world: World, sideId: string): Edge[] {
  const own = state.sides.find((s) => s.id === sideId)?.baseEdge
  const edges = new Set<Edge>(own ? [own] : [])
  for (const c of world.scenario.victory.conditions) if (c.kind === 'exit' && c.sideId === sideId) edges.add(c.edge)
  return [...edges]
}

/**
 * A figure whose base touches one of its side's exit edges (SMLE-GEN-06
 * contact) may step off the table as part of its move. A seriously wounded
 * figure it is helping goes with it and counts as evacuated, not lost
 * (SMLE-DMG-12).
 */
export function decideExitTable(state: MatchState, cmd: ExitTable, world: World): Decision {
  const acting = actingFigure(state, cmd.figureId, 'play')
  if (!acting.ok) return acting
  const figure = acting.value
  const team = state.teams[figure.teamId]
  if (!team) return reject('CORE-CMD-01', 'No team.')
  if (figure.vehicleId !== null) return reject('SMLE-MOVE-11', `${figure.name} is aboard a vehicle.`)
  if (figure.moveEnded) return reject('SMLE-MOVE-05', `${figure.name}'s move is over for this turn.`)
  const band = team.activation?.band ?? 0
  if (band > 2) {
    const pace = checkPace(team, figure, team.moveOption?.kind === 'run' ? 'run' : 'tactical')
    if (!pace.ok) return pace
  }
  const table = { widthIn: world.widthIn, depthIn: world.depthIn }
  const own = state.sides.find((s) => s.id === figure.sideId)?.baseEdge
  const touching = exitEdges(state, world, figure.sideId).filter(
    (e) => distanceToEdge(figure.position, e, table) - figure.baseRadiusIn <= state.settings.contactTolerance + 1e-9,
  )
  // SMLE-OPT-07, -08: a team falling back (B1–B2) or breaking (B0) heads for its own base line; it leaves by no other
  // edge (a column's man falling back does not step off by the edge it must cross the table to reach).
  const edge = band <= 2 ? touching.find((e) => e === own) : touching[0]
  if (!edge) {
    if (touching.length > 0)
      return reject(
        band === 0 ? 'SMLE-OPT-08' : 'SMLE-OPT-07',
        `${figure.name}'s team is ${band === 0 ? 'breaking' : 'falling back'} toward its own base line: it may leave the table only by that edge.`,
      )
    return reject('CORE-TABLE-01', `${figure.name} must reach one of its side's exit edges to leave the table.`)
  }
  const events: GameEvent[] = []
  // Leaving by the base line is a team's withdrawal when it is falling back (SMLE-OPT-07).
  if (team.moveOption === null)
    events.push({ type: 'MoveOptionChosen', teamId: team.id, option: band <= 2 ? 'fallBack' : 'tactical' })
  events.push({ type: 'FigureLeftTable', figureId: figure.id, reason: 'exited', edge })
  const wounded = figure.helping ? state.figures[figure.helping] : undefined
  if (wounded && wounded.offTable === null && wounded.status !== 'dead')
    events.push({ type: 'FigureLeftTable', figureId: wounded.id, reason: edge === own ? 'evacuated' : 'exited', edge })
  return accept(events)
}
