import type { MatchState, TeamState } from './state/state'
import type { Edge, ObjectiveSpec, VictoryCondition } from './scenario/schema'
import type { World } from './world'
import { isPresent, isTeamInPlay, teamFigures } from './organisation'

/** Who won and why. */
export interface Verdict {
  readonly winnerSideId: string | null
  readonly reason: string
}

const sideName = (state: MatchState, id: string): string => state.sides.find((s) => s.id === id)?.name ?? id

/**
 * §16 default: a side with no units left, or whose remaining units are all broken, loses at once. [decision] A
 * team whose figures left on the table are all casualties (SMLE-ACT-09: seriously wounded, the dead being gone) is
 * lost: casualties count as lost for victory checks unless carried off the own base line (SMLE-DMG-12), where they
 * are evacuated, which is no better. Not for a side whose end the scenario's own terms give as every figure dead
 * (an `eliminate` condition against it, SMLE-SCEN-06's survivors): there the seriously wounded are alive, and the
 * enemy must finish them or run out of time.
 */
export function hasLostAllUnits(state: MatchState, world: World, sideId: string): boolean {
  const casualtiesLost = !world.scenario.victory.conditions.some(
    (c) => c.kind === 'eliminate' && c.targetSideId === sideId,
  )
  const teams = Object.values(state.teams).filter(
    (t) => t.sideId === sideId && isTeamInPlay(state, t) && !(casualtiesLost && onlyCasualtiesLeft(state, t)),
  )
  return teams.length === 0 || teams.every((t) => t.breaks > 0)
}

/** A team in play whose every figure not yet dead or gone is seriously wounded (SMLE-ACT-09), none still to come. */
function onlyCasualtiesLeft(state: MatchState, team: TeamState): boolean {
  for (const id of team.figureIds) {
    const f = state.figures[id]
    const still = f?.offTable === null || f?.offTable === 'reserve' || f?.offTable === 'vanished'
    if (f && f.status !== 'dead' && f.status !== 'seriousWound' && still) return false
  }
  return true
}

/** Figures of a side within an objective's radius (alive, on the table, SMLE-GEN-06 "within"). */
export function figuresAt(state: MatchState, world: World, objective: ObjectiveSpec, sideId: string): string[] {
  const bodies = Object.values(state.figures).filter(
    (f) => f.sideId === sideId && isPresent(f) && f.status !== 'playingDead',
  )
  const centre = { x: objective.x, y: world.groundHeightAt(objective.x, objective.z), z: objective.z }
  return world.withinRadius(centre, objective.radiusIn, bodies).map((r) => r.id)
}

/**
 * SMLE-SCEN-01: the side controlling an objective: a non-broken team of it
 * within the radius and no enemy team there. Null when nobody does.
 */
export function controllerOf(state: MatchState, world: World, objective: ObjectiveSpec): string | null {
  const holders = state.sides.filter((side) => {
    const here = new Set(figuresAt(state, world, objective, side.id).map((id) => state.figures[id]?.teamId))
    return [...here].some((teamId) => {
      const team = teamId ? state.teams[teamId] : undefined
      return team !== undefined && team.breaks === 0 && !team.gone
    })
  })
  const present = state.sides.filter((side) => figuresAt(state, world, objective, side.id).length > 0)
  const only = holders[0]
  return holders.length === 1 && present.length === 1 && only ? only.id : null
}

/**
 * Figures of a side that got off the table by `edge`, and how many it had.
 * SMLE-SCEN-05: the column "must exit at the opposite edge", so a figure that
 * stepped off by another edge (its own base line, falling back, SMLE-OPT-07,
 * or evacuating a casualty, SMLE-DMG-12) does not count; SMLE-SCEN-04: the
 * raiders count only those off by their own base edge. A casualty carried off
 * by that edge counts like its helper (SMLE-DMG-12); the fled, the captured
 * and those lifted off by a helicopter left by no edge and never count.
 */
export function exitCount(
  state: MatchState,
  sideId: string,
  edge: Edge | undefined,
): { exited: number; total: number } {
  const figures = Object.values(state.figures).filter((f) => f.sideId === sideId)
  return {
    exited: figures.filter(
      (f) => (f.offTable === 'exited' || f.offTable === 'evacuated') && edge !== undefined && f.exitEdge === edge,
    ).length,
    total: figures.length,
  }
}

