import { z } from 'zod'
import { accept, type Decision, reject, rejectCore } from '../decision'
import { EventLog } from '../events/event-log'
import type { FigureState, MatchState } from '../state/state'
import { facingToEnemy } from '../compulsory'
import { presentFigures } from '../organisation'
import { revealAlong } from '../reveal'
import type { DoorGeometry } from '../../../world/building-geometry'
import type { World } from '../world'
import { actingFigure, facingOf, moveCostIn, onGround, overlappingFigure } from './common'
import { doorFor, doorKickModifiers } from './door-rules'
import { BEYOND_DOOR_CLEARANCE_IN, pointBeyondDoor, reachesDoor, sideOfDoor } from './doors'
import { hypot } from '../../../util/geometry'

export const KickDoorSchema = z.object({ type: z.literal('kickDoor'), figureId: z.string(), doorId: z.string() })
export type KickDoor = z.infer<typeof KickDoorSchema>

/** SMLE-DOOR-03: forcing a door is part of an Advance (B6+) or Close Assault move. */
export const KICK_MIN_BAND = 6

/**
 * SMLE-DOOR-03..05: a figure at a closed household or interior door on an
 * Advance or Close Assault move tries to force it: 1D6 ≥ `doorKickTarget`
 * with its modifiers, a natural 6 always succeeds and a 1 always fails.
 * Success: the door is broken open and the figure ends just beyond it.
 * Failure: its move ends at the door, unless its team declared a rush at this
 * door: then the door gives way anyway and the whole team tumbles through,
 * prone, and may not fire this turn (SMLE-DOOR-04). One attempt per team,
 * door and round.
 */
export function decideKickDoor(state: MatchState, cmd: KickDoor, world: World): Decision {
  const acting = actingFigure(state, cmd.figureId, 'play')
  if (!acting.ok) return acting
  const figure = acting.value
  const found = doorFor(state, world, figure, cmd.doorId, 'tactical')
  if (!found.ok) return found
  const { door, record, team } = found.value
  if ((team.activation?.band ?? 0) < KICK_MIN_BAND)
    return reject(
      'SMLE-DOOR-03',
      `Only a figure on an Advance or Close Assault move (B6 or better) may force a door; ${team.name} is at B${team.activation?.band ?? 0}.`,
    )
  if (record.state === 'open' || record.state === 'broken')
    return reject('SMLE-DOOR-03', 'Only a closed door can be forced; this one is open.')
  if (record.kind === 'strong')
    return reject('SMLE-DOOR-03', 'Only household or interior doors can be forced; this is a strong door.')
  if (!reachesDoor(figure, door)) return reject('SMLE-DOOR-03', `${figure.name} must be at the door to force it.`)
  if (figure.moveEnded)
    return reject('SMLE-DOOR-03', `${figure.name}'s move has ended; it cannot force a door until its next turn.`)
  if (state.doorAttempts.includes(`${figure.teamId}:${door.id}`))
    return reject('SMLE-DOOR-04', 'This team has already tried to force this door this round.')
  const beyond = pointBeyondDoor(door, figure)
  const inTheWay = overlappingFigure(state, figure, beyond)
  if (inTheWay)
    return rejectCore('CORE-TABLE-03', `There is no room beyond the door: ${inTheWay.name} is standing there.`)

  const log = new EventLog(state)
  if (team.moveOption === null) log.push({ type: 'MoveOptionChosen', teamId: team.id, option: 'tactical' })
  const roll = log.roll({
    purpose: 'force door',
    dice: 1,
    figureId: figure.id,
    modifiers: doorKickModifiers(figure, team),
    target: state.settings.doorKickTarget,
    // SMLE-DOOR-05: a natural 6 always succeeds, a natural 1 always fails.
    naturalSuccess: (faces) => (faces[0] === 6 ? true : faces[0] === 1 ? false : undefined),
  })
  const success = roll.success === true
  const rushed = !success && team.rushing === door.id
  log.push({
    type: 'DoorForced',
    doorId: door.id,
    figureId: figure.id,
    teamId: figure.teamId,
    round: state.round,
    success,
    rushed,
  })
  if (success) stepBeyond(log, world, figure, beyond)
  if (rushed) tumbleThrough(log, world, door, figure)
  return accept(log.events)
}

