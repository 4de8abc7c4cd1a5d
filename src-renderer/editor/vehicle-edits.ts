import { VEHICLE_TABLE } from '../../src-engine/index'
import {
  type Draft,
  draftTeams,
  draftVehicles,
  dropLeaders,
  freshIds,
  freshName,
  type Item,
  list,
  pruneGroups,
  teamFigures,
  withTeams,
} from './force-draft'
import { figureSpot, spotOf, vehicleSpot } from './force-placement'

/** The force builder's vehicles (SMLE §13): added from the §13.3 list with their crews, and removed. */

/**
 * Hull sizes of the §13.3 vehicles on the table, inches (length × width): a
 * decision of the editor's, at the scale the built-in scenarios use (the
 * carrier 3.5 × 2, the medium tank 5 × 2.5).
 */
export const VEHICLE_FOOTPRINT_IN: Readonly<Record<string, readonly [number, number]>> = {
  motorcycle: [2, 1],
  jeep: [3, 1.5],
  truck: [5, 2.5],
  carrier: [3.5, 2],
  halftrack: [5, 2],
  'armoured-car': [4, 2],
  'light-tank': [4, 2.2],
  'medium-tank': [5, 2.5],
  'heavy-tank': [6, 3],
}

/** The weapon a new crew carries: the pistol (a basic weapon, SMLE-PTS-01). */
export const CREW_WEAPON = 'pistol'

/**
 * A vehicle of §13.3 for a side (SMLE-ORG-11: equipment of its crew team),
 * facing the far side of the table, in the side's deployment zone clear of
 * walls, figures and other vehicles, with its crew team (kind `crew`, the
 * profile's smallest crew, aboard).
 */
export function addVehicle(
  draft: Draft,
  sideId: string,
  profileId: string,
): { draft: Draft; vehicleId: string } | null {
  const profile = VEHICLE_TABLE.find((p) => p.id === profileId)
  if (!profile) return null
  const vehicleId = freshIds(draft, `${sideId}-${profile.id}`)[0]!
  const crewTeamId = `${vehicleId}-crew`
  const [lengthIn, widthIn] = VEHICLE_FOOTPRINT_IN[profile.id] ?? [3, 1.5]
  const zone = list(draft.sides).find((s) => s.id === sideId)?.deploymentZone as
    { minZ?: number; maxZ?: number } | undefined
  const depth = Number((draft.table as Item | undefined)?.depthIn ?? 0)
  // Toward the far edge, as figures face at the start.
  const facingDeg = zone && ((zone.minZ ?? 0) + (zone.maxZ ?? 0)) / 2 > depth / 2 ? 0 : 180
  const position = vehicleSpot(draft, sideId, lengthIn, widthIn, facingDeg)
  const name = freshName(
    draftVehicles(draft).map((v) => v.name),
    profile.name,
  )
  const vehicle: Item = {
    id: vehicleId,
    name,
    sideId,
    profile: profile.id,
    crewTeamId,
    position,
    facingDeg,
    lengthIn,
    widthIn,
  }
  const crew: Item = {
    id: crewTeamId,
    name: `${name} crew`,
    sideId,
    kind: 'crew',
    quality: 'trained',
    vehicleId,
    figures: freshIds({ ...draft, teams: [...draftTeams(draft), { id: crewTeamId }] }, crewTeamId, profile.crewMin).map(
      (id, i) => ({ id, name: `${name} crew, ${i + 1}`, position, weapon: CREW_WEAPON }),
    ),
  }
  return {
    draft: { ...draft, vehicles: [...draftVehicles(draft), vehicle], teams: [...draftTeams(draft), crew] },
    vehicleId,
  }
}

/**
 * Removes a vehicle with its crew team; teams riding in it get out and stand
 * beside where it was.
 */
export function removeVehicle(draft: Draft, vehicleId: string): Draft {
  const vehicle = draftVehicles(draft).find((v) => v.id === vehicleId)
  if (!vehicle) return draft
  const crew = draftTeams(draft).find((t) => t.id === vehicle.crewTeamId && t.vehicleId === vehicleId)
  let next: Draft = {
    ...draft,
    vehicles: draftVehicles(draft).filter((v) => v.id !== vehicleId),
    teams: draftTeams(draft).filter((t) => t !== crew),
  }
  if (crew) next = dropLeaders(next, new Set(teamFigures(crew).map((f) => f.id)))
  const at = spotOf(vehicle.position)
  for (const t of draftTeams(next).filter((x) => x.vehicleId === vehicleId)) {
    const out: Item[] = []
    for (const f of teamFigures(t)) {
      const { vehicleId: _aboard, ...standing } = t
      const placed = withTeams(next, [
        ...draftTeams(next).filter((x) => x.id !== t.id),
        { ...standing, figures: [...out] },
      ])
      out.push({ ...f, position: at ? figureSpot(placed, String(t.sideId), at) : f.position })
    }
    const { vehicleId: _out, ...rest } = t
    next = withTeams(
      next,
      draftTeams(next).map((x) => (x.id === t.id ? { ...rest, figures: out } : x)),
    )
  }
  return pruneGroups(next)
}

/**
 * A copy of a vehicle (pasted) with a copy of its crew: the same profile,
 * hull and facing, in its side's deployment zone clear of everything as a
 * new vehicle stands; its crew armed and equipped as the original's, leading
 * nothing. Passengers are not copied. `vehicle` and `crew` are as they were
 * copied: the originals may have changed or gone.
 */
export function copyVehicle(
  draft: Draft,
  vehicle: Item,
  crew: Item | undefined,
): { draft: Draft; vehicleId: string } | null {
  const sideId = String(vehicle.sideId)
  if (!list(draft.sides).some((s) => s.id === sideId)) return null
  const stem = typeof vehicle.profile === 'string' ? `${sideId}-${vehicle.profile}` : `${sideId}-vehicle`
  const vehicleId = freshIds(draft, stem)[0]!
  const crewTeamId = `${vehicleId}-crew`
  const lengthIn = typeof vehicle.lengthIn === 'number' ? vehicle.lengthIn : 3
  const widthIn = typeof vehicle.widthIn === 'number' ? vehicle.widthIn : 1.5
  const facingDeg = typeof vehicle.facingDeg === 'number' ? vehicle.facingDeg : 0
  const position = vehicleSpot(draft, sideId, lengthIn, widthIn, facingDeg)
  const base = String(vehicle.name ?? 'Vehicle')
  const names = draftVehicles(draft).map((v) => v.name)
  let name = `${base} (copy)`
  for (let n = 2; names.includes(name); n++) name = `${base} (copy ${n})`
  const copy: Item = { ...vehicle, id: vehicleId, name, crewTeamId, position }
  const crewFigures = crew ? teamFigures(crew) : []
  const ids = freshIds({ ...draft, teams: [...draftTeams(draft), { id: crewTeamId }] }, crewTeamId, crewFigures.length)
  const { groupId: _group, ...crewRest } = crew ?? {}
  const crewCopy: Item = {
    ...crewRest,
    id: crewTeamId,
    name: `${name} crew`,
    sideId,
    kind: 'crew',
    vehicleId,
    figures: crewFigures.map((f, i) => {
      const { isLeader: _leads, ...kept } = f
      return { ...kept, id: ids[i], name: `${name} crew, ${i + 1}`, position }
    }),
  }
  if (crewFigures.length === 0) return null
  return {
    draft: { ...draft, vehicles: [...draftVehicles(draft), copy], teams: [...draftTeams(draft), crewCopy] },
    vehicleId,
  }
}
