/**
 * Audit of how the two built-in SMR scenarios are played to their end —
 * SMR-SCEN-01 "Contact" (assets/scenarios/smr-contact.json) and SMR-SCEN-02
 * "Village Invasion" (assets/scenarios/smr-village-invasion.json) — written
 * from `shared/rules/smr.md` alone: set-up (zones, exact edges), the end of
 * the game (SMR-SETUP-08, the §11 village terms and their decisions), and the
 * corner cases the other audit files leave open: a side's last unit routed in
 * the Melee Event, a rallied unit, a killed leader, a general retreat, the
 * last invader routing vs dying, the village's edge, burning, and the last
 * turn of an agreed turn limit. Dice are loaded to known faces; only the
 * public surface and the shared SMR kit are used.
 */
import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import {
  type SmrCommandInput,
  type SmrEvent,
  type SmrScenario,
  SmrScenarioSchema,
  type TurnStep,
} from '../../src-engine/rules/smr/index'
import type { SmrMatch } from '../../src-engine/rules/smr/random-player'
import { act, CAV_DEPTH_IN, FOOT_IN, inStep, loadDice, ofType, refusal, startSmr, withUnits } from '../fixtures/smr'

// ---------------------------------------------------------------------------
// Helpers (built on the kit only)
// ---------------------------------------------------------------------------

const at = (x: number, z: number) => ({ x, y: 0, z })
/** Centre gap of two touching 20 mm bases (0.05" apart, inside the 0.1" tolerance). */
const TOUCH = FOOT_IN + 0.05
/** Half the width of a 25 mm cavalry base. */
const CAV_HALF_W = 25 / 25.4 / 2

function scenarioFile(name: string, more: Record<string, unknown> = {}): SmrScenario {
  const url = new URL(`../../assets/scenarios/${name}.json`, import.meta.url)
  return SmrScenarioSchema.parse({ ...JSON.parse(readFileSync(url, 'utf8')), ...more })
}

/** A chain of commands the rules must accept; all their events in order. */
function play(m: SmrMatch, cmds: SmrCommandInput[]): { m: SmrMatch; events: SmrEvent[] } {
  const events: SmrEvent[] = []
  let cur = m
  for (const c of cmds) {
    const r = act(cur, c)
    cur = r.m
    events.push(...r.events)
  }
  return { m: cur, events }
}

/** Event 1 from the missiles step: `first` declares, then the other side (no shots) if asked. */
function fire(m: SmrMatch, first: string, shots: { unitId: string; targetId: string }[]) {
  const r1 = act(m, { type: 'declareMissiles', sideId: first, shots })
  const events: SmrEvent[] = [...r1.events]
  let cur = r1.m
  if (cur.state.phase === 'turn' && cur.state.step === 'missiles') {
    const r2 = act(cur, { type: 'declareMissiles', sideId: cur.state.actingSide!, shots: [] })
    events.push(...r2.events)
    cur = r2.m
  }
  return { m: cur, events }
}

/** From the first side's Movement Event: both sides end their movement (Melee, Rally and what follows). */
function endMovements(m: SmrMatch, first: string, second: string) {
  return play(m, [
    { type: 'endMovement', sideId: first },
    { type: 'endMovement', sideId: second },
  ])
}

const idx = (events: readonly SmrEvent[], pred: (e: SmrEvent) => boolean) => events.findIndex(pred)
const beganAt = (events: readonly SmrEvent[], ev: string) =>
  idx(events, (e) => e.type === 'EventBegan' && e.event === ev)
const endedAt = (events: readonly SmrEvent[]) => idx(events, (e) => e.type === 'GameEnded')
const winners = (events: readonly SmrEvent[]) => ofType(events, 'GameEnded').map((e) => e.winnerSideId)

/** The events of the Rally Event (from its start to the next turn-level step). */
function rallyEventOf(events: readonly SmrEvent[]): SmrEvent[] {
  const start = beganAt(events, 'rally')
  if (start < 0) return []
  const rest = events.slice(start + 1)
  const end = rest.findIndex(
    (e) => e.type === 'TurnEnded' || e.type === 'GameEnded' || (e.type === 'StepBegan' && e.step === 'reinforcements'),
  )
  return end < 0 ? rest : rest.slice(0, end)
}

/**
 * The centre of a 20 mm base whose edge lies at `limit` or just inside it (by
 * less than 0.01"): the last position inside a strip. `dir` -1: the strip lies
 * below `limit`; +1: above it.
 */
const lastInside = (limit: number, dir: -1 | 1, half = FOOT_IN / 2) =>
  dir < 0 ? Math.floor((limit - half) * 100) / 100 : Math.ceil((limit + half) * 100) / 100

type Patch = Parameters<typeof withUnits>[1]

// ---------------------------------------------------------------------------
// SMR-SCEN-01 "Contact"
// ---------------------------------------------------------------------------

