import type { EventLog } from './events/event-log'
import type { MatchState, TeamState } from './state/state'
import type { World } from './world'
import { refreshActivations } from './activation'
import { endRound } from './end-round'
import { breakTeam } from './breaking'
import { pinnedDropProne, standLieDown } from './compulsory'
import { landMissions } from './indirect-flow'
import { doubleMoveLimitLifted } from './heroes'
import { mayInterrupt } from './optional-rules'
import { isTeamOnTable, presentFigures, canAct } from './organisation'
import { immediateVerdict } from './victory'
import { openWindow } from './windows'

/** A unit waiting for a turn: its teams (the block's lead first) and its current AL. */
interface WaitingUnit {
  readonly teamIds: string[]
  readonly al: number
  readonly sideId: string
}

/** The team acting now, if any. */
export function activeTeam(state: MatchState): TeamState | undefined {
  const unit = state.activeUnit
  const id = unit?.teamIds[unit.index]
  return id === undefined ? undefined : state.teams[id]
}

/** Units with a turn still to take (SMLE-TURN-04: at their current AL). */
export function waitingUnits(state: MatchState, turn: 'first' | 'second'): WaitingUnit[] {
  const byBlock = new Map<string, WaitingUnit>()
  for (const team of Object.values(state.teams)) {
    const a = team.activation
    if (!a || !isTeamOnTable(state, team)) continue
    if ((turn === 'first' ? team.turn : team.secondTurn) !== 'waiting') continue
    const unit = byBlock.get(a.blockId)
    if (unit) {
      if (team.id === a.blockId) unit.teamIds.unshift(team.id)
      else unit.teamIds.push(team.id)
    } else byBlock.set(a.blockId, { teamIds: [team.id], al: a.al, sideId: team.sideId })
  }
  return [...byBlock.values()].map((u) => ({ ...u, al: state.teams[u.teamIds[0] ?? '']?.activation?.al ?? u.al }))
}

/**
 * SMLE-TURN-03: tied units roll 1D6 each, again among any still tied, until
 * every tie is broken; the lower roll goes first, at the same AL. The order
 * is kept for the round (the ranks), so a tie is rolled only once.
 */
function breakTies(log: EventLog, tied: readonly WaitingUnit[]): WaitingUnit {
  const key = (u: WaitingUnit): string => u.teamIds[0] ?? ''
  const ranks = log.state.rolloff
  const ranked =
    tied.every((u) => ranks[key(u)] !== undefined) && new Set(tied.map((u) => ranks[key(u)])).size === tied.length
  if (!ranked) {
    const order = (units: readonly WaitingUnit[]): WaitingUnit[] => {
      if (units.length <= 1) return [...units]
      const faces = new Map<WaitingUnit, number>()
      for (const u of units) faces.set(u, log.roll({ purpose: 'tie roll-off', dice: 1, modifiers: [] }).faces[0] ?? 1)
      const out: WaitingUnit[] = []
      for (let face = 1; face <= 6; face++) out.push(...order(units.filter((u) => faces.get(u) === face)))
      return out
    }
    const sorted = order([...tied].sort((a, b) => (key(a) < key(b) ? -1 : 1)))
    const base = Object.keys(ranks).length
    log.push({ type: 'RolloffSet', ranks: Object.fromEntries(sorted.map((u, i) => [key(u), base + i])) })
  }
  const now = log.state.rolloff
  return [...tied].sort((a, b) => (now[key(a)] ?? 0) - (now[key(b)] ?? 0))[0] as WaitingUnit
}

/** SMLE-TURN-08 / SMLE-HERO-05: a B10 first turn brings a second turn, not in two rounds running unless Hollywood lets this team. */
function getsDoubleMove(state: MatchState, team: TeamState): boolean {
  if (team.activation?.band !== 10) return false
  if (!team.doubleMovedLastRound) return true
  // SMLE-HERO-05: a team is heroic while a hero of it is alive and with it.
  const hasHero = team.figureIds.some((id) => {
    const f = state.figures[id]
    return f !== undefined && (f.hero?.grade ?? 0) > 0 && f.status !== 'dead' && f.offTable === null
  })
  return doubleMoveLimitLifted({ hasHero, motivation: team.motivation }, state.settings)
}

/**
 * Phases 2–6 (SMLE-TURN-02): makes the waiting unit with the lowest current
 * AL active (ties rolled off, SMLE-TURN-03/04), first turns before the second
 * turns of Double Moves (SMLE-TURN-05); with none left, the round ends.
 */
export function selectNextUnit(log: EventLog, world: World): void {
  const state = log.state
  if (state.phase !== 'play' || state.pending !== null || state.activeUnit !== null) return
  let turn: 'first' | 'second' = 'first'
  let units = waitingUnits(state, 'first')
  if (units.length === 0) {
    turn = 'second'
    units = waitingUnits(state, 'second')
  }
  if (units.length === 0) {
    endRound(log, world)
    return
  }
  const lowest = Math.min(...units.map((u) => u.al))
  const tied = units.filter((u) => u.al === lowest)
  const next = tied.length > 1 ? breakTies(log, tied) : (tied[0] as WaitingUnit)
  if (turn === 'first' && offerInterrupt(log, next)) return
  startUnit(log, world, next.teamIds, turn, false)
}

