/** Audit of SMLE §13 (vehicles) and §6.3 (boarding and leaving), from shared/rules/smle.md alone. */
import { describe, expect, it } from 'vitest'
import { dispatch, legalCommands, type Match, ScenarioSchema, type ScenarioInput } from '../../src-engine/index'
import type { CommandInput } from '../../src-engine/rules/smle/commands/index'
import { inTurn, withFigure, withTeam } from '../fixtures/play'
import { convoyScenario } from '../fixtures/scenarios'
import { act, clauseOf, ofType, playToRound, reseed, rolls, start, sum } from './smle-s09-s16-helpers'

const AV = { none: 3, bp: 6, light: 8, medium: 10, heavy: 12 } as const

function withVehicle(m: Match, id: string, patch: Partial<Match['state']['vehicles'][string]>): Match {
  return {
    ...m,
    state: { ...m.state, vehicles: { ...m.state.vehicles, [id]: { ...m.state.vehicles[id]!, ...patch } } },
  }
}

/** The convoy: Red's r-1 with a bazooka at (x, z), Red acting at B9. */
function bazookaAt(x: number, z: number, scenario = convoyScenario()): Match {
  let m = start(scenario)
  m = withFigure(m, 'r-1', { position: { x, y: 0, z }, weapons: ['bazooka'] })
  m = withFigure(m, 'r-2', { position: { x: 2, y: 0, z: 2 } })
  m = withTeam(m, 'r-rifles', { ammo: { bazooka: 9 } })
  return inTurn(m, 'r-rifles', 9)
}
const atHalftrack: CommandInput = {
  type: 'directFire',
  teamId: 'r-rifles',
  targetTeamId: 'b-crew',
  atVehicle: true,
  firerIds: ['r-1'],
  weapons: { 'r-1': 'bazooka' },
}

function expectedVehicleResult(total: number, av: number): 'kill' | 'VSW' | 'VLW' | 'noEffect' {
  if (total >= 2 * av) return 'kill'
  if (total > av) return 'VSW'
  if (total === av) return 'VLW'
  return 'noEffect'
}