describe('SMR-SCEN-01 "Contact": set-up', () => {
  const contact = scenarioFile('smr-contact')

  /** Contact in set-up, the Saxons having won the initiative: the Normans deploy first (SMR-SETUP-06). */
  function normansDeploying(): SmrMatch {
    const m = loadDice(startSmr(contact), [2, 2, 5, 5])
    const r = act(m, { type: 'rollInitiative', sideId: 'normans' })
    expect(r.m.state.phase).toBe('setup')
    expect(r.m.state.actingSide).toBe('normans')
    return r.m
  }

  it('SMR-SCEN-01 / SMR-SETUP-06: a horseman whose base edge lies exactly on the 6" line may deploy (side-on: 25 mm deep)', () => {
    const m = normansDeploying()
    const z = lastInside(6, -1, CAV_HALF_W)
    const r = act(m, { type: 'placeUnit', unitId: 'nor-knight', at: { x: 24, z }, facingDeg: 90 })
    expect(r.m.state.units['nor-knight']!.position.z).toBeCloseTo(z, 6)
  })

  it('SMR-SCEN-01 / SMR-SETUP-06: the same horseman facing the enemy (50 mm deep) reaches past the 6" line there: refused', () => {
    const m = normansDeploying()
    const z = lastInside(6, -1, CAV_HALF_W)
    const clause = refusal(m, { type: 'placeUnit', unitId: 'nor-knight', at: { x: 24, z }, facingDeg: 180 })
    expect(['SMR-SETUP-04', 'SMR-SETUP-06', 'CORE-DEPLOY-01']).toContain(clause)
    // Facing the enemy, its 50 mm base fits with its edge exactly on the line.
    act(m, {
      type: 'placeUnit',
      unitId: 'nor-knight',
      at: { x: 24, z: lastInside(6, -1, CAV_DEPTH_IN / 2) },
      facingDeg: 180,
    })
  })

  it('SMR-SCEN-01 / SMR-SETUP-06: the side that deploys second may not place its units while the first is deploying', () => {
    const m = normansDeploying()
    const clause = refusal(m, { type: 'placeUnit', unitId: 'sax-huscarl', at: { x: 22, z: 44 }, facingDeg: 0 })
    expect(clause).not.toBe('')
    // … and a Saxon never deploys in the Normans' strip.
    const saxTurn = act(m, { type: 'endSetup', sideId: 'normans' }).m
    expect(saxTurn.state.actingSide).toBe('saxons')
    expect(['SMR-SETUP-04', 'SMR-SETUP-06', 'CORE-DEPLOY-01']).toContain(
      refusal(saxTurn, { type: 'placeUnit', unitId: 'sax-huscarl', at: { x: 22, z: 4 }, facingDeg: 0 }),
    )
  })
})

