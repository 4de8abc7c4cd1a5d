import type { EventLog } from './events/event-log'
import type { AssaultPlan } from './state/pending'
import type { FigureState, MatchState } from './state/state'
import type { World } from './world'
import { assaultGapIn } from './assault-contact'
import { breakTeam } from './breaking'
import { type AssaultFigure, planCloseAssault, resolveCloseAssault } from './close-assault'
import { preparedPositionState } from './cover'
import { rotate } from './edges'
import { applyHitToTough } from './heroes'
import { presentFigures } from './organisation'
import { revealAlong } from './reveal'
import { heroGrade } from './shooters'
import { eligibleOpportunityTeams } from './windows'
import { hypot } from '../../util/geometry'

/** SMLE-CA-03 / Table 11.2: forced back means more than 4" from the defenders. */
export const FORCED_BACK_IN = 4

/** A figure as Table 5 and the pairing see it. */
function assaultFigure(state: MatchState, world: World, f: FigureState, surprised: readonly string[]): AssaultFigure {
  const team = state.teams[f.teamId]
  const inPosition =
    team?.preparedPositionId !== null &&
    team !== undefined &&
    world.positionAt(f.position)?.id === team.preparedPositionId
  return {
    id: f.id,
    teamId: f.teamId,
    wound: { status: f.status, treated: f.treated },
    lostRestOfRound: f.spent === 'lightWound' || f.spent === 'transferred',
    shaken: f.spent === 'shaken',
    quality: f.quality,
    motivation: team?.motivation ?? 'none',
    armour: f.armour,
    kit: { weaponIds: f.weapons.length > 0 ? f.weapons : ['rifle'], bayonetFixed: f.kit.includes('bayonet') },
    heroGrade: heroGrade(state, f),
    defendingPreparedPosition:
      inPosition && preparedPositionState({ enteredRound: team.preparedSince, round: state.round }).benefits,
    surprised: surprised.includes(f.id),
  }
}

/** Figures of a team that can take part in a close assault: on foot and present. */
function fighters(state: MatchState, teamId: string): FigureState[] {
  const team = state.teams[teamId]
  return team
    ? presentFigures(state, team).filter(
        (f) => f.vehicleId === null && f.status !== 'playingDead' && f.lurking === null,
      )
    : []
}

/**
 * After the assault move: the defender may make Opportunity Fire first, if
 * it has not attacked this round (SMLE-COMBAT-06, SMLE-CA-02); then the
 * assault is resolved.
 */
export function afterAssaultMove(log: EventLog, world: World, plan: AssaultPlan): void {
  const eligible = eligibleOpportunityTeams(log.state, world, plan.attackerTeamId, null, plan.defenderTeamId)
  const defender = log.state.teams[plan.defenderTeamId]
  if (eligible.length > 0 && defender) {
    log.push({
      type: 'PendingSet',
      pending: {
        kind: 'opportunity',
        sideId: defender.sideId,
        targetTeamId: plan.attackerTeamId,
        eligibleTeamIds: eligible,
        defensive: true,
        mover: null,
        then: { kind: 'assault', assault: plan },
      },
    })
    return
  }
  resolveAssault(log, world, plan)
}

/**
 * Close assault (§11): who fights (SMLE-CA-03), the pairs (SMLE-CA-04), one
 * 1D6 per side per fight with Table 5 (SMLE-CA-05, -09), all in the
 * attacker's turn (SMLE-CA-06); results applied nerve first (SMLE-CA-10):
 * a defending team that breaks leaves a full move away (SMLE-CA-11),
 * attackers fall back to where they started or are forced back beyond 4",
 * then the kills. A broken defender reached by the enemy is captured
 * (SMLE-CA-13). The assault is the attacker's attack for the round.
 */
export function resolveAssault(log: EventLog, world: World, plan: AssaultPlan): void {
  const state = log.state
  const attackers = fighters(state, plan.attackerTeamId)
  const defenders = fighters(state, plan.defenderTeamId)
  const byId = new Map([...attackers, ...defenders].map((f) => [f.id, f]))
  const distance = (a: string, d: string): number => {
    const fa = byId.get(a)
    const fd = byId.get(d)
    return fa && fd ? assaultGapIn(world, fa, fd) : Infinity
  }
  const defenderTeam = state.teams[plan.defenderTeamId]
  const p = planCloseAssault(
    {
      attackers: attackers.map((f) => assaultFigure(state, world, f, [])),
      defenders: defenders.map((f) => assaultFigure(state, world, f, plan.surprised)),
      distanceIn: distance,
      defenderBroken: (defenderTeam?.breaks ?? 0) > 0,
    },
    state.settings,
  )
  // The assault is the attacker's one attack of the round (a monster's revival assault comes on top of nothing: it was lying "dead").
  if (state.teams[plan.attackerTeamId]?.attack === null)
    log.push({
      type: 'AttackMade',
      teamId: plan.attackerTeamId,
      kind: 'assault',
      targetTeamId: plan.defenderTeamId,
      firerIds: attackers.map((f) => f.id),
    })
  if (p.kind === 'noContact') return
  log.push({ type: 'ContactMade', teamIds: [plan.attackerTeamId, plan.defenderTeamId] })
  // Being assaulted counts with being fired on for a Reluctant team (SMLE-MOT-05), with no under-fire category.
  log.push({
    type: 'FireReceived',
    teamId: plan.defenderTeamId,
    fromTeamId: plan.attackerTeamId,
    direct: false,
    auto: false,
    explosive: false,
    flank: false,
    rear: false,
  })
  if (p.kind === 'captured') {
    log.push({ type: 'TeamGone', teamId: plan.defenderTeamId, reason: 'captured' })
    return
  }
  const faces = p.fights.map((f) => ({
    attacker:
      log.roll({ purpose: 'close assault', dice: 1, figureId: f.attackerId, modifiers: [...f.attackerModifiers] })
        .faces[0] ?? 1,
    defender:
      log.roll({
        purpose: 'close assault (defence)',
        dice: 1,
        figureId: f.defenderId,
        modifiers: [...f.defenderModifiers],
      }).faces[0] ?? 1,
  }))
  const { fights, outcome } = resolveCloseAssault(p, faces)
  for (const teamId of outcome.brokenTeams) breakTeam(log, world, teamId, { max: 1, min: 1 }, plan.attackerTeamId)
  for (const id of outcome.fallenBack) moveBack(log, world, id, plan.starts[id] ?? null)
  for (const id of outcome.forcedBack) forceBack(log, world, id, defenders)
  for (const id of outcome.killed) {
    const fight = fights.find((f) => f.attackerId === id || f.defenderId === id)
    const foeId = fight ? (fight.attackerId === id ? fight.defenderId : fight.attackerId) : null
    killInAssault(log, id, foeId ? (byId.get(foeId) ?? null) : null)
  }
}

