/**
 * Audit of SMR §8 (Rally, Event 4) and §9 (optional and Hollywood rules:
 * Battle Rage, No-Leader Morale Check, The Standard, Bashing down doors,
 * Greatheart creatures), with the §0.3 parameters and §12 decisions that
 * concern them. Every expectation is taken from shared/rules/smr.md alone
 * (its clauses and worked examples); the engine is driven only through its
 * public surface and the shared SMR kit, with the dice loaded to known faces.
 */
import { describe, expect, it } from 'vitest'
import {
  act,
  CAV_DEPTH_IN,
  FOOT_IN,
  inStep,
  loadDice,
  ofType,
  refusal,
  smrScenario,
  startSmr,
  unit,
  withUnits,
} from '../fixtures/smr'
import {
  type SmrEvent,
  type SmrMatch,
  type SmrScenarioInput,
  SmrSettingsSchema,
  unitPoints,
} from '../../src-engine/rules/smr/index'

type UnitIn = SmrScenarioInput['units'][number]
type Run = { m: SmrMatch; events: SmrEvent[] }

/** Centre-to-centre distance at which two 20 mm bases, square to each other, touch with a 0.05" gap. */
const TOUCH = FOOT_IN + 0.05
const EPS = 1e-6

// ---------------------------------------------------------------------------------------------
// Driving the turn

/** One default command for whatever the game waits for (no fire, no moves, no bonus, no reinforcements). */
function stepOnce(m: SmrMatch): { m: SmrMatch; events: readonly SmrEvent[] } {
  const s = m.state
  switch (s.step) {
    case 'order':
      return act(m, { type: 'chooseOrder', sideId: s.chooser!, firstSideId: s.chooser! })
    case 'missiles':
      return act(m, { type: 'declareMissiles', sideId: s.actingSide!, shots: [] })
    case 'movement':
      return act(m, { type: 'endMovement', sideId: s.actingSide! })
    case 'bonus':
      return act(m, { type: 'forgoBonus', unitId: s.pendingBonus[0]!.unitId })
    case 'reinforcements':
      return act(m, { type: 'declineReinforcements', sideId: s.actingSide! })
    default:
      throw new Error(`nothing to do in step ${String(s.step)}`)
  }
}

/** Plays default commands until `stop` holds (or the game ends). */
function playUntil(m: SmrMatch, stop: (m: SmrMatch) => boolean, limit = 40): Run {
  const events: SmrEvent[] = []
  let cur = m
  for (let i = 0; i < limit && !stop(cur) && cur.state.phase === 'turn'; i++) {
    const r = stepOnce(cur)
    events.push(...r.events)
    cur = r.m
  }
  return { m: cur, events }
}

const turnOver = (t: number) => (m: SmrMatch) => m.state.turn > t || m.state.phase === 'ended'
const moving = (side: string, t: number) => (m: SmrMatch) =>
  m.state.phase === 'turn' && m.state.step === 'movement' && m.state.actingSide === side && m.state.turn === t

/** The events of the (last) Rally Event in `events`: from its EventBegan to the following TurnEnded. */
function rallyEventOf(events: readonly SmrEvent[]): SmrEvent[] {
  let start = -1
  events.forEach((e, i) => {
    if (e.type === 'EventBegan' && e.event === 'rally') start = i
  })
  if (start < 0) return []
  const end = events.findIndex((e, i) => i > start && e.type === 'TurnEnded')
  return events.slice(start, end < 0 ? undefined : end)
}

const rollsBy = (events: readonly SmrEvent[], id: string) =>
  ofType(events, 'DiceRolled').filter((d) => d.figureId === id)
const attacksBy = (events: readonly SmrEvent[], id: string) =>
  ofType(events, 'AttackResolved').filter((a) => a.attackerId === id)

/** Both sides end their movement (first side `first`); Event 3 and Event 4 follow. */
function endBothMovements(m: SmrMatch, first = 'a'): Run {
  const second = first === 'a' ? 'b' : 'a'
  const r1 = act(m, { type: 'endMovement', sideId: first })
  const r2 = act(r1.m, { type: 'endMovement', sideId: second })
  return { m: r2.m, events: [...r1.events, ...r2.events] }
}

/**
 * Both sides declare their shots (side a first); all are rolled and applied
 * together. A side with nothing able to shoot is not asked.
 */
function volley(
  m: SmrMatch,
  shotsA: { unitId: string; targetId: string }[],
  shotsB: { unitId: string; targetId: string }[],
): Run {
  const r1 = act(m, { type: 'declareMissiles', sideId: 'a', shots: shotsA })
  if (r1.m.state.step !== 'missiles' || r1.m.state.actingSide !== 'b') {
    expect(shotsB).toEqual([])
    return { m: r1.m, events: [...r1.events] }
  }
  const r2 = act(r1.m, { type: 'declareMissiles', sideId: 'b', shots: shotsB })
  return { m: r2.m, events: [...r1.events, ...r2.events] }
}

function sidesWith(standardA?: string): SmrScenarioInput['sides'] {
  return [
    { id: 'a', name: 'Side A', edge: 'north', leaderId: 'aL', ...(standardA ? { standardId: standardA } : {}) },
    { id: 'b', name: 'Side B', edge: 'south', leaderId: 'bL' },
  ]
}

function dist(p: { x: number; z: number }, q: { x: number; z: number }): number {
  return Math.hypot(p.x - q.x, p.z - q.z)
}

// =============================================================================================
// §8 Rally (Event 4)

