import type { SmrEvent } from './events'
import type { SmrState, SmrUnit } from './state'

/** Replaces one unit. */
function withUnit(state: SmrState, id: string, change: (u: SmrUnit) => SmrUnit): SmrState {
  const u = state.units[id]
  if (!u) return state
  return { ...state, units: { ...state.units, [id]: change(u) } }
}

/** Breaks every melee link to `id` (it is gone or has fled: SMR-MELEE-04, SMR-ROUT-04). */
function unlink(state: SmrState, id: string): SmrState {
  let units = state.units
  for (const [k, u] of Object.entries(units)) {
    if (u.faceToFace === id || u.target === id)
      units = {
        ...units,
        [k]: { ...u, faceToFace: u.faceToFace === id ? null : u.faceToFace, target: u.target === id ? null : u.target },
      }
  }
  const self = units[id]
  if (self) units = { ...units, [id]: { ...self, faceToFace: null, target: null } }
  return { ...state, units }
}

/** Reasons of a move a unit makes of its own will in the Movement Event. */
const VOLUNTARY = new Set(['move', 'charge', 'rally', 'leave'])

/** Folds one event into the state: total and pure, no dice and no geometry. */
export function applyEvent(state: SmrState, e: SmrEvent): SmrState {
  switch (e.type) {
    case 'DiceRolled':
      return { ...state, rng: e.rng, rollCount: state.rollCount + 1 }
    case 'InitiativeRolled':
      return { ...state, initiativeWinner: e.winnerSideId }
    case 'SetupTurn':
      return { ...state, phase: 'setup', step: null, actingSide: e.sideId }
    case 'UnitPlaced':
      return withUnit(state, e.unitId, (u) => ({
        ...u,
        position: e.position,
        facingDeg: e.facingDeg,
        hiddenIn: e.hiddenIn,
      }))
    case 'LeaderDesignated':
      return { ...state, leaders: { ...state.leaders, [e.sideId]: e.unitId } }
    case 'SetupEnded':
      return { ...state, setupDone: [...state.setupDone, e.sideId] }
    case 'TurnBegan':
      return {
        ...state,
        phase: 'turn',
        step: 'order',
        turn: e.turn,
        chooser: e.chooserSideId,
        actingSide: e.chooserSideId,
        firstSide: null,
        declarations: {},
        movementDone: [],
      }
    case 'OrderChosen':
      return { ...state, firstSide: e.firstSideId }
    case 'StepBegan':
      return { ...state, step: e.step, actingSide: e.sideId }
    case 'EventBegan':
      return state
    case 'MissilesDeclared':
      return { ...state, declarations: { ...state.declarations, [e.sideId]: e.shots } }
    case 'AttackResolved':
      if (e.kind === 'missile') return withUnit(state, e.attackerId, (u) => ({ ...u, firedTurn: state.turn }))
      if (e.kind === 'melee') {
        const s = withUnit(state, e.attackerId, (u) => ({ ...u, meleeTurn: state.turn }))
        return withUnit(s, e.targetId, (u) => ({ ...u, meleeTurn: state.turn }))
      }
      return withUnit(state, e.targetId, (u) => ({ ...u, meleeTurn: state.turn }))
    case 'UnitMoved': {
      const s = withUnit(state, e.unitId, (u) => ({
        ...u,
        position: e.to,
        facingDeg: e.facingDeg,
        movedTurn: VOLUNTARY.has(e.reason) ? state.turn : u.movedTurn,
        hiddenIn: e.reason === 'leave' || e.reason === 'reveal' ? null : u.hiddenIn,
        bashing: e.reason === 'turn' ? u.bashing : null,
      }))
      return e.reason === 'move' || e.reason === 'charge' || e.reason === 'rout' || e.reason === 'bonus'
        ? { ...s, units: { ...s.units, [e.unitId]: { ...s.units[e.unitId]!, target: null } } }
        : s
    }
    case 'Engaged': {
      // SMR-MELEE-04: a new face-to-face lock ends any old one either unit had with a third.
      let s = state
      if (e.faceToFace)
        for (const [id, other] of [
          [e.unitId, e.targetId],
          [e.targetId, e.unitId],
        ] as const) {
          const old = s.units[id]?.faceToFace
          if (old && old !== other)
            s = withUnit(s, old, (u) => ({
              ...u,
              faceToFace: u.faceToFace === id ? null : u.faceToFace,
              target: u.target === id ? null : u.target,
            }))
        }
      s = withUnit(s, e.unitId, (u) => ({
        ...u,
        target: e.targetId,
        faceToFace: e.faceToFace ? e.targetId : u.faceToFace,
      }))
      return e.faceToFace ? withUnit(s, e.targetId, (u) => ({ ...u, faceToFace: e.unitId, target: e.unitId })) : s
    }
    case 'UnitKilled': {
      const s = unlink(state, e.unitId)
      return lose(
        withUnit(s, e.unitId, (u) => ({ ...u, status: 'killed', routed: false, bashing: null })),
        e.unitId,
      )
    }
    case 'UnitEliminated': {
      const s = unlink(state, e.unitId)
      return lose(
        withUnit(s, e.unitId, (u) => ({ ...u, status: 'eliminated', bashing: null })),
        e.unitId,
      )
    }
    case 'UnitRouted': {
      const s = unlink(state, e.unitId)
      return withUnit(s, e.unitId, (u) => ({
        ...u,
        routed: true,
        rallyTurn: u.routed && u.rallyTurn !== null ? u.rallyTurn : e.rallyTurn,
        bashing: null,
        burning: null,
      }))
    }
    case 'UnitRallied': {
      const s = withUnit(state, e.unitId, (u) => ({
        ...u,
        routed: false,
        rallyTurn: null,
        movedTurn: e.leaderId ? state.turn : u.movedTurn,
        ...(e.leaderId ? { ralliedTurn: state.turn } : {}),
      }))
      if (!e.leaderId) return s
      const side = s.units[e.unitId]?.sideId ?? ''
      return { ...s, leaderRalliedTurn: { ...s.leaderRalliedTurn, [side]: state.turn } }
    }
    case 'BonusGranted':
      return {
        ...state,
        pendingBonus: [...state.pendingBonus, { unitId: e.unitId, reason: e.reason, lastTargetId: e.lastTargetId }],
      }
    case 'BonusEnded': {
      const i = state.pendingBonus.findIndex((b) => b.unitId === e.unitId)
      return i < 0 ? state : { ...state, pendingBonus: state.pendingBonus.filter((_, j) => j !== i) }
    }
    case 'HeroMade':
      return withUnit(state, e.unitId, (u) => ({ ...u, hero: true }))
    case 'MoraleResult':
      return e.result === 'honoured' ? { ...state, honoured: [...state.honoured, e.sideId] } : state
    case 'DoorBashSet':
      return withUnit(state, e.unitId, (u) => ({ ...u, bashing: e.doorId, movedTurn: state.turn }))
    case 'DoorBashed':
      return {
        ...state,
        doors: {
          ...state.doors,
          [e.doorId]: {
            state: e.broken ? 'broken' : (state.doors[e.doorId]?.state ?? 'closed'),
            successes: e.successes,
          },
        },
      }
    case 'UnitsRevealed':
      return state
    case 'BurnProgress':
      return withUnit(state, e.unitId, (u) => ({
        ...u,
        burning: e.buildingId === null ? null : { buildingId: e.buildingId, turns: e.turns },
      }))
    case 'BuildingBurnt': {
      const s = { ...state, burnt: { ...state.burnt, [e.buildingId]: state.turn } }
      return withUnit(s, e.byUnitId, (u) => ({ ...u, burning: null }))
    }
    case 'ReinforcementsArrived': {
      const units = { ...state.units }
      for (const c of e.units) units[c.id] = freshUnit({ ...c, hiddenIn: null })
      return {
        ...state,
        units,
        unitOrder: [...state.unitOrder, ...e.units.map((u) => u.id)],
        nextUnitSeq: state.nextUnitSeq + e.units.length,
      }
    }
    case 'TurnEnded':
      return { ...state, units: clearTurnMarks(state.units) }
    case 'GameEnded':
      return {
        ...state,
        phase: 'ended',
        step: null,
        actingSide: null,
        result: { winnerSideId: e.winnerSideId, reason: e.reason, turn: state.turn },
      }
  }
}

/** Turn-long marks that lapse at the end of a turn (a door worked on this turn). */
function clearTurnMarks(units: SmrState['units']): SmrState['units'] {
  let out = units
  for (const [k, u] of Object.entries(units)) if (u.bashing !== null) out = { ...out, [k]: { ...u, bashing: null } }
  return out
}

/** Counts a peasant of the village's peasant side lost (SMR-SCEN-02). */
function lose(state: SmrState, id: string): SmrState {
  const u = state.units[id]
  if (!u || u.profile.cls !== 'P' || u.sideId !== state.peasantSide) return state
  return { ...state, peasantsLost: state.peasantsLost + 1 }
}

/** A unit as it starts: on the table (or hidden), unrouted, in no melee. */
export function freshUnit(u: {
  id: string
  name: string
  sideId: string
  profile: SmrUnit['profile']
  position: SmrUnit['position']
  facingDeg: number
  hiddenIn: string | null
}): SmrUnit {
  return {
    ...u,
    status: 'ok',
    routed: false,
    rallyTurn: null,
    firedTurn: null,
    movedTurn: null,
    faceToFace: null,
    target: null,
    meleeTurn: null,
    hero: false,
    bashing: null,
    burning: null,
  }
}
