import type { FigureState, MatchState, TeamState } from '../core/state'
import { seedRng } from '../rng/sfc32'
import type { Scenario } from '../scenario/schema'
import { quantize } from '../util/geometry'
import { groundHeightOf } from '../world/model/ground'

/** Facing toward the table's far edge for the side deploying on the near edge, and back. */
function initialFacingDeg(scenario: Scenario, sideId: string): number {
  const side = scenario.sides.find((s) => s.id === sideId)
  if (!side) return 0
  const zoneCentreZ = (side.deploymentZone.minZ + side.deploymentZone.maxZ) / 2
  return zoneCentreZ > scenario.table.depthIn / 2 ? 0 : 180
}

/** The state at the start of a game: the scenario's forces and a seeded generator. */
export function initialState(scenario: Scenario, seed: number, dice: MatchState['dice'] = 'physics'): MatchState {
  const teams: Record<string, TeamState> = {}
  const figures: Record<string, FigureState> = {}
  for (const team of scenario.teams) {
    teams[team.id] = { id: team.id, name: team.name, sideId: team.sideId, figureIds: team.figures.map((f) => f.id) }
    for (const f of team.figures) {
      const x = quantize(f.position.x)
      const z = quantize(f.position.z)
      figures[f.id] = {
        id: f.id,
        name: f.name,
        sideId: team.sideId,
        teamId: team.id,
        position: { x, y: groundHeightOf(scenario, x, z), z },
        facingDeg: initialFacingDeg(scenario, team.sideId),
        baseRadiusIn: f.baseRadiusIn,
        armour: f.armour,
        quality: f.quality ?? team.quality,
        weapon: f.weapon,
        isLeader: f.isLeader,
        status: 'ok',
        prone: false,
        movedIn: 0,
        moveEnded: false,
        moveCapIn: null,
      }
    }
  }
  const doors: MatchState['doors'] = Object.fromEntries(
    scenario.buildings.flatMap((b) => b.doors.map((d) => [d.id, { id: d.id, buildingId: b.id, kind: d.kind, state: d.state }] as const)),
  )
  return {
    ruleset: scenario.ruleset,
    scenarioId: scenario.id,
    phase: scenario.deployment === 'free' ? 'setup' : 'play',
    round: scenario.deployment === 'free' ? 0 : 1,
    activeSideId: scenario.firstSideId,
    sidesReady: [],
    sides: scenario.sides.map((s) => ({ id: s.id, name: s.name, colour: s.colour })),
    teams,
    figures,
    doors,
    dice,
    rng: seedRng(seed),
    rollCount: 0,
    doorAttempts: [],
  }
}