describe('SMR-SCEN-01 "Contact": how the game ends (SMR-SETUP-08)', () => {
  const contact = scenarioFile('smr-contact')
  const N = 'normans'
  const S = 'saxons'
  const normansFirst = { firstSide: N, initiativeWinner: N, chooser: N }
  const saxonsFirst = { firstSide: S, initiativeWinner: S, chooser: S }
  const ids = (side: string) => contact.units.filter((u) => u.sideId === side).map((u) => u.id)

  /** Every unit of `side` killed except `keep`. */
  function killAllBut(side: string, keep: string[]): Patch {
    const patch: Patch = {}
    for (const id of ids(side)) if (!keep.includes(id)) patch[id] = { status: 'killed' }
    return patch
  }

  /** The knight (H cavalry, facing south) locked face-to-face with `saxon`, a foot figure north-facing below it. */
  function lockedWithKnight(saxon: string, x = 24, z = 20): Patch {
    return {
      'nor-knight': { position: at(x, z), facingDeg: 180, faceToFace: saxon },
      [saxon]: { position: at(x, z + CAV_DEPTH_IN / 2 + FOOT_IN / 2 + 0.05), facingDeg: 0, faceToFace: 'nor-knight' },
    }
  }

  it('SMR-SETUP-08 / SMR-RALLY-04: the last Saxon routed in the Melee Event is still routed at the end of that Rally Event (its roll is next turn): the Saxons lose then', () => {
    let m = startSmr(contact)
    m = withUnits(m, { ...killAllBut(S, ['sax-spearman']), ...lockedWithKnight('sax-spearman') })
    // Both roll a natural 3: the knight (H) is not routed by it, the Light spearman is; nobody is killed.
    m = loadDice(inStep(m, 'movement', N, normansFirst), [1, 2, 1, 2])
    const r = endMovements(m, N, S)
    expect(ofType(r.events, 'UnitKilled')).toEqual([])
    expect(ofType(r.events, 'UnitRouted').map((e) => e.unitId)).toEqual(['sax-spearman'])
    expect(r.m.state.units['sax-spearman']!.status).toBe('ok')
    // No rally roll in this turn's Rally Event …
    expect(ofType(rallyEventOf(r.events), 'DiceRolled')).toEqual([])
    // … and the end is judged at its end: no Saxon unit left that is not routed.
    expect(winners(r.events)).toEqual([N])
    expect(endedAt(r.events)).toBeGreaterThan(beganAt(r.events, 'rally'))
    expect(r.m.state.phase).toBe('ended')
  })

  it('SMR-SETUP-08 / SMR-RALLY-02: a unit the leader rallied in Event 2 keeps its side in the game, though the leader is killed in Event 3', () => {
    let m = startSmr(contact)
    const thegnX = 24 - (CAV_HALF_W + FOOT_IN / 2 + 0.05)
    m = withUnits(m, {
      ...killAllBut(S, ['sax-thegn', 'sax-archer']),
      // The archer routed by arrows this turn (it would roll in this Rally Event); the thegn touches it.
      'sax-archer': { position: at(24, 33), facingDeg: 180, routed: true, rallyTurn: 1 },
      'sax-thegn': { position: at(thegnX, 33), facingDeg: 180 },
      // The knight 2.5" in front of the thegn.
      'nor-knight': { position: at(thegnX, 33 + CAV_DEPTH_IN + 2.5), facingDeg: 0 },
    })
    // Both horsemen roll a natural 12 in the melee: both die.
    m = loadDice(inStep(m, 'movement', S, saxonsFirst), [6, 6, 6, 6])
    const r = play(m, [
      { type: 'rally', leaderId: 'sax-thegn', unitId: 'sax-archer' },
      { type: 'endMovement', sideId: S },
      { type: 'charge', unitId: 'nor-knight', targetId: 'sax-thegn' },
      { type: 'endMovement', sideId: N },
    ])
    expect(ofType(r.events, 'UnitRallied').map((e) => [e.unitId, e.leaderId])).toEqual([['sax-archer', 'sax-thegn']])
    expect(r.m.state.units['sax-thegn']!.status).toBe('killed')
    expect(r.m.state.units['sax-archer']).toMatchObject({ status: 'ok', routed: false })
    expect(winners(r.events)).toEqual([])
    expect(r.m.state.phase).toBe('turn')
    expect(ofType(r.events, 'TurnBegan').map((e) => e.turn)).toEqual([2])
  })

  it('SMR-SETUP-08 / §9.2 (off by default): both leaders killed in Event 1 ends nothing while other units stand; no morale check', () => {
    let m = startSmr(contact)
    m = withUnits(m, {
      'nor-archer-1': { position: at(3, 20), facingDeg: 180 },
      'sax-thegn': { position: at(3, 30), facingDeg: 0 },
      'sax-archer': { position: at(44, 30), facingDeg: 0 },
      'nor-knight': { position: at(44, 20), facingDeg: 180 },
    })
    m = loadDice(inStep(m, 'missiles', N, normansFirst), [6, 6, 6, 6])
    const r1 = act(m, {
      type: 'declareMissiles',
      sideId: N,
      shots: [{ unitId: 'nor-archer-1', targetId: 'sax-thegn' }],
    })
    const r2 = act(r1.m, {
      type: 'declareMissiles',
      sideId: S,
      shots: [{ unitId: 'sax-archer', targetId: 'nor-knight' }],
    })
    const events = [...r1.events, ...r2.events]
    expect(
      ofType(events, 'UnitKilled')
        .map((e) => e.unitId)
        .sort(),
    ).toEqual(['nor-knight', 'sax-thegn'])
    expect(ofType(events, 'MoraleResult')).toEqual([])
    const rest = endMovements(r2.m, N, S)
    expect(winners([...events, ...rest.events])).toEqual([])
    expect(ofType(rest.events, 'TurnBegan').map((e) => e.turn)).toEqual([2])
  })

  it('SMR-SETUP-08 / SMR-OPT-10/11 (noLeaderMorale on): the Saxon leader dies in the melee, 1D6 = 2 → every Saxon flees; still routed at the end of that Rally Event → the Saxons lose', () => {
    const sc = scenarioFile('smr-contact', { settings: { optional: { noLeaderMorale: true } } })
    let m = startSmr(sc)
    m = withUnits(m, {
      ...killAllBut(S, ['sax-thegn', 'sax-archer']),
      'sax-archer': { position: at(36, 30), facingDeg: 0 },
      'nor-knight': { position: at(24, 20), facingDeg: 180, faceToFace: 'sax-thegn' },
      'sax-thegn': { position: at(24, 20 + CAV_DEPTH_IN + 0.05), facingDeg: 0, faceToFace: 'nor-knight' },
    })
    // Both horsemen roll a natural 12 (both die); Saxons 1 < Normans 6 → the check: 1D6 = 2 → general retreat.
    m = loadDice(inStep(m, 'movement', N, normansFirst), [6, 6, 6, 6, 2])
    const r = endMovements(m, N, S)
    expect(ofType(r.events, 'MoraleResult')).toEqual([{ type: 'MoraleResult', sideId: S, result: 'retreat' }])
    expect(r.m.state.units['sax-archer']).toMatchObject({ status: 'ok', routed: true, rallyTurn: 2 })
    expect(winners(r.events)).toEqual([N])
    expect(endedAt(r.events)).toBeGreaterThan(beganAt(r.events, 'rally'))
  })

  it('SMR-SETUP-08 / SMR-MELEE-08: the last Norman and the last Saxon kill each other in the same Melee Event: the game ends, nobody wins', () => {
    let m = startSmr(contact)
    m = withUnits(m, {
      ...killAllBut(N, ['nor-knight']),
      ...killAllBut(S, ['sax-huscarl']),
      ...lockedWithKnight('sax-huscarl'),
    })
    m = loadDice(inStep(m, 'movement', N, normansFirst), [6, 6, 6, 6])
    const r = endMovements(m, N, S)
    expect(
      ofType(r.events, 'UnitKilled')
        .map((e) => e.unitId)
        .sort(),
    ).toEqual(['nor-knight', 'sax-huscarl'])
    const ended = ofType(r.events, 'GameEnded')
    expect(ended).toHaveLength(1)
    expect(ended[0]!.winnerSideId).toBeNull()
  })

  it('SMR-SETUP-08 (agreed turn limit): on the last turn routed units are survivors too — Normans 7 (4 of them routed) beat Saxons 6', () => {
    const sc = scenarioFile('smr-contact', { turnLimit: 1 })
    let m = startSmr(sc)
    const routed: Patch = {}
    for (const id of ['nor-peasant-1', 'nor-peasant-2', 'nor-peasant-3', 'nor-peasant-4'])
      routed[id] = { routed: true, rallyTurn: 2, facingDeg: 0 }
    m = withUnits(m, routed)
    const r = endMovements(inStep(m, 'movement', N, normansFirst), N, S)
    expect(ofType(rallyEventOf(r.events), 'DiceRolled')).toEqual([])
    expect(winners(r.events)).toEqual([N])
    expect(r.m.state.result).toMatchObject({ winnerSideId: N, turn: 1 })
  })

  it('SMR-SETUP-08 (agreed turn limit): on the last turn a side left with only routed units loses at the Rally Event, though it has more survivors', () => {
    const sc = scenarioFile('smr-contact', { turnLimit: 1 })
    let m = startSmr(sc)
    const patch: Patch = killAllBut(S, ['sax-huscarl'])
    for (const id of ids(N)) patch[id] = { routed: true, rallyTurn: 2, facingDeg: 0 }
    m = withUnits(m, patch)
    const r = endMovements(inStep(m, 'movement', N, normansFirst), N, S)
    expect(winners(r.events)).toEqual([S])
  })
})

