import { positionSeats, PreparedPositionSchema } from '../../src-engine/index'
import { type Draft, draftTeams, draftVehicles, type Item, list, teamFigures, withTeams } from './force-draft'
import { figureSpot, spotOf, type Spot } from './force-placement'

/**
 * A team's set-up (§16): hidden (SMLE-PTS-07 doubles its side's value),
 * starting in a prepared position (SMLE-SHOOT-26, the position its side's,
 * SMLE-PTS-05), arriving as reinforcements in a later round, or riding in
 * a vehicle of its side as passengers. Each takes the draft and gives the
 * changed one, or the same draft when nothing changes.
 */

const teamOf = (draft: Draft, teamId: string): Item | undefined => draftTeams(draft).find((t) => t.id === teamId)

const withTeam = (draft: Draft, teamId: string, change: (t: Item) => Item): Draft =>
  withTeams(
    draft,
    draftTeams(draft).map((t) => (t.id === teamId ? change(t) : t)),
  )

/** The team without a key. */
const without = (t: Item, key: string): Item => {
  const { [key]: _gone, ...rest } = t
  return rest
}

/** The vehicle a team crews, if it does (a crew rides its own vehicle and is not set up apart from it). */
export function crewedVehicle(draft: Draft, teamId: string): Item | undefined {
  return draftVehicles(draft).find((v) => v.crewTeamId === teamId)
}

/** Marks a team as set up hidden or not (SMLE-SCEN-05; SMLE-PTS-07: its side's value ×2). */
export function setHidden(draft: Draft, teamId: string, hidden: boolean): Draft {
  const team = teamOf(draft, teamId)
  if (!team || (team.hidden === true) === hidden) return draft
  return withTeam(draft, teamId, (t) => (hidden ? { ...t, hidden: true } : without(t, 'hidden')))
}

/** The round a team arrives in as reinforcements (2 or later), or null: on the table from the start. */
export function setEntersRound(draft: Draft, teamId: string, round: number | null): Draft {
  const team = teamOf(draft, teamId)
  if (!team || (team.entersRound ?? null) === round) return draft
  return withTeam(draft, teamId, (t) => (round === null ? without(t, 'entersRound') : { ...t, entersRound: round }))
}

/** The prepared positions a team may start in: its side's or no side's, not held by another team. */
export function positionChoices(draft: Draft, teamId: string): Item[] {
  const team = teamOf(draft, teamId)
  if (!team) return []
  const held = new Set<unknown>(
    draftTeams(draft).flatMap((t) => (t.id !== teamId && t.preparedPositionId ? [t.preparedPositionId] : [])),
  )
  return list(draft.positions).filter((p) => !held.has(p.id) && (p.sideId === undefined || p.sideId === team.sideId))
}

/**
 * Starts a team in a prepared position (SMLE-SHOOT-26): its figures stand
 * inside it, and the position becomes its side's (SMLE-PTS-05: 12 points);
 * a team riding a vehicle gets out. Null: the team starts in none (its
 * figures stay where they are, the position stays its side's).
 */
export function setTeamPosition(draft: Draft, teamId: string, positionId: string | null): Draft {
  const team = teamOf(draft, teamId)
  if (!team || crewedVehicle(draft, teamId) || (team.preparedPositionId ?? null) === positionId) return draft
  if (positionId === null) return withTeam(draft, teamId, (t) => without(t, 'preparedPositionId'))
  const raw = list(draft.positions).find((p) => p.id === positionId)
  const parsed = PreparedPositionSchema.safeParse(raw)
  if (!raw || !parsed.success) return draft
  const figures = teamFigures(team)
  const radius = Math.max(...figures.map((f) => (typeof f.baseRadiusIn === 'number' ? f.baseRadiusIn : 0.5)))
  const { seats } = positionSeats(parsed.data, figures.length, radius)
  const next = withTeam(draft, teamId, (t) => ({
    ...without(t, 'vehicleId'),
    preparedPositionId: positionId,
    figures: figures.map((f, i) => ({ ...f, position: seats[i] })),
  }))
  return {
    ...next,
    positions: list(draft.positions).map((p) => (p.id === positionId ? { ...p, sideId: team.sideId } : p)),
  }
}

/** The vehicles a team may ride in as passengers: its side's, not the one it crews. */
export function vehicleChoices(draft: Draft, teamId: string): Item[] {
  const team = teamOf(draft, teamId)
  if (!team || crewedVehicle(draft, teamId)) return []
  return draftVehicles(draft).filter((v) => v.sideId === team.sideId)
}

/**
 * Puts a team aboard a vehicle of its side as passengers (its figures ride
 * at the vehicle's place; it leaves any prepared position), or (null) gets
 * it out, each figure on clear ground beside the vehicle.
 */
export function setAboard(draft: Draft, teamId: string, vehicleId: string | null): Draft {
  const team = teamOf(draft, teamId)
  if (!team || crewedVehicle(draft, teamId) || (team.vehicleId ?? null) === vehicleId) return draft
  const vehicle = draftVehicles(draft).find((v) => v.id === (vehicleId ?? team.vehicleId))
  const at = spotOf(vehicle?.position)
  if (vehicleId !== null) {
    if (!vehicle || vehicle.sideId !== team.sideId) return draft
    return withTeam(draft, teamId, (t) => ({
      ...without(t, 'preparedPositionId'),
      vehicleId,
      figures: teamFigures(t).map((f) => (at ? { ...f, position: at } : f)),
    }))
  }
  // Out: each figure on the clear spot nearest the vehicle, those placed before it counted as standing there.
  const spots: Spot[] = []
  const sideId = String(team.sideId)
  for (const f of teamFigures(team)) {
    const placed = spots.map((p, i) => ({ id: `${teamId}-placed-${i}`, name: 'Placed', position: p }))
    const scratch =
      placed.length === 0
        ? draft
        : withTeams(draft, [...draftTeams(draft), { id: `${teamId}-placed`, name: 'Placed', sideId, figures: placed }])
    const near = at ?? spotOf(f.position) ?? { x: 0, z: 0 }
    spots.push(figureSpot(scratch, sideId, near, typeof f.baseRadiusIn === 'number' ? f.baseRadiusIn : 0.5))
  }
  return withTeam(draft, teamId, (t) => ({
    ...without(t, 'vehicleId'),
    figures: teamFigures(t).map((f, i) => ({ ...f, position: spots[i] })),
  }))
}
