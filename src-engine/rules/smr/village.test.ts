import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { REFEREE, sidesViewer } from '../../core/viewer'
import {
  act,
  FOOT_IN,
  inStep,
  loadDice,
  ofType,
  refusal,
  smrScenario,
  startSmr,
  unit,
  withUnits,
} from '../../../tests/fixtures/smr'
import { parseScenario } from '../loading'
import type { SmrCommandInput } from './commands/index'
import type { SmrScenario } from './scenario'
import type { SmrMatch } from './random-player'
import { touchesBuilding } from './geometry'

const file = (id: string) => {
  const r = parseScenario(
    JSON.parse(readFileSync(join(import.meta.dirname, '..', '..', '..', 'assets', 'scenarios', `${id}.json`), 'utf8')),
  )
  if (!r.ok) throw new Error(r.message)
  return r.scenario as SmrScenario
}

/**
 * A small village: one hut hiding H1, an open peasant, the baron; a raider touching the hut's south wall. `walled`:
 * the hut stands in a ring of sheds 0.3" off its walls, with no room round it for a base, and the raider far off.
 */
function hamlet(more: { openAt?: [number, number]; walled?: boolean } = {}) {
  const [ox, oz] = more.openAt ?? [25, 16]
  const ring = more.walled
    ? [
        { id: 'shed-n', x: 19, z: 9.2, widthIn: 6, depthIn: 0.5 },
        { id: 'shed-s', x: 19, z: 13.3, widthIn: 6, depthIn: 0.5 },
        { id: 'shed-w', x: 19.2, z: 9.7, widthIn: 0.5, depthIn: 3.6 },
        { id: 'shed-e', x: 24.3, z: 9.7, widthIn: 0.5, depthIn: 3.6 },
      ]
    : []
  return smrScenario(
    [
      unit('baron', 'a', 'L', 40, 4),
      unit('H1', 'a', 'P', 22, 11.5, { hiddenIn: 'hut' }),
      unit('P1', 'a', 'P', ox, oz),
      more.walled
        ? unit('R', 'b', 'H', 8, 40, { facingDeg: 0 })
        : unit('R', 'b', 'H', 22, 13 + FOOT_IN / 2 + 0.02, { facingDeg: 0 }),
      unit('R2', 'b', 'L', 44, 44, { facingDeg: 0 }),
    ],
    {
      buildings: [{ id: 'hut', x: 20, z: 10, widthIn: 4, depthIn: 3 }, ...ring],
      village: {
        area: [
          { x: 15, z: 5 },
          { x: 30, z: 5 },
          { x: 30, z: 18 },
          { x: 15, z: 18 },
        ],
        peasantSideId: 'a',
        invaderSideId: 'b',
        buildingIds: ['hut'],
      },
      victory: 'village',
    },
  )
}

/** Gives every waiting decision its quietest answer until the next turn begins. */
function passTurn(m: SmrMatch): SmrMatch {
  const turn = m.state.turn
  for (let i = 0; i < 20 && m.state.phase === 'turn' && (m.state.turn === turn || m.state.step !== 'order'); i++) {
    const side = m.state.actingSide!
    const cmd =
      m.state.step === 'order'
        ? ({ type: 'chooseOrder', sideId: side, firstSideId: 'a' } as SmrCommandInput)
        : m.state.step === 'missiles'
          ? ({ type: 'declareMissiles', sideId: side, shots: [] } as SmrCommandInput)
          : m.state.step === 'movement'
            ? ({ type: 'endMovement', sideId: side } as SmrCommandInput)
            : m.state.step === 'bonus'
              ? ({ type: 'forgoBonus', unitId: m.state.pendingBonus[0]!.unitId } as SmrCommandInput)
              : ({ type: 'declineReinforcements', sideId: side } as SmrCommandInput)
    m = act(m, cmd).m
  }
  return m
}