// ---------------------------------------------------------------------------
// SMR-SCEN-02 "Village Invasion"
// ---------------------------------------------------------------------------

describe('SMR-SCEN-02 "Village Invasion": set-up at the zone edges', () => {
  const village = scenarioFile('smr-village-invasion')
  const V = 'villagers'

  /** Village Invasion in set-up, the raiders having won the initiative: the villagers deploy first. */
  function villagersDeploying(): SmrMatch {
    const m = loadDice(startSmr(village), [1, 1, 6, 6])
    const r = act(m, { type: 'rollInitiative', sideId: V })
    expect(r.m.state.actingSide).toBe(V)
    return r.m
  }

  it('SMR-SCEN-02 (§11 decisions): a baron’s man whose base edge is exactly 6" east of the village may deploy; 0.05" further is refused', () => {
    const m = villagersDeploying()
    act(m, { type: 'placeUnit', unitId: 'baron-spear-2', at: { x: lastInside(41, -1), z: 8 }, facingDeg: 180 })
    expect(['SMR-SCEN-02', 'CORE-DEPLOY-01']).toContain(
      refusal(m, {
        type: 'placeUnit',
        unitId: 'baron-spear-2',
        at: { x: 41 + 0.05 - FOOT_IN / 2, z: 8 },
        facingDeg: 180,
      }),
    )
  })

  it('SMR-SCEN-02 (§11 decisions): a peasant whose base edge is exactly 6" south of the village may deploy; 0.05" further is refused', () => {
    const m = villagersDeploying()
    act(m, { type: 'placeUnit', unitId: 'vil-fork-3', at: { x: 30, z: lastInside(29, -1) }, facingDeg: 180 })
    expect(['SMR-SCEN-02', 'CORE-DEPLOY-01']).toContain(
      refusal(m, {
        type: 'placeUnit',
        unitId: 'vil-fork-3',
        at: { x: 30, z: 29 + 0.05 - FOOT_IN / 2 },
        facingDeg: 180,
      }),
    )
  })
})