function immediate(state: MatchState, c: VictoryCondition): Verdict | null {
  switch (c.kind) {
    case 'eliminate': {
      const left = Object.values(state.teams).filter((t) => t.sideId === c.targetSideId && isTeamInPlay(state, t))
      const alive = left
        .flatMap((t) => teamFigures(state, t))
        .some((f) => f.status !== 'dead' && (f.offTable === null || f.offTable === 'reserve'))
      return alive
        ? null
        : { winnerSideId: c.sideId, reason: `Every figure of ${sideName(state, c.targetSideId)} is dead or gone.` }
    }
    case 'killFigures': {
      const dead = c.figureIds.every((id) => {
        const f = state.figures[id]
        return f !== undefined && f.status === 'dead' && f.lurking === null
      })
      return dead ? { winnerSideId: c.sideId, reason: 'The hunted is dead for good.' } : null
    }
    case 'exit': {
      const { exited, total } = exitCount(state, c.sideId, c.edge)
      return total > 0 && exited >= c.fraction * total - 1e-9
        ? {
            winnerSideId: c.sideId,
            reason: `${exited} of ${total} figures of ${sideName(state, c.sideId)} got off the table by the ${c.edge} edge.`,
          }
        : null
    }
    case 'raid': {
      // "and then exiting at least half its figures by its own base edge": those off before the hold do not count.
      const own = state.sides.find((s) => s.id === c.sideId)?.baseEdge
      const { exited, total } = exitCount(state, c.sideId, own)
      return state.raid.held && total > 0 && exited - state.raid.exitedBefore >= c.fraction * total - 1e-9
        ? { winnerSideId: c.sideId, reason: 'The raiders struck their objective and got away.' }
        : null
    }
    default:
      return null
  }
}

/**
 * Conditions that decide the game at once, checked after every command (§16).
 * The scenario's own conditions come first, in the order listed; the §16
 * default (a side with no unbroken units left loses) only after them.
 * [decision] SMLE-SCEN-05, §16: the default is for "when a scenario leaves
 * them open"; a side that has just met its scenario condition has won, even
 * when doing so left it nothing on the table (the Ambush column's last
 * survivors exiting to make half its figures).
 */
export function immediateVerdict(state: MatchState, world: World): Verdict | null {
  for (const c of world.scenario.victory.conditions) {
    const v = immediate(state, c)
    if (v) return v
  }
  const lost = state.sides.filter((s) => hasLostAllUnits(state, world, s.id))
  if (lost.length === state.sides.length) return { winnerSideId: null, reason: 'Both sides are broken or gone.' }
  const loser = lost[0]
  if (loser) {
    const winner = state.sides.find((s) => s.id !== loser.id)
    // Said so when men of it still lie on the table, all of them seriously wounded: the game did not end by oversight.
    const casualties = Object.values(state.teams).some(
      (t) => t.sideId === loser.id && t.breaks === 0 && isTeamInPlay(state, t),
    )
    const reason = `${loser.name} has no unbroken units left${casualties ? ': its last men are casualties' : ''}.`
    return { winnerSideId: winner?.id ?? null, reason }
  }
  return null
}

/** The verdict at the end of the last round: objectives held or occupied, else the scenario's default. */
export function timeLimitVerdict(state: MatchState, world: World): Verdict {
  const objectives = new Map(world.scenario.objectives.map((o) => [o.id, o]))
  for (const c of world.scenario.victory.conditions) {
    const objective = 'objectiveId' in c ? objectives.get(c.objectiveId) : undefined
    if (c.kind === 'control' && objective) {
      const holder = controllerOf(state, world, objective)
      if (holder && c.sideIds.includes(holder))
        return { winnerSideId: holder, reason: `${sideName(state, holder)} holds ${objective.name} at the end.` }
    }
    if (c.kind === 'occupy' && objective && figuresAt(state, world, objective, c.sideId).length > 0) {
      return {
        winnerSideId: c.sideId,
        reason: `${sideName(state, c.sideId)} still has figures in ${objective.name} at the end.`,
      }
    }
  }
  const fallback = world.scenario.victory.atTimeLimit
  return fallback === 'draw'
    ? { winnerSideId: null, reason: 'Time ran out with nothing decided: a draw.' }
    : { winnerSideId: fallback, reason: `Time ran out: ${sideName(state, fallback)} wins.` }
}

/** SMLE-SCEN-04: after a round, whether the raider holds its objective and for how long. */
export function raidHoldAfterRound(
  state: MatchState,
  world: World,
): { heldSince: number | null; held: boolean; sideId: string; exitedBefore?: number } | null {
  const raid = world.scenario.victory.conditions.find((c) => c.kind === 'raid')
  if (!raid || raid.kind !== 'raid' || state.raid.held || state.raid.objectiveId === null) return null
  const objective = world.scenario.objectives.find((o) => o.id === state.raid.objectiveId)
  if (!objective) return null
  if (controllerOf(state, world, objective) !== raid.sideId)
    return state.raid.heldSince === null ? null : { heldSince: null, held: false, sideId: raid.sideId }
  const since = state.raid.heldSince ?? state.round
  const held = state.round - since >= raid.holdRounds
  return held
    ? { heldSince: since, held, sideId: raid.sideId, exitedBefore: raidersAway(state, raid.sideId) }
    : { heldSince: since, held, sideId: raid.sideId }
}

/** The raiders off by their own base edge so far (SMLE-SCEN-04: those off before the hold do not count). */
export function raidersAway(state: MatchState, sideId: string): number {
  const own = state.sides.find((s) => s.id === sideId)?.baseEdge
  return exitCount(state, sideId, own).exited
}