describe('§13.2 Vehicle combat', () => {
  for (const before of ['ok', 'VLW', 'VSW'] as const) {
    it(`SMLE-VEH-12 / SMLE-VEH-13 / SMLE-VEH-15: bazooka (2D+2) against a Bulletproof (6) halftrack that is ${before}: result by damage total vs AV, wounds escalate`, () => {
      let base = bazookaAt(24, 30)
      base = withVehicle(base, 'ht', { status: before, vswCount: before === 'VSW' ? 1 : 0 })
      const seen = new Set<string>()
      for (let seed = 1; seed <= 80; seed++) {
        const r = act(reseed(base, seed), atHalftrack)
        const dmg = rolls(r.events, /^damage vs/)[0]
        const vd = ofType(r.events, 'VehicleDamaged')[0]
        if (!dmg || !vd) continue
        expect(dmg.faces.length).toBe(2)
        expect(dmg.total).toBe(sum(dmg.faces) + 2)
        expect(vd.face).toBe('front')
        const res = expectedVehicleResult(dmg.total, AV.bp)
        expect(vd.result, `${dmg.total} vs 6`).toBe(res)
        const want =
          res === 'kill'
            ? 'killed'
            : res === 'VSW'
              ? before === 'VSW'
                ? 'killed'
                : 'VSW'
              : res === 'VLW'
                ? before === 'ok'
                  ? 'VLW'
                  : before === 'VLW'
                    ? 'VSW'
                    : 'killed' // a wound on a VSW vehicle: "effects mirror the infantry wounds" (SMLE-DMG-09)
                : before
        expect(vd.status, `${before} + ${res}`).toBe(want)
        expect(r.match.state.vehicles.ht!.status).toBe(want)
        seen.add(res)
      }
      expect(seen.size).toBeGreaterThanOrEqual(3)
    })
  }

  it("SMLE-VEH-14 / SMLE-VEH-11: the face hit follows the firer's position relative to the vehicle's facing", () => {
    const sc = convoyScenario({
      vehicles: [
        {
          id: 'ht',
          name: 'Tank',
          sideId: 'blue',
          crewTeamId: 'b-crew',
          position: { x: 24, z: 24 },
          facingDeg: 0,
          combatSpeedIn: 12,
          roadSpeedIn: 25,
          armour: { front: 'heavy', side: 'medium', rear: 'light', top: 'bp', turret: null },
          passengerCapacity: 3,
        },
      ],
      teams: convoyScenario()
        .teams.filter((t) => t.id !== 'b-pilots' && t.id !== 'b-flyers')
        .map((t) =>
          t.vehicleId ? { ...t, figures: t.figures.map((f) => ({ ...f, position: { x: 24, z: 24 } })) } : t,
        ),
    })
    const cases: [number, number, 'front' | 'side' | 'rear', number][] = [
      [24, 14, 'front', AV.heavy],
      [34, 24, 'side', AV.medium],
      [14, 24.5, 'side', AV.medium],
      [24, 34, 'rear', AV.light],
    ]
    for (const [x, z, face, av] of cases) {
      const base = bazookaAt(x, z, sc)
      let n = 0
      for (let seed = 1; seed <= 30; seed++) {
        const r = act(reseed(base, seed), atHalftrack)
        const vd = ofType(r.events, 'VehicleDamaged')[0]
        const dmg = rolls(r.events, /^damage vs/)[0]
        if (!vd || !dmg) continue
        expect(vd.face, `firer at (${x}, ${z})`).toBe(face)
        expect(vd.result).toBe(expectedVehicleResult(dmg.total, av))
        n++
      }
      expect(n).toBeGreaterThan(3)
    }
  })

  it('SMLE-VEH-15 kill: each figure aboard rolls 1D6 — 1–3 killed, 4–6 bails out prone within 1" — and its team is under explosive fire', () => {
    let base = bazookaAt(24, 30)
    base = withVehicle(base, 'ht', { status: 'VSW', vswCount: 1 })
    let kills = 0
    for (let seed = 1; seed <= 60; seed++) {
      const m = reseed(base, seed)
      const r = act(m, atHalftrack)
      if (r.match.state.vehicles.ht!.status !== 'killed') continue
      kills++
      const bail = rolls(r.events, 'bail out')
      // SMLE-VEH-16: the halftrack is open-topped, so the bazooka's burst on its hull strikes those aboard
      // first; whoever it kills is not left to bail out.
      const diedInBurst = new Set(
        ofType(r.events, 'FigureStatusChanged')
          .filter((e) => e.status === 'dead' && e.cause.includes('burst'))
          .map((e) => e.figureId),
      )
      const aboard = Object.values(m.state.figures).filter(
        (f) => f.vehicleId === 'ht' && f.status !== 'dead' && !diedInBurst.has(f.id),
      )
      expect(bail.length).toBe(aboard.length)
      const s = r.match.state
      const dead = aboard.filter((f) => s.figures[f.id]!.status === 'dead').length
      expect(dead).toBe(bail.filter((b) => b.faces[0]! <= 3).length)
      const v = s.vehicles.ht!
      for (const f of aboard) {
        const now = s.figures[f.id]!
        if (now.status === 'dead') continue
        expect(now.vehicleId).toBeNull()
        expect(now.prone).toBe(true)
        // Within 1" of the hull (a 3" × 1.5" box about the vehicle's centre).
        const dx = Math.max(0, Math.abs(now.position.x - v.position.x) - 0.75)
        const dz = Math.max(0, Math.abs(now.position.z - v.position.z) - 1.5)
        expect(Math.hypot(dx, dz) - now.baseRadiusIn, f.id).toBeLessThanOrEqual(1 + 1e-6)
      }
      for (const t of new Set(aboard.filter((f) => s.figures[f.id]!.status !== 'dead').map((f) => f.teamId)))
        expect(s.teams[t]!.fire.thisRound.explosive, t).toBe(true)
    }
    expect(kills).toBeGreaterThan(0)
  })

  it('SMLE-VEH-16: passengers and crew of an open-topped vehicle can be shot at as in hard cover (−3)', () => {
    let m = bazookaAt(24, 30)
    m = withFigure(m, 'r-2', { position: { x: 22, y: 0, z: 30 } })
    const c: CommandInput = { type: 'directFire', teamId: 'r-rifles', targetTeamId: 'b-rifles', firerIds: ['r-2'] }
    const r = act(m, c)
    const hit = rolls(r.events, /^to hit/)[0]!
    expect(hit.modifiers.filter((x) => x.value === -3).length).toBe(1)
  })

  it('SMLE-VEH-16: a closed vehicle protects its passengers completely (they cannot be shot at)', () => {
    const sc = convoyScenario({
      vehicles: convoyScenario().vehicles.map((v) =>
        v.id === 'ht'
          ? {
              ...v,
              profile: undefined,
              combatSpeedIn: 20,
              roadSpeedIn: 40,
              armour: { front: 'bp', side: 'bp', rear: 'bp', top: 'bp', turret: null },
              openTopped: false,
              passengerCapacity: 10,
            }
          : v,
      ),
    } as Partial<ScenarioInput>)
    let m = bazookaAt(24, 30, sc)
    m = withFigure(m, 'r-2', { position: { x: 22, y: 0, z: 30 } })
    expect(
      clauseOf(m, { type: 'directFire', teamId: 'r-rifles', targetTeamId: 'b-rifles', firerIds: ['r-2'] }),
    ).not.toBe('accepted')
  })

  it('SMLE-VEH-15 VSW: the vehicle may not fire and moves at most half combat speed', () => {
    let m = inTurn(start(convoyScenario()), 'b-crew', 9)
    m = withVehicle(m, 'ht', { weapons: ['lmg'], speedLastRoundIn: 10 })
    m = withFigure(m, 'r-1', { position: { x: 24, y: 0, z: 30 } })
    const mounted: CommandInput = {
      type: 'directFire',
      teamId: 'b-crew',
      targetTeamId: 'r-rifles',
      firerIds: ['b-gunner'],
      weapons: { 'b-gunner': 'lmg' },
    }
    expect(clauseOf(m, mounted)).toBe('accepted')
    m = withVehicle(m, 'ht', { status: 'VSW', vswCount: 1 })
    expect(clauseOf(m, mounted)).not.toBe('accepted')
    // On the road, a moving jeep (combat 20", road 40") with a VSW goes at most 10".
    const jeep = withVehicle(inTurn(roadTable(), 'crew', 9), 'jeep', {
      speedLastRoundIn: 20,
      status: 'VSW',
      vswCount: 1,
    })
    expect(clauseOf(jeep, jeepTo(14))).toBe('accepted')
    expect(clauseOf(jeep, jeepTo(14.5))).not.toBe('accepted')
  })

  it('SMLE-VEH-15 VLW: the crew has −2 on to-hit until repaired; a Recover casualties option by the crew repairs it', () => {
    let m = inTurn(start(convoyScenario()), 'b-crew', 9)
    m = withVehicle(m, 'ht', { weapons: ['lmg'] })
    m = withFigure(m, 'r-1', { position: { x: 24, y: 0, z: 30 } })
    const fireCmd: CommandInput = {
      type: 'directFire',
      teamId: 'b-crew',
      targetTeamId: 'r-rifles',
      firerIds: ['b-gunner'],
      weapons: { 'b-gunner': 'lmg' },
    }
    const ok = act(m, fireCmd)
    const plain = rolls(ok.events, /^to hit/).map((x) => sum(x.modifiers.map((y) => y.value)))
    // Wounded in an earlier round (stoppedRound 0): it may act again, with −2.
    const hurt = withVehicle({ ...m, state: { ...m.state, round: 2 } }, 'ht', { status: 'VLW', stoppedRound: 1 })
    const r = dispatch(hurt, fireCmd)
    expect(r.decision.ok).toBe(true)
    if (r.decision.ok) {
      const wounded = rolls(r.decision.events, /^to hit/).map((x) => sum(x.modifiers.map((y) => y.value)))
      expect(wounded).toEqual(plain.map((v) => v - 2))
    }
    const fixed = act(hurt, { type: 'recoverCasualties', teamId: 'b-crew' })
    expect(fixed.match.state.vehicles.ht!.status).toBe('ok')
    expect(ofType(fixed.events, 'VehicleRepaired').length).toBe(1)
  })

  it('SMLE-VEH-18: a vehicle target has no quality modifier', () => {
    const m = bazookaAt(24, 30)
    const r = act(m, atHalftrack)
    const hit = rolls(r.events, /^to hit/)[0]!
    expect(hit.modifiers.map((x) => x.label).filter((l) => /target/i.test(l))).toEqual([])
  })

  it('SMLE-VEH-17 (optional damage capacity): a medium vehicle survives its first VSW and dies on the second; a small one dies on the first', () => {
    const sc = convoyScenario({ settings: { optional: { vehicleDamageCapacity: true } } } as Partial<ScenarioInput>)
    const base = bazookaAt(24, 30, sc)
    let checked = 0
    for (let seed = 1; seed <= 60; seed++) {
      const r = act(reseed(base, seed), atHalftrack)
      const vd = ofType(r.events, 'VehicleDamaged')[0]
      if (!vd || vd.result !== 'VSW') continue
      expect(vd.status).toBe('VSW')
      const again = withVehicle(base, 'ht', { status: 'VSW', vswCount: 1 })
      const r2 = act(reseed(again, seed), atHalftrack)
      expect(ofType(r2.events, 'VehicleDamaged')[0]!.status).toBe('killed')
      const small = withVehicle(base, 'ht', { size: 'small' })
      const r3 = act(reseed(small, seed), atHalftrack)
      expect(ofType(r3.events, 'VehicleDamaged')[0]!.status).toBe('killed')
      checked++
    }
    expect(checked).toBeGreaterThan(0)
  })
})