describe('SMR-SCEN-02 "Village Invasion": how the game ends', () => {
  const village = scenarioFile('smr-village-invasion')
  const V = 'villagers'
  const R = 'raiders'
  const raidersFirst = { firstSide: R, initiativeWinner: R, chooser: R }
  const villagersFirst = { firstSide: V, initiativeWinner: V, chooser: V }
  const peasantIds = village.units.filter((u) => u.sideId === V && u.cls === 'P').map((u) => u.id)
  const raiderIds = village.units.filter((u) => u.sideId === R).map((u) => u.id)

  /** Every peasant-class villager killed (and out of its building) except `keep`. */
  function peasantsDeadBut(keep: string[]): Patch {
    const patch: Patch = {}
    for (const id of peasantIds) if (!keep.includes(id)) patch[id] = { status: 'killed', hiddenIn: null }
    return patch
  }

  /** Every raider killed except `keep`. */
  function raidersDeadBut(keep: string[]): Patch {
    const patch: Patch = {}
    for (const id of raiderIds) if (!keep.includes(id)) patch[id] = { status: 'killed' }
    return patch
  }

  /** The game in `step` of turn `turn`, with one peasant already lost (the §12.17 condition met). */
  function lostOne(m: SmrMatch, step: TurnStep, side: string, first: typeof raidersFirst, turn = 1) {
    return inStep(m, step, side, { ...first, turn, peasantsLost: 1 })
  }

  it('SMR-SCEN-02: the invader wins the moment the last peasant in the village is killed in the Melee Event — before the Rally Event', () => {
    let m = startSmr(village)
    m = withUnits(m, {
      ...peasantsDeadBut(['vil-fork-2']),
      'vil-fork-2': { position: at(22.5, 15), facingDeg: 180, faceToFace: 'raid-hi-1' },
      'raid-hi-1': { position: at(22.5, 15 + TOUCH), facingDeg: 0, faceToFace: 'vil-fork-2' },
    })
    // Both roll a natural 8: the axeman (H vs PI/C needs 7) kills; the peasant (P vs HI/C needs 11) does not.
    m = loadDice(lostOne(m, 'movement', R, raidersFirst), [4, 4, 4, 4])
    const r = endMovements(m, R, V)
    expect(ofType(r.events, 'UnitKilled').map((e) => e.unitId)).toEqual(['vil-fork-2'])
    expect(winners(r.events)).toEqual([R])
    expect(endedAt(r.events)).toBeGreaterThan(beganAt(r.events, 'melee'))
    const rally = beganAt(r.events, 'rally')
    if (rally >= 0) expect(endedAt(r.events)).toBeLessThan(rally)
  })

  it('SMR-SCEN-02 / SMR-OPT-02 (battleRage on): a raider’s bonus attack kills the last peasant in the village — the invader wins then, before the Rally Event', () => {
    const sc = scenarioFile('smr-village-invasion', { settings: { optional: { battleRage: true } } })
    let m = startSmr(sc)
    m = withUnits(m, {
      ...peasantsDeadBut(['vil-fork-2']),
      // A baron's archer that fired this turn (it makes no melee roll, SMR-MISS-03) is locked with the axeman.
      'baron-bow-1': { position: at(22.5, 18.5), facingDeg: 180, faceToFace: 'raid-hi-1', firedTurn: 1 },
      'raid-hi-1': { position: at(22.5, 18.5 + TOUCH), facingDeg: 0, faceToFace: 'baron-bow-1' },
      // The last peasant in the village, within the axeman's 3".
      'vil-fork-2': { position: at(24.8, 19.4), facingDeg: 270 },
    })
    // The axeman rolls a natural 12 (kills the archer: Battle Rage); then the bonus: natural 8 + 2 ≥ 7 (H vs PI/C).
    m = loadDice(lostOne(m, 'movement', R, raidersFirst), [6, 6, 4, 4])
    const melee = endMovements(m, R, V)
    expect(ofType(melee.events, 'UnitKilled').map((e) => e.unitId)).toEqual(['baron-bow-1'])
    expect(melee.m.state.step).toBe('bonus')
    const r = act(melee.m, { type: 'bonusAttack', unitId: 'raid-hi-1', targetId: 'vil-fork-2' })
    expect(ofType(r.events, 'UnitKilled').map((e) => e.unitId)).toEqual(['vil-fork-2'])
    expect(winners(r.events)).toEqual([R])
    // "The moment": the game is over at the kill, so no Rally Event follows it.
    expect(beganAt(r.events, 'rally')).toBe(-1)
  })

  it('SMR-SCEN-02 / SMR-OPT-02 (battleRage on): a villager’s bonus attack destroys the last invader — the villagers win then; a routed village peasant failing its rally afterwards changes nothing', () => {
    const sc = scenarioFile('smr-village-invasion', { settings: { optional: { battleRage: true } } })
    let m = startSmr(sc)
    const raiders: Patch = {}
    for (const id of raiderIds) if (id !== 'raid-bow-1' && id !== 'raid-li-1') raiders[id] = { status: 'killed' }
    m = withUnits(m, {
      ...raiders,
      ...peasantsDeadBut(['vil-fork-2']),
      // The last peasant in the village, routed this turn: it rolls in this turn's Rally Event.
      'vil-fork-2': { position: at(22.5, 15), facingDeg: 0, routed: true, rallyTurn: 1 },
      // A raider archer that fired this turn (no melee roll) locked with a baron's spearman; the last other raider near.
      'baron-spear-1': { position: at(36, 33), facingDeg: 180, faceToFace: 'raid-bow-1' },
      'raid-bow-1': { position: at(36, 33 + TOUCH), facingDeg: 0, faceToFace: 'baron-spear-1', firedTurn: 1 },
      'raid-li-1': { position: at(38.3, 33.9), facingDeg: 0 },
    })
    // Spearman: natural 12 (kills, Battle Rage); bonus natural 8 + 2 ≥ 9 (LI vs LI/C); then the peasant rolls 5 (needs 6).
    m = loadDice(lostOne(m, 'movement', V, villagersFirst), [6, 6, 4, 4, 5])
    const melee = endMovements(m, V, R)
    expect(ofType(melee.events, 'UnitKilled').map((e) => e.unitId)).toEqual(['raid-bow-1'])
    expect(melee.m.state.step).toBe('bonus')
    const r = act(melee.m, { type: 'bonusAttack', unitId: 'baron-spear-1', targetId: 'raid-li-1' })
    expect(ofType(r.events, 'UnitKilled').map((e) => e.unitId)).toEqual(['raid-li-1'])
    expect(winners(r.events)).toEqual([V])
  })

  it('SMR-SCEN-02: a routed peasant still in the village keeps it; and with every villager routed at the end of the Rally Event nobody has won (SMR-SETUP-08 is not this scenario’s end)', () => {
    let m = startSmr(village)
    const patch: Patch = {
      ...peasantsDeadBut(['vil-fork-2']),
      'vil-fork-2': { position: at(22.5, 15), facingDeg: 0, routed: true, rallyTurn: 2 },
    }
    for (const u of village.units.filter((x) => x.sideId === V && x.contingent === 'baron'))
      patch[u.id] = { routed: true, rallyTurn: 2, facingDeg: 0 }
    m = withUnits(m, patch)
    const r = endMovements(lostOne(m, 'movement', R, raidersFirst), R, V)
    expect(winners(r.events)).toEqual([])
    expect(r.m.state.phase).toBe('turn')
    expect(r.m.state.step).toBe('reinforcements')
  })

  it('SMR-SCEN-02 / SMR-ROUT-03: once a peasant has died, the last peasant in the village routing out of it (natural 4 at a peasant) gives the invader the win, in Event 1', () => {
    let m = startSmr(village)
    m = withUnits(m, {
      ...peasantsDeadBut(['vil-fork-2']),
      'vil-fork-2': { position: at(19, 7), facingDeg: 180 },
      'raid-bow-1': { position: at(19.5, 16), facingDeg: 0 },
    })
    m = loadDice(lostOne(m, 'missiles', R, raidersFirst), [1, 3])
    const r = fire(m, R, [{ unitId: 'raid-bow-1', targetId: 'vil-fork-2' }])
    expect(ofType(r.events, 'UnitRouted').map((e) => e.unitId)).toEqual(['vil-fork-2'])
    const u = r.m.state.units['vil-fork-2']!
    expect(u.status).toBe('ok')
    expect(u.position.z).toBeLessThan(6)
    expect(winners(r.events)).toEqual([R])
    expect(beganAt(r.events, 'movement')).toBe(-1)
  })

  it('SMR-SCEN-02 / §12.17: the death of one of the baron’s (non-peasant) troops is not "a peasant killed": an empty village is still no win', () => {
    let m = startSmr(village)
    const patch: Patch = {}
    peasantIds.forEach((id, i) => {
      patch[id] = { hiddenIn: null, position: at(12 + i * 1.2, 33), facingDeg: 180 }
    })
    patch['baron-spear-1'] = { position: at(42, 36), facingDeg: 180 }
    patch['raid-bow-1'] = { position: at(42, 42), facingDeg: 0 }
    m = withUnits(m, patch)
    m = loadDice(inStep(m, 'missiles', R, raidersFirst), [6, 6])
    const r = fire(m, R, [{ unitId: 'raid-bow-1', targetId: 'baron-spear-1' }])
    expect(ofType(r.events, 'UnitKilled').map((e) => e.unitId)).toEqual(['baron-spear-1'])
    expect(winners(r.events)).toEqual([])
    expect(r.m.state.peasantsLost).toBe(0)
  })

  /** vil-fork-2 alone in/at the village at z = `z`; the first peasant death (vil-fork-3, outside) comes by arrow. */
  function edgeCase(z: number) {
    let m = startSmr(village)
    m = withUnits(m, {
      ...peasantsDeadBut(['vil-fork-2', 'vil-fork-3']),
      'vil-fork-2': { position: at(22.5, z), facingDeg: 180 },
      'vil-fork-3': { position: at(42, 36), facingDeg: 180 },
      'raid-bow-1': { position: at(42, 42), facingDeg: 0 },
    })
    m = loadDice(inStep(m, 'missiles', R, raidersFirst), [6, 6])
    const r = fire(m, R, [{ unitId: 'raid-bow-1', targetId: 'vil-fork-3' }])
    expect(ofType(r.events, 'UnitKilled').map((e) => e.unitId)).toEqual(['vil-fork-3'])
    return r
  }

  it('SMR-SCEN-02: a peasant whose whole base is in the village, its edge on the village line, is in the village: no win', () => {
    const r = edgeCase(23 - FOOT_IN / 2)
    expect(winners(r.events)).toEqual([])
  })

  it('SMR-SCEN-02: a peasant whose whole base is outside, its edge touching the village line, is not in it: the invader wins', () => {
    const r = edgeCase(23 + FOOT_IN / 2)
    expect(winners(r.events)).toEqual([R])
  })

  it('SMR-SCEN-02: the last invader merely routed is not destroyed: no win for the peasants at the end of the Rally Event (nor at the turn’s end)', () => {
    let m = startSmr(village)
    m = withUnits(m, {
      ...raidersDeadBut(['raid-li-1']),
      'raid-li-1': { position: at(30, 36), facingDeg: 180, routed: true, rallyTurn: 2 },
    })
    const r = endMovements(inStep(m, 'movement', V, villagersFirst), V, R)
    expect(winners(r.events)).toEqual([])
    const d = act(r.m, { type: 'declineReinforcements', sideId: V })
    expect(winners(d.events)).toEqual([])
    expect(ofType(d.events, 'TurnBegan').map((e) => e.turn)).toEqual([2])
  })

  it('SMR-SCEN-02 / SMR-RALLY-03: the last invader fails its rally roll (Light, 4) and is taken off: the peasants and their allies win', () => {
    let m = startSmr(village)
    m = withUnits(m, {
      ...raidersDeadBut(['raid-li-1']),
      'raid-li-1': { position: at(30, 36), facingDeg: 180, routed: true, rallyTurn: 1 },
    })
    const r = endMovements(loadDice(inStep(m, 'movement', V, villagersFirst), [4]), V, R)
    expect(ofType(r.events, 'UnitEliminated').map((e) => [e.unitId, e.reason])).toEqual([['raid-li-1', 'failedRally']])
    expect(winners(r.events)).toEqual([V])
  })

  it('SMR-SCEN-02 / SMR-ROUT-04: the last invader routs off the table (natural 3 at a Light unit) — eliminated: the peasants win in Event 1', () => {
    let m = startSmr(village)
    m = withUnits(m, {
      ...raidersDeadBut(['raid-li-1']),
      'raid-li-1': { position: at(30, 46.5), facingDeg: 0 },
      'vil-bow-1': { position: at(30, 37), facingDeg: 180 },
    })
    m = loadDice(inStep(m, 'missiles', V, villagersFirst), [1, 2])
    const r = fire(m, V, [{ unitId: 'vil-bow-1', targetId: 'raid-li-1' }])
    expect(r.m.state.units['raid-li-1']!.status).toBe('eliminated')
    expect(winners(r.events)).toEqual([V])
    expect(beganAt(r.events, 'movement')).toBe(-1)
  })

  it('SMR-SCEN-02 / §9.2 off: the baron (peasant side’s leader) and the raiders’ lord killed in Event 1 end nothing', () => {
    let m = startSmr(village)
    m = withUnits(m, {
      'raid-bow-1': { position: at(24, 36), facingDeg: 0 },
      'vil-bow-1': { position: at(11, 35), facingDeg: 180 },
    })
    m = loadDice(inStep(m, 'missiles', V, villagersFirst), [6, 6, 6, 6])
    const r1 = act(m, { type: 'declareMissiles', sideId: V, shots: [{ unitId: 'vil-bow-1', targetId: 'raid-lord' }] })
    const r2 = act(r1.m, { type: 'declareMissiles', sideId: R, shots: [{ unitId: 'raid-bow-1', targetId: 'baron' }] })
    const events = [...r1.events, ...r2.events]
    expect(
      ofType(events, 'UnitKilled')
        .map((e) => e.unitId)
        .sort(),
    ).toEqual(['baron', 'raid-lord'])
    expect(ofType(events, 'MoraleResult')).toEqual([])
    expect(winners(events)).toEqual([])
    expect(r2.m.state.phase).toBe('turn')
  })

  it('SMR-SCEN-02 (agreed turn limit): on the last turn the last village peasant fails its rally — the invader wins at that moment, not the village at the limit', () => {
    const sc = scenarioFile('smr-village-invasion', { turnLimit: 1 })
    let m = startSmr(sc)
    m = withUnits(m, {
      ...peasantsDeadBut(['vil-fork-2']),
      'vil-fork-2': { position: at(22.5, 15), facingDeg: 0, routed: true, rallyTurn: 1 },
    })
    // A peasant rallies on a 6 only: 5 → taken off the table.
    const r = endMovements(loadDice(lostOne(m, 'movement', R, raidersFirst), [5]), R, V)
    expect(ofType(r.events, 'UnitEliminated').map((e) => e.unitId)).toEqual(['vil-fork-2'])
    expect(winners(r.events)).toEqual([R])
    expect(r.m.state.result).toMatchObject({ winnerSideId: R, turn: 1 })
  })
})