/**
 * SMLE-TURN-12 (toggle `allowEarlyInterrupt`): before a unit becomes active,
 * an opposing unit with a strictly higher AL that has not acted, and has not
 * interrupted this round, may take its whole turn at once.
 */
function offerInterrupt(log: EventLog, next: WaitingUnit): boolean {
  const state = log.state
  // SMLE-SCEN-05 [decision]: an interrupt is declared before a unit the opponent sees about to act; a unit still set
  // up hidden acts unseen, and its opponent is offered nothing (the offer alone would tell it a hidden unit is there).
  if (next.teamIds.every((id) => state.teams[id]?.hidden === true)) return false
  const eligible = waitingUnits(state, 'first').filter((u) =>
    mayInterrupt(
      {
        interrupterAl: u.al,
        nextActiveAl: next.al,
        opposing: u.sideId !== next.sideId,
        interrupterHasActed: false,
        interruptedThisRound: state.interrupted.includes(u.teamIds[0] ?? ''),
        secondTurn: false,
      },
      state.settings,
    ),
  )
  const side = eligible[0]?.sideId
  if (side === undefined) return false
  log.push({
    type: 'PendingSet',
    pending: {
      kind: 'interrupt',
      sideId: side,
      nextTeamIds: next.teamIds,
      eligibleTeamIds: eligible.map((u) => u.teamIds[0] ?? ''),
    },
  })
  return true
}

/** Makes a unit active and begins its first team's turn. */
export function startUnit(
  log: EventLog,
  world: World,
  teamIds: readonly string[],
  turn: 'first' | 'second',
  interrupt: boolean,
): void {
  const lead = log.state.teams[teamIds[0] ?? '']
  if (!lead) return
  log.push({
    type: 'TurnStarted',
    sideId: lead.sideId,
    teamIds: [...teamIds],
    index: 0,
    turn,
    interrupt,
    doubleMove: turn === 'first' && getsDoubleMove(log.state, lead),
  })
  beginTeamTurn(log, world)
}

/**
 * The start of a team's turn: compulsory actions of its band (Break at B0,
 * SMLE-OPT-08; Pinned figures in the open drop prone, SMLE-OPT-06; a Stand
 * team with no cover near lies down, SMLE-OPT-05), then the opposing side
 * may fire before it acts (SMLE-COMBAT-04).
 */
export function beginTeamTurn(log: EventLog, world: World): void {
  const team = activeTeam(log.state)
  if (!team) return
  const band = team.activation?.band ?? 0
  const able = presentFigures(log.state, team).filter(canAct)
  if (able.length === 0) {
    endTeamTurn(log, world)
    return
  }
  if (band === 0) {
    breakTeam(log, world, team.id)
    endTeamTurn(log, world)
    return
  }
  // SMLE-IND-03: fire called last round arrives in the firing unit's turn.
  if (log.state.missions.some((m) => m.firingTeamId === team.id)) landMissions(log, world, team)
  if (band === 3) pinnedDropProne(log, world, team)
  if (band === 4 || band === 5) standLieDown(log, world, team)
  openWindow(log, world, team.id, { kind: 'turn' }, null)
}

/** Ends the active team's turn; the next team of its block goes on, else the next unit (SMLE-TURN-02, phase 4). */
export function endTeamTurn(log: EventLog, world: World): void {
  const unit = log.state.activeUnit
  const teamId = unit?.teamIds[unit.index]
  if (!unit || teamId === undefined) return
  log.push({ type: 'TurnEnded', teamId, turn: unit.turn })
  for (let i = unit.index + 1; i < unit.teamIds.length; i++) {
    const t = log.state.teams[unit.teamIds[i] ?? '']
    if (!t || !isTeamOnTable(log.state, t) || (unit.turn === 'first' ? t.turn : t.secondTurn) !== 'waiting') continue
    log.push({
      type: 'TurnStarted',
      sideId: t.sideId,
      teamIds: [...unit.teamIds],
      index: i,
      turn: unit.turn,
      interrupt: false,
      doubleMove: unit.turn === 'first' && getsDoubleMove(log.state, t),
    })
    beginTeamTurn(log, world)
    return
  }
  refreshActivations(log, world)
  if (concludeIfDecided(log, world)) return
  selectNextUnit(log, world)
}

/** Ends the game at once when a §16 condition is met; returns whether it did. */
export function concludeIfDecided(log: EventLog, world: World): boolean {
  if (log.state.phase === 'ended' || log.state.phase === 'setup') return log.state.phase === 'ended'
  const verdict = immediateVerdict(log.state, world)
  if (!verdict) return false
  // A game decided while a new round's activation is being rolled ended with the round before.
  const round = log.state.phase === 'activation' ? Math.max(1, log.state.round - 1) : log.state.round
  log.push({ type: 'GameEnded', winnerSideId: verdict.winnerSideId, reason: verdict.reason, round })
  return true
}