/** A kill in close assault; a Tough hero is only lightly wounded unless his foe is a hero or a monster (SMLE-HERO-04). */
function killInAssault(log: EventLog, id: string, foe: FigureState | null): void {
  const f = log.state.figures[id]
  if (!f || f.status === 'dead') return
  if (log.state.settings.optional.heroes && f.hero?.tough) {
    const w = applyHitToTough({ status: f.status, treated: f.treated }, 'killed', {
      byHero: (foe?.hero?.grade ?? 0) > 0,
      byMonsterInCloseAssault: foe?.armour === 'monsters',
    })
    if (w.state.status !== f.status)
      log.push({
        type: 'FigureStatusChanged',
        figureId: id,
        status: w.state.status,
        cause: `close assault [${w.clause}]`,
        treated: w.state.treated,
      })
    return
  }
  log.push({
    type: 'FigureStatusChanged',
    figureId: id,
    status: 'dead',
    cause: 'killed or captured in close assault [SMLE-CA-05]',
  })
}

/**
 * Table 11.2: the attacker falls back to where it started the round (if that
 * spot is still free); one that has not moved this round is there already.
 */
function moveBack(log: EventLog, world: World, id: string, to: FigureState['position'] | null): void {
  const f = log.state.figures[id]
  if (!f || !to || f.status === 'dead') return
  if (f.position.x === to.x && f.position.y === to.y && f.position.z === to.z) return
  const taken = Object.values(log.state.figures).some(
    (o) =>
      o.id !== id &&
      o.offTable === null &&
      o.vehicleId === null &&
      o.status !== 'dead' &&
      hypot(o.position.x - to.x, o.position.z - to.z) < o.baseRadiusIn + f.baseRadiusIn - 1e-6,
  )
  if (taken || world.footprintBlocker(to, f.baseRadiusIn, log.state.doors)) return
  log.push({
    type: 'FigureMoved',
    figureId: id,
    from: f.position,
    to,
    distanceIn: 0,
    facingDeg: f.facingDeg,
    endsMove: true,
    crawl: false,
    forced: true,
  })
  // SMLE-SCEN-05: hidden teams are spotted along the way back, not only where it ends.
  revealAlong(log, world, [id], [f.position, to])
}

/** Table 11.2: the attacker is pushed back until it is more than 4" from every defender. */
function forceBack(log: EventLog, world: World, id: string, defenders: readonly FigureState[]): void {
  const f = log.state.figures[id]
  if (!f || f.status === 'dead' || defenders.length === 0) return
  const cx = defenders.reduce((a, d) => a + d.position.x, 0) / defenders.length
  const cz = defenders.reduce((a, d) => a + d.position.z, 0) / defenders.length
  const len = hypot(f.position.x - cx, f.position.z - cz) || 1
  const away = { x: (f.position.x - cx) / len, z: (f.position.z - cz) / len }
  for (const angle of [0, 30, -30, 60, -60, 90, -90]) {
    const dir = rotate(away, angle)
    for (let d = 1; d <= 12; d += 0.5) {
      const to = {
        x: Math.round((f.position.x + dir.x * d) * 100) / 100,
        z: Math.round((f.position.z + dir.z * d) * 100) / 100,
      }
      const at = { x: to.x, y: world.groundHeightAt(to.x, to.z), z: to.z }
      if (defenders.some((def) => world.distanceIn({ ...f, position: at }, def) <= FORCED_BACK_IN + 1e-9)) continue
      if (!world.path(f.position, to, f.baseRadiusIn, log.state.doors, f).ok) break
      log.push({
        type: 'FigureMoved',
        figureId: id,
        from: f.position,
        to: at,
        distanceIn: 0,
        facingDeg: f.facingDeg,
        endsMove: true,
        crawl: false,
        forced: true,
      })
      // SMLE-SCEN-05: hidden teams are spotted along the push-back, not only where it ends.
      revealAlong(log, world, [id], [f.position, at])
      return
    }
  }
}