/** A road 4" wide along z = 12 across a 120" × 24" table; a jeep with its crew at the west end, facing east. */
function roadTable(): Match {
  const sc = ScenarioSchema.parse({
    formatVersion: 1,
    id: 'audit-road',
    name: 'Road',
    ruleset: 'smle',
    table: { widthIn: 120, depthIn: 24 },
    terrain: {
      areas: [
        {
          id: 'road',
          kind: 'road',
          line: [
            { x: 0, z: 12 },
            { x: 120, z: 12 },
          ],
          widthIn: 4,
        },
      ],
    },
    sides: [
      { id: 'blue', name: 'Blue', colour: '#0000ff', deploymentZone: { minX: 0, minZ: 0, maxX: 10, maxZ: 24 } },
      { id: 'red', name: 'Red', colour: '#ff0000', deploymentZone: { minX: 110, minZ: 0, maxX: 120, maxZ: 24 } },
    ],
    firstSideId: 'blue',
    vehicles: [
      {
        id: 'jeep',
        name: 'Jeep',
        sideId: 'blue',
        profile: 'jeep',
        crewTeamId: 'crew',
        position: { x: 4, z: 12 },
        facingDeg: 90,
      },
    ],
    teams: [
      {
        id: 'crew',
        name: 'Crew',
        sideId: 'blue',
        kind: 'crew',
        vehicleId: 'jeep',
        figures: [{ id: 'driver', name: 'Driver', position: { x: 4, z: 12 } }],
      },
      {
        id: 'riders',
        name: 'Riders',
        sideId: 'blue',
        vehicleId: 'jeep',
        figures: [
          { id: 'p1', name: 'p1', position: { x: 4, z: 12 } },
          { id: 'p2', name: 'p2', position: { x: 4, z: 12 } },
        ],
      },
      { id: 'reds', name: 'Red', sideId: 'red', figures: [{ id: 'r1', name: 'r1', position: { x: 118, z: 2 } }] },
    ],
  })
  return start(sc)
}
const jeepTo = (x: number): CommandInput => ({ type: 'moveVehicle', vehicleId: 'jeep', to: { x, z: 12 } })

