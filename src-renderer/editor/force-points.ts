import { type Scenario, type SidePointsSummary, sidePoints } from '../../src-engine/index'

/** A side's points as the force builder shows them: the engine's breakdown, and what each team and vehicle costs. */
export interface SideTally {
  readonly sideId: string
  readonly name: string
  /** SMLE-PTS-09: the side's cost, rounded. */
  readonly total: number
  /** The points the scenario gives the side, when it says. */
  readonly budget: number | null
  readonly lines: SidePointsSummary['lines']
  /** SMLE-PTS-07: ×2 when the side sets up hidden. */
  readonly multiplier: number
  /** Each team's cost by id (SMLE-PTS-09, before the strategic multiplier). */
  readonly teams: ReadonlyMap<string, number>
  /** Each vehicle's cost by id (SMLE-PTS-09, its crew priced as a team). */
  readonly vehicles: ReadonlyMap<string, number>
}

/**
 * Each side's points, added up at once from the draft as the rules read it
 * (the engine's calculator, SMLE-PTS-01..09), or null when the draft cannot
 * be read: the host's check then gives the totals.
 */
export function liveTallies(scenario: Scenario | null): SideTally[] | null {
  if (!scenario) return null
  try {
    return scenario.sides.map((side) => {
      const p = sidePoints(scenario, side.id)
      const teams = scenario.teams.filter((t) => t.sideId === side.id)
      const vehicles = scenario.vehicles.filter((v) => v.sideId === side.id)
      // The calculator lists the side's teams first, in order, and its vehicles last.
      const vehicleLines = p.lines.slice(p.lines.length - vehicles.length)
      return {
        sideId: side.id,
        name: side.name,
        total: p.total,
        budget: side.points ?? null,
        lines: p.lines,
        multiplier: p.multiplier,
        teams: new Map(teams.map((t, i) => [t.id, p.lines[i]?.points ?? 0])),
        vehicles: new Map(vehicles.map((v, i) => [v.id, vehicleLines[i]?.points ?? 0])),
      }
    })
  } catch {
    return null
  }
}

/** The host's points (no breakdown by team) as tallies, while the draft cannot be read here. */
export function talliesOf(points: readonly SidePointsSummary[] | null): SideTally[] | null {
  return points?.map((s) => ({ ...s, teams: new Map<string, number>(), vehicles: new Map<string, number>() })) ?? null
}

/** A number of points as the panel shows it: whole, or to a tenth. */
export function pointsText(points: number): string {
  return String(Math.round(points * 10) / 10)
}
