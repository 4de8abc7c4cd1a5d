import type { ScenarioProblem } from '../../../scenario/problems'
import type { Vec2 } from '../../../util/geometry'
import { resolvedVehicle } from '../initial-state'
import { canHurtVehicle } from '../points'
import { forceAdvice, sidePoints } from '../queries/force-check'
import type { Scenario, SideSpec } from '../scenario/schema'
import { armourValue } from '../vehicles'
import { missionProblems } from './mission-problems'
import { organisationProblems } from './organisation-problems'
import { rulesProblems } from './rules-problems'
import { setupProblems } from './setup-problems'

/** The middle of a side's deployment zone (where a problem about the whole side is shown). */
export function zoneCentre(side: SideSpec): Vec2 {
  const z = side.deploymentZone
  return { x: (z.minX + z.maxX) / 2, z: (z.minZ + z.maxZ) / 2 }
}

/**
 * What is wrong with the forces as a whole: a side with no figures, hidden
 * set-up where it cannot be, points over the scenario's totals, a side with
 * nothing to hurt the enemy's vehicles, a game nobody can win, leaders
 * outside their groups, and the organisation advice of §1.
 */
export function forceProblems(scenario: Scenario): ScenarioProblem[] {
  return [
    ...sideProblems(scenario),
    ...hiddenProblems(scenario),
    ...leaderProblems(scenario),
    ...victoryProblems(scenario),
    ...missionProblems(scenario),
    ...setupProblems(scenario),
    ...rulesProblems(scenario),
    ...organisationProblems(scenario),
    ...forceAdvice(scenario).map((a): ScenarioProblem => ({
      code: 'organisation',
      severity: 'warning',
      message: a.message,
      objectId: a.objectId,
      clause: 'SMLE-ORG-12',
      ...placeOf(scenario, a.objectId),
    })),
  ]
}

/** Where a team or group stands: its first figure on the table. */
function placeOf(scenario: Scenario, id: string): { at?: Vec2 } {
  const team =
    scenario.teams.find((t) => t.id === id) ?? scenario.teams.find((t) => t.groupId === id && t.vehicleId === undefined)
  const f = team?.figures[0]
  return f ? { at: f.position } : {}
}

function sideProblems(scenario: Scenario): ScenarioProblem[] {
  const out: ScenarioProblem[] = []
  for (const side of scenario.sides) {
    const at = zoneCentre(side)
    const figures = scenario.teams.filter((t) => t.sideId === side.id).reduce((n, t) => n + t.figures.length, 0)
    if (figures === 0) {
      out.push({
        code: 'side-no-figures',
        severity: 'error',
        message: `${side.name} has no figures: give the side at least one team.`,
        at,
        objectId: side.id,
      })
      continue
    }
    if (side.points !== undefined) {
      const p = sidePoints(scenario, side.id)
      if (p.total > side.points)
        out.push({
          code: 'points-over',
          severity: 'error',
          message: `${side.name} costs ${p.total} points, ${p.total - side.points} more than the ${side.points} the scenario gives it (SMLE-PTS-09).`,
          at,
          objectId: side.id,
          clause: 'SMLE-PTS-09',
        })
    }
    out.push(...vehicleAnswer(scenario, side))
  }
  return out
}

/** SMLE-PTS-08: a side facing vehicles ought to have some weapon able to hurt each of them. */
function vehicleAnswer(scenario: Scenario, side: SideSpec): ScenarioProblem[] {
  const weapons = [
    ...scenario.teams
      .filter((t) => t.sideId === side.id)
      .flatMap((t) => t.figures.flatMap((f) => [f.weapon, ...f.otherWeapons])),
    ...scenario.vehicles.filter((v) => v.sideId === side.id).flatMap((v) => resolvedVehicle(v).weapons),
  ]
  const out: ScenarioProblem[] = []
  for (const v of scenario.vehicles.filter((x) => x.sideId !== side.id)) {
    const { armour } = resolvedVehicle(v)
    const faces = [armour.front, armour.side, armour.rear, armour.top]
    const weakest = faces.reduce((a, b) =>
      armourValue(b, scenario.settings) < armourValue(a, scenario.settings) ? b : a,
    )
    if (!canHurtVehicle(weapons, weakest, scenario.settings))
      out.push({
        code: 'no-answer-to-vehicle',
        severity: 'warning',
        message: `${side.name} has no weapon that can hurt ${v.name}; a side facing vehicles ought to have some way of dealing with them (SMLE-PTS-08).`,
        at: v.position,
        objectId: v.id,
        clause: 'SMLE-PTS-08',
      })
  }
  return out
}