describe('§13.1 Vehicle movement', () => {
  it('SMLE-VEH-03 / SMLE-VEH-E01: a jeep (road speed 40") that starts halted goes at most 20" this round', () => {
    const m = inTurn(roadTable(), 'crew', 9)
    expect(clauseOf(m, jeepTo(24))).toBe('accepted')
    expect(clauseOf(m, jeepTo(25))).not.toBe('accepted')
  })

  it('SMLE-VEH-E01 / SMLE-VEH-02: a jeep already moving may go up to road speed (40") on the road at a full-move band without combat', () => {
    const m = withVehicle(inTurn(roadTable(), 'crew', 9), 'jeep', { speedLastRoundIn: 20 })
    expect(clauseOf(m, jeepTo(44))).toBe('accepted')
    expect(clauseOf(m, jeepTo(45))).not.toBe('accepted')
  })

  it('SMLE-VEH-04: at a half-move band (B4–B8) a moving vehicle goes at most half its combat speed, and road speed needs a full-move band', () => {
    const m = withVehicle(inTurn(roadTable(), 'crew', 8), 'jeep', { speedLastRoundIn: 20 })
    expect(clauseOf(m, jeepTo(14))).toBe('accepted')
    expect(clauseOf(m, jeepTo(15))).not.toBe('accepted')
  })

  it('SMLE-VEH-02: a vehicle that went at road speed may not fire that round', () => {
    let m = withVehicle(inTurn(roadTable(), 'crew', 9), 'jeep', { speedLastRoundIn: 20, weapons: ['lmg'] })
    m = withFigure(m, 'r1', { position: { x: 60, y: 0, z: 2 } })
    m = act(m, jeepTo(40)).match
    expect(
      clauseOf(m, { type: 'directFire', teamId: 'crew', targetTeamId: 'reds', weapons: { driver: 'lmg' } }),
    ).not.toBe('accepted')
  })

  it('SMLE-VEH-02 / §13.1: off the road the combat speed is halved (a jeep from a halt at B9: 10")', () => {
    const m = inTurn(roadTable(), 'crew', 9)
    const off = (x: number): CommandInput => ({ type: 'moveVehicle', vehicleId: 'jeep', to: { x, z: 21 } })
    // From (4, 12) to (x, 21): well off the road for most of the way.
    expect(clauseOf(m, off(4 + Math.sqrt(10 * 10 - 9 * 9) - 0.2))).toBe('accepted')
    expect(clauseOf(m, off(4 + Math.sqrt(13 * 13 - 9 * 9)))).not.toBe('accepted')
  })

  it('legalCommands: every vehicle move offered is accepted', () => {
    for (const band of [4, 6, 8, 9, 10]) {
      const m = withVehicle(inTurn(roadTable(), 'crew', band as 4), 'jeep', { speedLastRoundIn: 20 })
      for (const c of legalCommands(m.state, m.world, 'blue').filter((x) => x.type === 'moveVehicle'))
        expect(dispatch(m, c).decision.ok, `B${band} ${JSON.stringify(c)}`).toBe(true)
    }
  })
})