describe('SMR Village Invasion (SMR-SCEN-02)', () => {
  it('SMR-SCEN-02: the scenario file: a village area, five cottages, hidden peasants in them, reinforcements on 10+, burning after 5 turns', () => {
    const sc = file('smr-village-invasion')
    expect(sc.village).toMatchObject({ reinforcementRoll: 10, burnTurns: 5, capacity: 4 })
    expect(sc.village!.buildingIds).toHaveLength(5)
    const hidden = sc.units.filter((u) => u.hiddenIn)
    expect(hidden.length).toBeGreaterThan(0)
    expect(hidden.every((u) => u.cls === 'P' && u.mount === 'foot')).toBe(true)
    expect(sc.description.length).toBeGreaterThan(100)
  })

  it("SMR-SCEN-02: hidden peasants are kept from the invader's seat and from spectators, not from the peasant side or the referee", () => {
    const m = startSmr(file('smr-village-invasion'))
    const hidden = Object.values(m.state.units).filter((u) => u.hiddenIn !== null)
    const invader = JSON.stringify(m.ruleset.view(m.state, sidesViewer('raiders'), m.header.scenario))
    const spectator = JSON.stringify(m.ruleset.view(m.state, { kind: 'spectator' }, m.header.scenario))
    const scen = JSON.stringify(m.ruleset.viewScenario(m.header.scenario, m.state, sidesViewer('raiders')))
    for (const h of hidden)
      for (const text of [invader, spectator, scen]) {
        expect(text).not.toContain(`"${h.id}"`)
        expect(text).not.toContain(h.name)
      }
    expect(Object.keys(m.ruleset.view(m.state, sidesViewer('villagers'), m.header.scenario).units)).toContain(
      hidden[0]!.id,
    )
    expect(Object.keys(m.ruleset.view(m.state, REFEREE, m.header.scenario).units)).toContain(hidden[0]!.id)
  })

  it("SMR-SCEN-02: an invader touching a cottage reveals everyone hidden in it, placed touching it; the invader's view then shows them", () => {
    const m = withUnits(inStep(startSmr(hamlet()), 'movement', 'b'), { R: { position: { x: 22, y: 0, z: 15 } } })
    const r = act(m, { type: 'moveUnit', unitId: 'R', path: [{ x: 22, z: 13.45 }] })
    expect(ofType(r.events, 'UnitsRevealed')).toEqual([{ type: 'UnitsRevealed', buildingId: 'hut', unitIds: ['H1'] }])
    const h = r.m.state.units.H1!
    expect(h.hiddenIn).toBeNull()
    expect(touchesBuilding(r.m.state, r.m.world, h, 'hut')).toBe(true)
    const seen = r.m.ruleset.viewEvents(r.events, r.m.state, sidesViewer('b'))
    expect(ofType(seen, 'UnitsRevealed')).toHaveLength(1)
  })

  it("SMR-SCEN-02: a hidden unit may come out in its side's Movement Event, touching its building; hideUnit assigns hidden peasants in set-up", () => {
    const m = inStep(startSmr(hamlet()), 'movement', 'a')
    const r = act(m, { type: 'leaveBuilding', unitId: 'H1' })
    expect(ofType(r.events, 'UnitMoved')[0]).toMatchObject({ unitId: 'H1', reason: 'leave' })
    expect(r.m.state.units.H1?.hiddenIn).toBeNull()
    expect(refusal(r.m, { type: 'moveUnit', unitId: 'H1', path: [{ x: 22, z: 8 }] })).toBe('SMR-MOVE-04')
    expect(refusal(m, { type: 'moveUnit', unitId: 'H1', path: [{ x: 22, z: 8 }] })).toBe('SMR-SCEN-02')
  })

  it('SMR-SCEN-02: a raider working on a cottage undisturbed for 5 turns burns it; those hiding inside must come out in the next Movement Event: left inside by their side, they come out on their own', () => {
    let m = inStep(startSmr(hamlet()), 'order', 'a')
    for (let t = 1; t <= 5; t++) m = passTurn(m)
    expect(m.state.burnt).toEqual({ hut: 5 })
    expect(m.state.units.R?.burning).toBeNull()
    m = act(m, { type: 'chooseOrder', sideId: m.state.chooser!, firstSideId: 'a' }).m
    // The peasant side ends its Movement Event without bringing H1 out: there is room round the hut, so out he comes.
    const out = act(m, { type: 'endMovement', sideId: 'a' })
    expect(ofType(out.events, 'UnitEliminated')).toEqual([])
    expect(ofType(out.events, 'UnitsRevealed')).toEqual([{ type: 'UnitsRevealed', buildingId: 'hut', unitIds: ['H1'] }])
    expect(ofType(out.events, 'UnitMoved')[0]).toMatchObject({ unitId: 'H1', reason: 'leave' })
    const h = out.m.state.units.H1!
    expect(h).toMatchObject({ hiddenIn: null, status: 'ok' })
    expect(touchesBuilding(out.m.state, out.m.world, h, 'hut')).toBe(true)
  })

  it('SMR-SCEN-02: those that cannot leave a burnt cottage (no room round it) are eliminated, and count as peasants lost', () => {
    let m = inStep(startSmr(hamlet({ walled: true, openAt: [40, 40] })), 'movement', 'a')
    m = { ...m, state: { ...m.state, burnt: { hut: m.state.turn - 1 } } }
    const trapped = act(m, { type: 'endMovement', sideId: 'a' })
    expect(ofType(trapped.events, 'UnitEliminated')).toEqual([
      { type: 'UnitEliminated', unitId: 'H1', reason: 'trapped' },
    ])
    // The last peasant in the village gone, one having died: the invader wins at once.
    expect(trapped.m.state.result).toMatchObject({ winnerSideId: 'b' })
  })

  it('SMR-SCEN-02: at the end of a turn the peasant player may roll 2D6: on 10+ 1D6 points of peasants arrive touching the edge he names', () => {
    let m = inStep(startSmr(hamlet()), 'movement', 'a')
    m = act(m, { type: 'endMovement', sideId: 'a' }).m
    m = act(m, { type: 'endMovement', sideId: 'b' }).m
    expect(m.state).toMatchObject({ step: 'reinforcements', actingSide: 'a' })
    const r = act(loadDice(m, [5, 5, 3]), { type: 'reinforce', sideId: 'a', edge: 'west', weapon: 'hand' })
    const arrived = ofType(r.events, 'ReinforcementsArrived')[0]!
    expect(arrived.units).toHaveLength(3)
    for (const u of arrived.units) expect(u.position.x).toBeCloseTo(0.4, 6)
    const bows = act(loadDice(m, [6, 4, 5]), { type: 'reinforce', sideId: 'a', edge: 'north', weapon: 'bow' })
    expect(ofType(bows.events, 'ReinforcementsArrived')[0]!.units.map((u) => u.profile.weapon)).toEqual([
      'bow',
      'bow',
      'hand',
    ])
    expect(
      ofType(
        act(loadDice(m, [4, 5]), { type: 'reinforce', sideId: 'a', edge: 'west' }).events,
        'ReinforcementsArrived',
      ),
    ).toEqual([])
  })

  it('SMR-SCEN-02: the invader wins the moment no peasant is left in the village once one has died (the hidden ones count)', () => {
    // P1 out of the village, and one peasant already dead: H1, hidden in the hut, holds the village on his own.
    let m = inStep(startSmr(hamlet({ openAt: [40, 40] })), 'movement', 'a')
    m = { ...m, state: { ...m.state, peasantsLost: 1 } }
    const held = act(m, { type: 'endMovement', sideId: 'a' })
    expect(held.m.state.result).toBeNull()
    // Hidden in a cottage that cannot be left, he is eliminated at the end of his side's Movement Event: the village
    // is empty and the invader wins.
    let walled = inStep(startSmr(hamlet({ walled: true, openAt: [40, 40] })), 'movement', 'a')
    walled = { ...walled, state: { ...walled.state, burnt: { hut: walled.state.turn - 1 } } }
    expect(act(walled, { type: 'endMovement', sideId: 'a' }).m.state.result).toMatchObject({ winnerSideId: 'b' })
  })

  it('SMR-SCEN-02: the peasants in the open and the baron\'s troops set up in the village or within 6" of it, off its corners too', () => {
    let m = act(loadDice(startSmr(file('smr-village-invasion')), [6, 6, 1, 1]), {
      type: 'rollInitiative',
      sideId: 'villagers',
    }).m
    m = act(m, { type: 'endSetup', sideId: 'raiders' }).m
    expect(m.state).toMatchObject({ phase: 'setup', actingSide: 'villagers' })
    // The village is x 11–35, z 6–23. Off its south-east corner (35, 23): a base whose far corner is 5.5" away may
    // stand there; one whose far corner is 6.9" away may not, though it is inside the 6" box round the village.
    const place = (x: number, z: number): SmrCommandInput => ({ type: 'placeUnit', unitId: 'vil-bow-1', at: { x, z } })
    expect(act(m, place(38.5, 26.5)).m.state.units['vil-bow-1']?.position).toMatchObject({ x: 38.5, z: 26.5 })
    expect(refusal(m, place(39.5, 27.5))).toBe('SMR-SCEN-02')
    // Straight out of its south side: the base's far edge 5.9" from the village stands, beyond the box it may not.
    expect(act(m, place(24, 28.5)).m.state.units['vil-bow-1']?.position).toMatchObject({ x: 24, z: 28.5 })
    expect(refusal(m, place(24, 29))).toBe('CORE-DEPLOY-01')
  })

  it('SMR-SCEN-02: the peasants and their allies win by destroying the whole invading force', () => {
    const sc = hamlet()
    const m = withUnits(inStep(startSmr(sc), 'movement', 'b'), {
      R2: { status: 'killed' },
      baron: { position: { x: 22, y: 0, z: 13.4 + FOOT_IN }, facingDeg: 0, faceToFace: 'R', target: 'R' },
      R: { position: { x: 22, y: 0, z: 13.4 }, facingDeg: 180, faceToFace: 'baron', target: 'baron' },
    })
    const r = act(loadDice(m, [6, 6, 3, 3]), { type: 'endMovement', sideId: 'b' })
    expect(r.m.state.result).toMatchObject({ winnerSideId: 'a' })
  })
})