/**
 * SMLE-SCEN-05 / SMLE-PTS-07: hidden set-up is for a team that deploys on
 * the table at the start, for one side (the one whose value is doubled for
 * it); a team aboard a vehicle or arriving as reinforcements cannot hide.
 */
function hiddenProblems(scenario: Scenario): ScenarioProblem[] {
  const out: ScenarioProblem[] = []
  for (const team of scenario.teams.filter((t) => t.hidden)) {
    const at = team.figures[0]?.position
    const place = at ? { at } : {}
    if (team.vehicleId !== undefined)
      out.push({
        code: 'hidden-aboard',
        severity: 'error',
        message: `${team.name} is set up hidden but starts aboard a vehicle; only a team standing on the table can set up hidden (SMLE-SCEN-05).`,
        objectId: team.id,
        clause: 'SMLE-SCEN-05',
        ...place,
      })
    if (team.entersRound !== undefined)
      out.push({
        code: 'hidden-reinforcement',
        severity: 'error',
        message: `${team.name} is set up hidden but arrives as reinforcements in round ${team.entersRound}; only a team on the table at the start can set up hidden (SMLE-SCEN-05).`,
        objectId: team.id,
        clause: 'SMLE-SCEN-05',
        ...place,
      })
  }
  const hiding = scenario.sides.filter((s) => scenario.teams.some((t) => t.sideId === s.id && t.hidden))
  if (hiding.length > 1)
    out.push({
      code: 'both-sides-hidden',
      severity: 'warning',
      message: `Both sides set up hidden; the rules give hidden set-up to one side, whose value is doubled for it (SMLE-PTS-07).`,
      clause: 'SMLE-PTS-07',
    })
  return out
}

/** SMLE-ORG-08: a group's leader is a figure inside one of the group's teams (or, for a platoon, of its command team). */
function leaderProblems(scenario: Scenario): ScenarioProblem[] {
  const out: ScenarioProblem[] = []
  for (const g of scenario.groups) {
    if (g.leaderFigureId === undefined) continue
    const team = scenario.teams.find((t) => t.figures.some((f) => f.id === g.leaderFigureId))
    if (!team || team.sideId !== g.sideId) continue // the reference check names it
    const inGroup = (groupId: string | undefined): boolean => {
      for (let id = groupId, n = 0; id !== undefined && n < 8; n++) {
        if (id === g.id) return true
        id = scenario.groups.find((x) => x.id === id)?.parentId
      }
      return false
    }
    if (!inGroup(team.groupId) && !(g.level !== 'section' && team.groupId === undefined)) {
      const f = team.figures.find((x) => x.id === g.leaderFigureId)!
      out.push({
        code: 'leader-outside-group',
        severity: 'warning',
        message: `${f.name} leads ${g.name} but belongs to ${team.name}, which is not in it; a leader is a figure inside a team of the group (SMLE-ORG-08).`,
        at: f.position,
        objectId: g.id,
        clause: 'SMLE-ORG-08',
      })
    }
  }
  return out
}

/** §16: a scenario gives each side something to achieve; with no condition and a draw at the end, nobody can win. */
function victoryProblems(scenario: Scenario): ScenarioProblem[] {
  if (scenario.victory.conditions.length > 0 || scenario.victory.atTimeLimit !== 'draw') return []
  return [
    {
      code: 'no-victory',
      severity: 'warning',
      message: `Nobody can win this scenario: it has no victory condition and ends in a draw when time runs out (§16).`,
    },
  ]
}