describe('§6.3 Boarding and leaving, with crews and passengers', () => {
  it('SMLE-VEH-01: while passengers are aboard, crew and passengers activate as one unit', () => {
    let m = start(convoyScenario())
    m = playToRound(m, 1)
    const ht = m.state.teams['b-crew']!.activation!
    const pass = m.state.teams['b-rifles']!.activation!
    expect(pass.blockId).toBe(ht.blockId)
    expect(pass.al).toBe(ht.al)
  })

  it('SMLE-MOVE-11: leaving is the De-bus option (needs B5); the team ends within half a move of the vehicle', () => {
    const low = inTurn(start(convoyScenario()), 'b-rifles', 4)
    expect(clauseOf(low, { type: 'debus', teamId: 'b-rifles' })).not.toBe('accepted')
    const m = inTurn(start(convoyScenario()), 'b-rifles', 5)
    expect(
      clauseOf(m, {
        type: 'debus',
        teamId: 'b-rifles',
        positions: { 'b-1': { x: 24, z: 47 }, 'b-2': { x: 25, z: 42.5 }, 'b-3': { x: 23, z: 42.5 } },
      }),
    ).not.toBe('accepted')
    const r = act(m, { type: 'debus', teamId: 'b-rifles' })
    for (const id of ['b-1', 'b-2', 'b-3']) {
      const f = r.match.state.figures[id]!
      expect(f.vehicleId).toBeNull()
      expect(f.prone).toBe(true)
    }
  })

  it('SMLE-MOVE-11: the vehicle may not be going faster than the passengers could move on foot', () => {
    // The jeep went 20" along the road this round; its riders move 8" on foot.
    let m = withVehicle(inTurn(roadTable(), 'crew', 9), 'jeep', { speedLastRoundIn: 20 })
    m = act(m, jeepTo(24)).match
    const p = inTurn(m, 'riders', 6)
    expect(clauseOf(p, { type: 'debus', teamId: 'riders' })).not.toBe('accepted')
    // A jeep that has stopped (it moved 6" this round, less than a man on foot) lets them off.
    let slow = withVehicle(inTurn(roadTable(), 'crew', 9), 'jeep', { speedLastRoundIn: 20 })
    slow = act(slow, jeepTo(10)).match
    expect(clauseOf(inTurn(slow, 'riders', 6), { type: 'debus', teamId: 'riders' })).toBe('accepted')
  })

  it('SMLE-MOVE-11: one team may leave by each access door in a round', () => {
    // The helicopter has one access door: its passengers leave, then its crew may not the same round.
    let m = inTurn(start(convoyScenario()), 'b-flyers', 6)
    m = act(m, { type: 'debus', teamId: 'b-flyers' }).match
    const crew = inTurn(m, 'b-pilots', 6)
    expect(clauseOf(crew, { type: 'debus', teamId: 'b-pilots' })).not.toBe('accepted')
  })

  it('SMLE-MOVE-10: boarding needs the vehicle stationary and the whole team within half its move; the vehicle moves off next round', () => {
    let m = inTurn(start(convoyScenario()), 'b-rifles', 6)
    m = act(m, { type: 'debus', teamId: 'b-rifles' }).match
    // Next round: the team boards again; the crew may then not move the halftrack until the round after.
    let n = playToRound(m, 2)
    n = inTurn(n, 'b-rifles', 6)
    const far = withFigure(n, 'b-1', { position: { x: 24, y: 0, z: 47.5 } })
    expect(clauseOf(far, { type: 'board', teamId: 'b-rifles', vehicleId: 'ht' })).not.toBe('accepted')
    n = act(n, { type: 'board', teamId: 'b-rifles', vehicleId: 'ht' }).match
    expect(n.state.figures['b-1']!.vehicleId).toBe('ht')
    const crewNow = inTurn(n, 'b-crew', 9)
    expect(clauseOf(crewNow, { type: 'moveVehicle', vehicleId: 'ht', to: { x: 24, z: 36 } })).not.toBe('accepted')
  })
})