describe('§8 Rally', () => {
  /** A routed unit `a1` (facing its own edge, north) with the only enemy due south of it. */
  function routedGame(a1: UnitIn, rallyTurn: number, more: Partial<SmrScenarioInput> = {}): SmrMatch {
    const sc = smrScenario([unit('aL', 'a', 'H', 5, 5), a1, unit('bL', 'b', 'H', a1.x, 40)], more)
    const m = inStep(startSmr(sc), 'movement', 'a')
    return withUnits(m, { a1: { routed: true, rallyTurn, facingDeg: 0 } })
  }

  it('SMR-RALLY-01: a routed unit stays routed (and immobile) until rallied; it rolls nothing before its rally time', () => {
    let m = routedGame(unit('a1', 'a', 'L', 20, 20), 2)
    expect(refusal(m, { type: 'moveUnit', unitId: 'a1', path: [{ x: 20, z: 22 }] })).toMatch(
      /^SMR-(MOVE-08|ROUT-05|RALLY-01)$/,
    )
    m = loadDice(m, [6])
    const r = endBothMovements(m)
    expect(rollsBy(r.events, 'a1')).toHaveLength(0)
    expect(ofType(r.events, 'UnitRallied')).toHaveLength(0)
    expect(r.m.state.units.a1!.routed).toBe(true)
    expect(r.m.state.units.a1!.status).toBe('ok')
    expect(r.m.state.turn).toBe(2)
  })

  describe('SMR-RALLY-02 / SMR-MOVE-11: rallying by the leader', () => {
    function leaderGame(extra: UnitIn[] = []): SmrMatch {
      const sc = smrScenario([
        unit('aL', 'a', 'H', 20, 10),
        unit('a1', 'a', 'L', 20, 12.5),
        ...extra,
        unit('bL', 'b', 'H', 20, 40),
      ])
      const m = inStep(startSmr(sc), 'movement', 'a')
      return withUnits(m, { a1: { routed: true, rallyTurn: 1, facingDeg: 0 } })
    }

    it('SMR-RALLY-02: the leader reaches and touches the routed unit in the Movement Event; it turns back round and is normal again', () => {
      const m = leaderGame()
      const r = act(m, { type: 'rally', leaderId: 'aL', unitId: 'a1' })
      expect(ofType(r.events, 'UnitRallied')).toEqual([{ type: 'UnitRallied', unitId: 'a1', leaderId: 'aL' }])
      const a1 = r.m.state.units.a1!
      const aL = r.m.state.units.aL!
      expect(a1.routed).toBe(false)
      expect(a1.status).toBe('ok')
      // it was facing north (its own edge); turned back round it faces south, toward the enemy
      expect(a1.facingDeg).toBeCloseTo(180, 3)
      // the leader moved to touch it: square bases one behind the other, gap ≤ 0.1"
      expect(aL.position.x).toBeCloseTo(20, 6)
      expect(Math.abs(a1.position.z - aL.position.z) - FOOT_IN).toBeLessThanOrEqual(0.1 + EPS)
      expect(a1.position.z).toBeCloseTo(12.5, 6)
    })

    it('SMR-RALLY-02: a unit rallied by the leader makes no self-rally roll in that turn’s Rally Event', () => {
      const m = leaderGame()
      const r1 = act(m, { type: 'rally', leaderId: 'aL', unitId: 'a1' })
      const r2 = endBothMovements(loadDice(r1.m, [1, 1]))
      expect(rollsBy(r2.events, 'a1')).toHaveLength(0)
      expect(ofType(r2.events, 'UnitEliminated')).toHaveLength(0)
      expect(r2.m.state.units.a1!.status).toBe('ok')
      expect(r2.m.state.units.a1!.routed).toBe(false)
    })

    it('SMR-RALLY-02: the rallied unit makes no further move in the Movement Event in which it was rallied', () => {
      const r = act(leaderGame(), { type: 'rally', leaderId: 'aL', unitId: 'a1' })
      expect(refusal(r.m, { type: 'moveUnit', unitId: 'a1', path: [{ x: 20, z: 14 }] })).toBe('SMR-RALLY-02')
    })

    it('SMR-RALLY-02: the rallied unit acts normally from Event 3 — contacted, it fights', () => {
      const sc = smrScenario([
        unit('aL', 'a', 'H', 20, 10),
        unit('a1', 'a', 'L', 20, 12.5),
        unit('bL', 'b', 'H', 40, 43),
        unit('b1', 'b', 'L', 20, 16),
      ])
      let m = withUnits(inStep(startSmr(sc), 'movement', 'a'), { a1: { routed: true, rallyTurn: 1, facingDeg: 0 } })
      m = act(m, { type: 'rally', leaderId: 'aL', unitId: 'a1' }).m
      m = act(m, { type: 'endMovement', sideId: 'a' }).m
      m = act(m, { type: 'charge', unitId: 'b1', targetId: 'a1' }).m
      // LI vs LI needs 9 (Table C): both roll 4+5 = 9 → both die (simultaneous)
      const r = act(loadDice(m, [4, 5, 4, 5]), { type: 'endMovement', sideId: 'b' })
      const a1Attacks = attacksBy(r.events, 'a1')
      expect(a1Attacks).toHaveLength(1)
      expect(a1Attacks[0]).toMatchObject({ targetId: 'b1', needed: 9, natural: 9, killed: true })
      expect(r.m.state.units.b1!.status).toBe('killed')
    })

    it('SMR-RALLY-02: each turn the leader may rally just one unit (a second is refused, state unchanged); next turn he may again', () => {
      const m0 = leaderGame([unit('a2', 'a', 'L', 18.9, 11.6)])
      const m = withUnits(m0, { a2: { routed: true, rallyTurn: 2, facingDeg: 0 } })
      const r = act(m, { type: 'rally', leaderId: 'aL', unitId: 'a1' })
      expect(refusal(r.m, { type: 'rally', leaderId: 'aL', unitId: 'a2' })).toBe('SMR-RALLY-02')
      // a2 (rally time: turn 2) rolls nothing in turn 1; in turn 2's Movement Event the leader rallies it
      const t1 = playUntil(r.m, moving('a', 2))
      expect(rollsBy(t1.events, 'a2')).toHaveLength(0)
      expect(t1.m.state.units.a2!.routed).toBe(true)
      const r2 = act(t1.m, { type: 'rally', leaderId: 'aL', unitId: 'a2' })
      expect(ofType(r2.events, 'UnitRallied')).toEqual([{ type: 'UnitRallied', unitId: 'a2', leaderId: 'aL' }])
      expect(r2.m.state.units.a2!.routed).toBe(false)
    })

    it('SMR-RALLY-02: a routed leader cannot rally (refused, state unchanged)', () => {
      const m = withUnits(leaderGame(), { aL: { routed: true, rallyTurn: 2 } })
      expect(refusal(m, { type: 'rally', leaderId: 'aL', unitId: 'a1' })).toBe('SMR-RALLY-02')
    })

    it('SMR-RALLY-02: only the side’s leader rallies — another figure is refused', () => {
      const m = leaderGame([unit('a2', 'a', 'L', 22, 12.5)])
      expect(refusal(m, { type: 'rally', leaderId: 'a2', unitId: 'a1' })).toBe('SMR-RALLY-02')
    })

    it('SMR-RALLY-02: the enemy leader cannot rally a unit that is not his', () => {
      const sc = smrScenario([unit('aL', 'a', 'H', 5, 5), unit('a1', 'a', 'L', 20, 30), unit('bL', 'b', 'H', 20, 32)])
      const m = withUnits(inStep(startSmr(sc), 'movement', 'b', { firstSide: 'b' }), {
        a1: { routed: true, rallyTurn: 1, facingDeg: 0 },
      })
      refusal(m, { type: 'rally', leaderId: 'bL', unitId: 'a1' })
      expect(m.state.units.a1!.routed).toBe(true)
    })

    it('SMR-RALLY-02: only a routed unit can be rallied', () => {
      const m = leaderGame([unit('a2', 'a', 'L', 22, 12.5)])
      expect(refusal(m, { type: 'rally', leaderId: 'aL', unitId: 'a2' })).toMatch(/^SMR-RALLY-0[12]$/)
    })

    it('SMR-RALLY-02: the leader has to reach the unit within his move (H foot: 3") — out of reach is refused', () => {
      const sc = smrScenario([unit('aL', 'a', 'H', 20, 10), unit('a1', 'a', 'L', 20, 15), unit('bL', 'b', 'H', 20, 40)])
      // centres 5" apart: touching needs 5 − 0.787 − 0.1 ≥ 4.1" of movement > 3"
      const m = withUnits(inStep(startSmr(sc), 'movement', 'a'), { a1: { routed: true, rallyTurn: 1, facingDeg: 0 } })
      expect(refusal(m, { type: 'rally', leaderId: 'aL', unitId: 'a1' })).toMatch(/^SMR-(RALLY-02|MOVE-04|MOVE-11)$/)
    })

    it('SMR-RALLY-02 / SMR-MISS-03: a leader who fired this turn may not move, so cannot reach a routed unit', () => {
      const sc = smrScenario([
        unit('aL', 'a', 'L', 20, 10, { weapon: 'bow' }),
        unit('a1', 'a', 'L', 20, 12.5),
        unit('bL', 'b', 'H', 20, 40),
      ])
      const m = withUnits(inStep(startSmr(sc), 'movement', 'a'), {
        aL: { firedTurn: 1 },
        a1: { routed: true, rallyTurn: 1, facingDeg: 0 },
      })
      expect(refusal(m, { type: 'rally', leaderId: 'aL', unitId: 'a1' })).toMatch(/^SMR-(MISS-03|MOVE-03)$/)
    })

    it('SMR-RALLY-02 / SMR-MOVE-07: a leader locked in melee may not move, so cannot reach a routed unit', () => {
      const m = leaderGame([unit('b9', 'b', 'L', 20, 10 - TOUCH)])
      expect(refusal(m, { type: 'rally', leaderId: 'aL', unitId: 'a1' })).toMatch(/^SMR-(MOVE-07|MOVE-03)$/)
    })

    it('SMR-RALLY-02 / SMR-MOVE-04: a leader who has already moved 2" (of 3") cannot then go 2.3" more to rally', () => {
      const mv = act(leaderGame(), { type: 'moveUnit', unitId: 'aL', path: [{ x: 22, z: 10 }] })
      expect(refusal(mv.m, { type: 'rally', leaderId: 'aL', unitId: 'a1' })).toMatch(/^SMR-(MOVE-04|RALLY-02)$/)
    })

    it('SMR-RALLY-02: the leader rallies during the Movement Event only (refused in Event 1)', () => {
      const m = inStep(leaderGame(), 'missiles', 'a')
      refusal(m, { type: 'rally', leaderId: 'aL', unitId: 'a1' })
    })

    it('SMR-RALLY-02/04: a killed leader cannot rally; the routed unit then rolls on its own in Event 4', () => {
      const m = withUnits(leaderGame(), { aL: { status: 'killed' } })
      refusal(m, { type: 'rally', leaderId: 'aL', unitId: 'a1' })
      const r = endBothMovements(loadDice(m, [5]))
      const rolls = rollsBy(rallyEventOf(r.events), 'a1')
      expect(rolls).toHaveLength(1)
      expect(rolls[0]!.faces).toEqual([5])
      expect(ofType(r.events, 'UnitRallied')).toEqual([{ type: 'UnitRallied', unitId: 'a1', leaderId: null }])
    })
  })

  describe('SMR-RALLY-03 / SMR-RALLY-05: rallying on its own (1D6)', () => {
    const cases: {
      label: string
      spec: Partial<UnitIn>
      cls: 'P' | 'L' | 'H' | 'XH'
      face: number
      rallies: boolean
      creatures?: boolean
    }[] = [
      // SMR-RALLY-03: 4, 5 or 6 for H and XH; 5 or 6 for L; 6 for P
      {
        label: 'SMR-RALLY-03 H infantry rolls 4 → rallies (SMR-RALLY-E01)',
        spec: {},
        cls: 'H',
        face: 4,
        rallies: true,
      },
      { label: 'SMR-RALLY-03 H infantry rolls 3 → removed', spec: {}, cls: 'H', face: 3, rallies: false },
      { label: 'SMR-RALLY-03 H infantry rolls 6 → rallies', spec: {}, cls: 'H', face: 6, rallies: true },
      { label: 'SMR-RALLY-03 XH infantry rolls 4 → rallies', spec: {}, cls: 'XH', face: 4, rallies: true },
      { label: 'SMR-RALLY-03 XH infantry rolls 3 → removed', spec: {}, cls: 'XH', face: 3, rallies: false },
      { label: 'SMR-RALLY-03 L infantry rolls 5 → rallies', spec: {}, cls: 'L', face: 5, rallies: true },
      {
        label: 'SMR-RALLY-03 L infantry rolls 4 → removed (SMR-RALLY-E01)',
        spec: {},
        cls: 'L',
        face: 4,
        rallies: false,
      },
      { label: 'SMR-RALLY-03 peasant rolls 6 → rallies (SMR-RALLY-E02)', spec: {}, cls: 'P', face: 6, rallies: true },
      { label: 'SMR-RALLY-03 peasant rolls 5 → removed (SMR-RALLY-E02)', spec: {}, cls: 'P', face: 5, rallies: false },
      { label: 'SMR-RALLY-03 peasant rolls 1 → removed', spec: {}, cls: 'P', face: 1, rallies: false },
      // SMR-RALLY-05: light cavalry as L, heavy cavalry as H, XHC as XH, archers by their class, lizard as H
      {
        label: 'SMR-RALLY-05 light cavalry rolls 5 → rallies',
        spec: { mount: 'horse' },
        cls: 'L',
        face: 5,
        rallies: true,
      },
      {
        label: 'SMR-RALLY-05 light cavalry rolls 4 → removed',
        spec: { mount: 'horse' },
        cls: 'L',
        face: 4,
        rallies: false,
      },
      {
        label: 'SMR-RALLY-05 heavy cavalry rolls 4 → rallies',
        spec: { mount: 'horse' },
        cls: 'H',
        face: 4,
        rallies: true,
      },
      {
        label: 'SMR-RALLY-05 heavy cavalry rolls 3 → removed',
        spec: { mount: 'horse' },
        cls: 'H',
        face: 3,
        rallies: false,
      },
      {
        label: 'SMR-RALLY-05 XHC rolls 4 → rallies',
        spec: { mount: 'armouredHorse' },
        cls: 'XH',
        face: 4,
        rallies: true,
      },
      {
        label: 'SMR-RALLY-05 XHC rolls 3 → removed',
        spec: { mount: 'armouredHorse' },
        cls: 'XH',
        face: 3,
        rallies: false,
      },
      {
        label: 'SMR-RALLY-05 peasant archer rolls 6 → rallies',
        spec: { weapon: 'bow' },
        cls: 'P',
        face: 6,
        rallies: true,
      },
      {
        label: 'SMR-RALLY-05 peasant archer rolls 5 → removed',
        spec: { weapon: 'bow' },
        cls: 'P',
        face: 5,
        rallies: false,
      },
      {
        label: 'SMR-RALLY-05 light slinger rolls 4 → removed',
        spec: { weapon: 'sling' },
        cls: 'L',
        face: 4,
        rallies: false,
      },
      {
        label: 'SMR-RALLY-05 heavy crossbowman rolls 4 → rallies',
        spec: { weapon: 'crossbow' },
        cls: 'H',
        face: 4,
        rallies: true,
      },
      {
        label: 'SMR-RALLY-05 heavy archer rolls 3 → removed',
        spec: { weapon: 'bow' },
        cls: 'H',
        face: 3,
        rallies: false,
      },
      {
        label: 'SMR-RALLY-05 / SMR-GH-01 giant lizard (as H) rolls 4 → rallies',
        spec: { creature: 'giantLizard' },
        cls: 'H',
        face: 4,
        rallies: true,
        creatures: true,
      },
      {
        label: 'SMR-RALLY-05 / SMR-GH-01 giant lizard (as H) rolls 3 → removed',
        spec: { creature: 'giantLizard' },
        cls: 'H',
        face: 3,
        rallies: false,
        creatures: true,
      },
    ]
    for (const c of cases) {
      it(`${c.label}`, () => {
        const m = routedGame(unit('a1', 'a', c.cls, 20, 20, c.spec), 1, {
          settings: { optional: { creatures: c.creatures ?? false } },
        })
        const r = endBothMovements(loadDice(m, [c.face]))
        const rally = rallyEventOf(r.events)
        const rolls = rollsBy(rally, 'a1')
        expect(rolls).toHaveLength(1)
        expect(rolls[0]!.faces).toEqual([c.face]) // 1D6
        const a1 = r.m.state.units.a1!
        if (c.rallies) {
          expect(ofType(rally, 'UnitRallied')).toEqual([{ type: 'UnitRallied', unitId: 'a1', leaderId: null }])
          expect(a1.status).toBe('ok')
          expect(a1.routed).toBe(false)
          // "turns to face the enemy": the only enemy is due south
          expect(a1.facingDeg).toBeCloseTo(180, 3)
        } else {
          expect(ofType(rally, 'UnitEliminated')).toEqual([
            { type: 'UnitEliminated', unitId: 'a1', reason: 'failedRally' },
          ])
          expect(a1.status).toBe('eliminated')
          expect(ofType(rally, 'UnitRallied')).toHaveLength(0)
        }
      })
    }

    it('SMR-RALLY-03: on a failure the unit is taken off the table at once (in the Rally Event itself)', () => {
      const m = routedGame(unit('a1', 'a', 'L', 20, 20), 1)
      const r = endBothMovements(loadDice(m, [4]))
      const i = r.events.findIndex((e) => e.type === 'UnitEliminated' && e.unitId === 'a1')
      const rallyAt = r.events.findIndex((e) => e.type === 'EventBegan' && e.event === 'rally')
      const endAt = r.events.findIndex((e) => e.type === 'TurnEnded')
      expect(rallyAt).toBeGreaterThanOrEqual(0)
      expect(i).toBeGreaterThan(rallyAt)
      expect(i).toBeLessThan(endAt)
      expect(r.m.state.units.a1!.status).toBe('eliminated')
    })

    it('SMR-RALLY-03 / SMR-SETUP-08: the rally rolls come before the end-of-game check — a side whose only unit rallies fights on', () => {
      const sc = smrScenario([unit('aL', 'a', 'H', 20, 20), unit('bL', 'b', 'H', 20, 40)])
      const m = withUnits(inStep(startSmr(sc), 'movement', 'a'), { aL: { routed: true, rallyTurn: 1, facingDeg: 0 } })
      const ok = endBothMovements(loadDice(m, [4]))
      expect(ofType(ok.events, 'UnitRallied')).toEqual([{ type: 'UnitRallied', unitId: 'aL', leaderId: null }])
      expect(ofType(ok.events, 'GameEnded')).toHaveLength(0)
      expect(ok.m.state.phase).toBe('turn')
      expect(ok.m.state.turn).toBe(2)
      const lost = endBothMovements(loadDice(m, [3]))
      expect(ofType(lost.events, 'UnitEliminated')).toEqual([
        { type: 'UnitEliminated', unitId: 'aL', reason: 'failedRally' },
      ])
      expect(ofType(lost.events, 'GameEnded')).toHaveLength(1)
      expect(ofType(lost.events, 'GameEnded')[0]!.winnerSideId).toBe('b')
    })

    it('SMR-RALLY-03: a unit that rallied on its own may move from the next turn', () => {
      const m = routedGame(unit('a1', 'a', 'H', 20, 20), 1)
      const r = endBothMovements(loadDice(m, [4]))
      expect(r.m.state.units.a1!.routed).toBe(false)
      const t2 = playUntil(r.m, moving('a', 2))
      const mv = act(t2.m, { type: 'moveUnit', unitId: 'a1', path: [{ x: 20, z: 22 }] })
      expect(ofType(mv.events, 'UnitMoved')[0]).toMatchObject({ unitId: 'a1', to: { x: 20, z: 22 } })
    })
  })

  describe('SMR-RALLY-04: self-rally timing (selfRallyTiming = afterNextMovement)', () => {
    it('SMR-RALLY-04 / SMR-RALLY-E03: two units routed by arrows in Event 1; the leader rallies one in Event 2; the other rolls in Event 4 of the same turn', () => {
      const sc = smrScenario([
        unit('aL', 'a', 'H', 20, 13),
        unit('a1', 'a', 'L', 20, 20),
        unit('a2', 'a', 'L', 30, 20),
        unit('bL', 'b', 'H', 5, 43),
        unit('b1', 'b', 'L', 20, 30, { weapon: 'bow' }),
        unit('b2', 'b', 'L', 30, 30, { weapon: 'bow' }),
      ])
      // bow vs L needs 10; natural 3 routs a Light target; then a2's rally roll 5 (L rallies on 5–6)
      const m = loadDice(inStep(startSmr(sc), 'missiles', 'a'), [1, 2, 1, 2, 5])
      const v = volley(
        m,
        [],
        [
          { unitId: 'b1', targetId: 'a1' },
          { unitId: 'b2', targetId: 'a2' },
        ],
      )
      const routs = ofType(v.events, 'UnitRouted')
      expect(routs.map((e) => [e.unitId, e.rallyTurn])).toEqual([
        ['a1', 1],
        ['a2', 1],
      ])
      expect(v.m.state.step).toBe('movement')
      expect(v.m.state.actingSide).toBe('a')
      const rl = act(v.m, { type: 'rally', leaderId: 'aL', unitId: 'a1' })
      expect(ofType(rl.events, 'UnitRallied')).toEqual([{ type: 'UnitRallied', unitId: 'a1', leaderId: 'aL' }])
      const r = endBothMovements(rl.m)
      const rally = rallyEventOf(r.events)
      expect(ofType(rally, 'DiceRolled').map((d) => d.figureId)).toEqual(['a2'])
      expect(ofType(rally, 'UnitRallied')).toEqual([{ type: 'UnitRallied', unitId: 'a2', leaderId: null }])
      expect(r.m.state.units.a2!.routed).toBe(false)
    })

    it('SMR-RALLY-04: routed in Event 3 → no roll in that turn’s Event 4; it rolls in Event 4 of the next turn', () => {
      const sc = smrScenario([
        unit('aL', 'a', 'H', 5, 5),
        unit('a1', 'a', 'L', 20, 20),
        unit('bL', 'b', 'H', 40, 43),
        unit('b1', 'b', 'L', 20, 20 + TOUCH),
      ])
      // a1 rolls 5 (miss, no rout); b1 rolls natural 3 → a1 (Light) routs
      const m = loadDice(inStep(startSmr(sc), 'movement', 'a'), [2, 3, 1, 2])
      const r = endBothMovements(m)
      const routed = ofType(r.events, 'UnitRouted').filter((e) => e.unitId === 'a1')
      expect(routed).toHaveLength(1)
      expect(routed[0]).toMatchObject({ cause: 'melee', rallyTurn: 2 })
      expect(rollsBy(rallyEventOf(r.events), 'a1')).toHaveLength(0)
      expect(r.m.state.units.a1!.routed).toBe(true)
      expect(r.m.state.turn).toBe(2)
      const t2 = playUntil(loadDice(r.m, [5]), turnOver(2))
      const rally = rallyEventOf(t2.events)
      expect(rollsBy(rally, 'a1').map((d) => d.faces)).toEqual([[5]])
      expect(ofType(rally, 'UnitRallied')).toEqual([{ type: 'UnitRallied', unitId: 'a1', leaderId: null }])
    })

    it('SMR-RALLY-04: "no leader present" includes a dead leader — killed in the same volley, the routed unit rolls in Event 4', () => {
      const sc = smrScenario([
        unit('aL', 'a', 'H', 44, 12),
        unit('a1', 'a', 'L', 20, 20),
        unit('bL', 'b', 'H', 5, 43),
        unit('b1', 'b', 'L', 44, 22, { weapon: 'bow' }),
        unit('b2', 'b', 'L', 20, 30, { weapon: 'bow' }),
      ])
      const m = loadDice(inStep(startSmr(sc), 'missiles', 'a'), [6, 6, 1, 2, 5])
      const v = volley(
        m,
        [],
        [
          { unitId: 'b1', targetId: 'aL' },
          { unitId: 'b2', targetId: 'a1' },
        ],
      )
      expect(v.m.state.units.aL!.status).toBe('killed')
      expect(v.m.state.units.a1!.routed).toBe(true)
      refusal(v.m, { type: 'rally', leaderId: 'aL', unitId: 'a1' })
      const r = endBothMovements(v.m)
      const rally = rallyEventOf(r.events)
      expect(rollsBy(rally, 'a1').map((d) => d.faces)).toEqual([[5]])
      expect(r.m.state.units.a1!.routed).toBe(false)
    })

    it('SMR-RALLY-04: a routed-again unit (SMR-ROUT-06) keeps its original roll time', () => {
      const sc = smrScenario([
        unit('aL', 'a', 'H', 5, 5),
        unit('a1', 'a', 'L', 20, 20),
        unit('bL', 'b', 'H', 40, 43),
        unit('b1', 'b', 'L', 20, 23),
      ])
      // turn 2; a1 routed in turn 1's Event 3, so it rolls in turn 2's Event 4
      let m = withUnits(inStep(startSmr(sc), 'movement', 'a', { turn: 2 }), {
        a1: { routed: true, rallyTurn: 2, facingDeg: 0 },
      })
      m = act(m, { type: 'endMovement', sideId: 'a' }).m
      m = act(m, { type: 'charge', unitId: 'b1', targetId: 'a1' }).m
      // b1 strikes a1 from behind: natural 4 + 4 = 8 < 9 (LI vs LI) → misses; a1 routs again; then rolls 5 → rallies
      const r = act(loadDice(m, [2, 2, 5]), { type: 'endMovement', sideId: 'b' })
      const b1Attack = attacksBy(r.events, 'b1')
      expect(b1Attack).toHaveLength(1)
      expect(b1Attack[0]).toMatchObject({ arc: 'rear', natural: 4, total: 8, killed: false })
      const again = ofType(r.events, 'UnitRouted').filter((e) => e.unitId === 'a1')
      expect(again).toHaveLength(1)
      expect(again[0]!.cause).toBe('again')
      // the roll is still made in this turn's (turn 2's) Rally Event, not the next one
      const rally = rallyEventOf(r.events)
      expect(rollsBy(rally, 'a1').map((d) => d.faces)).toEqual([[5]])
      expect(r.m.state.units.a1!.routed).toBe(false)
    })

    it('SMR-RALLY-04 / SMR-ROUT-04: a unit that routs off the table is eliminated and never rolls to rally', () => {
      const sc = smrScenario([
        unit('aL', 'a', 'H', 40, 5),
        unit('a1', 'a', 'L', 20, 2.5),
        unit('bL', 'b', 'H', 5, 43),
        unit('b1', 'b', 'L', 20, 12, { weapon: 'bow' }),
      ])
      const m = loadDice(inStep(startSmr(sc), 'missiles', 'a'), [1, 2, 6])
      const v = volley(m, [], [{ unitId: 'b1', targetId: 'a1' }])
      expect(ofType(v.events, 'UnitEliminated')).toEqual([{ type: 'UnitEliminated', unitId: 'a1', reason: 'offTable' }])
      expect(v.m.state.units.a1!.status).toBe('eliminated')
      const r = endBothMovements(v.m)
      expect(rollsBy(r.events, 'a1')).toHaveLength(0)
      expect(ofType(r.events, 'UnitRallied')).toHaveLength(0)
    })
  })

  it('§0.3 selfRallyTiming: the default is afterNextMovement (SMR-RALLY-04)', () => {
    expect(SmrSettingsSchema.parse({}).selfRallyTiming).toBe('afterNextMovement')
  })
})

