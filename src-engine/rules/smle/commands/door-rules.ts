import type { RollModifier } from '../events/events'
import type { FigureState, MatchState, TeamState } from '../state/state'
import type { DoorGeometry } from '../../../world/building-geometry'
import type { World } from '../world'
import { checkPace, type Pace } from './move-rules'
import type { Checked } from './common'
import { reject, rejectCore } from '../decision'

/**
 * A door command's door: it exists and the figure can reach it. Doors are
 * part of moving, so the team's band must allow movement (SMLE-ACT-06).
 */
export function doorFor(
  state: MatchState,
  world: World,
  figure: FigureState,
  doorId: string,
  pace: Pace,
): Checked<{ door: DoorGeometry; record: MatchState['doors'][string]; team: TeamState }> {
  const door = world.door(doorId)
  const record = state.doors[doorId]
  const team = state.teams[figure.teamId]
  if (!door || !record || !team) return rejectCore('CORE-CMD-01', `There is no door "${doorId}" in this game.`)
  const moving = checkPace(team, figure, pace === 'crawl' ? 'tactical' : pace)
  if (!moving.ok) return moving
  if (figure.vehicleId !== null) return reject('SMLE-MOVE-11', `${figure.name} is aboard a vehicle.`)
  return { ok: true, value: { door, record, team } }
}

/**
 * SMLE-DOOR-05 modifiers: Door Breakers +2, Warrior or Fanatic +1, an
 * untreated light wound −2 (SMLE-DMG-07), a hero's grade (SMLE-HERO-03).
 */
export function doorKickModifiers(figure: FigureState, team: TeamState | undefined): RollModifier[] {
  const mods: RollModifier[] = []
  if (figure.kit.includes('doorBreakers')) mods.push({ label: 'door breakers', value: 2, clause: 'SMLE-DOOR-05' })
  if (team?.motivation === 'warriors' || team?.motivation === 'fanatic')
    mods.push({ label: team.motivation === 'warriors' ? 'Warriors' : 'Fanatic', value: 1, clause: 'SMLE-DOOR-05' })
  if (figure.status === 'lightWound' && !figure.treated)
    mods.push({ label: 'light wound', value: -2, clause: 'SMLE-DMG-07' })
  if (figure.hero) mods.push({ label: 'hero', value: figure.hero.grade, clause: 'SMLE-HERO-03' })
  return mods
}