function stepBeyond(log: EventLog, world: World, figure: FigureState, beyond: { x: number; z: number }): void {
  const to = onGround(world, beyond)
  log.push({
    type: 'FigureMoved',
    figureId: figure.id,
    from: figure.position,
    to,
    distanceIn: moveCostIn(world, figure.position, beyond),
    facingDeg: facingOf(figure.position, beyond, figure.facingDeg),
    endsMove: true,
    crawl: false,
    forced: false,
  })
  // SMLE-SCEN-05: hidden teams are spotted along the step through the doorway, not only where it ends.
  revealAlong(log, world, [figure.id], [figure.position, to])
}

/** SMLE-DOOR-04: a failed rush carries the whole team through the door in a heap, prone just beyond it. */
function tumbleThrough(log: EventLog, world: World, door: DoorGeometry, lead: FigureState): void {
  const team = log.state.teams[lead.teamId]
  if (!team) return
  const s = -sideOfDoor(door, lead.position)
  const along = { x: door.latch.x - door.hinge.x, z: door.latch.z - door.hinge.z }
  const len = hypot(along.x, along.z) || 1
  const figures = presentFigures(log.state, team).filter((f) => f.vehicleId === null && f.status !== 'seriousWound')
  for (const f of figures) {
    const spot = freeSpotBeyond(log.state, world, door, f, s, { x: along.x / len, z: along.z / len })
    if (spot) {
      const to = onGround(world, spot)
      log.push({
        type: 'FigureMoved',
        figureId: f.id,
        from: f.position,
        to,
        distanceIn: moveCostIn(world, f.position, spot),
        facingDeg: facingOf(f.position, spot, f.facingDeg),
        endsMove: true,
        crawl: false,
        forced: false,
      })
      // SMLE-SCEN-05: hidden teams are spotted along its way to the door and through it, not only where it lands.
      revealAlong(log, world, [f.id], [f.position, onGround(world, doorFront(door, f)), to])
    }
    const moved = log.state.figures[f.id]
    if (moved)
      log.push({
        type: 'FigureWentProne',
        figureId: f.id,
        facingDeg: facingToEnemy(log.state, world, moved),
        endsMove: true,
      })
  }
}

/** The spot just short of the doorway on the figure's side: where it goes through from (the mirror of `pointBeyondDoor`). */
function doorFront(door: DoorGeometry, f: FigureState): { x: number; z: number } {
  const k = (door.wallThicknessIn / 2 + f.baseRadiusIn + BEYOND_DOOR_CLEARANCE_IN) * sideOfDoor(door, f.position)
  return { x: door.centre.x + door.outward.x * k, z: door.centre.z + door.outward.z * k }
}

function freeSpotBeyond(
  state: MatchState,
  world: World,
  door: DoorGeometry,
  f: FigureState,
  s: number,
  along: { x: number; z: number },
): { x: number; z: number } | null {
  const step = 2 * f.baseRadiusIn + BEYOND_DOOR_CLEARANCE_IN
  const first = door.wallThicknessIn / 2 + f.baseRadiusIn + BEYOND_DOOR_CLEARANCE_IN
  for (let row = 0; row < 4; row++) {
    for (const lateral of [0, -1, 1, -2, 2]) {
      const k = first + row * step
      const p = {
        x: Math.round((door.centre.x + door.outward.x * k * s + along.x * lateral * step) * 100) / 100,
        z: Math.round((door.centre.z + door.outward.z * k * s + along.z * lateral * step) * 100) / 100,
      }
      if (world.footprintBlocker(p, f.baseRadiusIn, state.doors)) continue
      if (overlappingFigure(state, f, p)) continue
      return p
    }
  }
  return null
}
