/**
 * Audit of SMR §1 (Setting up, "Declaring War"), §2 (Units and points), §3
 * (The turn) and §11 (Scenarios), with the §0.3 parameters and §12 decisions
 * that concern them, written from `shared/rules/smr.md` alone: every expected
 * value below is the reference's (its tables, clauses and worked examples),
 * with dice loaded to known faces. The engine is driven only through its
 * public surface and the shared SMR kit.
 */
import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import {
  moveAllowanceIn,
  playOutSmr,
  profileLabel,
  smr,
  type SmrCommandInput,
  smrContingentPoints,
  type SmrEvent,
  smrLegalCommands,
  type SmrMatch,
  type SmrScenario,
  type SmrScenarioInput,
  SmrScenarioSchema,
  smrSidePoints,
  SmrSettingsSchema,
  type UnitProfile,
  unitPoints,
} from '../../src-engine/rules/smr/index'
import { hasErrors, validateScenario } from '../../src-engine/index'
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

type UnitIn = SmrScenarioInput['units'][number]
type Shot = { unitId: string; targetId: string }

// ---------------------------------------------------------------------------
// Small helpers (built on the kit only)
// ---------------------------------------------------------------------------

const at = (x: number, z: number) => ({ x, y: 0, z })

function scenarioFile(name: string): SmrScenario {
  const url = new URL(`../../assets/scenarios/${name}.json`, import.meta.url)
  return SmrScenarioSchema.parse(JSON.parse(readFileSync(url, 'utf8')))
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

/** Event 1 from the missiles step: `first` declares, then `second` (if asked). */
function fire(
  m: SmrMatch,
  first: string,
  second: string,
  shotsFirst: Shot[],
  shotsSecond: Shot[] = [],
): { m: SmrMatch; events: SmrEvent[] } {
  const r1 = act(m, { type: 'declareMissiles', sideId: first, shots: shotsFirst })
  const events: SmrEvent[] = [...r1.events]
  let cur = r1.m
  if (cur.state.step === 'missiles' && cur.state.actingSide === second) {
    const r2 = act(cur, { type: 'declareMissiles', sideId: second, shots: shotsSecond })
    events.push(...r2.events)
    cur = r2.m
  }
  return { m: cur, events }
}

/** The rest of a turn from the second side's Movement Event: Melee, Rally (and what follows). */
function finishTurn(
  m: SmrMatch,
  first = 'a',
  second = 'b',
  more: Parameters<typeof inStep>[3] = {},
): { m: SmrMatch; events: SmrEvent[] } {
  const s = inStep(m, 'movement', second, {
    firstSide: first,
    initiativeWinner: first,
    chooser: first,
    movementDone: [first],
    ...more,
  })
  return play(s, [{ type: 'endMovement', sideId: second }])
}

const eventIndex = (events: readonly SmrEvent[], pred: (e: SmrEvent) => boolean) => events.findIndex(pred)
const began = (events: readonly SmrEvent[]) => ofType(events, 'EventBegan').map((e) => e.event)
const beganAt = (events: readonly SmrEvent[], ev: string) =>
  eventIndex(events, (e) => e.type === 'EventBegan' && e.event === ev)

function profile(
  cls: UnitProfile['cls'],
  mount: UnitProfile['mount'] = 'foot',
  weapon: UnitProfile['weapon'] = 'hand',
  more: Partial<UnitProfile> = {},
): UnitProfile {
  return { cls, mount, weapon, ...more }
}

type Spec = { cls: 'P' | 'L' | 'H' | 'XH' } & Partial<UnitIn>
const depthOf = (s: Spec) => (s.mount !== undefined && s.mount !== 'foot' ? CAV_DEPTH_IN : FOOT_IN)

/**
 * One missile shot of `shooter` (side a, facing south) at `target` (side b,
 * facing it) `gap` inches between centres; the dice show `faces`.
 */
function missileShot(shooter: Spec, target: Spec, faces: number[] = [2, 3], gap = 10) {
  const { cls: sc, ...sm } = shooter
  const { cls: tc, ...tm } = target
  const m = startSmr(smrScenario([unit('a1', 'a', sc, 24, 10, sm), unit('b1', 'b', tc, 24, 10 + gap, tm)]))
  const r = fire(loadDice(inStep(m, 'missiles', 'a'), faces), 'a', 'b', [{ unitId: 'a1', targetId: 'b1' }])
  const shots = ofType(r.events, 'AttackResolved').filter((e) => e.kind === 'missile')
  expect(shots).toHaveLength(1)
  return shots[0]!
}

/**
 * Two units locked face-to-face (a facing south, b facing north, bases
 * touching); the Melee Event is fought with every die showing a natural 5
 * (no kill, no rout). Returns what each needed on Table C.
 */
function meleeNeeds(a: Spec, b: Spec): { aNeeds: number; bNeeds: number } {
  const { cls: ac, ...am } = a
  const { cls: bc, ...bm } = b
  const zb = 20 + depthOf(a) / 2 + depthOf(b) / 2
  let m = startSmr(smrScenario([unit('a1', 'a', ac, 24, 20, am), unit('b1', 'b', bc, 24, zb, bm)]))
  m = withUnits(m, { a1: { faceToFace: 'b1' }, b1: { faceToFace: 'a1' } })
  const r = finishTurn(loadDice(m, [2, 3, 2, 3]))
  const atk = ofType(r.events, 'AttackResolved').filter((e) => e.kind === 'melee')
  const byA = atk.find((e) => e.attackerId === 'a1')
  const byB = atk.find((e) => e.attackerId === 'b1')
  expect(byA, 'a1 attacks').toBeDefined()
  expect(byB, 'b1 attacks').toBeDefined()
  return { aNeeds: byA!.needed, bNeeds: byB!.needed }
}

/**
 * The centre of a 20 mm base whose edge lies at `limit` or just inside it (by
 * less than the engine's 0.01" position quantum): the last position inside a
 * strip. `dir` -1: the strip lies below `limit`; +1: above it.
 */
const lastInside = (limit: number, dir: -1 | 1) =>
  dir < 0 ? Math.floor((limit - FOOT_IN / 2) * 100) / 100 : Math.ceil((limit + FOOT_IN / 2) * 100) / 100
const INSIDE_NORTH_6 = lastInside(6, -1)
const INSIDE_SOUTH_42 = lastInside(42, 1)

const PHASE_CLAUSES = ['SMR-TURN-01', 'CORE-PHASE-01']
const DEPLOY_CLAUSES = ['SMR-SETUP-04', 'SMR-SETUP-06', 'SMR-SCEN-02', 'CORE-DEPLOY-01']
const WRONG_SIDE_CLAUSES = ['CORE-TURN-01', 'SMR-MOVE-02', 'SMR-TURN-01', 'SMR-SETUP-06']

/** A free-deployment game: a1, a2 (side a, north) and b1 (side b, south). */
function freeGame(more: Partial<SmrScenarioInput> = {}) {
  return startSmr(
    smrScenario(
      [
        unit('a1', 'a', 'L', 10, 3),
        unit('a2', 'a', 'P', 14, 3),
        unit('a3', 'a', 'P', 18, 3),
        unit('b1', 'b', 'L', 10, 45),
      ],
      { deployment: 'free', ...more },
    ),
  )
}

// ---------------------------------------------------------------------------
// §0.3 and §1 — Setting up
// ---------------------------------------------------------------------------

describe('§0.3 tunable parameters of §1–§2', () => {
  it('SMR-SETUP-01 / §0.3: the defaults are the reference table’s, and every optional rule is off', () => {
    const s = SmrSettingsSchema.parse({})
    expect(s.touchTolerance).toBe(0.1)
    expect(s.frontArcHalfAngle).toBe(45)
    expect(s.rearArcHalfAngle).toBe(45)
    expect(s.routRollAppliesTo).toBe('target')
    expect(s.missileSideBonus).toBe('backOnly')
    expect(s.missileResolution).toBe('simultaneous')
    expect(s.selfRallyTiming).toBe('afterNextMovement')
    expect(s.xhcPointsBasis).toBe('unitClass')
    expect(s.deployDepth).toBe(6)
    expect(Object.values(s.optional).every((v) => v === false)).toBe(true)
    expect(s.optional).toMatchObject({
      battleRage: false,
      noLeaderMorale: false,
      standard: false,
      doorBashing: false,
      creatures: false,
    })
  })

  it('SMR-SETUP-01: the battle conditions agreed in the scenario are the ones in force in the game', () => {
    const m = startSmr(
      smrScenario([unit('a1', 'a', 'L', 10, 3), unit('b1', 'b', 'L', 10, 45)], {
        settings: { routRollAppliesTo: 'roller', xhcPointsBasis: 'riderArmour', optional: { battleRage: true } },
      }),
    )
    expect(m.state.settings.routRollAppliesTo).toBe('roller')
    expect(m.state.settings.xhcPointsBasis).toBe('riderArmour')
    expect(m.state.settings.optional.battleRage).toBe(true)
    expect(m.state.settings.optional.standard).toBe(false)
    // Before play, nothing but the initiative roll is possible.
    expect(m.state.phase).toBe('initiative')
  })

  it('SMR-SETUP-01: a value outside the agreed choices is refused', () => {
    expect(SmrSettingsSchema.safeParse({ routRollAppliesTo: 'both' }).success).toBe(false)
    expect(SmrSettingsSchema.safeParse({ xhcPointsBasis: 'horse' }).success).toBe(false)
    expect(SmrSettingsSchema.safeParse({ missileSideBonus: 'flankRear' }).success).toBe(true)
  })
})

describe('§1 Setting up', () => {
  it('SMR-SETUP-02: each side has one leader, one of its own figures, as the scenario names it', () => {
    const m = startSmr(
      smrScenario([unit('a1', 'a', 'L', 10, 3), unit('a2', 'a', 'H', 14, 3), unit('b1', 'b', 'L', 10, 45)], {
        sides: [
          { id: 'a', name: 'A', edge: 'north', leaderId: 'a2' },
          { id: 'b', name: 'B', edge: 'south', leaderId: 'b1' },
        ],
      }),
    )
    expect(m.state.leaders).toEqual({ a: 'a2', b: 'b1' })
  })

  it('SMR-SETUP-02: a leader that is not one of the side’s own figures is refused', () => {
    const base = {
      formatVersion: 1,
      id: 'smr-lead',
      name: 'Lead',
      ruleset: 'smr',
      units: [unit('a1', 'a', 'L', 10, 3), unit('b1', 'b', 'L', 10, 45)],
    }
    const enemyLeader = SmrScenarioSchema.safeParse({
      ...base,
      sides: [
        { id: 'a', name: 'A', edge: 'north', leaderId: 'b1' },
        { id: 'b', name: 'B', edge: 'south', leaderId: 'b1' },
      ],
    })
    expect(enemyLeader.success).toBe(false)
    const noSuchFigure = SmrScenarioSchema.safeParse({
      ...base,
      sides: [
        { id: 'a', name: 'A', edge: 'north', leaderId: 'nobody' },
        { id: 'b', name: 'B', edge: 'south', leaderId: 'b1' },
      ],
    })
    expect(noSuchFigure.success).toBe(false)
    const noLeader = SmrScenarioSchema.safeParse({
      ...base,
      sides: [
        { id: 'a', name: 'A', edge: 'north' },
        { id: 'b', name: 'B', edge: 'south', leaderId: 'b1' },
      ],
    })
    expect(noLeader.success).toBe(false)
  })

  it('SMR-SETUP-02: during set-up a side names one of its figures leader (it replaces the old one); never an enemy, never after set-up', () => {
    let m = loadDice(freeGame(), [1, 1, 6, 6]) // b wins the initiative: a deploys first
    m = act(m, { type: 'rollInitiative', sideId: 'a' }).m
    expect(m.state.phase).toBe('setup')
    expect(m.state.actingSide).toBe('a')
    expect(refusal(m, { type: 'designateLeader', unitId: 'b1' })).toMatch(/^(SMR-SETUP-02|CORE-TURN-01)$/)
    const r = act(m, { type: 'designateLeader', unitId: 'a2' })
    expect(ofType(r.events, 'LeaderDesignated')).toEqual([{ type: 'LeaderDesignated', sideId: 'a', unitId: 'a2' }])
    expect(r.m.state.leaders).toEqual({ a: 'a2', b: 'b1' })
    m = play(r.m, [
      { type: 'endSetup', sideId: 'a' },
      { type: 'endSetup', sideId: 'b' },
    ]).m
    expect(m.state.phase).toBe('turn')
    expect(m.state.leaders.a).toBe('a2')
    expect(PHASE_CLAUSES).toContain(refusal(m, { type: 'designateLeader', unitId: 'a1' }))

    // The old leader has no leader's powers any more (SMR-RALLY-02 is the leader's).
    let mv = inStep(m, 'movement', 'a')
    mv = withUnits(mv, { a3: { routed: true, rallyTurn: 1, facingDeg: 0, position: at(16, 4) } })
    expect(refusal(mv, { type: 'rally', leaderId: 'a1', unitId: 'a3' })).toBe('SMR-RALLY-02')
    const rallied = act(mv, { type: 'rally', leaderId: 'a2', unitId: 'a3' })
    expect(rallied.m.state.units.a3!.routed).toBe(false)
  })

  it('SMR-SETUP-03: mercenaries are ordinary units of their side: priced and counted with it, no other effect', () => {
    const sc = smrScenario(
      [
        unit('a1', 'a', 'H', 10, 3),
        unit('m1', 'a', 'L', 14, 3, { weapon: 'crossbow', contingent: 'merc' }),
        unit('m2', 'a', 'L', 18, 3, { mount: 'horse', contingent: 'merc' }),
        unit('b1', 'b', 'L', 10, 45, { weapon: 'crossbow' }),
      ],
      {
        sides: [
          {
            id: 'a',
            name: 'A',
            edge: 'north',
            leaderId: 'a1',
            points: 10,
            contingents: [{ id: 'merc', name: 'Genoese mercenaries', points: 7 }],
          },
          { id: 'b', name: 'B', edge: 'south', leaderId: 'b1', points: 3 },
        ],
      },
    )
    // H 3 + light crossbowman 3 + light cavalry 4.
    expect(smrSidePoints(sc, 'a')).toBe(10)
    expect(smrContingentPoints(sc, 'a', 'merc')).toBe(7)
    const m = startSmr(sc)
    expect(m.state.units.m1!.sideId).toBe('a')
    expect(m.state.units.m1!.profile).toEqual(m.state.units.b1!.profile)
    // A mercenary may even lead its side.
    const led = SmrScenarioSchema.safeParse({
      ...sc,
      sides: sc.sides.map((s) => (s.id === 'a' ? { ...s, leaderId: 'm1' } : s)),
    })
    expect(led.success).toBe(true)
  })

  it('SMR-SETUP-04: by default the two sides deploy at opposite table edges (6" strips, SMR-SETUP-06)', () => {
    const sc = smrScenario([unit('a1', 'a', 'L', 10, 3), unit('b1', 'b', 'L', 10, 45)])
    const [a, b] = sc.sides
    expect(a!.deploymentZone).toEqual({ minX: 0, minZ: 0, maxX: 48, maxZ: 6 })
    expect(b!.deploymentZone).toEqual({ minX: 0, minZ: 42, maxX: 48, maxZ: 48 })
    const we = smrScenario([unit('a1', 'a', 'L', 3, 10), unit('b1', 'b', 'L', 45, 10)], {
      sides: [
        { id: 'a', name: 'A', edge: 'west', leaderId: 'a1' },
        { id: 'b', name: 'B', edge: 'east', leaderId: 'b1' },
      ],
    })
    expect(we.sides[0]!.deploymentZone).toEqual({ minX: 0, minZ: 0, maxX: 6, maxZ: 48 })
    expect(we.sides[1]!.deploymentZone).toEqual({ minX: 42, minZ: 0, maxX: 48, maxZ: 48 })
  })

  it('SMR-SETUP-05: a battle is Type 1 or Type 2 (Type 2 by default); nothing else', () => {
    const units = [unit('a1', 'a', 'L', 10, 3), unit('b1', 'b', 'L', 10, 45)]
    expect(smrScenario(units).battleType).toBe(2)
    expect(smrScenario(units, { battleType: 1 }).battleType).toBe(1)
    const sc = smrScenario(units)
    expect(SmrScenarioSchema.safeParse({ ...sc, battleType: 3 }).success).toBe(false)
  })

  it('SMR-SETUP-05: in a Type 2 battle a force worth more than its agreed points cannot be played; exactly its points can', () => {
    const units = [unit('a1', 'a', 'H', 10, 3, { mount: 'horse' }), unit('b1', 'b', 'L', 10, 45)]
    const file = (pointsA: number) => ({
      formatVersion: 1,
      id: 'smr-points',
      name: 'Points',
      ruleset: 'smr',
      battleType: 2,
      sides: [
        { id: 'a', name: 'A', edge: 'north', leaderId: 'a1', points: pointsA },
        { id: 'b', name: 'B', edge: 'south', leaderId: 'b1', points: 2 },
      ],
      units,
    })
    // Heavy cavalry costs 5.
    expect(smrSidePoints(SmrScenarioSchema.parse(file(5)), 'a')).toBe(5)
    expect(hasErrors(validateScenario(file(5)))).toBe(false)
    const over = validateScenario(file(4))
    expect(hasErrors(over)).toBe(true)
    const clauses = over.filter((p) => p.severity === 'error').map((p) => p.clause)
    expect(clauses.some((c) => c === 'SMR-SETUP-05' || c === 'SMR-PTS-01')).toBe(true)
  })

  it('SMR-SETUP-06: the initiative winner deploys second (a wins → b deploys first; the winner may do nothing meanwhile)', () => {
    const m = loadDice(freeGame(), [6, 6, 1, 1])
    const r = act(m, { type: 'rollInitiative', sideId: 'a' })
    expect(ofType(r.events, 'InitiativeRolled')[0]!.winnerSideId).toBe('a')
    expect(ofType(r.events, 'SetupTurn').map((e) => e.sideId)).toEqual(['b'])
    expect(r.m.state.actingSide).toBe('b')
    expect(smrLegalCommands(r.m.state, r.m.world, 'a')).toEqual([])
    expect(WRONG_SIDE_CLAUSES).toContain(refusal(r.m, { type: 'placeUnit', unitId: 'a1', at: { x: 20, z: 3 } }))
    expect(WRONG_SIDE_CLAUSES).toContain(refusal(r.m, { type: 'endSetup', sideId: 'a' }))
  })

  it('SMR-SETUP-06: b wins → a deploys first, then b; turn 1 begins with the winner choosing the order', () => {
    let m = loadDice(freeGame(), [1, 1, 6, 6])
    const r = act(m, { type: 'rollInitiative', sideId: 'a' })
    expect(ofType(r.events, 'InitiativeRolled')[0]!.winnerSideId).toBe('b')
    expect(ofType(r.events, 'SetupTurn').map((e) => e.sideId)).toEqual(['a'])
    m = r.m
    const e1 = act(m, { type: 'endSetup', sideId: 'a' })
    expect(ofType(e1.events, 'SetupTurn').map((e) => e.sideId)).toEqual(['b'])
    expect(ofType(e1.events, 'TurnBegan')).toEqual([])
    const e2 = act(e1.m, { type: 'endSetup', sideId: 'b' })
    expect(ofType(e2.events, 'TurnBegan')).toEqual([{ type: 'TurnBegan', turn: 1, chooserSideId: 'b' }])
    expect(e2.m.state.turn).toBe(1)
  })

  it('SMR-SETUP-06 / §12.19: an initiative tie is rolled again', () => {
    const m = loadDice(freeGame(), [3, 4, 5, 2, 1, 1, 6, 6])
    const r = act(m, { type: 'rollInitiative', sideId: 'a' })
    const rolls = ofType(r.events, 'DiceRolled')
    expect(rolls.map((d) => d.total)).toEqual([7, 7, 2, 12])
    expect(ofType(r.events, 'InitiativeRolled')[0]!.winnerSideId).toBe('b')
    expect(ofType(r.events, 'SetupTurn').map((e) => e.sideId)).toEqual(['a'])
  })

  it('SMR-SETUP-06: a unit exactly at the 6" limit may deploy; one beyond it may not (north edge)', () => {
    let m = loadDice(freeGame(), [1, 1, 6, 6])
    m = act(m, { type: 'rollInitiative', sideId: 'a' }).m
    const inside = act(m, { type: 'placeUnit', unitId: 'a1', at: { x: 20, z: INSIDE_NORTH_6 }, facingDeg: 180 })
    expect(inside.m.state.units.a1!.position.z).toBeCloseTo(INSIDE_NORTH_6, 2)
    expect(DEPLOY_CLAUSES).toContain(
      refusal(m, { type: 'placeUnit', unitId: 'a1', at: { x: 20, z: 6 + FOOT_IN / 2 + 0.05 }, facingDeg: 180 }),
    )
    // Not in the enemy's strip either, nor off the table.
    expect(DEPLOY_CLAUSES.concat(['CORE-TABLE-01'])).toContain(
      refusal(m, { type: 'placeUnit', unitId: 'a1', at: { x: 20, z: 45 }, facingDeg: 180 }),
    )
  })

  it('SMR-SETUP-06: a unit exactly at the 6" limit may deploy; one beyond it may not (south edge)', () => {
    let m = loadDice(freeGame(), [6, 6, 1, 1]) // b deploys first
    m = act(m, { type: 'rollInitiative', sideId: 'a' }).m
    act(m, { type: 'placeUnit', unitId: 'b1', at: { x: 30, z: INSIDE_SOUTH_42 }, facingDeg: 0 })
    expect(DEPLOY_CLAUSES).toContain(
      refusal(m, { type: 'placeUnit', unitId: 'b1', at: { x: 30, z: 42 - FOOT_IN / 2 - 0.05 }, facingDeg: 0 }),
    )
  })

  it('SMR-SETUP-06 / §0.3 deployDepth: the strip follows the tunable depth (10")', () => {
    let m = loadDice(freeGame({ settings: { deployDepth: 10 } }), [1, 1, 6, 6])
    expect(m.header.scenario.sides[0]!.deploymentZone).toEqual({ minX: 0, minZ: 0, maxX: 48, maxZ: 10 })
    m = act(m, { type: 'rollInitiative', sideId: 'a' }).m
    act(m, { type: 'placeUnit', unitId: 'a1', at: { x: 20, z: lastInside(10, -1) }, facingDeg: 180 })
    expect(DEPLOY_CLAUSES).toContain(
      refusal(m, { type: 'placeUnit', unitId: 'a1', at: { x: 20, z: 10 + FOOT_IN / 2 + 0.05 }, facingDeg: 180 }),
    )
  })

  it('SMR-SETUP-07: before the game every figure’s leader and status are open to both sides', () => {
    const sc = scenarioFile('smr-contact')
    const m = startSmr(sc)
    const view = smr.view(m.state, { kind: 'sides', sideIds: ['saxons'] }, sc)
    expect(view.leaders).toEqual({ normans: 'nor-knight', saxons: 'sax-thegn' })
    expect(view.units['nor-knight']!.profile).toMatchObject({ cls: 'H', mount: 'horse', weapon: 'hand' })
    expect(view.units['nor-archer-1']!.profile).toMatchObject({ cls: 'L', mount: 'foot', weapon: 'bow' })
    expect(view.units['nor-peasant-4']!.profile).toMatchObject({ cls: 'P', mount: 'foot', weapon: 'hand' })
    for (const u of sc.units) expect(view.units[u.id], u.id).toBeDefined()
  })

  it('SMR-SETUP-07: each figure’s status can be read in the reference’s words', () => {
    expect(profileLabel(profile('L', 'horse'))).toMatch(/light/i)
    expect(profileLabel(profile('L', 'horse'))).toMatch(/cavalry/i)
    expect(profileLabel(profile('H', 'horse'))).toMatch(/heavy/i)
    expect(profileLabel(profile('H', 'horse'))).toMatch(/cavalry/i)
    expect(profileLabel(profile('P', 'foot', 'sling'))).toMatch(/peasant/i)
    expect(profileLabel(profile('P', 'foot', 'sling'))).toMatch(/sling/i)
    expect(profileLabel(profile('L', 'foot', 'bow'))).toMatch(/light/i)
    expect(profileLabel(profile('L', 'foot', 'bow'))).toMatch(/archer|bow/i)
  })
})

// ---------------------------------------------------------------------------
// SMR-SETUP-08 — end of game
// ---------------------------------------------------------------------------

describe('SMR-SETUP-08 end of game', () => {
  it('SMR-SETUP-08: a side whose only unit is routed at the end of the Rally Event loses', () => {
    let m = startSmr(smrScenario([unit('a1', 'a', 'L', 10, 3), unit('b1', 'b', 'L', 30, 45)]))
    m = withUnits(m, { b1: { routed: true, rallyTurn: 2, facingDeg: 180 } })
    const r = finishTurn(m)
    const ended = ofType(r.events, 'GameEnded')
    expect(ended).toHaveLength(1)
    expect(ended[0]!.winnerSideId).toBe('a')
    expect(eventIndex(r.events, (e) => e.type === 'GameEnded')).toBeGreaterThan(beganAt(r.events, 'rally'))
    expect(r.m.state.phase).toBe('ended')
    expect(r.m.state.result?.winnerSideId).toBe('a')
  })

  it('SMR-SETUP-08: both sides without an unrouted unit at the end of the same Rally Event: the game ends, nobody wins', () => {
    let m = startSmr(smrScenario([unit('a1', 'a', 'L', 10, 3), unit('b1', 'b', 'L', 30, 45)]))
    m = withUnits(m, {
      a1: { routed: true, rallyTurn: 2, facingDeg: 0 },
      b1: { routed: true, rallyTurn: 2, facingDeg: 180 },
    })
    const r = finishTurn(m)
    const ended = ofType(r.events, 'GameEnded')
    expect(ended).toHaveLength(1)
    expect(ended[0]!.winnerSideId).toBeNull()
  })

  it('SMR-SETUP-08: a unit routed in Event 1 that rallies in Event 4 keeps its side in the game (checked only at the end of the Rally Event)', () => {
    let m = startSmr(
      smrScenario([unit('a1', 'a', 'L', 24, 5, { weapon: 'bow' }), unit('b1', 'b', 'H', 24, 14)], {
        settings: {},
      }),
    )
    // Natural 2: any class routs (H). Rally roll 4: H rallies on 4–6.
    m = loadDice(inStep(m, 'missiles', 'a'), [1, 1, 4])
    const f = fire(m, 'a', 'b', [{ unitId: 'a1', targetId: 'b1' }])
    expect(ofType(f.events, 'UnitRouted').map((e) => e.unitId)).toEqual(['b1'])
    expect(ofType(f.events, 'GameEnded')).toEqual([])
    const mv = play(f.m, [
      { type: 'endMovement', sideId: 'a' },
      { type: 'endMovement', sideId: 'b' },
    ])
    expect(ofType(mv.events, 'UnitRallied').map((e) => e.unitId)).toEqual(['b1'])
    expect(ofType(mv.events, 'GameEnded')).toEqual([])
    expect(mv.m.state.phase).toBe('turn')
    expect(mv.m.state.turn).toBe(2)
  })

  it('SMR-SETUP-08: the same unit failing its rally roll (3) is removed and its side loses at the end of that Rally Event', () => {
    let m = startSmr(smrScenario([unit('a1', 'a', 'L', 24, 5, { weapon: 'bow' }), unit('b1', 'b', 'H', 24, 14)]))
    m = loadDice(inStep(m, 'missiles', 'a'), [1, 1, 3])
    const f = fire(m, 'a', 'b', [{ unitId: 'a1', targetId: 'b1' }])
    expect(ofType(f.events, 'GameEnded')).toEqual([])
    const mv = play(f.m, [
      { type: 'endMovement', sideId: 'a' },
      { type: 'endMovement', sideId: 'b' },
    ])
    const ended = ofType(mv.events, 'GameEnded')
    expect(ended.map((e) => e.winnerSideId)).toEqual(['a'])
    expect(eventIndex(mv.events, (e) => e.type === 'GameEnded')).toBeGreaterThan(beganAt(mv.events, 'rally'))
    expect(ofType(mv.events, 'TurnBegan')).toEqual([])
  })

  it('SMR-SETUP-08: the end is judged at the end of the Rally Event, not when a side is wiped out in Event 1 (both end without an unrouted unit → nobody wins)', () => {
    let m = startSmr(
      smrScenario([unit('a1', 'a', 'L', 24, 10, { weapon: 'bow' }), unit('b1', 'b', 'L', 24, 20, { weapon: 'bow' })]),
    )
    // One shot is a natural 12 (KIA), the other a natural 2 (the light target routs); then the routed
    // light archer rolls 4 to rally in Event 4 of the same turn (L needs 5 or 6) and is removed.
    m = loadDice(inStep(m, 'missiles', 'a'), [6, 6, 1, 1, 4])
    const f = fire(m, 'a', 'b', [{ unitId: 'a1', targetId: 'b1' }], [{ unitId: 'b1', targetId: 'a1' }])
    expect(ofType(f.events, 'UnitKilled')).toHaveLength(1)
    expect(ofType(f.events, 'UnitRouted')).toHaveLength(1)
    const events: SmrEvent[] = [...f.events]
    let cur = f.m
    for (let i = 0; i < 4 && cur.state.phase === 'turn' && cur.state.step === 'movement'; i++) {
      const r = act(cur, { type: 'endMovement', sideId: cur.state.actingSide! })
      events.push(...r.events)
      cur = r.m
    }
    const ended = ofType(events, 'GameEnded')
    expect(ended).toHaveLength(1)
    expect(ended[0]!.winnerSideId).toBeNull()
    expect(eventIndex(events, (e) => e.type === 'GameEnded')).toBeGreaterThan(beganAt(events, 'rally'))
  })

  it('SMR-SETUP-08: no turn limit by default: a quiet turn leads to the next', () => {
    const m = startSmr(smrScenario([unit('a1', 'a', 'L', 10, 3), unit('b1', 'b', 'L', 30, 45)]))
    expect(m.header.scenario.turnLimit).toBeNull()
    const r = finishTurn(m)
    expect(ofType(r.events, 'GameEnded')).toEqual([])
    expect(ofType(r.events, 'TurnBegan').map((e) => e.turn)).toEqual([2])
  })

  it('SMR-SETUP-08: with an agreed turn limit the side with more surviving units wins when it expires (last turn)', () => {
    const sc = smrScenario([unit('a1', 'a', 'L', 10, 3), unit('a2', 'a', 'P', 14, 3), unit('b1', 'b', 'L', 30, 45)], {
      turnLimit: 2,
    })
    const m = startSmr(sc)
    const t1 = finishTurn(m)
    expect(ofType(t1.events, 'GameEnded')).toEqual([])
    expect(ofType(t1.events, 'TurnBegan').map((e) => e.turn)).toEqual([2])
    const t2 = finishTurn(t1.m, 'a', 'b', { turn: 2 })
    expect(ofType(t2.events, 'GameEnded').map((e) => e.winnerSideId)).toEqual(['a'])
    expect(ofType(t2.events, 'TurnBegan')).toEqual([])
    expect(t2.m.state.result).toMatchObject({ winnerSideId: 'a', turn: 2 })
  })

  it('SMR-SETUP-08: at the turn limit, killed units do not survive (2 + 1 killed vs 2 → b wins)', () => {
    let m = startSmr(
      smrScenario(
        [
          unit('a1', 'a', 'L', 10, 3),
          unit('a2', 'a', 'P', 14, 3),
          unit('a3', 'a', 'P', 18, 3),
          unit('b1', 'b', 'L', 30, 45),
          unit('b2', 'b', 'L', 34, 45),
          unit('b3', 'b', 'L', 38, 45),
        ],
        { turnLimit: 1 },
      ),
    )
    m = withUnits(m, { a2: { status: 'killed' }, a3: { status: 'killed' }, b3: { status: 'killed' } })
    const r = finishTurn(m)
    expect(ofType(r.events, 'GameEnded').map((e) => e.winnerSideId)).toEqual(['b'])
  })

  it('SMR-SETUP-08: at the turn limit, equal survivors: nobody has more, nobody wins', () => {
    const m = startSmr(smrScenario([unit('a1', 'a', 'L', 10, 3), unit('b1', 'b', 'L', 30, 45)], { turnLimit: 1 }))
    const r = finishTurn(m)
    const ended = ofType(r.events, 'GameEnded')
    expect(ended).toHaveLength(1)
    expect(ended[0]!.winnerSideId).toBeNull()
  })

  it('SMR-SETUP-08 / SMR-SCEN-01: a whole game of Contact ends with the loser having no unrouted unit on the table, at a Rally Event', () => {
    const sc = scenarioFile('smr-contact')
    const out = playOutSmr(startSmr(sc, 5), startSmr(sc, 77).state.rng)
    const m = out.match
    expect(m.state.phase).toBe('ended')
    const res = m.state.result!
    if (res.winnerSideId !== null) {
      const loser = m.state.sideIds.find((s) => s !== res.winnerSideId)!
      const standing = Object.values(m.state.units).filter(
        (u) => u.sideId === loser && u.status === 'ok' && u.hiddenIn === null && !u.routed,
      )
      expect(standing.map((u) => u.id)).toEqual([])
    }
    const last = m.entries.at(-1)!
    const evs = last.events as readonly SmrEvent[]
    expect(eventIndex(evs, (e) => e.type === 'GameEnded')).toBeGreaterThan(beganAt(evs, 'rally'))
  }, 240_000)
})

// ---------------------------------------------------------------------------
// §2.1 Unit classes
// ---------------------------------------------------------------------------

describe('§2.1 Unit classes', () => {
  it('SMR-UNIT-01: a unit has one of the four classes P, L, H, XH; nothing else', () => {
    const sc = smrScenario([unit('a1', 'a', 'L', 10, 3), unit('b1', 'b', 'L', 10, 45)])
    const bad = { ...sc, units: [{ ...sc.units[0]!, cls: 'M' }, sc.units[1]!] }
    expect(SmrScenarioSchema.safeParse(bad).success).toBe(false)
    for (const cls of ['P', 'L', 'H', 'XH'] as const) {
      const m = startSmr(smrScenario([unit('a1', 'a', cls, 10, 3), unit('b1', 'b', 'L', 10, 45)]))
      expect(m.state.units.a1!.profile.cls).toBe(cls)
    }
  })

  it('SMR-UNIT-01: only an archer (bow, crossbow or sling) shoots in Event 1; an infantryman with a hand weapon is refused', () => {
    const m = inStep(
      startSmr(
        smrScenario([
          unit('a1', 'a', 'L', 24, 10),
          unit('a2', 'a', 'P', 20, 10, { weapon: 'sling' }),
          unit('b1', 'b', 'L', 24, 20),
        ]),
      ),
      'missiles',
      'a',
    )
    expect(['SMR-MISS-01', 'SMR-UNIT-01']).toContain(
      refusal(m, { type: 'declareMissiles', sideId: 'a', shots: [{ unitId: 'a1', targetId: 'b1' }] }),
    )
    act(m, { type: 'declareMissiles', sideId: 'a', shots: [{ unitId: 'a2', targetId: 'b1' }] })
  })

  it('SMR-UNIT-01: roles: infantry moves as foot of its class, cavalry as cavalry (Table V)', () => {
    expect(moveAllowanceIn(profile('P'))).toBe(4)
    expect(moveAllowanceIn(profile('L'))).toBe(4)
    expect(moveAllowanceIn(profile('H'))).toBe(3)
    expect(moveAllowanceIn(profile('XH'))).toBe(2)
    expect(moveAllowanceIn(profile('L', 'horse'))).toBe(6)
    expect(moveAllowanceIn(profile('H', 'horse'))).toBe(5)
    expect(moveAllowanceIn(profile('XH', 'armouredHorse'))).toBe(4)
  })

  it('SMR-UNIT-01: a slinger counts as an archer when it is the target in melee (H vs peasant slinger needs 6, PA)', () => {
    const n = meleeNeeds({ cls: 'H' }, { cls: 'P', weapon: 'sling' })
    expect(n.aNeeds).toBe(6)
    // …and attacks on the Peasant-archer row: vs HI/C 12.
    expect(n.bNeeds).toBe(12)
  })

  it('SMR-UNIT-01: a peasant with a hand weapon is peasant infantry (H vs PI/C needs 7; P vs HI/C needs 11)', () => {
    const n = meleeNeeds({ cls: 'H' }, { cls: 'P' })
    expect(n.aNeeds).toBe(7)
    expect(n.bNeeds).toBe(11)
  })

  it('SMR-UNIT-01: a crossbowman is an archer in melee (LI vs light crossbowman: LA column 8)', () => {
    const n = meleeNeeds({ cls: 'L' }, { cls: 'L', weapon: 'crossbow' })
    expect(n.aNeeds).toBe(8)
    // Light-archer row vs LI/C: 10.
    expect(n.bNeeds).toBe(10)
  })

  it('SMR-UNIT-02: a mounted bowman is an archer for Table C (LA row vs PI/C 9; P vs LA 9, not LI/C 10)', () => {
    const n = meleeNeeds({ cls: 'L', mount: 'horse', weapon: 'bow' }, { cls: 'P' })
    expect(n.aNeeds).toBe(9)
    expect(n.bNeeds).toBe(9)
  })

  it('SMR-UNIT-02: a mounted archer moves as cavalry of its class (light 6", heavy 5")', () => {
    expect(moveAllowanceIn(profile('L', 'horse', 'bow'))).toBe(6)
    expect(moveAllowanceIn(profile('H', 'horse', 'crossbow'))).toBe(5)
    expect(moveAllowanceIn(profile('L', 'foot', 'bow'))).toBe(4)
  })

  it('SMR-UNIT-02: on the table, a light horse archer may move exactly 6" but not 6.5"', () => {
    let m = startSmr(
      smrScenario([unit('a1', 'a', 'L', 24, 10, { mount: 'horse', weapon: 'bow' }), unit('b1', 'b', 'L', 40, 45)]),
    )
    m = inStep(m, 'movement', 'a')
    const ok = act(m, { type: 'moveUnit', unitId: 'a1', path: [{ x: 24, z: 16 }] })
    expect(ok.m.state.units.a1!.position.z).toBeCloseTo(16, 2)
    const why = refusal(m, { type: 'moveUnit', unitId: 'a1', path: [{ x: 24, z: 16.5 }] })
    expect(why).toMatch(/^SMR-MOVE-04$/)
  })

  it('SMR-UNIT-02: a slinger on foot fires on the sling line of Table M (vs L needs 11)', () => {
    expect(missileShot({ cls: 'P', weapon: 'sling' }, { cls: 'L' }).needed).toBe(11)
  })

  it('SMR-UNIT-02: a mounted bowman still shoots as a bow archer (vs P needs 9)', () => {
    expect(missileShot({ cls: 'L', mount: 'horse', weapon: 'bow' }, { cls: 'P' }).needed).toBe(9)
  })

  it('SMR-UNIT-03: light cavalry is class L as a missile target (bow needs 10), heavy cavalry H (11), XHC XH (12), peasant cavalry P (9)', () => {
    expect(missileShot({ cls: 'L', weapon: 'bow' }, { cls: 'L', mount: 'horse' }).needed).toBe(10)
    expect(missileShot({ cls: 'L', weapon: 'bow' }, { cls: 'H', mount: 'horse' }).needed).toBe(11)
    expect(missileShot({ cls: 'L', weapon: 'bow' }, { cls: 'XH', mount: 'armouredHorse' }).needed).toBe(12)
    expect(missileShot({ cls: 'L', weapon: 'bow' }, { cls: 'P', mount: 'horse' }).needed).toBe(9)
  })

  it('SMR-UNIT-03: heavy cavalry attacks on the Heavy row (vs PI/C 7); peasants strike it on HI/C (11)', () => {
    const n = meleeNeeds({ cls: 'H', mount: 'horse' }, { cls: 'P' })
    expect(n.aNeeds).toBe(7)
    expect(n.bNeeds).toBe(11)
  })

  it('SMR-UNIT-03: peasant cavalry attacks on the Peasant row (vs LI/C 10); light infantry strikes it on PI/C (8)', () => {
    const n = meleeNeeds({ cls: 'P', mount: 'horse' }, { cls: 'L' })
    expect(n.aNeeds).toBe(10)
    expect(n.bNeeds).toBe(8)
  })

  it('SMR-UNIT-03: XHC is a target on XHI/C (H needs 10) and attacks on the Heavy/XH row (vs HI/C 9)', () => {
    const n = meleeNeeds({ cls: 'H' }, { cls: 'XH', mount: 'armouredHorse' })
    expect(n.aNeeds).toBe(10)
    expect(n.bNeeds).toBe(9)
  })

  it('SMR-UNIT-03 / Table V: peasant cavalry moves 6" (as light cavalry), XHC 4"', () => {
    expect(moveAllowanceIn(profile('P', 'horse'))).toBe(6)
    expect(moveAllowanceIn(profile('XH', 'armouredHorse'))).toBe(4)
  })

  it('SMR-UNIT-04: an XH archer attacks on the Heavy-archer row (vs PI/C 8, not 7) and is struck on the HA column (P needs 10, not 12)', () => {
    const n = meleeNeeds({ cls: 'XH', weapon: 'bow' }, { cls: 'P' })
    expect(n.aNeeds).toBe(8)
    expect(n.bNeeds).toBe(10)
  })

  it('SMR-UNIT-04: light infantry strikes an XH crossbowman on HA (9); the XH crossbowman strikes LI/C on the HA row (9)', () => {
    const n = meleeNeeds({ cls: 'L' }, { cls: 'XH', weapon: 'crossbow' })
    expect(n.aNeeds).toBe(9)
    expect(n.bNeeds).toBe(9)
  })

  it('SMR-UNIT-04: as a missile target an XH archer is still class XH on Table M (bow needs 12)', () => {
    expect(missileShot({ cls: 'L', weapon: 'bow' }, { cls: 'XH', weapon: 'bow' }).needed).toBe(12)
  })

  it('SMR-UNIT-04: an XH archer on foot moves as X-heavy infantry (2")', () => {
    expect(moveAllowanceIn(profile('XH', 'foot', 'crossbow'))).toBe(2)
  })
})

// ---------------------------------------------------------------------------
// §2.2 Points
// ---------------------------------------------------------------------------

describe('§2.2 Points', () => {
  const byClass = { xhcPointsBasis: 'unitClass' } as const
  const byRider = { xhcPointsBasis: 'riderArmour' } as const

  it('SMR-PTS-01: class costs XH 4, H 3, L 2, P 1', () => {
    expect(unitPoints(profile('XH'), byClass)).toBe(4)
    expect(unitPoints(profile('H'), byClass)).toBe(3)
    expect(unitPoints(profile('L'), byClass)).toBe(2)
    expect(unitPoints(profile('P'), byClass)).toBe(1)
  })

  it('SMR-PTS-01: a horse adds 2; an armoured horse 1 more on top', () => {
    expect(unitPoints(profile('P', 'horse'), byClass)).toBe(3)
    expect(unitPoints(profile('L', 'horse'), byClass)).toBe(4)
    expect(unitPoints(profile('H', 'horse'), byClass)).toBe(5)
    expect(unitPoints(profile('XH', 'horse'), byClass)).toBe(6)
    expect(unitPoints(profile('XH', 'armouredHorse'), byClass)).toBe(7)
  })

  it('SMR-PTS-01: a bow adds 1, a crossbow 1, a sling 0; a hand weapon (or an axe) nothing', () => {
    expect(unitPoints(profile('L', 'foot', 'bow'), byClass)).toBe(3)
    expect(unitPoints(profile('L', 'foot', 'crossbow'), byClass)).toBe(3)
    expect(unitPoints(profile('L', 'foot', 'sling'), byClass)).toBe(2)
    expect(unitPoints(profile('H', 'foot', 'hand', { axe: true }), byClass)).toBe(3)
    expect(unitPoints(profile('XH', 'foot', 'bow'), byClass)).toBe(5)
  })

  it('SMR-PTS-01: cost = class + mount + missile weapon, all three at once (mounted archers)', () => {
    expect(unitPoints(profile('L', 'horse', 'bow'), byClass)).toBe(5)
    expect(unitPoints(profile('H', 'horse', 'crossbow'), byClass)).toBe(6)
    expect(unitPoints(profile('P', 'horse', 'sling'), byClass)).toBe(3)
    expect(unitPoints(profile('XH', 'armouredHorse', 'bow'), byClass)).toBe(8)
  })

  it('SMR-PTS-E01: light cavalry 4; heavy cavalry 5; light archer (bow) 3; peasant slinger 1; peasant archer 2', () => {
    expect(unitPoints(profile('L', 'horse'), byClass)).toBe(4)
    expect(unitPoints(profile('H', 'horse'), byClass)).toBe(5)
    expect(unitPoints(profile('L', 'foot', 'bow'), byClass)).toBe(3)
    expect(unitPoints(profile('P', 'foot', 'sling'), byClass)).toBe(1)
    expect(unitPoints(profile('P', 'foot', 'bow'), byClass)).toBe(2)
  })

  it('SMR-PTS-E02: XHC = 7 by default; light crossbowman 2 + 1 = 3', () => {
    expect(unitPoints(profile('XH', 'armouredHorse'), SmrSettingsSchema.parse({}))).toBe(7)
    expect(unitPoints(profile('L', 'foot', 'crossbow'), SmrSettingsSchema.parse({}))).toBe(3)
  })

  it('SMR-PTS-06 / §0.3 xhcPointsBasis: riderArmour prices XHC 3 + 2 + 1 = 6; nothing else changes', () => {
    expect(unitPoints(profile('XH', 'armouredHorse'), byRider)).toBe(6)
    expect(unitPoints(profile('XH', 'armouredHorse', 'bow'), byRider)).toBe(7)
    expect(unitPoints(profile('XH'), byRider)).toBe(4)
    expect(unitPoints(profile('H', 'horse'), byRider)).toBe(5)
    expect(unitPoints(profile('L', 'horse'), byRider)).toBe(4)
  })

  it('SMR-PTS-06: the side total follows the scenario’s basis (Village Invasion raiders: 60 by class, 58 by rider armour)', () => {
    const vil = scenarioFile('smr-village-invasion')
    expect(smrSidePoints(vil, 'raiders')).toBe(60)
    const byRiderScenario = SmrScenarioSchema.parse({
      ...vil,
      settings: { ...vil.settings, xhcPointsBasis: 'riderArmour' },
    })
    expect(smrSidePoints(byRiderScenario, 'raiders')).toBe(58)
    expect(smrSidePoints(byRiderScenario, 'villagers')).toBe(50)
  })

  it('§2.2: a giant lizard (Greatheart) costs 6', () => {
    expect(unitPoints(profile('H', 'foot', 'hand', { creature: 'giantLizard' }), byClass)).toBe(6)
  })

  it('SMR-PTS-E03: 1 heavy cavalry (5) + 2 light archers (6) + 4 peasants (4) = 15, a legal force for Contact', () => {
    const units = [
      unit('hc', 'a', 'H', 24, 3, { mount: 'horse' }),
      unit('la1', 'a', 'L', 20, 3, { weapon: 'bow' }),
      unit('la2', 'a', 'L', 28, 3, { weapon: 'bow' }),
      unit('p1', 'a', 'P', 14, 3),
      unit('p2', 'a', 'P', 16, 3),
      unit('p3', 'a', 'P', 32, 3),
      unit('p4', 'a', 'P', 34, 3),
      unit('b1', 'b', 'L', 24, 45),
    ]
    const sc = smrScenario(units, {
      sides: [
        { id: 'a', name: 'A', edge: 'north', leaderId: 'hc', points: 15 },
        { id: 'b', name: 'B', edge: 'south', leaderId: 'b1', points: 15 },
      ],
    })
    expect(smrSidePoints(sc, 'a')).toBe(15)
    expect(smrSidePoints(sc, 'b')).toBe(2)
  })
})

// ---------------------------------------------------------------------------
// §3 The turn
// ---------------------------------------------------------------------------

describe('§3 The turn', () => {
  const twoArchers = () =>
    startSmr(
      smrScenario([unit('a1', 'a', 'L', 24, 10, { weapon: 'bow' }), unit('b1', 'b', 'L', 24, 20, { weapon: 'bow' })]),
    )

  it('SMR-TURN-01: the first turn is turn 1, and its four events come in the fixed order missiles → movement → melee → rally', () => {
    let m = loadDice(twoArchers(), [6, 6, 1, 1, 2, 3])
    const init = act(m, { type: 'rollInitiative', sideId: 'a' })
    expect(ofType(init.events, 'TurnBegan')).toEqual([{ type: 'TurnBegan', turn: 1, chooserSideId: 'a' }])
    m = init.m
    const r = play(m, [
      { type: 'chooseOrder', sideId: 'a', firstSideId: 'a' },
      { type: 'declareMissiles', sideId: 'a', shots: [{ unitId: 'a1', targetId: 'b1' }] },
      { type: 'declareMissiles', sideId: 'b', shots: [] },
      { type: 'endMovement', sideId: 'a' },
      { type: 'endMovement', sideId: 'b' },
    ])
    expect(began(r.events)).toEqual(['missiles', 'movement', 'melee', 'rally'])
    const shot = eventIndex(r.events, (e) => e.type === 'AttackResolved')
    expect(shot).toBeGreaterThan(beganAt(r.events, 'missiles'))
    expect(shot).toBeLessThan(beganAt(r.events, 'movement'))
    const ended = eventIndex(r.events, (e) => e.type === 'TurnEnded')
    expect(ended).toBeGreaterThan(beganAt(r.events, 'rally'))
    expect(ofType(r.events, 'TurnEnded').map((e) => e.turn)).toEqual([1])
    expect(ofType(r.events, 'TurnBegan').map((e) => e.turn)).toEqual([2])
    expect(eventIndex(r.events, (e) => e.type === 'TurnBegan')).toBeGreaterThan(ended)
    // Not Village Invasion: no reinforcement step at the end of the turn.
    expect(ofType(r.events, 'StepBegan').filter((e) => e.step === 'reinforcements')).toEqual([])
    expect(r.m.state.turn).toBe(2)
  })

  it('SMR-TURN-01: the second turn again has the four events in the same order', () => {
    const m = inStep(twoArchers(), 'order', 'b', { turn: 2, chooser: 'b', firstSide: null })
    const r = play(loadDice(m, [2, 3]), [
      { type: 'chooseOrder', sideId: 'b', firstSideId: 'b' },
      { type: 'declareMissiles', sideId: 'b', shots: [{ unitId: 'b1', targetId: 'a1' }] },
      { type: 'declareMissiles', sideId: 'a', shots: [] },
      { type: 'endMovement', sideId: 'b' },
      { type: 'endMovement', sideId: 'a' },
    ])
    expect(began(r.events)).toEqual(['missiles', 'movement', 'melee', 'rally'])
    expect(ofType(r.events, 'TurnEnded').map((e) => e.turn)).toEqual([2])
    expect(ofType(r.events, 'TurnBegan').map((e) => e.turn)).toEqual([3])
  })

  it('SMR-TURN-01: during Event 1 no one may move (the event is finished first); state unchanged', () => {
    const m = inStep(twoArchers(), 'missiles', 'a')
    expect(PHASE_CLAUSES).toContain(refusal(m, { type: 'moveUnit', unitId: 'a1', path: [{ x: 24, z: 12 }] }))
    expect(PHASE_CLAUSES).toContain(refusal(m, { type: 'endMovement', sideId: 'a' }))
  })

  it('SMR-TURN-01: during Event 2 no one may declare missile fire any more; state unchanged', () => {
    const m = inStep(twoArchers(), 'movement', 'a')
    expect(PHASE_CLAUSES).toContain(
      refusal(m, { type: 'declareMissiles', sideId: 'a', shots: [{ unitId: 'a1', targetId: 'b1' }] }),
    )
  })

  it('SMR-TURN-01: before the order is chosen nothing of Event 1 may happen', () => {
    const m = inStep(twoArchers(), 'order', 'a', { firstSide: null })
    expect(PHASE_CLAUSES).toContain(refusal(m, { type: 'declareMissiles', sideId: 'a', shots: [] }))
  })

  it('SMR-TURN-01: Event 2 is "each side in turn": while the first side moves the second may not; melee waits for both', () => {
    const m = inStep(twoArchers(), 'movement', 'a')
    expect(WRONG_SIDE_CLAUSES).toContain(refusal(m, { type: 'moveUnit', unitId: 'b1', path: [{ x: 24, z: 22 }] }))
    const first = act(m, { type: 'endMovement', sideId: 'a' })
    expect(began(first.events)).toEqual([])
    expect(first.m.state.step).toBe('movement')
    expect(first.m.state.actingSide).toBe('b')
    const second = act(first.m, { type: 'endMovement', sideId: 'b' })
    expect(began(second.events)).toEqual(['melee', 'rally'])
  })

  it('SMR-TURN-01: before the game (initiative) and after it (ended) no turn command is accepted', () => {
    const m = twoArchers()
    expect(PHASE_CLAUSES).toContain(refusal(m, { type: 'declareMissiles', sideId: 'a', shots: [] }))
    expect(PHASE_CLAUSES).toContain(refusal(m, { type: 'chooseOrder', sideId: 'a', firstSideId: 'a' }))
    let e = withUnits(twoArchers(), { b1: { routed: true, rallyTurn: 2, facingDeg: 180 } })
    e = finishTurn(e).m
    expect(e.state.phase).toBe('ended')
    expect(PHASE_CLAUSES).toContain(refusal(e, { type: 'chooseOrder', sideId: 'b', firstSideId: 'b' }))
    expect(smr.sideToAct(e.state)).toBeNull()
  })

  it('SMR-TURN-02 (+ SMR-MISS-06): a unit killed in Event 1 still fires in Event 1; both are removed at the end of the event', () => {
    const m = loadDice(inStep(twoArchers(), 'missiles', 'a'), [6, 6, 6, 6])
    const r = fire(m, 'a', 'b', [{ unitId: 'a1', targetId: 'b1' }], [{ unitId: 'b1', targetId: 'a1' }])
    const shots = ofType(r.events, 'AttackResolved')
    expect(shots.map((s) => s.attackerId).sort()).toEqual(['a1', 'b1'])
    expect(shots.every((s) => s.killed && s.natural === 12)).toBe(true)
    const lastShot = Math.max(...shots.map((s) => r.events.indexOf(s)))
    const kills = ofType(r.events, 'UnitKilled')
    expect(kills.map((k) => k.unitId).sort()).toEqual(['a1', 'b1'])
    for (const k of kills) expect(r.events.indexOf(k)).toBeGreaterThan(lastShot)
    expect(r.m.state.units.a1!.status).toBe('killed')
    expect(r.m.state.units.b1!.status).toBe('killed')
  })

  it('SMR-TURN-02 (+ SMR-MELEE-E07): two heavy infantrymen face-to-face both roll 9: both attack, both die, removed after the rolls', () => {
    let m = startSmr(smrScenario([unit('a1', 'a', 'H', 24, 20), unit('b1', 'b', 'H', 24, 20 + FOOT_IN)]))
    m = withUnits(m, { a1: { faceToFace: 'b1' }, b1: { faceToFace: 'a1' } })
    const r = finishTurn(loadDice(m, [4, 5, 4, 5]))
    const atk = ofType(r.events, 'AttackResolved').filter((e) => e.kind === 'melee')
    expect(atk.map((a) => [a.attackerId, a.needed, a.natural, a.killed]).sort()).toEqual([
      ['a1', 9, 9, true],
      ['b1', 9, 9, true],
    ])
    const lastAtk = Math.max(...atk.map((a) => r.events.indexOf(a)))
    const kills = ofType(r.events, 'UnitKilled')
    expect(kills).toHaveLength(2)
    for (const k of kills) expect(r.events.indexOf(k)).toBeGreaterThan(lastAtk)
    expect(r.m.state.units.a1!.status).toBe('killed')
    expect(r.m.state.units.b1!.status).toBe('killed')
  })

  it('SMR-TURN-02: a rout caused in Event 1 is carried out at once, within Event 1 (peasant, natural 4, 4" toward its own edge)', () => {
    const m = startSmr(smrScenario([unit('a1', 'a', 'L', 24, 10, { weapon: 'bow' }), unit('b1', 'b', 'P', 24, 20)]))
    const r = fire(loadDice(inStep(m, 'missiles', 'a'), [1, 3]), 'a', 'b', [{ unitId: 'a1', targetId: 'b1' }])
    expect(ofType(r.events, 'AttackResolved')[0]).toMatchObject({ natural: 4, killed: false, routedId: 'b1' })
    const routMove = ofType(r.events, 'UnitMoved').filter((e) => e.unitId === 'b1' && e.reason === 'rout')
    expect(routMove).toHaveLength(1)
    expect(routMove[0]!.distanceIn).toBeCloseTo(4, 2)
    const mvAt = beganAt(r.events, 'movement')
    expect(mvAt).toBeGreaterThan(-1)
    expect(r.events.indexOf(routMove[0]!)).toBeLessThan(mvAt)
    expect(r.m.state.units.b1!.position.z).toBeCloseTo(24, 2)
    expect(r.m.state.units.b1!.routed).toBe(true)
  })

  it('SMR-TURN-02: a unit killed in Event 1 takes no part in Event 2', () => {
    const m = loadDice(inStep(twoArchers(), 'missiles', 'a'), [6, 6])
    const r = fire(m, 'a', 'b', [{ unitId: 'a1', targetId: 'b1' }], [])
    expect(r.m.state.step).toBe('movement')
    const onB = inStep(r.m, 'movement', 'b', { movementDone: ['a'] })
    expect(() => refusal(onB, { type: 'moveUnit', unitId: 'b1', path: [{ x: 24, z: 22 }] })).not.toThrow()
  })
})

// ---------------------------------------------------------------------------
// §11 Scenarios
// ---------------------------------------------------------------------------

describe('SMR-SCEN-01 "Contact"', () => {
  const contact = scenarioFile('smr-contact')

  it('SMR-SCEN-01: a Type 2 battle of 15 points a side', () => {
    expect(contact.battleType).toBe(2)
    for (const s of contact.sides) {
      expect(s.points).toBe(15)
      expect(smrSidePoints(contact, s.id)).toBe(15)
    }
  })

  it('SMR-SCEN-01: opposite edges; every figure starts within 6" of its own edge (SMR-SETUP-04/06)', () => {
    const edges = contact.sides.map((s) => s.edge).sort()
    expect(edges).toEqual(['north', 'south'])
    for (const u of contact.units) {
      const side = contact.sides.find((s) => s.id === u.sideId)!
      const half = (u.mount === 'foot' ? FOOT_IN : CAV_DEPTH_IN) / 2
      if (side.edge === 'north') expect(u.z + half, u.id).toBeLessThanOrEqual(6)
      else expect(u.z - half, u.id).toBeGreaterThanOrEqual(42)
    }
  })

  it('SMR-SCEN-01: each side names one leader of its own; destroy-or-rout victory (SMR-SETUP-08); no turn limit', () => {
    for (const s of contact.sides) {
      const leader = contact.units.find((u) => u.id === s.leaderId)
      expect(leader?.sideId).toBe(s.id)
    }
    expect(contact.victory).toBe('rout')
    expect(contact.turnLimit).toBeNull()
    expect(contact.village).toBeUndefined()
  })

  it('SMR-SCEN-01 / SMR-PTS-E03: the Normans field exactly the example force (1 heavy cavalry, 2 light archers, 4 peasants)', () => {
    const nor = contact.units.filter((u) => u.sideId === 'normans')
    const label = (u: (typeof nor)[number]) => `${u.cls}/${u.mount}/${u.weapon}`
    expect(nor.map(label).sort()).toEqual(
      ['H/horse/hand', 'L/foot/bow', 'L/foot/bow', 'P/foot/hand', 'P/foot/hand', 'P/foot/hand', 'P/foot/hand'].sort(),
    )
  })

  it('SMR-SCEN-01: the game opens with the initiative roll, then the loser deploys first', () => {
    let m = startSmr(contact)
    expect(m.state.phase).toBe('initiative')
    m = loadDice(m, [2, 2, 5, 5])
    const r = act(m, { type: 'rollInitiative', sideId: 'normans' })
    expect(ofType(r.events, 'InitiativeRolled')[0]!.winnerSideId).toBe('saxons')
    expect(ofType(r.events, 'SetupTurn').map((e) => e.sideId)).toEqual(['normans'])
  })
})

describe('SMR-SCEN-02 "Village Invasion"', () => {
  const village = scenarioFile('smr-village-invasion')
  const V = 'villagers'
  const R = 'raiders'
  const raidersFirst = { firstSide: R, initiativeWinner: R, chooser: R }
  const villagersFirst = { firstSide: V, initiativeWinner: V, chooser: V }
  const area = { minX: 11, maxX: 35, minZ: 6, maxZ: 23 }

  /** Peasant-class (P) units of the peasant side. */
  const peasants = (sc: SmrScenario) => sc.units.filter((u) => u.sideId === V && u.cls === 'P')

  /** Every peasant out of its building and out of the village, in a row at z = 33. */
  function emptyVillage(m: SmrMatch): SmrMatch {
    const patch: Record<string, { hiddenIn: null; position: { x: number; y: number; z: number }; facingDeg: number }> =
      {}
    peasants(village).forEach((u, i) => {
      patch[u.id] = { hiddenIn: null, position: at(12 + i * 1.2, 33), facingDeg: 180 }
    })
    return withUnits(m, patch)
  }

  it('SMR-SCEN-02: forces: invader 60; peasants 15 in the open + 20 lent by the baron + 15 hidden', () => {
    expect(smrSidePoints(village, R)).toBe(60)
    expect(village.sides.find((s) => s.id === R)!.points).toBe(60)
    expect(smrContingentPoints(village, V, 'open')).toBe(15)
    expect(smrContingentPoints(village, V, 'baron')).toBe(20)
    expect(smrContingentPoints(village, V, 'hidden')).toBe(15)
    expect(smrSidePoints(village, V)).toBe(50)
  })

  it('SMR-SCEN-02: the open and hidden contingents are peasants; the hidden ones are no cavalry, at most 4 a building', () => {
    for (const u of village.units.filter((x) => x.contingent === 'open' || x.contingent === 'hidden')) {
      expect(u.cls, u.id).toBe('P')
    }
    const hidden = village.units.filter((u) => u.hiddenIn !== undefined)
    expect(hidden.length).toBeGreaterThan(0)
    for (const u of hidden) expect(u.mount, u.id).toBe('foot')
    expect(hidden.every((u) => u.contingent === 'hidden')).toBe(true)
    const perBuilding = new Map<string, number>()
    for (const u of hidden) perBuilding.set(u.hiddenIn!, (perBuilding.get(u.hiddenIn!) ?? 0) + 1)
    for (const n of perBuilding.values()) expect(n).toBeLessThanOrEqual(4)
    expect(village.village).toMatchObject({ capacity: 4, reinforcementRoll: 10, burnTurns: 5 })
    expect(village.victory).toBe('village')
  })

  it('SMR-SCEN-02: no cavalry hides in a building, and a building hides no more than its capacity (schema)', () => {
    const cav = {
      ...village,
      units: village.units.map((u) => (u.id === 'hid-bow-1' ? { ...u, mount: 'horse' } : u)),
    }
    expect(SmrScenarioSchema.safeParse(cav).success).toBe(false)
    const crowded = {
      ...village,
      units: village.units.map((u) =>
        ['hid-bow-2', 'hid-axe-2', 'hid-bow-3'].includes(u.id) ? { ...u, hiddenIn: 'cottage-mill' } : u,
      ),
    }
    expect(SmrScenarioSchema.safeParse(crowded).success).toBe(false)
  })

  it('SMR-SCEN-02: each side names one leader of its own (invader and peasant side)', () => {
    const m = startSmr(village)
    expect(m.state.leaders).toEqual({ villagers: 'baron', raiders: 'raid-lord' })
  })

  it('SMR-SCEN-02: hidden set-up: the invader cannot see what is in the buildings; the peasant player can', () => {
    const m = startSmr(village)
    const hiddenIds = village.units.filter((u) => u.hiddenIn !== undefined).map((u) => u.id)
    const raiderView = smr.view(m.state, { kind: 'sides', sideIds: [R] }, village)
    const seenHidden = Object.values(raiderView.units).filter((u) => u.hiddenIn !== null)
    expect(seenHidden).toEqual([])
    for (const id of hiddenIds) {
      const u = raiderView.units[id]
      if (u !== undefined) expect(u.position, id).not.toEqual(m.state.units[id]!.position)
    }
    const secrets = smr.secretIds!(m.state, { kind: 'sides', sideIds: [R] })
    for (const id of hiddenIds) expect(secrets.has(id), id).toBe(true)
    const ownView = smr.view(m.state, { kind: 'sides', sideIds: [V] }, village)
    expect(Object.values(ownView.units).filter((u) => u.hiddenIn !== null)).toHaveLength(hiddenIds.length)
  })

  it('SMR-SCEN-02: set-up: hidden peasants are assigned to buildings, at most 4 a building; only they can be', () => {
    let m = loadDice(startSmr(village), [1, 1, 6, 6]) // raiders win: villagers deploy first
    m = act(m, { type: 'rollInitiative', sideId: V }).m
    expect(m.state.actingSide).toBe(V)
    m = play(m, [
      { type: 'hideUnit', unitId: 'hid-bow-2', buildingId: 'cottage-mill' },
      { type: 'hideUnit', unitId: 'hid-axe-2', buildingId: 'cottage-mill' },
    ]).m
    expect(m.state.units['hid-bow-2']!.hiddenIn).toBe('cottage-mill')
    expect(refusal(m, { type: 'hideUnit', unitId: 'hid-bow-3', buildingId: 'cottage-mill' })).toBe('SMR-SCEN-02')
    expect(refusal(m, { type: 'hideUnit', unitId: 'vil-fork-1', buildingId: 'cottage-inn' })).toBe('SMR-SCEN-02')
  })

  it('SMR-SCEN-02: the peasants and the baron deploy in or within 6" of the village, not beyond', () => {
    let m = loadDice(startSmr(village), [1, 1, 6, 6])
    m = act(m, { type: 'rollInitiative', sideId: V }).m
    // 5.5" south of the village's southern edge (z 23): base edge at 28.89 ≤ 29.
    act(m, { type: 'placeUnit', unitId: 'baron-sergeant', at: { x: 24, z: 28.5 }, facingDeg: 180 })
    // 7.1" from it: too far.
    expect(DEPLOY_CLAUSES).toContain(
      refusal(m, { type: 'placeUnit', unitId: 'baron-sergeant', at: { x: 24, z: 30.5 }, facingDeg: 180 }),
    )
    // East of the village (x 35): 6.1" to 6.9" away.
    expect(DEPLOY_CLAUSES).toContain(
      refusal(m, { type: 'placeUnit', unitId: 'baron-spear-2', at: { x: 41.5, z: 8 }, facingDeg: 180 }),
    )
  })

  it('SMR-SCEN-02: the invader deploys within 6" of the opposite edge', () => {
    let m = loadDice(startSmr(village), [6, 6, 1, 1]) // villagers win: raiders deploy first
    m = act(m, { type: 'rollInitiative', sideId: V }).m
    expect(m.state.actingSide).toBe(R)
    act(m, { type: 'placeUnit', unitId: 'raid-li-1', at: { x: 24, z: INSIDE_SOUTH_42 }, facingDeg: 0 })
    expect(DEPLOY_CLAUSES).toContain(
      refusal(m, { type: 'placeUnit', unitId: 'raid-li-1', at: { x: 24, z: 41 }, facingDeg: 0 }),
    )
  })

  it('SMR-SCEN-02: the reinforcement roll comes at the end of the turn, after the Rally Event, for the peasant player only', () => {
    const m = startSmr(village)
    const r = finishTurn(m, R, V, raidersFirst)
    const rally = beganAt(r.events, 'rally')
    const step = eventIndex(r.events, (e) => e.type === 'StepBegan' && e.step === 'reinforcements')
    expect(step).toBeGreaterThan(rally)
    expect(ofType(r.events, 'StepBegan').at(-1)).toMatchObject({ step: 'reinforcements', sideId: V })
    expect(ofType(r.events, 'TurnEnded')).toEqual([])
    expect(WRONG_SIDE_CLAUSES.concat(['SMR-SCEN-02'])).toContain(
      refusal(r.m, { type: 'reinforce', sideId: R, edge: 'south' }),
    )
    const d = act(r.m, { type: 'declineReinforcements', sideId: V })
    expect(ofType(d.events, 'TurnEnded').map((e) => e.turn)).toEqual([1])
    expect(ofType(d.events, 'ReinforcementsArrived')).toEqual([])
  })

  it('SMR-SCEN-02: reinforcements: 2D6 = 10 (the limit) → 1D6 = 3 points of peasants, placed touching the chosen edge', () => {
    const m = loadDice(inStep(startSmr(village), 'reinforcements', V, raidersFirst), [4, 6, 3])
    const r = act(m, { type: 'reinforce', sideId: V, edge: 'west', weapon: 'hand' })
    const arrived = ofType(r.events, 'ReinforcementsArrived')
    expect(arrived).toHaveLength(1)
    const units = arrived[0]!.units
    expect(units).toHaveLength(3)
    for (const u of units) {
      expect(u.sideId).toBe(V)
      expect(u.profile).toMatchObject({ cls: 'P', mount: 'foot', weapon: 'hand' })
      expect(u.position.x).toBeGreaterThanOrEqual(FOOT_IN / 2 - 0.01)
      expect(u.position.x).toBeLessThanOrEqual(FOOT_IN / 2 + 0.1)
      expect(r.m.state.units[u.id]!.status).toBe('ok')
    }
    expect(ofType(r.events, 'TurnEnded').map((e) => e.turn)).toEqual([1])
  })

  it('SMR-SCEN-02: reinforcements: 2D6 = 9 brings nothing', () => {
    const m = loadDice(inStep(startSmr(village), 'reinforcements', V, raidersFirst), [4, 5, 6])
    const r = act(m, { type: 'reinforce', sideId: V, edge: 'west', weapon: 'hand' })
    expect(ofType(r.events, 'ReinforcementsArrived')).toEqual([])
    expect(Object.keys(r.m.state.units)).toHaveLength(village.units.length)
  })

  it('SMR-SCEN-02: reinforcements with bows: 1D6 = 5 points buy peasants at 1 each, bows +1 (total exactly 5), on the east edge', () => {
    const m = loadDice(inStep(startSmr(village), 'reinforcements', V, raidersFirst), [6, 6, 5])
    const r = act(m, { type: 'reinforce', sideId: V, edge: 'east', weapon: 'bow' })
    const units = ofType(r.events, 'ReinforcementsArrived')[0]!.units
    const total = units.reduce((s, u) => s + unitPoints(u.profile, { xhcPointsBasis: 'unitClass' }), 0)
    expect(total).toBe(5)
    expect(units.every((u) => u.profile.cls === 'P')).toBe(true)
    expect(units.some((u) => u.profile.weapon === 'bow')).toBe(true)
    for (const u of units) {
      expect(u.position.x).toBeLessThanOrEqual(48 - FOOT_IN / 2 + 0.01)
      expect(u.position.x).toBeGreaterThanOrEqual(48 - FOOT_IN / 2 - 0.1)
    }
  })

  it('SMR-SCEN-02: reinforcements: 1D6 = 1 → one peasant; 1D6 = 6 → six', () => {
    const one = act(loadDice(inStep(startSmr(village), 'reinforcements', V, raidersFirst), [5, 5, 1]), {
      type: 'reinforce',
      sideId: V,
      edge: 'north',
    })
    expect(ofType(one.events, 'ReinforcementsArrived')[0]!.units).toHaveLength(1)
    const six = act(loadDice(inStep(startSmr(village), 'reinforcements', V, raidersFirst), [5, 5, 6]), {
      type: 'reinforce',
      sideId: V,
      edge: 'north',
    })
    const units = ofType(six.events, 'ReinforcementsArrived')[0]!.units
    expect(units).toHaveLength(6)
    for (const u of units) {
      expect(u.position.z).toBeGreaterThanOrEqual(FOOT_IN / 2 - 0.01)
      expect(u.position.z).toBeLessThanOrEqual(FOOT_IN / 2 + 0.1)
    }
  })

  it('SMR-SCEN-02: reinforcements may enter from any side of the table, the invader’s own edge included', () => {
    const m = loadDice(inStep(startSmr(village), 'reinforcements', V, raidersFirst), [6, 4, 2])
    const r = act(m, { type: 'reinforce', sideId: V, edge: 'south' })
    const units = ofType(r.events, 'ReinforcementsArrived')[0]!.units
    expect(units).toHaveLength(2)
    for (const u of units) {
      expect(u.position.z).toBeLessThanOrEqual(48 - FOOT_IN / 2 + 0.01)
      expect(u.position.z).toBeGreaterThanOrEqual(48 - FOOT_IN / 2 - 0.1)
    }
  })

  it('SMR-SCEN-02: other scenarios have no reinforcements (refused with SMR-SCEN-02)', () => {
    const contact = startSmr(scenarioFile('smr-contact'))
    const m = inStep(contact, 'reinforcements', 'normans', {
      firstSide: 'normans',
      initiativeWinner: 'normans',
      chooser: 'normans',
    })
    expect(refusal(m, { type: 'reinforce', sideId: 'normans', edge: 'north' })).toBe('SMR-SCEN-02')
  })

  it('SMR-SCEN-02: a hidden unit is revealed when it leaves its building in its side’s Movement Event, placed touching it', () => {
    const m = inStep(startSmr(village), 'movement', V, villagersFirst)
    const r = act(m, { type: 'leaveBuilding', unitId: 'hid-bow-1' })
    const u = r.m.state.units['hid-bow-1']!
    expect(u.hiddenIn).toBeNull()
    // The Miller's cottage spans x 13–17, z 9–12.
    const dx = Math.max(13 - u.position.x, 0, u.position.x - 17)
    const dz = Math.max(9 - u.position.z, 0, u.position.z - 12)
    const d = Math.hypot(dx, dz)
    expect(d).toBeGreaterThanOrEqual(FOOT_IN / 2 - 0.01)
    expect(d).toBeLessThanOrEqual((FOOT_IN / 2) * Math.SQRT2 + 0.1)
    // Not in the invader's Movement Event; not for a unit on the table.
    const theirs = inStep(startSmr(village), 'movement', R, raidersFirst)
    expect(WRONG_SIDE_CLAUSES).toContain(refusal(theirs, { type: 'leaveBuilding', unitId: 'hid-bow-1' }))
    expect(refusal(m, { type: 'leaveBuilding', unitId: 'vil-fork-1' })).toBe('SMR-SCEN-02')
  })

  it('SMR-SCEN-02: hidden units are revealed when an invader unit touches their building', () => {
    let m = inStep(startSmr(village), 'movement', R, raidersFirst)
    m = withUnits(m, { 'raid-hi-1': { position: at(15, 15), facingDeg: 0 } })
    const r = act(m, { type: 'moveUnit', unitId: 'raid-hi-1', path: [{ x: 15, z: 12 + FOOT_IN / 2 + 0.05 }] })
    const rev = ofType(r.events, 'UnitsRevealed')
    expect(rev).toHaveLength(1)
    expect(rev[0]!.buildingId).toBe('cottage-mill')
    expect([...rev[0]!.unitIds].sort()).toEqual(['hid-axe-1', 'hid-bow-1'])
    expect(r.m.state.units['hid-bow-1']!.hiddenIn).toBeNull()
    expect(r.m.state.units['hid-bow-2']!.hiddenIn).toBe('cottage-smith')
    // Revealed units are placed touching the building (the Miller's cottage: x 13–17, z 9–12).
    for (const id of ['hid-bow-1', 'hid-axe-1']) {
      const p = r.m.state.units[id]!.position
      const d = Math.hypot(Math.max(13 - p.x, 0, p.x - 17), Math.max(9 - p.z, 0, p.z - 12))
      expect(d, id).toBeGreaterThanOrEqual(FOOT_IN / 2 - 0.01)
      expect(d, id).toBeLessThanOrEqual((FOOT_IN / 2) * Math.SQRT2 + 0.1)
    }
  })

  /** The Miller's cottage emptied, and raid-bow-1 touching its south wall with `turns` undisturbed turn-ends already. */
  function burning(turns: number, more: Record<string, unknown> = {}) {
    let m = startSmr(village)
    m = withUnits(m, {
      'hid-bow-1': { hiddenIn: null, position: at(40, 4), facingDeg: 180 },
      'hid-axe-1': { hiddenIn: null, position: at(42, 4), facingDeg: 180 },
      'raid-bow-1': {
        position: at(15, 12 + FOOT_IN / 2),
        facingDeg: 0,
        burning: { buildingId: 'cottage-mill', turns },
        ...more,
      },
    })
    const t = finishTurn(m, R, V, raidersFirst)
    const events = [...t.events]
    let out = t.m
    if (out.state.step === 'reinforcements') {
      const d = act(out, { type: 'declineReinforcements', sideId: V })
      events.push(...d.events)
      out = d.m
    }
    return { m: out, events }
  }

  it('SMR-SCEN-02: burning in play: an invader standing at a cottage sets it alight at the end of its 5th turn, not the 4th; a villager at it never does', () => {
    let m = startSmr(village)
    m = withUnits(m, {
      'hid-bow-1': { hiddenIn: null, position: at(40, 4), facingDeg: 180 },
      'hid-axe-1': { hiddenIn: null, position: at(42, 4), facingDeg: 180 },
      'raid-bow-1': { position: at(15, 12 + FOOT_IN / 2), facingDeg: 0 },
      // A villager at the Smithy (x 21–25, z 8–11), its south wall.
      'vil-fork-1': { position: at(23, 11 + FOOT_IN / 2), facingDeg: 180 },
    })
    const burntAt: Record<string, number> = {}
    for (let turn = 1; turn <= 6 && m.state.phase !== 'ended'; turn++) {
      const t = finishTurn(m, R, V, { ...raidersFirst, turn })
      const d = act(t.m, { type: 'declineReinforcements', sideId: V })
      for (const e of [...ofType(t.events, 'BuildingBurnt'), ...ofType(d.events, 'BuildingBurnt')])
        burntAt[e.buildingId] = turn
      m = d.m
    }
    expect(burntAt).toEqual({ 'cottage-mill': 5 })
  })

  it('SMR-SCEN-02: a unit working on a building undisturbed for 5 turns in a row sets it alight (5th turn-end)', () => {
    const r = burning(4)
    const burnt = ofType(r.events, 'BuildingBurnt')
    expect(burnt).toEqual([{ type: 'BuildingBurnt', buildingId: 'cottage-mill', byUnitId: 'raid-bow-1' }])
    expect(r.m.state.burnt['cottage-mill']).toBe(1)
  })

  it('SMR-SCEN-02: after only 4 undisturbed turn-ends the building still stands', () => {
    const r = burning(3)
    expect(ofType(r.events, 'BuildingBurnt')).toEqual([])
    const prog = ofType(r.events, 'BurnProgress').filter((e) => e.unitId === 'raid-bow-1')
    expect(prog.at(-1)).toMatchObject({ buildingId: 'cottage-mill', turns: 4 })
    expect(r.m.state.burnt['cottage-mill']).toBeUndefined()
  })

  it('SMR-SCEN-02: a unit that fired this turn was disturbed: no fire on the 5th turn-end', () => {
    const r = burning(4, { firedTurn: 1 })
    expect(ofType(r.events, 'BuildingBurnt')).toEqual([])
    expect(r.m.state.burnt['cottage-mill']).toBeUndefined()
  })

  it('SMR-SCEN-02: peasants hiding in a burnt building leave it the following turn (or are eliminated): none stays hidden there', () => {
    let m = startSmr(village)
    m = withUnits(m, {
      'raid-bow-1': {
        position: at(15, 12 + FOOT_IN / 2),
        facingDeg: 0,
        burning: { buildingId: 'cottage-mill', turns: 4 },
      },
    })
    const t = finishTurn(m, R, V, raidersFirst)
    expect(ofType(t.events, 'BuildingBurnt').map((e) => e.buildingId)).toEqual(['cottage-mill'])
    const d = act(t.m, { type: 'declineReinforcements', sideId: V })
    // Next turn: the peasants' Movement Event (they move first this time).
    const next = inStep(d.m, 'movement', V, { ...villagersFirst, turn: 2 })
    const out = act(next, { type: 'endMovement', sideId: V })
    const stillHidden = Object.values(out.m.state.units).filter(
      (u) => u.status === 'ok' && u.hiddenIn === 'cottage-mill',
    )
    expect(stillHidden).toEqual([])
  })

  it('SMR-SCEN-02: the invader wins the moment the last peasant in the village is killed (the baron’s troops do not count)', () => {
    let m = startSmr(village)
    const patch: Parameters<typeof withUnits>[1] = {}
    for (const u of peasants(village)) if (u.id !== 'vil-fork-2') patch[u.id] = { status: 'killed', hiddenIn: null }
    patch['vil-fork-2'] = { position: at(22.5, 15), facingDeg: 180 }
    patch['baron-sergeant'] = { position: at(20, 14), facingDeg: 180 }
    patch['raid-bow-1'] = { position: at(22.5, 25), facingDeg: 0 }
    m = withUnits(m, patch)
    const r = fire(loadDice(inStep(m, 'missiles', R, raidersFirst), [6, 6]), R, V, [
      { unitId: 'raid-bow-1', targetId: 'vil-fork-2' },
    ])
    expect(ofType(r.events, 'UnitKilled').map((e) => e.unitId)).toEqual(['vil-fork-2'])
    expect(ofType(r.events, 'GameEnded').map((e) => e.winnerSideId)).toEqual([R])
    const mv = beganAt(r.events, 'movement')
    if (mv >= 0) expect(eventIndex(r.events, (e) => e.type === 'GameEnded')).toBeLessThan(mv)
    expect(r.m.state.phase).toBe('ended')
  })

  it('SMR-SCEN-02: peasants still hidden in the village’s buildings count: killing the last visible one is no win yet', () => {
    let m = startSmr(village)
    const patch: Parameters<typeof withUnits>[1] = {}
    for (const u of peasants(village))
      if (u.hiddenIn === undefined && u.id !== 'vil-fork-2') patch[u.id] = { status: 'killed' }
    patch['vil-fork-2'] = { position: at(22.5, 15), facingDeg: 180 }
    patch['raid-bow-1'] = { position: at(22.5, 25), facingDeg: 0 }
    m = withUnits(m, patch)
    const r = fire(loadDice(inStep(m, 'missiles', R, raidersFirst), [6, 6]), R, V, [
      { unitId: 'raid-bow-1', targetId: 'vil-fork-2' },
    ])
    expect(ofType(r.events, 'UnitKilled').map((e) => e.unitId)).toEqual(['vil-fork-2'])
    expect(ofType(r.events, 'GameEnded')).toEqual([])
    expect(r.m.state.phase).toBe('turn')
  })

  it('SMR-SCEN-02: once a peasant has died, the invader wins the moment the last peasant walks out of the village area', () => {
    let m = startSmr(village)
    const patch: Parameters<typeof withUnits>[1] = {}
    for (const u of peasants(village)) if (u.id !== 'vil-fork-2') patch[u.id] = { status: 'killed', hiddenIn: null }
    patch['vil-fork-2'] = { position: at(22.5, 21), facingDeg: 0 }
    m = withUnits(m, patch)
    m = inStep(m, 'movement', V, { ...villagersFirst, peasantsLost: 1 })
    const mv = act(m, { type: 'moveUnit', unitId: 'vil-fork-2', path: [{ x: 22.5, z: 24.5 }] })
    const events: SmrEvent[] = [...mv.events]
    if (mv.m.state.phase !== 'ended') events.push(...act(mv.m, { type: 'endMovement', sideId: V }).events)
    expect(ofType(events, 'GameEnded').map((e) => e.winnerSideId)).toEqual([R])
    const melee = beganAt(events, 'melee')
    if (melee >= 0) expect(eventIndex(events, (e) => e.type === 'GameEnded')).toBeLessThan(melee)
  })

  it('SMR-SCEN-02 / §12.17: an empty village before any peasant has died does not count', () => {
    const m = emptyVillage(startSmr(village))
    const r = finishTurn(m, R, V, raidersFirst)
    expect(ofType(r.events, 'GameEnded')).toEqual([])
    const d = act(r.m, { type: 'declineReinforcements', sideId: V })
    expect(ofType(d.events, 'GameEnded')).toEqual([])
    expect(d.m.state.phase).toBe('turn')
  })

  it('SMR-SCEN-02 / §12.17: with the village already empty, the first peasant killed (outside it) gives the invader the win', () => {
    let m = emptyVillage(startSmr(village))
    const target = peasants(village)[0]!.id // at (12, 33)
    m = withUnits(m, { 'raid-bow-1': { position: at(12, 41.5), facingDeg: 0 } })
    const r = fire(loadDice(inStep(m, 'missiles', R, raidersFirst), [6, 6]), R, V, [
      { unitId: 'raid-bow-1', targetId: target },
    ])
    expect(ofType(r.events, 'UnitKilled').map((e) => e.unitId)).toEqual([target])
    expect(ofType(r.events, 'GameEnded').map((e) => e.winnerSideId)).toEqual([R])
  })

  it('SMR-SCEN-02: a peasant removed by a failed rally counts as eliminated (village empty → the invader wins)', () => {
    let m = emptyVillage(startSmr(village))
    const p = peasants(village)[3]!.id
    m = withUnits(m, { [p]: { routed: true, rallyTurn: 1, facingDeg: 0 } })
    // A peasant rallies on 6 only: 5 → taken off the table.
    const r = finishTurn(loadDice(m, [5]), R, V, raidersFirst)
    expect(ofType(r.events, 'UnitEliminated').map((e) => [e.unitId, e.reason])).toEqual([[p, 'failedRally']])
    expect(ofType(r.events, 'GameEnded').map((e) => e.winnerSideId)).toEqual([R])
  })

  it('SMR-SCEN-02: the peasants and their allies win by destroying the whole invading force', () => {
    let m = startSmr(village)
    const patch: Parameters<typeof withUnits>[1] = {}
    for (const u of village.units) if (u.sideId === R && u.id !== 'raid-li-1') patch[u.id] = { status: 'killed' }
    patch['raid-li-1'] = { position: at(5, 25), facingDeg: 0 }
    patch['vil-bow-5'] = { position: at(5, 15), facingDeg: 180 }
    m = withUnits(m, patch)
    const r = fire(loadDice(inStep(m, 'missiles', V, villagersFirst), [6, 6]), V, R, [
      { unitId: 'vil-bow-5', targetId: 'raid-li-1' },
    ])
    expect(ofType(r.events, 'UnitKilled').map((e) => e.unitId)).toEqual(['raid-li-1'])
    expect(ofType(r.events, 'GameEnded').map((e) => e.winnerSideId)).toEqual([V])
  })

  it('SMR-SCEN-02: with an agreed turn limit, the peasant side wins when it expires', () => {
    const limited = SmrScenarioSchema.parse({ ...village, turnLimit: 1 })
    const m = inStep(startSmr(limited), 'reinforcements', V, raidersFirst)
    const r = act(m, { type: 'declineReinforcements', sideId: V })
    expect(ofType(r.events, 'GameEnded').map((e) => e.winnerSideId)).toEqual([V])
  })

  it('SMR-SCEN-02: without a turn limit the game goes on (none by default)', () => {
    expect(village.turnLimit).toBeNull()
    const m = inStep(startSmr(village), 'reinforcements', V, raidersFirst)
    const r = act(m, { type: 'declineReinforcements', sideId: V })
    expect(ofType(r.events, 'GameEnded')).toEqual([])
    expect(ofType(r.events, 'TurnBegan').map((e) => e.turn)).toEqual([2])
  })

  it('SMR-SCEN-02: the village area marked in the file is where the cottages stand', () => {
    const v = village.village!
    const xs = v.area.map((p) => p.x)
    const zs = v.area.map((p) => p.z)
    expect({ minX: Math.min(...xs), maxX: Math.max(...xs), minZ: Math.min(...zs), maxZ: Math.max(...zs) }).toEqual(area)
    for (const b of village.buildings.filter((x) => v.buildingIds.includes(x.id))) {
      expect(b.x).toBeGreaterThanOrEqual(area.minX)
      expect(b.x + b.widthIn).toBeLessThanOrEqual(area.maxX)
      expect(b.z).toBeGreaterThanOrEqual(area.minZ)
      expect(b.z + b.depthIn).toBeLessThanOrEqual(area.maxZ)
    }
  })
})

describe('SMR-SCEN-03 Greatheart campaign', () => {
  const lizard = (creatures: boolean, more: Partial<UnitIn> = {}) =>
    SmrScenarioSchema.safeParse({
      ...smrScenario([unit('a1', 'a', 'L', 10, 3), unit('b1', 'b', 'L', 10, 45)]),
      units: [
        unit('a1', 'a', 'L', 10, 3),
        unit('liz', 'a', 'H', 20, 3, { creature: 'giantLizard', ...more }),
        unit('b1', 'b', 'L', 10, 45),
      ],
      settings: { optional: { creatures } },
    })

  it('SMR-SCEN-03: door bashing and giant lizards are optional rules, off unless agreed', () => {
    const sc = smrScenario([unit('a1', 'a', 'L', 10, 3), unit('b1', 'b', 'L', 10, 45)])
    expect(sc.settings.optional.doorBashing).toBe(false)
    expect(sc.settings.optional.creatures).toBe(false)
    expect(lizard(false).success).toBe(false)
    expect(lizard(true).success).toBe(true)
    expect(lizard(true, { mount: 'horse' }).success).toBe(false)
  })

  it('SMR-SCEN-03: a giant lizard fielded in the campaign costs 6 and moves 6"', () => {
    const r = lizard(true)
    expect(r.success).toBe(true)
    const m = startSmr(r.data!)
    const p = m.state.units.liz!.profile
    expect(p.creature).toBe('giantLizard')
    expect(unitPoints(p, m.state.settings)).toBe(6)
    expect(moveAllowanceIn(p)).toBe(6)
    expect(smrSidePoints(r.data!, 'a')).toBe(2 + 6)
  })

  it('SMR-SCEN-03: the three published doors are the only door kinds (small keep, cottage, medium keep)', () => {
    const sc = smrScenario([unit('a1', 'a', 'L', 10, 3), unit('b1', 'b', 'L', 10, 45)])
    expect(sc.doorKinds).toEqual({})
    for (const k of ['smallKeep', 'cottage', 'mediumKeep'])
      expect(SmrScenarioSchema.safeParse({ ...sc, doorKinds: { d1: k } }).success).toBe(true)
    expect(SmrScenarioSchema.safeParse({ ...sc, doorKinds: { d1: 'castleGate' } }).success).toBe(false)
  })
})