describe('SMR-SCEN-02 "Village Invasion": burning and what it counts for', () => {
  const village = scenarioFile('smr-village-invasion')
  const V = 'villagers'
  const R = 'raiders'
  const raidersFirst = { firstSide: R, initiativeWinner: R, chooser: R }
  const villagersFirst = { firstSide: V, initiativeWinner: V, chooser: V }
  const peasantIds = village.units.filter((u) => u.sideId === V && u.cls === 'P').map((u) => u.id)
  const cottages = ['cottage-mill', 'cottage-smith', 'cottage-reeve', 'cottage-weaver', 'cottage-inn']

  function peasantsDeadBut(keep: string[]): Patch {
    const patch: Patch = {}
    for (const id of peasantIds) if (!keep.includes(id)) patch[id] = { status: 'killed', hiddenIn: null }
    return patch
  }

  /** The Miller's cottage (x 13–17, z 9–12) emptied; raid-bow-1 at its south wall with 4 undisturbed turn-ends. */
  function atTheMill(more: Patch = {}): SmrMatch {
    return withUnits(startSmr(village), {
      'hid-bow-1': { hiddenIn: null, position: at(40, 4), facingDeg: 180 },
      'hid-axe-1': { hiddenIn: null, position: at(42, 4), facingDeg: 180 },
      'raid-bow-1': {
        position: at(15, 12 + FOOT_IN / 2),
        facingDeg: 180,
        burning: { buildingId: 'cottage-mill', turns: 4 },
      },
      ...more,
    })
  }

  it('SMR-SCEN-02 / §12.18: a raider fighting a melee at the cottage in its 5th turn was disturbed: the cottage does not burn', () => {
    let m = atTheMill({
      'raid-bow-1': {
        position: at(15, 12 + FOOT_IN / 2),
        facingDeg: 180,
        burning: { buildingId: 'cottage-mill', turns: 4 },
        faceToFace: 'vil-fork-1',
      },
      'vil-fork-1': { position: at(15, 12 + FOOT_IN / 2 + TOUCH), facingDeg: 0, faceToFace: 'raid-bow-1' },
    })
    // Both roll a natural 5: nobody is killed or routed.
    m = loadDice(inStep(m, 'movement', R, raidersFirst), [2, 3, 2, 3])
    const r = endMovements(m, R, V)
    expect(ofType(r.events, 'UnitKilled')).toEqual([])
    expect(ofType(r.events, 'BuildingBurnt')).toEqual([])
    expect(r.m.state.burnt['cottage-mill']).toBeUndefined()
  })

  it('SMR-SCEN-02 / §12.18: a routed raider at the cottage in its 5th turn was disturbed: the cottage does not burn', () => {
    const m = atTheMill({
      'raid-bow-1': {
        position: at(15, 12 + FOOT_IN / 2),
        facingDeg: 180,
        burning: { buildingId: 'cottage-mill', turns: 4 },
        routed: true,
        rallyTurn: 2,
      },
    })
    const r = endMovements(inStep(m, 'movement', R, raidersFirst), R, V)
    expect(ofType(r.events, 'BuildingBurnt')).toEqual([])
    expect(r.m.state.burnt['cottage-mill']).toBeUndefined()
  })

  it('SMR-SCEN-02: burnt cottages count for nothing in the victory: all five burnt, one peasant still in the village → the game goes on', () => {
    let m = startSmr(village)
    m = withUnits(m, { ...peasantsDeadBut(['vil-fork-2']), 'vil-fork-2': { position: at(22.5, 15), facingDeg: 180 } })
    const burnt: Record<string, number> = {}
    for (const b of cottages) burnt[b] = 1
    m = { ...m, state: { ...m.state, burnt } }
    const r = endMovements(inStep(m, 'movement', R, { ...raidersFirst, turn: 2, peasantsLost: 1 }), R, V)
    expect(winners(r.events)).toEqual([])
    const d = act(r.m, { type: 'declineReinforcements', sideId: V })
    expect(winners(d.events)).toEqual([])
    expect(ofType(d.events, 'TurnBegan').map((e) => e.turn)).toEqual([3])
  })

  it('SMR-SCEN-02: peasants still inside a cottage that burnt last turn are peasants in the village until they leave: killing the last one in the open is no win', () => {
    let m = startSmr(village)
    m = withUnits(m, {
      ...peasantsDeadBut(['vil-fork-2', 'hid-bow-1', 'hid-axe-1']),
      'vil-fork-2': { position: at(22.5, 15), facingDeg: 180 },
      'raid-bow-1': { position: at(22.5, 25), facingDeg: 0 },
    })
    m = { ...m, state: { ...m.state, burnt: { 'cottage-mill': 1 } } }
    m = loadDice(inStep(m, 'missiles', R, { ...raidersFirst, turn: 2 }), [6, 6])
    const r = fire(m, R, [{ unitId: 'raid-bow-1', targetId: 'vil-fork-2' }])
    expect(ofType(r.events, 'UnitKilled').map((e) => e.unitId)).toEqual(['vil-fork-2'])
    expect(winners(r.events)).toEqual([])
  })

  it('SMR-SCEN-02 (§11 decisions): peasants hiding in a burnt cottage must leave it in the next Movement Event; with room round it they come out — only those that cannot leave are eliminated', () => {
    let m = startSmr(village)
    m = { ...m, state: { ...m.state, burnt: { 'cottage-mill': 1 } } }
    const r = act(inStep(m, 'movement', V, { ...villagersFirst, turn: 2 }), { type: 'endMovement', sideId: V })
    for (const id of ['hid-bow-1', 'hid-axe-1']) {
      const u = r.m.state.units[id]!
      expect(u.status, id).toBe('ok')
      expect(u.hiddenIn, id).toBeNull()
    }
    expect(ofType(r.events, 'UnitEliminated')).toEqual([])
  })
})