// =============================================================================================
// §9 Optional rules

describe('§9 Optional and Hollywood rules', () => {
  it('§9 / SMR-SETUP-01: every optional rule is off by default', () => {
    expect(SmrSettingsSchema.parse({}).optional).toEqual({
      battleRage: false,
      noLeaderMorale: false,
      honouredLeader: false,
      standard: false,
      doorBashing: false,
      creatures: false,
    })
  })

  // -------------------------------------------------------------------------------------------
  describe('§9.1 Battle Rage', () => {
    /** a1 (LI) face-to-face with b1 (`b1Cls`, infantry); peasant b3 free, within 4" of a1. */
    function rageGame(
      on: boolean,
      opts: { b1Cls?: 'P' | 'L' | 'H' | 'XH'; b3At?: [number, number]; heroA1?: boolean } = {},
    ): SmrMatch {
      const [bx, bz] = opts.b3At ?? [24, 22]
      const sc = smrScenario(
        [
          unit('aL', 'a', 'H', 5, 5),
          unit('a1', 'a', 'L', 20, 20, opts.heroA1 ? { hero: true } : {}),
          unit('bL', 'b', 'H', 40, 43),
          unit('b1', 'b', opts.b1Cls ?? 'H', 20, 20 + TOUCH),
          unit('b3', 'b', 'P', bx, bz),
        ],
        { settings: { optional: { battleRage: on } } },
      )
      return inStep(startSmr(sc), 'movement', 'a')
    }

    it('SMR-OPT-01 (on): a natural 12 in melee earns a free move and another attack', () => {
      // a1 rolls 12 (kills b1); b1 (HI vs LI: 8) rolls 4 — no effect on a Light unit
      const r = endBothMovements(loadDice(rageGame(true), [6, 6, 1, 3]))
      expect(ofType(r.events, 'BonusGranted')).toEqual([
        { type: 'BonusGranted', unitId: 'a1', reason: 'rage', lastTargetId: 'b1' },
      ])
      expect(r.m.state.step).toBe('bonus')
      expect(r.m.state.pendingBonus).toEqual([{ unitId: 'a1', reason: 'rage', lastTargetId: 'b1' }])
    })

    it('SMR-OPT-01 (off): the same natural 12 earns nothing', () => {
      const r = endBothMovements(loadDice(rageGame(false), [6, 6, 1, 3]))
      expect(ofType(r.events, 'BonusGranted')).toHaveLength(0)
      expect(r.m.state.pendingBonus).toEqual([])
      expect(ofType(r.events, 'TurnEnded')).toHaveLength(1)
      expect(r.m.state.units.b3!.status).toBe('ok')
    })

    it('SMR-OPT-01: a natural 11 that kills earns no bonus (only a natural 12)', () => {
      // LI vs PI needs 8: 11 kills; b1 (PI vs LI: 10) rolls 5
      const r = endBothMovements(loadDice(rageGame(true, { b1Cls: 'P' }), [5, 6, 1, 4]))
      expect(attacksBy(r.events, 'a1')[0]).toMatchObject({ natural: 11, killed: true })
      expect(ofType(r.events, 'BonusGranted')).toHaveLength(0)
    })

    it('SMR-OPT-01: a natural 12 in missile fire earns no bonus (the rule is for melee)', () => {
      const sc = smrScenario(
        [
          unit('aL', 'a', 'H', 5, 5),
          unit('a1', 'a', 'L', 20, 20, { weapon: 'bow' }),
          unit('bL', 'b', 'H', 40, 43),
          unit('b1', 'b', 'H', 20, 28),
          unit('b3', 'b', 'P', 24, 30),
        ],
        { settings: { optional: { battleRage: true } } },
      )
      const m = loadDice(inStep(startSmr(sc), 'missiles', 'a'), [6, 6])
      const v = volley(m, [{ unitId: 'a1', targetId: 'b1' }], [])
      expect(v.m.state.units.b1!.status).toBe('killed')
      const rest = playUntil(v.m, turnOver(1))
      expect(ofType([...v.events, ...rest.events], 'BonusGranted')).toHaveLength(0)
    })

    it('SMR-OPT-01: figures of both sides that roll a natural 12 in the same Melee Event each earn a bonus', () => {
      const sc = smrScenario(
        [
          unit('aL', 'a', 'H', 5, 5),
          unit('a1', 'a', 'L', 20, 20),
          unit('a2', 'a', 'H', 30, 20, { weapon: 'bow' }),
          unit('bL', 'b', 'H', 40, 43),
          unit('b1', 'b', 'H', 20, 20 + TOUCH, { weapon: 'bow' }),
          unit('b2', 'b', 'L', 30, 20 + TOUCH),
        ],
        { settings: { optional: { battleRage: true } } },
      )
      // a2 and b1 fired this turn: only a1 and b2 roll, both natural 12
      const m = withUnits(inStep(startSmr(sc), 'movement', 'a'), { a2: { firedTurn: 1 }, b1: { firedTurn: 1 } })
      const r = endBothMovements(loadDice(m, [6, 6, 6, 6]))
      const granted = ofType(r.events, 'BonusGranted')
        .map((e) => [e.unitId, e.reason, e.lastTargetId])
        .sort()
      expect(granted).toEqual([
        ['a1', 'rage', 'b1'],
        ['b2', 'rage', 'a2'],
      ])
      expect(r.m.state.step).toBe('bonus')
    })

    it('SMR-OPT-E02 / SMR-OPT-02: the light infantryman moves to touch another peasant and attacks at +2: 7 + 2 = 9 ≥ 8 → KIA; no hero', () => {
      const r0 = endBothMovements(loadDice(rageGame(true), [6, 6, 1, 3]))
      const r = act(loadDice(r0.m, [3, 4]), { type: 'bonusAttack', unitId: 'a1', targetId: 'b3' })
      const bonus = ofType(r.events, 'AttackResolved').filter((a) => a.kind === 'bonus')
      expect(bonus).toHaveLength(1)
      expect(bonus[0]).toMatchObject({
        attackerId: 'a1',
        targetId: 'b3',
        needed: 8,
        natural: 7,
        total: 9,
        killed: true,
      })
      expect(ofType(r.events, 'UnitKilled')).toEqual([{ type: 'UnitKilled', unitId: 'b3', byId: 'a1', cause: 'bonus' }])
      expect(ofType(r.events, 'HeroMade')).toHaveLength(0)
      expect(r.m.state.units.a1!.hero).toBe(false)
      // the free move: up to a1's full allowance (4"), ending in contact with b3
      const moved = ofType(r.events, 'UnitMoved').filter((e) => e.unitId === 'a1')
      expect(moved.length).toBeGreaterThan(0)
      const total = moved.reduce((s, e) => s + e.distanceIn, 0)
      expect(total).toBeLessThanOrEqual(4 + EPS)
      expect(dist(r.m.state.units.a1!.position, { x: 24, z: 22 })).toBeLessThan(FOOT_IN * Math.SQRT2 + 0.1 + EPS)
    })

    it('SMR-OPT-02: the bonus attack is one-sided — the new target does not strike back', () => {
      const r0 = endBothMovements(loadDice(rageGame(true), [6, 6, 1, 3]))
      const r = act(loadDice(r0.m, [2, 3]), { type: 'bonusAttack', unitId: 'a1', targetId: 'b3' })
      expect(rollsBy(r.events, 'b3')).toHaveLength(0)
      expect(attacksBy(r.events, 'b3')).toHaveLength(0)
      expect(r.m.state.units.a1!.status).toBe('ok')
    })

    for (const [n1, n2, natural, killed] of [
      [3, 3, 6, true],
      [2, 3, 5, false],
    ] as const) {
      it(`SMR-OPT-02: bonus attack Table C + 2 — natural ${natural} + 2 = ${natural + 2} vs 8 → ${killed ? 'KIA' : 'no effect'}`, () => {
        const r0 = endBothMovements(loadDice(rageGame(true), [6, 6, 1, 3]))
        const r = act(loadDice(r0.m, [n1, n2]), { type: 'bonusAttack', unitId: 'a1', targetId: 'b3' })
        const bonus = ofType(r.events, 'AttackResolved').filter((a) => a.kind === 'bonus')
        expect(bonus).toHaveLength(1)
        expect(bonus[0]).toMatchObject({ needed: 8, natural, total: natural + 2, killed })
        expect(r.m.state.units.b3!.status).toBe(killed ? 'killed' : 'ok')
      })
    }

    it('SMR-OPT-02: the bonus attack adds the side bonus too — from the rear of a routed peasant: 5 + 2 + 4 = 11', () => {
      const sc = smrScenario(
        [
          unit('aL', 'a', 'H', 5, 5),
          unit('a1', 'a', 'L', 30, 18, { facingDeg: 0 }),
          unit('bL', 'b', 'H', 5, 43),
          unit('b1', 'b', 'L', 30, 18 - TOUCH, { weapon: 'bow', facingDeg: 180 }),
          unit('b3', 'b', 'P', 30, 21, { facingDeg: 180 }),
        ],
        { settings: { optional: { battleRage: true } } },
      )
      // b1 fired this turn (no melee roll, SMR-MISS-03); b3 is routed (no attacks), facing its own (south) edge
      const m = withUnits(inStep(startSmr(sc), 'movement', 'a'), {
        b1: { firedTurn: 1 },
        b3: { routed: true, rallyTurn: 2 },
      })
      const r0 = endBothMovements(loadDice(m, [6, 6]))
      expect(r0.m.state.units.b1!.status).toBe('killed')
      expect(r0.m.state.step).toBe('bonus')
      const r = act(loadDice(r0.m, [2, 3]), { type: 'bonusAttack', unitId: 'a1', targetId: 'b3' })
      const bonus = ofType(r.events, 'AttackResolved').filter((a) => a.kind === 'bonus')
      expect(bonus).toHaveLength(1)
      expect(bonus[0]).toMatchObject({ targetId: 'b3', arc: 'rear', needed: 8, natural: 5, total: 11, killed: true })
    })

    it('SMR-OPT-02: the bonus target must be reachable with the full allowance — a far enemy is refused (state unchanged), a near one taken', () => {
      const sc = smrScenario(
        [
          unit('aL', 'a', 'H', 5, 5),
          unit('a1', 'a', 'L', 20, 20),
          unit('bL', 'b', 'H', 40, 43),
          unit('b1', 'b', 'H', 20, 20 + TOUCH),
          unit('b3', 'b', 'P', 24, 22),
          unit('b4', 'b', 'P', 34, 22),
        ],
        { settings: { optional: { battleRage: true } } },
      )
      const r0 = endBothMovements(loadDice(inStep(startSmr(sc), 'movement', 'a'), [6, 6, 1, 3]))
      expect(r0.m.state.step).toBe('bonus')
      expect(refusal(r0.m, { type: 'bonusAttack', unitId: 'a1', targetId: 'b4' })).toMatch(/^SMR-(OPT-02|MOVE-04)$/)
      const r = act(loadDice(r0.m, [3, 4]), { type: 'bonusAttack', unitId: 'a1', targetId: 'b3' })
      expect(ofType(r.events, 'AttackResolved')[0]).toMatchObject({ kind: 'bonus', targetId: 'b3', killed: true })
    })

    it('SMR-OPT-02: the bonus must be against a new target — the one just attacked (here dead) is refused', () => {
      const r0 = endBothMovements(loadDice(rageGame(true), [6, 6, 1, 3]))
      refusal(r0.m, { type: 'bonusAttack', unitId: 'a1', targetId: 'b1' })
    })

    it('SMR-OPT-02: if no new target can be reached, the bonus is lost', () => {
      const r0 = endBothMovements(loadDice(rageGame(true, { b3At: [34, 22] }), [6, 6, 1, 3]))
      let m = r0.m
      const events: SmrEvent[] = [...r0.events]
      if (m.state.step === 'bonus') {
        refusal(m, { type: 'bonusAttack', unitId: 'a1', targetId: 'b3' })
        const f = act(m, { type: 'forgoBonus', unitId: 'a1' })
        expect(ofType(f.events, 'BonusEnded')).toEqual([{ type: 'BonusEnded', unitId: 'a1' }])
        events.push(...f.events)
        m = f.m
      }
      expect(ofType(events, 'AttackResolved').filter((a) => a.kind === 'bonus')).toHaveLength(0)
      expect(m.state.pendingBonus).toEqual([])
      expect(m.state.units.b3!.status).toBe('ok')
      expect(ofType(events, 'TurnEnded')).toHaveLength(1)
    })

    it('SMR-OPT-02: the bonus comes after the simultaneous results — a figure killed in the same exchange gets none', () => {
      // a1 rolls 12 and kills b1; b1 (HI vs LI: 8) rolls 8 and kills a1 too
      const r = endBothMovements(loadDice(rageGame(true), [6, 6, 4, 4]))
      expect(r.m.state.units.a1!.status).toBe('killed')
      expect(r.m.state.units.b1!.status).toBe('killed')
      expect(ofType(r.events, 'BonusGranted')).toHaveLength(0)
      expect(r.m.state.pendingBonus).toEqual([])
    })

    it('SMR-OPT-03: a natural 12 on the bonus attack too makes the figure a hero', () => {
      const r0 = endBothMovements(loadDice(rageGame(true), [6, 6, 1, 3]))
      const r = act(loadDice(r0.m, [6, 6]), { type: 'bonusAttack', unitId: 'a1', targetId: 'b3' })
      expect(ofType(r.events, 'HeroMade')).toEqual([{ type: 'HeroMade', unitId: 'a1' }])
      expect(r.m.state.units.a1!.hero).toBe(true)
      expect(r.m.state.units.b3!.status).toBe('killed')
      // the chain stops there: no further bonus in this Melee Event (SMR-OPT-04)
      expect(ofType(r.events, 'BonusGranted')).toHaveLength(0)
      expect(r.m.state.pendingBonus).toEqual([])
    })

    it('SMR-RALLY-04 / SMR-OPT-02: a unit routed by a bonus attack (Event 3) rolls to rally in the next turn, not this one', () => {
      const r0 = endBothMovements(loadDice(rageGame(true), [6, 6, 1, 3]))
      // natural 3 + 2 = 5 < 8: no kill, but a natural 3 routs a peasant
      const r = act(loadDice(r0.m, [1, 2, 6]), { type: 'bonusAttack', unitId: 'a1', targetId: 'b3' })
      const routed = ofType(r.events, 'UnitRouted').filter((e) => e.unitId === 'b3')
      expect(routed).toHaveLength(1)
      expect(routed[0]).toMatchObject({ rallyTurn: 2 })
      expect(rollsBy(rallyEventOf(r.events), 'b3')).toHaveLength(0)
      expect(r.m.state.units.b3!.routed).toBe(true)
      expect(r.m.state.units.b3!.status).toBe('ok')
    })

    it('SMR-OPT-02: the free move is a full allowance even for a figure that charged this turn', () => {
      const sc = smrScenario(
        [
          unit('aL', 'a', 'H', 5, 5),
          unit('a1', 'a', 'L', 20, 17.5),
          unit('bL', 'b', 'H', 40, 43),
          unit('b1', 'b', 'H', 20, 20 + TOUCH),
          unit('b3', 'b', 'P', 24, 22),
        ],
        { settings: { optional: { battleRage: true } } },
      )
      let m = inStep(startSmr(sc), 'movement', 'a')
      const c = act(m, { type: 'charge', unitId: 'a1', targetId: 'b1' })
      const charged = ofType(c.events, 'UnitMoved').filter((e) => e.unitId === 'a1')
      expect(charged.reduce((t, e) => t + e.distanceIn, 0)).toBeGreaterThan(2)
      m = c.m
      const r0 = endBothMovements(loadDice(m, [6, 6, 1, 3]))
      expect(r0.m.state.step).toBe('bonus')
      const r = act(loadDice(r0.m, [3, 4]), { type: 'bonusAttack', unitId: 'a1', targetId: 'b3' })
      expect(ofType(r.events, 'AttackResolved')[0]).toMatchObject({
        kind: 'bonus',
        targetId: 'b3',
        total: 9,
        killed: true,
      })
    })

    it('SMR-OPT-03: the hero keeps his +2 for the rest of the game (next turn: natural 8 + 2 = 10 vs HI → KIA)', () => {
      const r0 = endBothMovements(loadDice(rageGame(true), [6, 6, 1, 3]))
      const r1 = act(loadDice(r0.m, [6, 6]), { type: 'bonusAttack', unitId: 'a1', targetId: 'b3' })
      expect(r1.m.state.units.a1!.hero).toBe(true)
      const t1 = playUntil(r1.m, moving('b', 2))
      const a1 = t1.m.state.units.a1!
      // a fresh heavy infantryman is brought up 2.5" south of the hero and charges him
      const sc2 = t1.m
      const withB4 = {
        ...sc2,
        state: {
          ...sc2.state,
          units: {
            ...sc2.state.units,
            b4: {
              ...sc2.state.units.bL!,
              id: 'b4',
              name: 'b4',
              position: { x: a1.position.x, y: 0, z: a1.position.z + 2.5 },
              facingDeg: 0,
            },
          },
          unitOrder: [...sc2.state.unitOrder, 'b4'],
        },
      }
      const c = act(withB4, { type: 'charge', unitId: 'b4', targetId: 'a1' })
      const rest = playUntil(loadDice(c.m, [4, 4, 4, 4]), turnOver(2))
      expect(attacksBy(rest.events, 'a1')[0]).toMatchObject({
        targetId: 'b4',
        needed: 10,
        natural: 8,
        total: 10,
        killed: true,
      })
    })

    it('SMR-OPT-03: a natural 11 on the bonus attack makes no hero', () => {
      const r0 = endBothMovements(loadDice(rageGame(true), [6, 6, 1, 3]))
      const r = act(loadDice(r0.m, [5, 6]), { type: 'bonusAttack', unitId: 'a1', targetId: 'b3' })
      expect(ofType(r.events, 'HeroMade')).toHaveLength(0)
      expect(r.m.state.units.a1!.hero).toBe(false)
    })

    it('SMR-OPT-04: a hero has +2 on his melee attack rolls (LI vs HI needs 10: natural 8 + 2 = 10 → KIA)', () => {
      const m = withUnits(rageGame(true), { a1: { hero: true } })
      const r = endBothMovements(loadDice(m, [4, 4, 1, 3]))
      expect(attacksBy(r.events, 'a1')[0]).toMatchObject({
        kind: 'melee',
        needed: 10,
        natural: 8,
        total: 10,
        killed: true,
      })
      expect(r.m.state.units.b1!.status).toBe('killed')
    })

    it('SMR-OPT-04 (control): without hero status the same natural 8 is 8 < 10 → no effect', () => {
      const r = endBothMovements(loadDice(rageGame(true), [4, 4, 1, 3]))
      expect(attacksBy(r.events, 'a1')[0]).toMatchObject({
        kind: 'melee',
        needed: 10,
        natural: 8,
        total: 8,
        killed: false,
      })
    })

    it('SMR-OPT-04: a hero gets an extra move and +2 attack in every Melee Event, even without a 12; a 12 on it gives nothing more', () => {
      const m = withUnits(rageGame(true), { a1: { hero: true } })
      const r0 = endBothMovements(loadDice(m, [4, 4, 1, 3]))
      expect(ofType(r0.events, 'BonusGranted')).toEqual([
        { type: 'BonusGranted', unitId: 'a1', reason: 'hero', lastTargetId: 'b1' },
      ])
      expect(r0.m.state.step).toBe('bonus')
      const r = act(loadDice(r0.m, [6, 6]), { type: 'bonusAttack', unitId: 'a1', targetId: 'b3' })
      expect(ofType(r.events, 'AttackResolved')[0]).toMatchObject({
        kind: 'bonus',
        targetId: 'b3',
        natural: 12,
        killed: true,
      })
      expect(ofType(r.events, 'BonusGranted')).toHaveLength(0)
      expect(ofType(r.events, 'HeroMade')).toHaveLength(0)
      expect(r.m.state.pendingBonus).toEqual([])
      expect(r.m.state.step).not.toBe('bonus')
    })

    it('SMR-OPT-05: a hero from an earlier battle of the campaign (scenario flag) keeps his hero powers (+2)', () => {
      const m = rageGame(true, { heroA1: true })
      expect(m.state.units.a1!.hero).toBe(true)
      const r = endBothMovements(loadDice(m, [4, 4, 1, 3]))
      expect(attacksBy(r.events, 'a1')[0]).toMatchObject({ natural: 8, total: 10, killed: true })
    })
  })

  // -------------------------------------------------------------------------------------------
  describe('§9.2 No-Leader Morale Check', () => {
    /**
     * The a leader (a light archer that fired this turn: it makes no melee roll) is
     * face-to-face with b1 (HI, needs 7 vs LA); the other units stand apart.
     */
    function moraleGame(
      aOthers: UnitIn[],
      bOthers: UnitIn[],
      optional: { noLeaderMorale?: boolean; honouredLeader?: boolean } = { noLeaderMorale: true },
    ): SmrMatch {
      const sc = smrScenario(
        [
          unit('aL', 'a', 'L', 20, 20, { weapon: 'bow' }),
          ...aOthers,
          unit('bL', 'b', 'H', 5, 43),
          unit('b1', 'b', 'H', 20, 20 + TOUCH),
          ...bOthers,
        ],
        { settings: { optional } },
      )
      return withUnits(inStep(startSmr(sc), 'movement', 'a'), { aL: { firedTurn: 1 } })
    }
    const aTwo = [unit('a1', 'a', 'L', 30, 20), unit('a2', 'a', 'L', 36, 20)]
    const bThird = [unit('b2', 'b', 'H', 40, 43)]

    for (const [face, result] of [
      [1, 'retreat'],
      [3, 'retreat'],
      [4, 'steady'],
      [6, 'steady'],
    ] as const) {
      it(`SMR-OPT-10: leader killed, enemy 3 units > friends 2 → 1D6 = ${face} → ${result}`, () => {
        const r = endBothMovements(loadDice(moraleGame(aTwo, bThird), [6, 6, face]))
        expect(r.m.state.units.aL!.status).toBe('killed')
        const checks = ofType(r.events, 'MoraleResult')
        expect(checks).toEqual([{ type: 'MoraleResult', sideId: 'a', result }])
        const die = ofType(r.events, 'DiceRolled').filter((d) => d.faces.length === 1)
        expect(die.map((d) => d.faces)).toEqual([[face]])
        const routs = ofType(r.events, 'UnitRouted').filter((e) => e.cause === 'retreat')
        if (result === 'retreat') {
          expect(routs.map((e) => e.unitId).sort()).toEqual(['a1', 'a2'])
          expect(r.m.state.units.a1!.routed).toBe(true)
          expect(r.m.state.units.a2!.routed).toBe(true)
        } else {
          expect(routs).toHaveLength(0)
          expect(r.m.state.units.a1!.routed).toBe(false)
        }
      })
    }

    it('SMR-OPT-10 (off): without the toggle the leader’s death brings no check', () => {
      const r = endBothMovements(loadDice(moraleGame(aTwo, bThird, { noLeaderMorale: false }), [6, 6, 1]))
      expect(r.m.state.units.aL!.status).toBe('killed')
      expect(ofType(r.events, 'MoraleResult')).toHaveLength(0)
      expect(ofType(r.events, 'UnitRouted')).toHaveLength(0)
      expect(ofType(r.events, 'DiceRolled')).toHaveLength(1)
    })

    it('SMR-OPT-10: enemy numbers equal to the friends’ (2 vs 2) → no check', () => {
      const r = endBothMovements(loadDice(moraleGame(aTwo, []), [6, 6, 1]))
      expect(r.m.state.units.aL!.status).toBe('killed')
      expect(ofType(r.events, 'MoraleResult')).toHaveLength(0)
      expect(ofType(r.events, 'UnitRouted')).toHaveLength(0)
    })

    it('SMR-OPT-10: only the leader’s death brings the check — another unit killed does not', () => {
      const sc = smrScenario(
        [
          unit('aL', 'a', 'H', 5, 5),
          unit('a1', 'a', 'L', 20, 20, { weapon: 'bow' }),
          unit('bL', 'b', 'H', 5, 43),
          unit('b1', 'b', 'H', 20, 20 + TOUCH),
          unit('b2', 'b', 'H', 40, 43),
        ],
        { settings: { optional: { noLeaderMorale: true } } },
      )
      const m = withUnits(inStep(startSmr(sc), 'movement', 'a'), { a1: { firedTurn: 1 } })
      const r = endBothMovements(loadDice(m, [6, 6, 1]))
      expect(r.m.state.units.a1!.status).toBe('killed')
      expect(ofType(r.events, 'MoraleResult')).toHaveLength(0)
    })

    it('SMR-OPT-10: a leader killed by a Battle Rage bonus attack brings the check too', () => {
      const sc = smrScenario(
        [
          unit('aL', 'a', 'H', 23, 21),
          unit('a1', 'a', 'L', 20, 20, { weapon: 'bow' }),
          unit('a2', 'a', 'L', 40, 14),
          unit('bL', 'b', 'H', 5, 43),
          unit('b1', 'b', 'H', 20, 20 + TOUCH),
          unit('b2', 'b', 'H', 40, 43),
        ],
        { settings: { optional: { noLeaderMorale: true, battleRage: true } } },
      )
      const m = withUnits(inStep(startSmr(sc), 'movement', 'a'), { a1: { firedTurn: 1 } })
      // b1 rolls 12 (kills a1: a light archer that fired and makes no roll), then its bonus kills the leader
      const r0 = endBothMovements(loadDice(m, [6, 6]))
      expect(r0.m.state.units.a1!.status).toBe('killed')
      expect(r0.m.state.step).toBe('bonus')
      // HI vs HI needs 9: 11 + 2 kills; then morale 1D6 = 2 (a: 1 unit < b: 3)
      const r = act(loadDice(r0.m, [5, 6, 2]), { type: 'bonusAttack', unitId: 'b1', targetId: 'aL' })
      expect(r.m.state.units.aL!.status).toBe('killed')
      expect(ofType(r.events, 'MoraleResult')).toEqual([{ type: 'MoraleResult', sideId: 'a', result: 'retreat' }])
      expect(
        ofType(r.events, 'UnitRouted')
          .filter((e) => e.cause === 'retreat')
          .map((e) => e.unitId),
      ).toEqual(['a2'])
    })

    it('SMR-OPT-E10: the leader dies; enemy 8 units, friends 6; roll 2 → all 6 friendly units rout', () => {
      const aSix = [8, 14, 20, 26, 32, 38].map((x, i) => unit(`a${i + 1}`, 'a', 'L', x, 20))
      const bUnits = [
        unit('bL', 'b', 'H', 4, 43),
        unit('b1', 'b', 'L', 44, 22, { weapon: 'bow' }),
        ...[10, 16, 22, 28, 34, 40].map((x, i) => unit(`b${i + 2}`, 'b', 'H', x, 43)),
      ]
      const sc = smrScenario([unit('aL', 'a', 'H', 44, 12), ...aSix, ...bUnits], {
        settings: { optional: { noLeaderMorale: true } },
      })
      // bow vs H needs 11: natural 12 kills the leader (Event 1); morale 1D6 = 2
      const m = loadDice(inStep(startSmr(sc), 'missiles', 'a'), [6, 6, 2])
      const v = volley(m, [], [{ unitId: 'b1', targetId: 'aL' }])
      expect(v.m.state.units.aL!.status).toBe('killed')
      expect(ofType(v.events, 'MoraleResult')).toEqual([{ type: 'MoraleResult', sideId: 'a', result: 'retreat' }])
      const routs = ofType(v.events, 'UnitRouted').filter((e) => e.cause === 'retreat')
      expect(routs.map((e) => e.unitId).sort()).toEqual(['a1', 'a2', 'a3', 'a4', 'a5', 'a6'])
      for (const id of ['a1', 'a2', 'a3', 'a4', 'a5', 'a6']) expect(v.m.state.units[id]!.routed).toBe(true)
    })

    it('SMR-OPT-E10: the leader dies with enemy 6 and friends 6 → no check', () => {
      const aSix = [8, 14, 20, 26, 32, 38].map((x, i) => unit(`a${i + 1}`, 'a', 'L', x, 20))
      const bUnits = [
        unit('bL', 'b', 'H', 4, 43),
        unit('b1', 'b', 'L', 44, 22, { weapon: 'bow' }),
        ...[10, 16, 22, 28].map((x, i) => unit(`b${i + 2}`, 'b', 'H', x, 43)),
      ]
      const sc = smrScenario([unit('aL', 'a', 'H', 44, 12), ...aSix, ...bUnits], {
        settings: { optional: { noLeaderMorale: true } },
      })
      const m = loadDice(inStep(startSmr(sc), 'missiles', 'a'), [6, 6, 2])
      const v = volley(m, [], [{ unitId: 'b1', targetId: 'aL' }])
      expect(v.m.state.units.aL!.status).toBe('killed')
      expect(ofType(v.events, 'MoraleResult')).toHaveLength(0)
      expect(ofType(v.events, 'UnitRouted')).toHaveLength(0)
    })

    it('SMR-OPT-10/11: the check is rolled immediately, in the event the leader died (Event 1), and the fled units roll to rally in that turn’s Event 4', () => {
      const sc = smrScenario(
        [
          unit('aL', 'a', 'H', 44, 12),
          unit('a1', 'a', 'L', 20, 20),
          unit('a2', 'a', 'L', 30, 20),
          unit('bL', 'b', 'H', 5, 43),
          unit('b1', 'b', 'L', 44, 22, { weapon: 'bow' }),
          unit('b2', 'b', 'H', 40, 43),
        ],
        { settings: { optional: { noLeaderMorale: true } } },
      )
      // leader shot dead (12); morale 2 → retreat; Event 4: a1 rolls 5 (rallies), a2 rolls 4 (removed)
      const m = loadDice(inStep(startSmr(sc), 'missiles', 'a'), [6, 6, 2, 5, 4])
      const v = volley(m, [], [{ unitId: 'b1', targetId: 'aL' }])
      expect(ofType(v.events, 'MoraleResult')).toEqual([{ type: 'MoraleResult', sideId: 'a', result: 'retreat' }])
      const routs = ofType(v.events, 'UnitRouted').filter((e) => e.cause === 'retreat')
      expect(routs.map((e) => [e.unitId, e.rallyTurn])).toEqual([
        ['a1', 1],
        ['a2', 1],
      ])
      const r = endBothMovements(v.m)
      const rally = rallyEventOf(r.events)
      expect(rollsBy(rally, 'a1').map((d) => d.faces)).toEqual([[5]])
      expect(rollsBy(rally, 'a2').map((d) => d.faces)).toEqual([[4]])
      expect(r.m.state.units.a1!.routed).toBe(false)
      expect(r.m.state.units.a2!.status).toBe('eliminated')
    })

    it('SMR-OPT-11: units fled in Event 3 follow the normal rally timing — they roll in Event 4 of the next turn', () => {
      const r = endBothMovements(loadDice(moraleGame(aTwo, bThird), [6, 6, 2]))
      const routs = ofType(r.events, 'UnitRouted').filter((e) => e.cause === 'retreat')
      expect(routs.map((e) => [e.unitId, e.rallyTurn])).toEqual([
        ['a1', 2],
        ['a2', 2],
      ])
      expect(ofType(rallyEventOf(r.events), 'DiceRolled')).toHaveLength(0)
    })

    it('SMR-OPT-11: "flee" = every unit of the side routs, one locked in melee included, during the Melee Event itself', () => {
      // a3 (a light archer that fired: no roll) is face-to-face with b3 (rolls 5: no effect)
      const m0 = moraleGame(
        [unit('a1', 'a', 'L', 36, 20), unit('a3', 'a', 'L', 30, 20, { weapon: 'bow' })],
        [unit('b3', 'b', 'H', 30, 20 + TOUCH)],
      )
      const m = withUnits(m0, { a3: { firedTurn: 1 } })
      const r = endBothMovements(loadDice(m, [6, 6, 1, 4, 2]))
      expect(ofType(r.events, 'MoraleResult')).toEqual([{ type: 'MoraleResult', sideId: 'a', result: 'retreat' }])
      const fled = ofType(r.events, 'UnitRouted').filter((e) => e.cause === 'retreat')
      expect(fled.map((e) => e.unitId).sort()).toEqual(['a1', 'a3'])
      expect(r.m.state.units.a3!.routed).toBe(true)
      const iCheck = r.events.findIndex((e) => e.type === 'MoraleResult')
      const iRally = r.events.findIndex((e) => e.type === 'EventBegan' && e.event === 'rally')
      const iMelee = r.events.findIndex((e) => e.type === 'EventBegan' && e.event === 'melee')
      expect(iCheck).toBeGreaterThan(iMelee)
      expect(iCheck).toBeLessThan(iRally)
    })

    it('SMR-OPT-11: units are counted after the removals of the event — leader and another killed: friends 2 < enemy 3 → check', () => {
      // before the removals side a has 4 units (not fewer than 3); after them it has 2
      const m0 = moraleGame(
        [unit('a1', 'a', 'L', 30, 20, { weapon: 'bow' }), unit('a2', 'a', 'L', 8, 14), unit('a3', 'a', 'L', 40, 14)],
        [unit('b2', 'b', 'H', 30, 20 + TOUCH)],
      )
      const m = withUnits(m0, { a1: { firedTurn: 1 } })
      const r = endBothMovements(loadDice(m, [6, 6, 6, 6, 1]))
      expect(r.m.state.units.aL!.status).toBe('killed')
      expect(r.m.state.units.a1!.status).toBe('killed')
      expect(ofType(r.events, 'MoraleResult')).toEqual([{ type: 'MoraleResult', sideId: 'a', result: 'retreat' }])
      expect(
        ofType(r.events, 'UnitRouted')
          .filter((e) => e.cause === 'retreat')
          .map((e) => e.unitId)
          .sort(),
      ).toEqual(['a2', 'a3'])
    })

    it('SMR-OPT-11: routed units still on the table count — friends 2 (both routed) vs enemy 2 → no check', () => {
      const m0 = moraleGame([unit('a1', 'a', 'L', 30, 14), unit('a2', 'a', 'L', 36, 14)], [])
      const m = withUnits(m0, {
        a1: { routed: true, rallyTurn: 2, facingDeg: 0 },
        a2: { routed: true, rallyTurn: 2, facingDeg: 0 },
      })
      const r = endBothMovements(loadDice(m, [6, 6, 1]))
      expect(r.m.state.units.aL!.status).toBe('killed')
      expect(ofType(r.events, 'MoraleResult')).toHaveLength(0)
    })

    describe('SMR-OPT-12: honoured leader (sub-toggle honouredLeader)', () => {
      /** aL (fired archer) dies to b1 in turn 1; a1 and b2 stand 2" apart and meet in turn 2. */
      function honourGame(honouredLeader: boolean): SmrMatch {
        return moraleGame([unit('a1', 'a', 'L', 30, 20)], [unit('b2', 'b', 'L', 30, 22)], {
          noLeaderMorale: true,
          honouredLeader,
        })
      }
      /** Turn 2: b2 charges a1; both roll natural 8 (LI vs LI needs 9). */
      function turnTwo(m: SmrMatch): Run {
        const t = playUntil(m, moving('b', 2))
        const c = act(t.m, { type: 'charge', unitId: 'b2', targetId: 'a1' })
        const rest = playUntil(loadDice(c.m, [4, 4, 4, 4]), turnOver(2))
        return { m: rest.m, events: [...t.events, ...c.events, ...rest.events] }
      }

      it('SMR-OPT-12 (on): on a 4 the side fights harder: +1 on its melee rolls for the rest of the game (8 + 1 = 9 ≥ 9 → KIA)', () => {
        const r = endBothMovements(loadDice(honourGame(true), [6, 6, 4]))
        expect(ofType(r.events, 'MoraleResult')).toEqual([{ type: 'MoraleResult', sideId: 'a', result: 'honoured' }])
        expect(r.m.state.honoured).toEqual(['a'])
        const t2 = turnTwo(r.m)
        expect(attacksBy(t2.events, 'a1')[0]).toMatchObject({
          targetId: 'b2',
          needed: 9,
          natural: 8,
          total: 9,
          killed: true,
        })
        // the enemy does not get it
        expect(attacksBy(t2.events, 'b2')[0]).toMatchObject({
          targetId: 'a1',
          needed: 9,
          natural: 8,
          total: 8,
          killed: false,
        })
      })

      it('SMR-OPT-12 (off): on a 4 the side is merely steady — no +1 (8 < 9)', () => {
        const r = endBothMovements(loadDice(honourGame(false), [6, 6, 4]))
        expect(ofType(r.events, 'MoraleResult')).toEqual([{ type: 'MoraleResult', sideId: 'a', result: 'steady' }])
        expect(r.m.state.honoured).toEqual([])
        const t2 = turnTwo(r.m)
        expect(attacksBy(t2.events, 'a1')[0]).toMatchObject({ natural: 8, total: 8, killed: false })
      })

      it('SMR-OPT-12 (on): a 1–3 still means a general retreat', () => {
        const r = endBothMovements(loadDice(honourGame(true), [6, 6, 3]))
        expect(ofType(r.events, 'MoraleResult')).toEqual([{ type: 'MoraleResult', sideId: 'a', result: 'retreat' }])
        expect(r.m.state.honoured).toEqual([])
        expect(r.m.state.units.a1!.routed).toBe(true)
      })
    })
  })

  // -------------------------------------------------------------------------------------------
  describe('§9.3 The Standard', () => {
    /** a1 (Light) at (20,20) is shot by b1 (bow, due south) for a natural 3: it routs. */
    function standardGame(
      on: boolean,
      bearerAt: [number, number],
      extra: Partial<SmrScenarioInput> = {},
      more: UnitIn[] = [],
    ): SmrMatch {
      const sc = smrScenario(
        [
          unit('aL', 'a', 'H', 5, 5),
          unit('a1', 'a', 'L', 20, 20),
          unit('a2', 'a', 'L', bearerAt[0], bearerAt[1]),
          ...more,
          unit('bL', 'b', 'H', 5, 43),
          unit('b1', 'b', 'L', 20, 30, { weapon: 'bow' }),
        ],
        { sides: sidesWith('a2'), settings: { optional: { standard: on } }, ...extra },
      )
      return inStep(startSmr(sc), 'missiles', 'a')
    }
    const shoot = (m: SmrMatch, faces: number[] = [1, 2]) =>
      volley(loadDice(m, faces), [], [{ unitId: 'b1', targetId: 'a1' }])
    const routMove = (events: readonly SmrEvent[]) =>
      ofType(events, 'UnitMoved').filter((e) => e.unitId === 'a1' && e.reason === 'rout')

    it('SMR-OPT-20 (on): a routing unit runs its full move toward the standard bearer, not the table edge', () => {
      const v = shoot(standardGame(true, [30, 20]))
      const mv = routMove(v.events)
      expect(mv).toHaveLength(1)
      expect(mv[0]!.distanceIn).toBeCloseTo(4, 6)
      expect(mv[0]!.to.x).toBeCloseTo(24, 6)
      expect(mv[0]!.to.z).toBeCloseTo(20, 6)
    })

    it('SMR-OPT-20 (off): with the toggle off the same unit routs straight to its own (north) edge', () => {
      const v = shoot(standardGame(false, [30, 20]))
      const mv = routMove(v.events)
      expect(mv).toHaveLength(1)
      expect(mv[0]!.to.x).toBeCloseTo(20, 6)
      expect(mv[0]!.to.z).toBeCloseTo(16, 6)
    })

    it('SMR-OPT-21: the routing unit stops early when it touches the bearer', () => {
      const v = shoot(standardGame(true, [22, 20]))
      const a1 = v.m.state.units.a1!
      expect(a1.position.z).toBeCloseTo(20, 6)
      const gap = 22 - a1.position.x - FOOT_IN
      expect(gap).toBeGreaterThanOrEqual(-EPS)
      expect(gap).toBeLessThanOrEqual(0.1 + EPS)
      expect(routMove(v.events)[0]!.distanceIn).toBeLessThan(4)
    })

    it('SMR-OPT-21: with the bearer dead the normal edge-ward rout applies', () => {
      const m = withUnits(standardGame(true, [30, 20]), { a2: { status: 'killed' } })
      const v = shoot(m)
      const mv = routMove(v.events)
      expect(mv[0]!.to.x).toBeCloseTo(20, 6)
      expect(mv[0]!.to.z).toBeCloseTo(16, 6)
    })

    it('SMR-OPT-21: with every path to the bearer blocked (within 45°) the normal edge-ward rout applies', () => {
      // a building wall 0.106" east of a1, 20" long, between it and the bearer
      const v = shoot(
        standardGame(true, [30, 20], {
          buildings: [{ id: 'barn', x: 20.5, z: 10, widthIn: 5.5, depthIn: 18 }],
        }),
      )
      const mv = routMove(v.events)
      expect(mv).toHaveLength(1)
      expect(mv[0]!.to.x).toBeCloseTo(20, 6)
      expect(mv[0]!.to.z).toBeCloseTo(16, 6)
      expect(v.m.state.units.a1!.status).toBe('ok')
    })

    it('SMR-OPT-21: a single unit in the way is passed by deviating (≤ 45°) toward the bearer (SMR-ROUT-04 deviation included)', () => {
      const v = shoot(standardGame(true, [30, 20], {}, [unit('a3', 'a', 'L', 23, 20)]))
      const a1 = v.m.state.units.a1!
      expect(a1.status).toBe('ok')
      const dx = a1.position.x - 20
      const dz = a1.position.z - 20
      // still heading east (toward the bearer), within 45° of the line to it
      expect(dx).toBeGreaterThan(0)
      expect(Math.abs(dz)).toBeLessThanOrEqual(dx + EPS)
    })

    it('SMR-OPT-21: the standard has no effect on rallying — touching the bearer, a Light unit still needs 5 (rolls 4 → removed)', () => {
      const v = shoot(standardGame(true, [22, 20]), [1, 2, 4])
      const r = endBothMovements(v.m)
      const rally = rallyEventOf(r.events)
      expect(rollsBy(rally, 'a1').map((d) => d.faces)).toEqual([[4]])
      expect(ofType(rally, 'UnitEliminated')).toEqual([{ type: 'UnitEliminated', unitId: 'a1', reason: 'failedRally' }])
    })
  })

  // -------------------------------------------------------------------------------------------
  describe('§9.4 Bashing down doors', () => {
    const DOOR_Z = 24 + FOOT_IN / 2 + 0.05
    /** A 6"×4" keep (NW corner 20,20) with door d1 in its south wall, centred at x = 23; b1 stands at it. */
    function doorGame(
      kind: 'smallKeep' | 'cottage' | 'mediumKeep',
      opts: { on?: boolean; doorWidth?: number; b1?: Partial<UnitIn>; more?: UnitIn[]; b1At?: [number, number] } = {},
    ): SmrMatch {
      const [x, z] = opts.b1At ?? [23, DOOR_Z]
      const sc = smrScenario(
        [
          unit('aL', 'a', 'H', 5, 5),
          unit('bL', 'b', 'H', 40, 43),
          unit('b1', 'b', 'L', x, z, { axe: true, ...opts.b1 }),
          ...(opts.more ?? []),
        ],
        {
          buildings: [
            {
              id: 'keep',
              x: 20,
              z: 20,
              widthIn: 6,
              depthIn: 4,
              doors: [{ id: 'd1', wall: 'south', offsetIn: 3, widthIn: opts.doorWidth ?? 1.6 }],
            },
          ],
          doorKinds: { d1: kind },
          settings: { optional: { doorBashing: opts.on ?? true } },
        },
      )
      return inStep(startSmr(sc), 'movement', 'b', { firstSide: 'b' })
    }

    /** Plays to side b's Movement Event of turn `t`, sets `ids` bashing d1 with dice `faces`, and plays to the turn's end. */
    function bashTurn(m: SmrMatch, t: number, faces: number[], ids: string[] = ['b1']): Run {
      const pre = playUntil(m, moving('b', t))
      let cur = loadDice(pre.m, faces)
      const events: SmrEvent[] = [...pre.events]
      for (const id of ids) {
        const r = act(cur, { type: 'bashDoor', unitId: id, doorId: 'd1' })
        events.push(...r.events)
        cur = r.m
      }
      const rest = playUntil(cur, turnOver(t))
      return { m: rest.m, events: [...events, ...rest.events] }
    }

    it('SMR-OPT-E30 / SMR-OPT-30: an axeman bashes a small keep door over four turns rolling 10, 7, 11, 12 → breaks on turn 4', () => {
      let m = doorGame('smallKeep')
      const seen: { success: boolean; successes: number; broken: boolean }[] = []
      const faces = [
        [4, 6],
        [3, 4],
        [5, 6],
        [6, 6],
      ]
      for (let t = 1; t <= 4; t++) {
        const r = bashTurn(m, t, faces[t - 1]!)
        const b = ofType(r.events, 'DoorBashed')
        expect(b).toHaveLength(1)
        const roll = rollsBy(r.events, 'b1')
        expect(roll).toHaveLength(1)
        expect(roll[0]!.target).toBe(10)
        seen.push({ success: b[0]!.success, successes: b[0]!.successes, broken: b[0]!.broken })
        m = r.m
        if (t < 4) expect(m.state.doors.d1!.state).toBe('closed')
      }
      expect(seen).toEqual([
        { success: true, successes: 1, broken: false },
        { success: false, successes: 1, broken: false },
        { success: true, successes: 2, broken: false },
        { success: true, successes: 3, broken: true },
      ])
      expect(m.state.doors.d1).toEqual({ state: 'broken', successes: 3 })
    })

    it('SMR-OPT-30: when the count is reached the door is open (passable); before, the doorway is shut', () => {
      const m0 = doorGame('cottage')
      refusal(m0, { type: 'moveUnit', unitId: 'b1', path: [{ x: 23, z: 22 }] })
      const r = bashTurn(m0, 1, [4, 4])
      expect(r.m.state.doors.d1!.state).toBe('broken')
      const t2 = playUntil(r.m, moving('b', 2))
      const mv = act(t2.m, { type: 'moveUnit', unitId: 'b1', path: [{ x: 23, z: 22 }] })
      expect(ofType(mv.events, 'UnitMoved')[0]).toMatchObject({ unitId: 'b1', to: { x: 23, z: 22 } })
    })

    it('SMR-OPT-30: once broken the door is open — bashing it again is refused', () => {
      const r = bashTurn(doorGame('cottage'), 1, [4, 4])
      expect(r.m.state.doors.d1!.state).toBe('broken')
      const t2 = playUntil(r.m, moving('b', 2))
      expect(refusal(t2.m, { type: 'bashDoor', unitId: 'b1', doorId: 'd1' })).toBe('SMR-OPT-30')
    })

    it('SMR-OPT-30: a unit may move up to the door and set to work on it in the same turn', () => {
      const m = doorGame('cottage', { b1At: [23, 26] })
      const mv = act(m, { type: 'moveUnit', unitId: 'b1', path: [{ x: 23, z: DOOR_Z }] })
      const b = act(loadDice(mv.m, [4, 4]), { type: 'bashDoor', unitId: 'b1', doorId: 'd1' })
      const rest = playUntil(b.m, turnOver(1))
      expect(ofType(rest.events, 'DoorBashed')).toEqual([
        { type: 'DoorBashed', doorId: 'd1', unitId: 'b1', success: true, successes: 1, broken: true },
      ])
    })

    it('SMR-OPT-30: the attempt is made in Event 3 (between the start of the Melee Event and the Rally Event)', () => {
      const r = bashTurn(doorGame('smallKeep'), 1, [4, 6])
      const iMelee = r.events.findIndex((e) => e.type === 'EventBegan' && e.event === 'melee')
      const iBash = r.events.findIndex((e) => e.type === 'DoorBashed')
      const iRally = r.events.findIndex((e) => e.type === 'EventBegan' && e.event === 'rally')
      expect(iMelee).toBeGreaterThanOrEqual(0)
      expect(iBash).toBeGreaterThan(iMelee)
      expect(iBash).toBeLessThan(iRally)
    })

    for (const [kind, n1, n2, success, broken, target] of [
      ['smallKeep', 4, 6, true, false, 10],
      ['smallKeep', 4, 5, false, false, 10],
      ['mediumKeep', 4, 4, true, false, 8],
      ['mediumKeep', 3, 4, false, false, 8],
      ['cottage', 4, 4, true, true, 8],
      ['cottage', 3, 4, false, false, 8],
    ] as const) {
      it(`SMR-OPT-30/31: ${kind} door, roll ${n1 + n2} → ${success ? 'success' : 'failure'}${broken ? ', door broken (1 needed)' : ''}`, () => {
        const r = bashTurn(doorGame(kind), 1, [n1, n2])
        const b = ofType(r.events, 'DoorBashed')
        expect(b).toEqual([
          { type: 'DoorBashed', doorId: 'd1', unitId: 'b1', success, successes: success ? 1 : 0, broken },
        ])
        expect(rollsBy(r.events, 'b1')[0]!.target).toBe(target)
        expect(r.m.state.doors.d1).toEqual({ state: broken ? 'broken' : 'closed', successes: success ? 1 : 0 })
      })
    }

    it('SMR-OPT-31: the medium keep door needs 3 successes at 8+ — two turns of 8 leave it shut, the third breaks it', () => {
      let m = doorGame('mediumKeep')
      const counts: number[] = []
      for (let t = 1; t <= 3; t++) {
        const r = bashTurn(m, t, [4, 4])
        counts.push(ofType(r.events, 'DoorBashed')[0]!.successes)
        m = r.m
      }
      expect(counts).toEqual([1, 2, 3])
      expect(m.state.doors.d1!.state).toBe('broken')
    })

    it('SMR-OPT-30: successes add up across units and turns (two axemen at a medium keep door: 2, then 3 → broken)', () => {
      const m = doorGame('mediumKeep', {
        doorWidth: 3,
        b1At: [22.5, DOOR_Z],
        more: [unit('b2', 'b', 'L', 23.5, DOOR_Z, { axe: true })],
      })
      const t1 = bashTurn(m, 1, [4, 4, 4, 4], ['b1', 'b2'])
      const b = ofType(t1.events, 'DoorBashed')
      expect(b.map((e) => e.success)).toEqual([true, true])
      expect(t1.m.state.doors.d1).toEqual({ state: 'closed', successes: 2 })
      const t2 = bashTurn(t1.m, 2, [4, 4], ['b2'])
      expect(ofType(t2.events, 'DoorBashed')).toEqual([
        { type: 'DoorBashed', doorId: 'd1', unitId: 'b2', success: true, successes: 3, broken: true },
      ])
      expect(t2.m.state.doors.d1!.state).toBe('broken')
    })

    it('SMR-OPT-30: one attempt per unit per turn', () => {
      const m = loadDice(doorGame('mediumKeep'), [4, 4, 4, 4])
      let cur = act(m, { type: 'bashDoor', unitId: 'b1', doorId: 'd1' }).m
      try {
        cur = act(cur, { type: 'bashDoor', unitId: 'b1', doorId: 'd1' }).m
      } catch {
        // refusing the second order is as good as ignoring it
      }
      const rest = playUntil(cur, turnOver(1))
      expect(ofType(rest.events, 'DoorBashed')).toHaveLength(1)
      expect(rest.m.state.doors.d1!.successes).toBe(1)
    })

    it('SMR-OPT-30 (off): without the doorBashing toggle the order is refused, state unchanged', () => {
      expect(refusal(doorGame('cottage', { on: false }), { type: 'bashDoor', unitId: 'b1', doorId: 'd1' })).toMatch(
        /^SMR-(OPT-30|SETUP-01)$/,
      )
    })

    it('SMR-OPT-30: a unit not touching the door is refused', () => {
      expect(refusal(doorGame('cottage', { b1At: [23, 27] }), { type: 'bashDoor', unitId: 'b1', doorId: 'd1' })).toBe(
        'SMR-OPT-30',
      )
    })

    it('SMR-OPT-30: a routed unit is refused', () => {
      const m = withUnits(doorGame('cottage'), { b1: { routed: true, rallyTurn: 2 } })
      expect(refusal(m, { type: 'bashDoor', unitId: 'b1', doorId: 'd1' })).toMatch(/^SMR-(OPT-30|MOVE-08|ROUT-05)$/)
    })

    it('SMR-OPT-30: a unit that fired this turn is refused', () => {
      const m = withUnits(doorGame('cottage', { b1: { weapon: 'bow' } }), { b1: { firedTurn: 1 } })
      expect(refusal(m, { type: 'bashDoor', unitId: 'b1', doorId: 'd1' })).toMatch(/^SMR-(OPT-30|MISS-03|MOVE-03)$/)
    })

    it('SMR-OPT-30: a unit in melee is refused', () => {
      const m = doorGame('cottage', { more: [unit('a1', 'a', 'L', 23, DOOR_Z + TOUCH, { facingDeg: 0 })] })
      expect(refusal(m, { type: 'bashDoor', unitId: 'b1', doorId: 'd1' })).toMatch(/^SMR-(OPT-30|MOVE-07|MOVE-03)$/)
    })

    it('SMR-OPT-30: a unit set to bash but contacted by an enemy before Event 3 makes no attempt (it is in melee)', () => {
      const m = doorGame('cottage', { more: [unit('a1', 'a', 'L', 23, 27, { facingDeg: 0 })] })
      let cur = act(m, { type: 'bashDoor', unitId: 'b1', doorId: 'd1' }).m
      cur = act(cur, { type: 'endMovement', sideId: 'b' }).m
      cur = act(cur, { type: 'charge', unitId: 'a1', targetId: 'b1' }).m
      const r = act(loadDice(cur, [1, 4, 1, 4]), { type: 'endMovement', sideId: 'a' })
      expect(ofType(r.events, 'DoorBashed')).toHaveLength(0)
      expect(attacksBy(r.events, 'b1')).toHaveLength(1)
      expect(r.m.state.doors.d1).toEqual({ state: 'closed', successes: 0 })
    })

    it('SMR-OPT-30 (table): a small keep door needs an axe — a unit without one is refused', () => {
      expect(
        refusal(doorGame('smallKeep', { b1: { axe: false } }), { type: 'bashDoor', unitId: 'b1', doorId: 'd1' }),
      ).toMatch(/^SMR-OPT-3[01]$/)
    })

    it('SMR-OPT-30 (table): a medium keep door needs a hand axe — a unit without one is refused', () => {
      expect(
        refusal(doorGame('mediumKeep', { b1: { axe: false } }), { type: 'bashDoor', unitId: 'b1', doorId: 'd1' }),
      ).toMatch(/^SMR-OPT-3[01]$/)
    })

    it('SMR-OPT-30 (table): a cottage door yields to any hand weapon — no axe needed', () => {
      const r = bashTurn(doorGame('cottage', { b1: { axe: false } }), 1, [4, 4])
      expect(ofType(r.events, 'DoorBashed')).toHaveLength(1)
      expect(r.m.state.doors.d1!.state).toBe('broken')
    })
  })

  // -------------------------------------------------------------------------------------------
  describe('§9.5 Greatheart creatures', () => {
    const LZ_FRONT = CAV_DEPTH_IN / 2 + FOOT_IN / 2 + 0.05

    function lizardMelee(target: Partial<UnitIn> & { cls: 'P' | 'L' | 'H' | 'XH' }): SmrMatch {
      const { cls, ...rest } = target
      const sc = smrScenario(
        [
          unit('aL', 'a', 'H', 5, 5),
          unit('lz', 'a', 'H', 20, 20, { creature: 'giantLizard' }),
          unit('bL', 'b', 'H', 40, 43),
          unit('b1', 'b', cls, 20, 20 + LZ_FRONT, rest),
        ],
        { settings: { optional: { creatures: true } } },
      )
      return inStep(startSmr(sc), 'movement', 'a')
    }

    it('SMR-GH-01 (off): a giant lizard needs the creatures rule — the scenario is refused', () => {
      expect(() =>
        smrScenario([
          unit('aL', 'a', 'H', 5, 5),
          unit('lz', 'a', 'H', 20, 20, { creature: 'giantLizard' }),
          unit('bL', 'b', 'H', 40, 43),
        ]),
      ).toThrow()
    })

    // Table G: bite (1–3), claw (4–5), tail lash (6); columns PI/C LI/C HI/C XHI/C PA LA HA
    const TABLE_G: Record<string, Record<'bite' | 'claw' | 'tail', number>> = {
      PIC: { bite: 7, claw: 8, tail: 9 },
      LIC: { bite: 8, claw: 9, tail: 10 },
      HIC: { bite: 9, claw: 10, tail: 11 },
      XHIC: { bite: 11, claw: 11, tail: 12 },
      PA: { bite: 6, claw: 7, tail: 8 },
      LA: { bite: 7, claw: 8, tail: 9 },
      HA: { bite: 8, claw: 9, tail: 10 },
    }
    const targets: { col: string; spec: Partial<UnitIn> & { cls: 'P' | 'L' | 'H' | 'XH' }; backNeeds: number }[] = [
      // backNeeds: the target's own Table C roll against the lizard (HI/C column)
      { col: 'PIC', spec: { cls: 'P' }, backNeeds: 11 },
      { col: 'LIC', spec: { cls: 'L' }, backNeeds: 10 },
      { col: 'HIC', spec: { cls: 'H' }, backNeeds: 9 },
      { col: 'XHIC', spec: { cls: 'XH' }, backNeeds: 9 },
      { col: 'PA', spec: { cls: 'P', weapon: 'bow' }, backNeeds: 12 },
      { col: 'LA', spec: { cls: 'L', weapon: 'sling' }, backNeeds: 11 },
      { col: 'HA', spec: { cls: 'H', weapon: 'bow' }, backNeeds: 10 },
    ]
    for (const t of targets) {
      for (const [d6, attack] of [
        [3, 'bite'],
        [4, 'claw'],
        [6, 'tail'],
      ] as const) {
        it(`SMR-GH-01 / Table G: lizard vs ${t.col}, 1D6 = ${d6} → ${attack}, needs ${TABLE_G[t.col]![attack]}; the ${t.col} strikes back at the HI/C column (${t.backNeeds})`, () => {
          // lizard: its attack die, then 2D6 = 5 (below every entry of Table G); the target rolls 4
          const r = endBothMovements(loadDice(lizardMelee(t.spec), [d6, 1, 4, 1, 3]))
          const lz = attacksBy(r.events, 'lz')
          expect(lz).toHaveLength(1) // one attack per Melee Event
          expect(lz[0]).toMatchObject({ targetId: 'b1', needed: TABLE_G[t.col]![attack], natural: 5 })
          const dice = rollsBy(r.events, 'lz')
          expect(dice.map((d) => d.faces)).toEqual([[d6], [1, 4]])
          expect(attacksBy(r.events, 'b1')[0]).toMatchObject({ targetId: 'lz', needed: t.backNeeds, natural: 4 })
        })
      }
    }

    it('SMR-GH-E01: a giant lizard attacks a light infantryman: 1D6 = 5 → claw → needs 9; 2D6 = 9 → KIA', () => {
      const r = endBothMovements(loadDice(lizardMelee({ cls: 'L' }), [5, 4, 5, 1, 3]))
      expect(attacksBy(r.events, 'lz')[0]).toMatchObject({ needed: 9, natural: 9, killed: true })
      expect(r.m.state.units.b1!.status).toBe('killed')
    })

    it('SMR-GH-E01: … 1D6 = 5 → claw; 2D6 = 8 → no effect', () => {
      const r = endBothMovements(loadDice(lizardMelee({ cls: 'L' }), [5, 4, 4, 1, 3]))
      expect(attacksBy(r.events, 'lz')[0]).toMatchObject({ needed: 9, natural: 8, killed: false })
      expect(r.m.state.units.b1!.status).toBe('ok')
    })

    it('SMR-GH-01: as a missile target the lizard uses the H column (bow needs 11); a natural 3 does not rout it (routs as H)', () => {
      const sc = smrScenario(
        [
          unit('aL', 'a', 'H', 5, 5),
          unit('lz', 'a', 'H', 20, 20, { creature: 'giantLizard' }),
          unit('bL', 'b', 'H', 40, 43),
          unit('b1', 'b', 'L', 20, 30, { weapon: 'bow' }),
        ],
        { settings: { optional: { creatures: true } } },
      )
      const m = inStep(startSmr(sc), 'missiles', 'a')
      const v = volley(loadDice(m, [1, 2]), [], [{ unitId: 'b1', targetId: 'lz' }])
      expect(ofType(v.events, 'AttackResolved')[0]).toMatchObject({
        targetId: 'lz',
        needed: 11,
        natural: 3,
        routedId: null,
      })
      expect(v.m.state.units.lz!.routed).toBe(false)
      const v2 = volley(loadDice(m, [1, 1]), [], [{ unitId: 'b1', targetId: 'lz' }])
      expect(ofType(v2.events, 'AttackResolved')[0]).toMatchObject({ natural: 2, routedId: 'lz' })
      expect(v2.m.state.units.lz!.routed).toBe(true)
    })

    it('SMR-GH-01: a giant lizard moves up to 6" (6" accepted, 6.5" refused)', () => {
      const sc = smrScenario(
        [
          unit('aL', 'a', 'H', 5, 5),
          unit('lz', 'a', 'H', 20, 10, { creature: 'giantLizard' }),
          unit('bL', 'b', 'H', 40, 43),
        ],
        { settings: { optional: { creatures: true } } },
      )
      const m = inStep(startSmr(sc), 'movement', 'a')
      const ok = act(m, { type: 'moveUnit', unitId: 'lz', path: [{ x: 20, z: 16 }] })
      expect(ofType(ok.events, 'UnitMoved')[0]).toMatchObject({ unitId: 'lz', to: { x: 20, z: 16 } })
      expect(ofType(ok.events, 'UnitMoved')[0]!.distanceIn).toBeCloseTo(6, 6)
      expect(refusal(m, { type: 'moveUnit', unitId: 'lz', path: [{ x: 20, z: 16.5 }] })).toBe('SMR-MOVE-04')
    })

    it('SMR-GH-01 / §2.2: a giant lizard costs 6 points', () => {
      const sc = smrScenario(
        [
          unit('aL', 'a', 'H', 5, 5),
          unit('lz', 'a', 'H', 20, 10, { creature: 'giantLizard' }),
          unit('bL', 'b', 'H', 40, 43),
        ],
        { settings: { optional: { creatures: true } } },
      )
      const m = startSmr(sc)
      expect(unitPoints(m.state.units.lz!.profile, m.state.settings)).toBe(6)
    })
  })
})
