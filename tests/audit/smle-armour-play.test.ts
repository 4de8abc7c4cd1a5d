/**
 * Audit of SMLE §13 (vehicles) and §6.3 (boarding and leaving) as played in the built-in scenario
 * "Armour on the Farm Lane" (assets/scenarios/farm-lane-armour.json): a British Universal Carrier and a
 * German Panzer IV among two sections. Expectations come from shared/rules/smle.md alone.
 *
 * The table (72" × 48", no road or lane area): the farmhouse is x 30–40, z 18–26 (north-west corner
 * at 30, 18); British deploy south (z 36–48), Germans north (z 0–12). Facing 0° is north (−z).
 * The carrier (3.5" × 2") stands at (46, 42) facing north; the Panzer (5" × 2.5") at (36, 6) facing south.
 *
 * Readings the engine keeps where this audit leaned the other way (not tested here): a VSW vehicle moves at half
 * its listed combat speed, off-road halving aside; the moved modifier for a vehicle's crew is measured against its
 * listed combat speed; crew and passengers, one unit for activation, each team has its own attack; a tank's gun
 * fires HE at a vehicle unless an AP round is chosen, and no command chooses one yet.
 */
import { describe, expect, it } from 'vitest'
import json from '../../assets/scenarios/farm-lane-armour.json'
import { parseScenario } from '../../src-engine/rules/loading'
import { newHeader, startMatch, dispatch, type Match } from '../../src-engine/rules/smle/match'
import type { Scenario } from '../../src-engine/rules/smle/scenario/schema'
import type { CommandInput } from '../../src-engine/rules/smle/commands/index'
import type { GameEvent } from '../../src-engine/rules/smle/events/events'
import type { VehicleState } from '../../src-engine/rules/smle/state/state'
import type { Band } from '../../src-engine/rules/smle/bands'
import { unitActivation } from '../../src-engine/rules/smle/activation'
import { figureCover } from '../../src-engine/rules/smle/situation'
import { activationAt, holdAll, inTurn, play, withFigure, withTeam } from '../fixtures/play'
import { act, clauseOf, ofType, playToRound, reseed, rolls, sum } from './smle-s09-s16-helpers'

function load(): Scenario {
  const parsed = parseScenario(json)
  if (!parsed.ok) throw new Error(parsed.message)
  return parsed.scenario as Scenario
}
const SCENARIO = load()

/** The scenario as loaded, at the start of round 1. */
function game(seed = 1): Match {
  return startMatch(newHeader(SCENARIO, seed, 'quick'))
}

function withVehicle(m: Match, id: string, patch: Partial<VehicleState>): Match {
  const v = m.state.vehicles[id]
  if (!v) throw new Error(`no vehicle ${id}`)
  return { ...m, state: { ...m.state, vehicles: { ...m.state.vehicles, [id]: { ...v, ...patch } } } }
}

function at(m: Match, figureId: string, x: number, z: number): Match {
  return withFigure(m, figureId, { position: { x, y: 0, z } })
}

/** Moves a vehicle and everyone aboard it to (x, z). */
function vehicleAt(m: Match, id: string, x: number, z: number, patch: Partial<VehicleState> = {}): Match {
  let n = withVehicle(m, id, { position: { x, y: 0, z }, ...patch })
  for (const f of Object.values(n.state.figures))
    if (f.vehicleId === id)
      n = withFigure(n, f.id, { position: { x, y: 0, z }, facingDeg: patch.facingDeg ?? f.facingDeg })
  return n
}

/** Several teams acting as one unit (SMLE-VEH-01), the first of them active now, all at `band`. */
function unitTurn(m: Match, teamIds: readonly string[], band: Band): Match {
  const lead = teamIds[0]!
  let n = inTurn(m, lead, band)
  for (const id of teamIds.slice(1))
    n = withTeam(n, id, { activation: { ...activationAt(band, id), blockId: lead }, turn: 'waiting' })
  n = withTeam(n, lead, { activation: { ...activationAt(band, lead), blockId: lead } })
  return { ...n, state: { ...n.state, activeUnit: { teamIds: [...teamIds], index: 0, turn: 'first' } } }
}

const moveVehicle = (vehicleId: string, x: number, z: number): CommandInput => ({
  type: 'moveVehicle',
  vehicleId,
  to: { x, z },
})

const damageEvents = (events: readonly GameEvent[]) => ofType(events, 'VehicleDamaged')

function expectedResult(total: number, av: number): 'kill' | 'VSW' | 'VLW' | 'noEffect' {
  if (total >= 2 * av) return 'kill'
  if (total > av) return 'VSW'
  if (total === av) return 'VLW'
  return 'noEffect'
}

/** SMLE-VEH-12 armour values. */
const AV = { none: 3, bp: 6, light: 8, medium: 10, heavy: 12 } as const

/** The British rifleman Pte Cole (Section HQ) with a PIAT (Table 6 "Bazooka / PIAT", 2D+2 EX) at (x, z), HQ acting at B9. */
function piatAt(m: Match, x: number, z: number): Match {
  let n = at(m, 'br-r1', x, z)
  n = withFigure(n, 'br-r1', { weapons: ['bazooka'] })
  n = withTeam(n, 'br-section-hq', { ammo: { bazooka: 9 } })
  return inTurn(n, 'br-section-hq', 9)
}
const piatAtPanzer: CommandInput = {
  type: 'directFire',
  teamId: 'br-section-hq',
  targetTeamId: 'de-panzer-crew',
  atVehicle: true,
  firerIds: ['br-r1'],
  weapons: { 'br-r1': 'bazooka' },
}

/** The Section HQ placed round the carrier (all within 2" of its hull), boarded at B6 in round 1. */
function hqAboard(m: Match = game()): Match {
  let n = at(m, 'br-sgt', 43.6, 41.5)
  n = at(n, 'br-r1', 43.6, 42.8)
  n = at(n, 'br-r2', 48.4, 42)
  n = inTurn(n, 'br-section-hq', 6)
  return act(n, { type: 'board', teamId: 'br-section-hq', vehicleId: 'br-carrier' }).match
}

/** Each hit's damage total (from its dice roll) and result, in order. */
function vehicleHits(events: readonly GameEvent[]): { total: number; face: string; result: string; status: string }[] {
  const dmg = rolls(events, /^damage vs/)
  return damageEvents(events).map((e, i) => {
    const d = dmg[i]!
    return {
      total: sum(d.faces) + sum(d.modifiers.map((x) => x.value)),
      face: e.face,
      result: e.result,
      status: e.status,
    }
  })
}

describe('§13.3 / SMLE-VEH-01: the vehicles of the scenario', () => {
  it('SMLE-VEH-11 / SMLE-VEH-12 / §13.3: the carrier is BP all round and open, 15"/30", 3 passengers, a Bren; the Panzer IV is Medium front and turret, Light sides and rear, BP top, closed, 12"/25", 75 mm and two MMGs', () => {
    const s = game().state
    const c = s.vehicles['br-carrier']!
    expect([c.combatSpeedIn, c.roadSpeedIn, c.passengerCapacity]).toEqual([15, 30, 3])
    expect([c.armour.front, c.armour.side, c.armour.rear, c.armour.turret]).toEqual(['bp', 'bp', 'bp', null])
    expect(c.openTopped).toBe(true)
    expect(c.weapons).toEqual(['lmg'])
    const p = s.vehicles['de-panzer']!
    expect([p.combatSpeedIn, p.roadSpeedIn, p.passengerCapacity]).toEqual([12, 25, 0])
    expect(p.armour).toEqual({ front: 'medium', side: 'light', rear: 'light', top: 'bp', turret: 'medium' })
    expect(p.openTopped).toBe(false)
    expect([...p.weapons].sort()).toEqual(['gun-75', 'mmg', 'mmg'])
    // The crews start aboard their vehicles.
    for (const id of ['br-cc-1', 'br-cc-2']) expect(s.figures[id]!.vehicleId).toBe('br-carrier')
    for (const id of ['de-pc-1', 'de-pc-2', 'de-pc-3']) expect(s.figures[id]!.vehicleId).toBe('de-panzer')
  })

  it('SMLE-ACT-08: both vehicle crews roll with "armoured troops" +1; infantry on foot do not', () => {
    const m = playToRound(game(), 1)
    const armoured = (id: string) =>
      m.state.teams[id]!.activation!.modifiers.some((x) => x.clause === 'SMLE-ACT-08' && x.value === 1)
    expect(armoured('br-carrier-crew')).toBe(true)
    expect(armoured('de-panzer-crew')).toBe(true)
    expect(armoured('br-section-hq')).toBe(false)
    expect(armoured('de-mg')).toBe(false)
  })

  it('SMLE-VEH-01 / SMLE-ACT-08: with the Section HQ aboard, crew and passengers roll as one unit (one AL, armoured +1)', () => {
    const m = playToRound(hqAboard(), 2)
    const crew = m.state.teams['br-carrier-crew']!.activation!
    const hq = m.state.teams['br-section-hq']!.activation!
    expect(hq.blockId).toBe(crew.blockId)
    expect(hq.al).toBe(crew.al)
    expect(hq.modifiers.some((x) => x.clause === 'SMLE-ACT-08' && x.value === 1)).toBe(true)
  })

  it('SMLE-VEH-01: after de-bussing, the passengers are their own team again and the crew a separate team of the same group', () => {
    let m = playToRound(hqAboard(), 2)
    m = inTurn(m, 'br-section-hq', 6)
    m = act(m, { type: 'debus', teamId: 'br-section-hq' }).match
    m = playToRound(m, 3)
    const crew = m.state.teams['br-carrier-crew']!
    const hq = m.state.teams['br-section-hq']!
    expect(hq.activation!.blockId).toBe('br-section-hq')
    expect(crew.activation!.blockId).toBe('br-carrier-crew')
    expect(crew.groupId).toBe('br-section')
    expect(hq.figureIds.every((id) => m.state.figures[id]!.vehicleId === null)).toBe(true)
  })
})

describe('§13.1 Movement on the farm table (no road: combat speed halved off-road)', () => {
  it('SMLE-VEH-02 / SMLE-VEH-04: the moving carrier at B9 drives exactly its off-road full move (15" / 2 = 7.5"), not an inch more', () => {
    const m = inTurn(withVehicle(game(), 'br-carrier', { speedLastRoundIn: 7.5 }), 'br-carrier-crew', 9)
    expect(clauseOf(m, moveVehicle('br-carrier', 46, 34.5))).toBe('accepted')
    expect(clauseOf(m, moveVehicle('br-carrier', 46, 34.4))).toMatch(/^SMLE-VEH-0[234]$/)
  })

  it('SMLE-VEH-04: at a half-move band (B7) the moving carrier goes exactly half its off-road combat speed (3.75")', () => {
    const m = inTurn(withVehicle(game(), 'br-carrier', { speedLastRoundIn: 7.5 }), 'br-carrier-crew', 7)
    expect(clauseOf(m, moveVehicle('br-carrier', 46, 38.25))).toBe('accepted')
    expect(clauseOf(m, moveVehicle('br-carrier', 46, 38.1))).toMatch(/^SMLE-VEH-0[234]$/)
  })

  it('SMLE-VEH-02: with no road on the table, a B10 carrier taking no Combat option still may not go beyond 7.5" (road speed needs a good surface)', () => {
    const m = inTurn(withVehicle(game(), 'br-carrier', { speedLastRoundIn: 15 }), 'br-carrier-crew', 10)
    expect(clauseOf(m, moveVehicle('br-carrier', 46, 34.5))).toBe('accepted')
    expect(clauseOf(m, moveVehicle('br-carrier', 46, 30))).not.toBe('accepted')
  })

  it('SMLE-VEH-03: the Panzer starting halted at B9 may drive 6" off-road (half its listed maximum does not bind below that), not more', () => {
    const m = inTurn(game(), 'de-panzer-crew', 9)
    expect(m.state.vehicles['de-panzer']!.speedLastRoundIn).toBe(0)
    expect(clauseOf(m, moveVehicle('de-panzer', 36, 12))).toBe('accepted')
    expect(clauseOf(m, moveVehicle('de-panzer', 36, 12.2))).toMatch(/^SMLE-VEH-0[234]$/)
  })

  it('SMLE-VEH-04 / SMLE-OPT-06: a Pinned crew (B3) may not drive its vehicle at all', () => {
    const m = inTurn(withVehicle(game(), 'br-carrier', { speedLastRoundIn: 7.5 }), 'br-carrier-crew', 3)
    expect(clauseOf(m, moveVehicle('br-carrier', 46, 41))).not.toBe('accepted')
  })

  it('SMLE-VEH-14 / SMLE-ACT-19: a vehicle faces the way it last drove; the Panzer turning east and driving 4" now faces 90°', () => {
    const m = inTurn(game(), 'de-panzer-crew', 9)
    const r = act(m, moveVehicle('de-panzer', 40, 6))
    const p = r.match.state.vehicles['de-panzer']!
    expect(p.position.x).toBeCloseTo(40, 5)
    expect(p.facingDeg).toBeCloseTo(90, 0)
    // The crew inside travel with it.
    expect(r.match.state.figures['de-pc-1']!.position.x).toBeCloseTo(40, 5)
  })

  it('SMLE-MOVE-04 / SMLE-GEN-05: the carrier may not drive into the farmhouse', () => {
    let m = game()
    for (const [i, id] of ['br-sgt', 'br-r1', 'br-r2'].entries()) m = at(m, id, 10, 40 + i * 1.5)
    m = vehicleAt(m, 'br-carrier', 37.5, 32, { speedLastRoundIn: 7.5 })
    m = inTurn(m, 'br-carrier-crew', 9)
    expect(clauseOf(m, moveVehicle('br-carrier', 37.5, 25))).not.toBe('accepted')
  })

  it('SMLE-MOVE-04 / SMLE-GEN-05: a drive may not end with the carrier\'s hull on the farmhouse wall (its nose 0.45" into the south wall)', () => {
    let m = game()
    for (const [i, id] of ['br-sgt', 'br-r1', 'br-r2'].entries()) m = at(m, id, 10, 40 + i * 1.5)
    m = vehicleAt(m, 'br-carrier', 37.5, 32, { speedLastRoundIn: 7.5 })
    m = inTurn(m, 'br-carrier-crew', 9)
    // Facing north, the hull reaches 1.75" ahead of its centre: stopping at z 28.0 leaves its nose at 26.25 (clear
    // of the wall at z 26); stopping at z 27.3 puts its nose at 25.55, inside the wall.
    expect(clauseOf(m, moveVehicle('br-carrier', 37.5, 28))).toBe('accepted')
    expect(clauseOf(m, moveVehicle('br-carrier', 37.5, 27.3))).not.toBe('accepted')
  })
})

describe('§6.3 Boarding and leaving the carrier', () => {
  it('SMLE-MOVE-10: the Section HQ within half a move boards the halted carrier whole; the carrier may not move off that round, but may next round (its crew was aboard)', () => {
    const m = hqAboard()
    for (const id of ['br-sgt', 'br-r1', 'br-r2']) expect(m.state.figures[id]!.vehicleId).toBe('br-carrier')
    const same = inTurn(m, 'br-carrier-crew', 9)
    expect(clauseOf(same, moveVehicle('br-carrier', 46, 39))).not.toBe('accepted')
    const next = inTurn(playToRound(m, 2), 'br-carrier-crew', 9)
    expect(clauseOf(next, moveVehicle('br-carrier', 46, 39))).toBe('accepted')
  })

  it('SMLE-MOVE-10: a team with a figure beyond half a move (4") of the carrier may not board; nor may a team when the carrier has no room left', () => {
    let m = at(game(), 'br-sgt', 43.6, 41.5)
    m = at(m, 'br-r1', 43.6, 42.8)
    m = at(m, 'br-r2', 52, 42) // 5" from the hull's east side
    expect(
      clauseOf(inTurn(m, 'br-section-hq', 6), { type: 'board', teamId: 'br-section-hq', vehicleId: 'br-carrier' }),
    ).toBe('SMLE-MOVE-10')
    // The carrier holds 3 passengers: with the HQ (3) aboard, the Bren team (2) finds no room.
    let full = hqAboard()
    full = at(full, 'br-bren-1', 44, 45)
    full = at(full, 'br-bren-2', 48, 45)
    expect(clauseOf(inTurn(full, 'br-bren', 6), { type: 'board', teamId: 'br-bren', vehicleId: 'br-carrier' })).toBe(
      'SMLE-MOVE-10',
    )
  })

  it('SMLE-MOVE-11 / SMLE-OPT-10: De-bus and deploy needs B5; the team ends within half a move (4") of the carrier, prone by default', () => {
    const m = playToRound(hqAboard(), 2)
    expect(clauseOf(inTurn(m, 'br-section-hq', 4), { type: 'debus', teamId: 'br-section-hq' })).not.toBe('accepted')
    const r = act(inTurn(m, 'br-section-hq', 5), { type: 'debus', teamId: 'br-section-hq' })
    const c = r.match.state.vehicles['br-carrier']!
    for (const id of ['br-sgt', 'br-r1', 'br-r2']) {
      const f = r.match.state.figures[id]!
      expect(f.vehicleId).toBeNull()
      expect(f.prone).toBe(true)
      // Nearest edges: the hull is 3.5" × 2" facing north.
      const dx = Math.max(0, Math.abs(f.position.x - c.position.x) - 1)
      const dz = Math.max(0, Math.abs(f.position.z - c.position.z) - 1.75)
      expect(Math.hypot(dx, dz) - f.baseRadiusIn).toBeLessThanOrEqual(4 + 1e-6)
    }
    // Asking for a spot 5.5" from the carrier's hull is refused.
    expect(
      clauseOf(inTurn(m, 'br-section-hq', 5), {
        type: 'debus',
        teamId: 'br-section-hq',
        positions: { 'br-sgt': { x: 53, z: 42 }, 'br-r1': { x: 43, z: 42 }, 'br-r2': { x: 49, z: 42 } },
      }),
    ).toBe('SMLE-MOVE-11')
  })

  it('SMLE-MOVE-11: the Bren team (its gunner moves 7" on foot with the LMG) may not leave a carrier going 7.5"; the Section HQ (8") may', () => {
    // The Bren team aboard instead of the HQ.
    let m = at(game(), 'br-bren-1', 43.6, 41.5)
    m = at(m, 'br-bren-2', 43.6, 42.8)
    m = act(inTurn(m, 'br-bren', 6), { type: 'board', teamId: 'br-bren', vehicleId: 'br-carrier' }).match
    m = playToRound(m, 2)
    // The crew has driven it 7.5" this round.
    const moving = inTurn(withVehicle(m, 'br-carrier', { movedIn: 7.5, speedLastRoundIn: 7.5 }), 'br-bren', 6)
    expect(clauseOf(moving, { type: 'debus', teamId: 'br-bren' })).toBe('SMLE-MOVE-11')
    // The HQ at the same speed gets off.
    let hq = playToRound(hqAboard(), 2)
    hq = inTurn(withVehicle(hq, 'br-carrier', { movedIn: 7.5, speedLastRoundIn: 7.5 }), 'br-section-hq', 6)
    expect(clauseOf(hq, { type: 'debus', teamId: 'br-section-hq' })).toBe('accepted')
  })

  it('SMLE-MOVE-11 / SMLE-VEH-04: a carrier that drove 7.5" last round and whose crew has ended this round\'s turn without moving is stopped: the Bren team may leave it', () => {
    let m = at(game(), 'br-bren-1', 43.6, 41.5)
    m = at(m, 'br-bren-2', 43.6, 42.8)
    m = act(inTurn(m, 'br-bren', 6), { type: 'board', teamId: 'br-bren', vehicleId: 'br-carrier' }).match
    m = playToRound(m, 2)
    m = withVehicle(m, 'br-carrier', { speedLastRoundIn: 7.5, movedIn: 0, turnMovedIn: 0 })
    m = unitTurn(m, ['br-carrier-crew', 'br-bren'], 6)
    // Deceleration is unlimited: the crew stops the carrier at once (takes its turn, no move).
    m = act(m, { type: 'endActivation', teamId: 'br-carrier-crew' }).match
    expect(m.state.activeUnit?.teamIds[m.state.activeUnit.index]).toBe('br-bren')
    expect(clauseOf(m, { type: 'debus', teamId: 'br-bren' })).toBe('accepted')
  })
})

describe('§13.2 Shooting at the vehicles', () => {
  /** Every seed's hits from `cmd` on `base`, flattened. */
  function hitsOver(base: Match, cmd: CommandInput, seeds = 60) {
    const out: ReturnType<typeof vehicleHits> = []
    for (let seed = 1; seed <= seeds; seed++) out.push(...vehicleHits(act(reseed(base, seed), cmd).events))
    return out
  }

  it('SMLE-VEH-13 / SMLE-VEH-14: a PIAT hit on the Panzer from in front strikes the front or the turret, both Medium (AV 10): 2D+2 never kills', () => {
    const hits = hitsOver(piatAt(game(), 36, 16), piatAtPanzer)
    expect(hits.length).toBeGreaterThan(5)
    for (const h of hits) {
      expect(['front', 'turret']).toContain(h.face)
      expect(h.result, `${h.total} vs 10`).toBe(expectedResult(h.total, AV.medium))
      expect(h.result).not.toBe('kill')
    }
    expect(hits.some((h) => h.face === 'front')).toBe(true)
    expect(hits.some((h) => h.face === 'turret')).toBe(true)
  })

  it("SMLE-VEH-11 / SMLE-VEH-14: a PIAT hit from the Panzer's side strikes the Light (AV 8) side, or the Medium turret on 1–2", () => {
    const hits = hitsOver(piatAt(game(), 46, 6), piatAtPanzer)
    expect(hits.length).toBeGreaterThan(5)
    for (const h of hits) {
      expect(['side', 'turret']).toContain(h.face)
      const av = h.face === 'side' ? AV.light : AV.medium
      expect(h.result, `${h.face}: ${h.total} vs ${av}`).toBe(expectedResult(h.total, av))
    }
    expect(hits.some((h) => h.face === 'side')).toBe(true)
  })

  it('SMLE-VEH-11 / SMLE-VEH-14: after the Panzer turns east, a PIAT from the south hits its side, one from the west its rear (Light, AV 8)', () => {
    const moved = act(inTurn(game(), 'de-panzer-crew', 9), moveVehicle('de-panzer', 40, 6)).match
    const south = hitsOver(piatAt(moved, 40, 16), piatAtPanzer)
    const west = hitsOver(piatAt(moved, 30, 6), piatAtPanzer)
    expect(south.length).toBeGreaterThan(5)
    expect(west.length).toBeGreaterThan(5)
    for (const h of south) expect(['side', 'turret']).toContain(h.face)
    for (const h of west) expect(['rear', 'turret']).toContain(h.face)
    for (const h of [...south, ...west]) {
      const av = h.face === 'turret' ? AV.medium : AV.light
      expect(h.result, `${h.face}: ${h.total} vs ${av}`).toBe(expectedResult(h.total, av))
    }
  })

  it('SMLE-VEH-18: shooting at the Panzer takes no target-quality modifier (its crew is Veteran: no −1)', () => {
    const base = piatAt(game(), 36, 16)
    const r = act(base, piatAtPanzer)
    const hit = rolls(r.events, /^to hit/)[0]!
    const plain = act(inTurn(at(game(), 'br-r1', 36, 16), 'br-section-hq', 9), {
      type: 'directFire',
      teamId: 'br-section-hq',
      targetTeamId: 'de-gruppe-a',
      firerIds: ['br-r1'],
    })
    // Against the Veteran infantry the same firer does take a quality modifier; against the vehicle none.
    const vs = rolls(plain.events, /^to hit/)[0]!
    const qualityLabels = vs.modifiers.filter((x) => x.value === -1).map((x) => x.label)
    expect(qualityLabels.length).toBeGreaterThan(0)
    for (const label of qualityLabels) expect(hit.modifiers.map((x) => x.label)).not.toContain(label)
  })

  it("SMLE-VEH-12 / SMLE-VEH-13: a rifle (1D) at the Panzer's Light side (AV 8) can never harm it", () => {
    let base = at(game(), 'br-r1', 46, 6)
    base = inTurn(base, 'br-section-hq', 9)
    const cmd: CommandInput = {
      type: 'directFire',
      teamId: 'br-section-hq',
      targetTeamId: 'de-panzer-crew',
      atVehicle: true,
      firerIds: ['br-r1'],
      weapons: { 'br-r1': 'rifle' },
    }
    const hits = hitsOver(base, cmd)
    expect(hits.length).toBeGreaterThan(5)
    for (const h of hits) expect(h.result).toBe('noEffect')
  })

  it('SMLE-VEH-12 / SMLE-VEH-13 / SMLE-SHOOT-06: the German MG (1D+1, autofire) at the carrier (BP 6): each hit compared with 6; 6 a VLW, 7 a VSW, never a kill from one hit', () => {
    let base = at(game(), 'de-mg-1', 46, 30)
    base = at(base, 'de-mg-2', 44, 30)
    base = inTurn(base, 'de-mg', 9)
    const cmd: CommandInput = {
      type: 'directFire',
      teamId: 'de-mg',
      targetTeamId: 'br-carrier-crew',
      atVehicle: true,
      firerIds: ['de-mg-1'],
      weapons: { 'de-mg-1': 'lmg' },
    }
    const hits = hitsOver(base, cmd)
    expect(hits.length).toBeGreaterThan(5)
    for (const h of hits) {
      expect(h.face).toBe('front')
      expect(h.result).toBe(expectedResult(h.total, AV.bp))
      expect(h.result).not.toBe('kill')
    }
    expect(new Set(hits.map((h) => h.result)).size).toBeGreaterThanOrEqual(2)
  })

  it("SMLE-VEH-16: the Panzer's crew is shut in a closed hull and cannot be shot at as figures", () => {
    const m = inTurn(at(game(), 'br-r1', 36, 16), 'br-section-hq', 9)
    expect(
      clauseOf(m, { type: 'directFire', teamId: 'br-section-hq', targetTeamId: 'de-panzer-crew', firerIds: ['br-r1'] }),
    ).not.toBe('accepted')
  })

  it("SMLE-VEH-16 / SMLE-SHOOT-21: the carrier's crew in its open top can be shot at as figures in hard cover (−3)", () => {
    const m = inTurn(at(game(), 'de-s1', 46, 30), 'de-gruppe-a', 9)
    const r = act(m, {
      type: 'directFire',
      teamId: 'de-gruppe-a',
      targetTeamId: 'br-carrier-crew',
      firerIds: ['de-s1'],
    })
    const hit = rolls(r.events, /^to hit/)[0]!
    expect(hit.modifiers.filter((x) => x.value === -3).length).toBe(1)
  })

  it("SMLE-SHOOT-02: the Panzer's hull blocks sight: a German team crouching right behind it cannot be shot at from the far side", () => {
    // The MG team squats against the Panzer's north (rear) plate; the rifleman is 8" south of its front.
    let m = at(game(), 'de-mg-1', 35.6, 2.9)
    m = at(m, 'de-mg-2', 36.4, 2.9)
    m = withFigure(m, 'de-mg-1', { prone: true })
    m = withFigure(m, 'de-mg-2', { prone: true })
    m = inTurn(at(m, 'br-r1', 36, 16.5), 'br-section-hq', 9)
    const cmd: CommandInput = {
      type: 'directFire',
      teamId: 'br-section-hq',
      targetTeamId: 'de-mg',
      firerIds: ['br-r1'],
    }
    const r = dispatch(m, cmd)
    if (r.decision.ok) {
      // Seen at all, they would at least be behind hard cover (vehicle armour, SMLE-SHOOT-23).
      const hit = rolls(r.decision.events, /^to hit/)[0]!
      expect(hit.modifiers.some((x) => x.value === -3)).toBe(true)
    } else expect(r.decision.reason.clause).toBe('SMLE-SHOOT-01')
  })
})

describe('§13.2 Damage results: VLW, VSW, killed', () => {
  it('SMLE-VEH-15 VLW: a carrier lightly wounded this round does nothing more this round: it neither drives nor fires its Bren', () => {
    let m = at(game(), 'de-mg-1', 46, 30)
    m = at(m, 'de-mg-2', 44, 30)
    m = withVehicle(m, 'br-carrier', { status: 'VLW', stoppedRound: 1, speedLastRoundIn: 7.5 })
    m = inTurn(m, 'br-carrier-crew', 9)
    expect(clauseOf(m, moveVehicle('br-carrier', 46, 40))).not.toBe('accepted')
    expect(
      clauseOf(m, {
        type: 'directFire',
        teamId: 'br-carrier-crew',
        targetTeamId: 'de-mg',
        firerIds: ['br-cc-1'],
        weapons: { 'br-cc-1': 'lmg' },
      }),
    ).not.toBe('accepted')
  })

  it("SMLE-VEH-15: for its crew's activation a VLW counts as a wounded figure (−1) and a VSW as a casualty (−2)", () => {
    const base = game()
    const al = (m: Match, team: string) => unitActivation(m.state, m.world, team, 3).al
    for (const [vehicle, crew] of [
      ['br-carrier', 'br-carrier-crew'],
      ['de-panzer', 'de-panzer-crew'],
    ] as const) {
      const ok = al(base, crew)
      expect(al(withVehicle(base, vehicle, { status: 'VLW' }), crew)).toBe(ok - 1)
      expect(al(withVehicle(base, vehicle, { status: 'VSW', vswCount: 1 }), crew)).toBe(ok - 2)
    }
  })

  it('SMLE-VEH-15 VSW: the Panzer with a serious wound may not fire, neither its 75 mm nor its MMGs', () => {
    let m = at(game(), 'br-sgt', 36, 20)
    m = at(m, 'br-r1', 37, 20.5)
    m = at(m, 'br-r2', 35, 20.5)
    m = withVehicle(m, 'de-panzer', { status: 'VSW', vswCount: 1 })
    m = inTurn(m, 'de-panzer-crew', 9)
    for (const w of ['gun-75', 'mmg'])
      expect(
        clauseOf(m, {
          type: 'directFire',
          teamId: 'de-panzer-crew',
          targetTeamId: 'br-section-hq',
          firerIds: ['de-pc-1'],
          weapons: { 'de-pc-1': w },
        }),
        w,
      ).not.toBe('accepted')
  })

  it('SMLE-VEH-15: damage adds up on the carrier: a VLW on a VLW carrier is a VSW, a VSW on a VSW carrier kills it', () => {
    let base = at(game(), 'de-mg-1', 46, 30)
    base = at(base, 'de-mg-2', 44, 30)
    base = inTurn(base, 'de-mg', 9)
    const cmd: CommandInput = {
      type: 'directFire',
      teamId: 'de-mg',
      targetTeamId: 'br-carrier-crew',
      atVehicle: true,
      firerIds: ['de-mg-1'],
      weapons: { 'de-mg-1': 'lmg' },
    }
    let seenVlw = false
    let seenVsw = false
    for (const before of ['VLW', 'VSW'] as const) {
      const m0 = withVehicle(base, 'br-carrier', { status: before, vswCount: before === 'VSW' ? 1 : 0 })
      for (let seed = 1; seed <= 60; seed++) {
        const first = vehicleHits(act(reseed(m0, seed), cmd).events)[0]
        if (!first || first.result === 'noEffect') continue
        if (before === 'VLW' && first.result === 'VLW') {
          expect(first.status).toBe('VSW')
          seenVlw = true
        }
        if (before === 'VSW' && first.result === 'VSW') {
          expect(first.status).toBe('killed')
          seenVsw = true
        }
      }
    }
    expect(seenVlw && seenVsw).toBe(true)
  })

  it('SMLE-VEH-15 kill: the knocked-out Panzer is a wreck; each of its 3 crew rolls 1D6 (1–3 killed, 4–6 bails out prone within 1"); survivors are under explosive fire; the wreck never moves again', () => {
    const base = withVehicle(piatAt(game(), 46, 6), 'de-panzer', { status: 'VSW', vswCount: 1 })
    let kills = 0
    for (let seed = 1; seed <= 80; seed++) {
      const r = act(reseed(base, seed), piatAtPanzer)
      const s = r.match.state
      if (s.vehicles['de-panzer']!.status !== 'killed') continue
      kills++
      const bail = rolls(r.events, 'bail out')
      expect(bail.length).toBe(3)
      const crew = ['de-pc-1', 'de-pc-2', 'de-pc-3'].map((id) => s.figures[id]!)
      expect(crew.filter((f) => f.status === 'dead').length).toBe(bail.filter((b) => b.faces[0]! <= 3).length)
      const v = s.vehicles['de-panzer']!
      for (const f of crew.filter((x) => x.status !== 'dead')) {
        expect(f.vehicleId).toBeNull()
        expect(f.prone).toBe(true)
        // Within 1" of the hull (5" long north–south, 2.5" wide).
        const dx = Math.max(0, Math.abs(f.position.x - v.position.x) - 1.25)
        const dz = Math.max(0, Math.abs(f.position.z - v.position.z) - 2.5)
        expect(Math.hypot(dx, dz) - f.baseRadiusIn).toBeLessThanOrEqual(1 + 1e-6)
      }
      if (crew.some((f) => f.status !== 'dead')) expect(s.teams['de-panzer-crew']!.fire.thisRound.explosive).toBe(true)
      const later = inTurn(r.match, 'de-panzer-crew', 9)
      expect(clauseOf(later, moveVehicle('de-panzer', 36, 8))).not.toBe('accepted')
    }
    expect(kills).toBeGreaterThan(0)
  })

  it('SMLE-VEH-15: the wreck of the Panzer is hard cover: a German figure crouched behind it is either unseen or at −3', () => {
    let m = withVehicle(game(), 'de-panzer', { status: 'killed' })
    for (const id of ['de-pc-1', 'de-pc-2', 'de-pc-3'])
      m = withFigure(m, id, { vehicleId: null, status: 'dead', position: { x: 30, y: 0, z: 2 } })
    m = at(m, 'de-mg-1', 35.6, 2.9)
    m = at(m, 'de-mg-2', 36.4, 2.9)
    m = withFigure(m, 'de-mg-1', { prone: true })
    m = withFigure(m, 'de-mg-2', { prone: true })
    m = inTurn(at(m, 'br-r1', 36, 16.5), 'br-section-hq', 9)
    const r = dispatch(m, { type: 'directFire', teamId: 'br-section-hq', targetTeamId: 'de-mg', firerIds: ['br-r1'] })
    if (r.decision.ok) {
      const hit = rolls(r.decision.events, /^to hit/)[0]!
      expect(hit.modifiers.some((x) => x.value === -3)).toBe(true)
    } else expect(r.decision.reason.clause).toBe('SMLE-SHOOT-01')
  })

  it('SMLE-VEH-15 kill, passengers: when the carrier carrying the Section HQ is knocked out, everyone aboard (crew and HQ) rolls to bail out; survivors are on foot, prone within 1", their teams under explosive fire', () => {
    let base = playToRound(hqAboard(), 2)
    base = withVehicle(base, 'br-carrier', { status: 'VSW', vswCount: 1 })
    base = at(base, 'de-s1', 46, 32)
    base = withFigure(base, 'de-s1', { weapons: ['bazooka'] })
    base = withTeam(base, 'de-gruppe-a', { ammo: { bazooka: 9 } })
    base = inTurn(base, 'de-gruppe-a', 9)
    const cmd: CommandInput = {
      type: 'directFire',
      teamId: 'de-gruppe-a',
      targetTeamId: 'br-carrier-crew',
      atVehicle: true,
      firerIds: ['de-s1'],
      weapons: { 'de-s1': 'bazooka' },
    }
    const aboardIds = ['br-cc-1', 'br-cc-2', 'br-sgt', 'br-r1', 'br-r2']
    let kills = 0
    for (let seed = 1; seed <= 80; seed++) {
      const m0 = reseed(base, seed)
      const r = act(m0, cmd)
      const s = r.match.state
      if (s.vehicles['br-carrier']!.status !== 'killed') continue
      kills++
      // The open-topped carrier's occupants may first die in the PIAT round's burst (SMLE-EXP-03, SMLE-VEH-16).
      const burstDead = new Set(
        ofType(r.events, 'FigureStatusChanged')
          .filter((e) => e.status === 'dead' && !e.cause.includes('SMLE-VEH-15'))
          .map((e) => e.figureId),
      )
      const rolling = aboardIds.filter((id) => !burstDead.has(id))
      expect(rolls(r.events, 'bail out').length).toBe(rolling.length)
      const v = s.vehicles['br-carrier']!
      for (const id of rolling) {
        const f = s.figures[id]!
        if (f.status === 'dead') continue
        expect(f.vehicleId).toBeNull()
        expect(f.prone).toBe(true)
        const dx = Math.max(0, Math.abs(f.position.x - v.position.x) - 1)
        const dz = Math.max(0, Math.abs(f.position.z - v.position.z) - 1.75)
        expect(Math.hypot(dx, dz) - f.baseRadiusIn).toBeLessThanOrEqual(1 + 1e-6)
        expect(s.teams[f.teamId]!.fire.thisRound.explosive).toBe(true)
      }
      // The HQ's survivors roll on their own next round (SMLE-VEH-01: no vehicle to share).
      if (['br-sgt', 'br-r1', 'br-r2'].some((id) => s.figures[id]!.status !== 'dead')) {
        const next = playToRound(r.match, 3)
        expect(next.state.teams['br-section-hq']!.activation!.blockId).toBe('br-section-hq')
      }
    }
    expect(kills).toBeGreaterThan(0)
  })
})

describe('§13.2 Crew, passengers and fire from the vehicles', () => {
  /** Two German MG figures 10" north of the carrier's start, a target in the open. */
  function mgInFront(m: Match): Match {
    return at(at(m, 'de-mg-1', 44, 28), 'de-mg-2', 45.5, 28)
  }
  const bren = (teamId = 'br-carrier-crew', figure = 'br-cc-1'): CommandInput => ({
    type: 'directFire',
    teamId,
    targetTeamId: 'de-mg',
    firerIds: [figure],
    weapons: { [figure]: 'lmg' },
  })
  const movedMod = (events: readonly GameEvent[]) =>
    rolls(events, /^to hit/)[0]!.modifiers.find((x) => /mov/i.test(x.label))?.value ?? 0

  it("SMLE-VEH-10: the carrier's crew fires the mounted Bren (1D+1, autofire) when it activates", () => {
    const m = inTurn(mgInFront(game()), 'br-carrier-crew', 9)
    const r = act(m, bren())
    const hit = rolls(r.events, /^to hit/)[0]!
    expect(hit.purpose).toMatch(/LMG|Bren/i)
  })

  it('SMLE-VEH-04 / SMLE-SHOOT-20: the carrier crew firing after driving its whole off-road move (7.5") takes −4', () => {
    let m = withVehicle(mgInFront(game()), 'br-carrier', { speedLastRoundIn: 7.5 })
    m = inTurn(m, 'br-carrier-crew', 9)
    m = act(m, moveVehicle('br-carrier', 46, 34.5)).match
    expect(movedMod(act(m, bren()).events)).toBe(-4)
  })

  it('SMLE-VEH-16: the Section HQ riding in the open-topped carrier may fire out of it with its own weapons', () => {
    const m = inTurn(mgInFront(playToRound(hqAboard(), 2)), 'br-section-hq', 9)
    const r = act(m, { type: 'directFire', teamId: 'br-section-hq', targetTeamId: 'de-mg' })
    expect(rolls(r.events, /^to hit/).length).toBeGreaterThan(0)
  })

  it('SMLE-SHOOT-20: passengers firing from the carrier after it drove 7.5" this turn count as having moved (−4), like its crew', () => {
    let m = mgInFront(playToRound(hqAboard(), 2))
    m = withVehicle(m, 'br-carrier', { speedLastRoundIn: 7.5 })
    m = unitTurn(m, ['br-carrier-crew', 'br-section-hq'], 9)
    m = holdAll(act(m, moveVehicle('br-carrier', 46, 34.5)).match)
    m = holdAll(act(m, { type: 'endActivation', teamId: 'br-carrier-crew' }).match)
    expect(m.state.activeUnit?.teamIds[m.state.activeUnit.index]).toBe('br-section-hq')
    const r = act(m, { type: 'directFire', teamId: 'br-section-hq', targetTeamId: 'de-mg', firerIds: ['br-r1'] })
    expect(movedMod(r.events)).toBe(-4)
  })

  it("SMLE-VEH-10: passengers do not work the vehicle's guns: the HQ aboard may not fire the carrier's Bren", () => {
    const m = inTurn(mgInFront(playToRound(hqAboard(), 2)), 'br-section-hq', 9)
    expect(clauseOf(m, bren('br-section-hq', 'br-r1'))).not.toBe('accepted')
  })

  it('SMLE-VEH-10 / SMLE-VEH-01: with its crew dead, the carrier neither drives nor fires; its passengers cannot drive it', () => {
    let m = mgInFront(playToRound(hqAboard(), 2))
    for (const id of ['br-cc-1', 'br-cc-2']) m = withFigure(m, id, { status: 'dead' })
    m = withVehicle(m, 'br-carrier', { speedLastRoundIn: 7.5 })
    const crewTurn = inTurn(m, 'br-carrier-crew', 9)
    expect(clauseOf(crewTurn, moveVehicle('br-carrier', 46, 40))).not.toBe('accepted')
    const hqTurn = inTurn(m, 'br-section-hq', 9)
    expect(clauseOf(hqTurn, moveVehicle('br-carrier', 46, 40))).not.toBe('accepted')
    expect(clauseOf(hqTurn, bren('br-section-hq', 'br-r1'))).not.toBe('accepted')
    // The passengers still get out (De-bus at B5+).
    expect(clauseOf(inTurn(m, 'br-section-hq', 6), { type: 'debus', teamId: 'br-section-hq' })).toBe('accepted')
  })

  it('SMLE-VEH-10 / SMLE-COMBAT-04: opportunity fire can be aimed at the Panzer as it drives', () => {
    let m = at(game(), 'br-r1', 40, 16)
    m = withFigure(m, 'br-r1', { weapons: ['bazooka'] })
    m = withTeam(m, 'br-section-hq', { ammo: { bazooka: 9 } })
    m = inTurn(m, 'de-panzer-crew', 9, 5)
    const r = dispatch(m, moveVehicle('de-panzer', 36, 10))
    expect(r.decision.ok).toBe(true)
    const pending = r.match.state.pending
    expect(pending?.kind).toBe('opportunity')
    if (pending?.kind !== 'opportunity') return
    let w = r.match
    // Other British teams may be offered the window first; the HQ declares.
    const fire: CommandInput = {
      type: 'opportunityFire',
      sideId: 'british',
      teamId: 'br-section-hq',
      atVehicle: true,
      firerIds: ['br-r1'],
      weapons: { 'br-r1': 'bazooka' },
    }
    for (let i = 0; i < 10 && clauseOf(w, fire) !== 'accepted' && w.state.pending?.kind === 'opportunity'; i++)
      w = act(w, { type: 'holdFire', sideId: w.state.pending.sideId, until: 'move' }).match
    const shot = act(w, fire)
    expect(rolls(shot.events, /^to hit/).length).toBe(1)
  })
})

describe('§11 Close assault on a vehicle', () => {
  it("SMLE-VEH-16 / SMLE-CA-03: infantry touching the Panzer's hull cannot close-assault its crew shut inside; nobody is harmed", () => {
    let m = at(game(), 'br-sgt', 36, 11)
    m = at(m, 'br-r1', 35, 11.5)
    m = at(m, 'br-r2', 37, 11.5)
    m = inTurn(m, 'br-section-hq', 9)
    const r = dispatch(m, {
      type: 'closeAssault',
      teamId: 'br-section-hq',
      targetTeamId: 'de-panzer-crew',
      moves: [{ figureId: 'br-sgt', to: { x: 36, z: 9.05 }, via: [] }],
    })
    expect(r.decision.ok).toBe(false)
    expect(Object.values(r.match.state.figures).every((f) => f.status === m.state.figures[f.id]!.status)).toBe(true)
  })
})

describe('SMLE-SHOOT-02 / SMLE-SHOOT-23 / SMLE-VEH-15..18: the vehicles on the table in sight and cover', () => {
  /** The MG team standing right behind the Panzer's rear plate (z 3.5), 1" off it; the rifleman 8" south of its front. */
  function mgBehindPanzer(m: Match = game()): Match {
    let n = at(m, 'de-mg-1', 36, 2.5)
    n = at(n, 'de-mg-2', 36.8, 2.4)
    return inTurn(at(n, 'br-r1', 36, 16.5), 'br-section-hq', 9)
  }
  const rifleAtMg: CommandInput = {
    type: 'directFire',
    teamId: 'br-section-hq',
    targetTeamId: 'de-mg',
    firerIds: ['br-r1'],
  }

  it('SMLE-SHOOT-02 / SMLE-SHOOT-01: the live Panzer (1.5" hull) hides two Germans standing right behind it from a rifleman on its far side: he may not fire', () => {
    expect(clauseOf(mgBehindPanzer(), rifleAtMg)).toBe('SMLE-SHOOT-01')
    // The same two with the Panzer away to the east: seen, and shot at in the open.
    const open = mgBehindPanzer(vehicleAt(game(), 'de-panzer', 56, 30))
    const hit = rolls(act(open, rifleAtMg).events, /^to hit/)[0]!
    expect(hit.modifiers.some((x) => x.value === -3)).toBe(false)
  })

  it('SMLE-SHOOT-02: the Panzer driving away opens the line it closed, in the same game (sight already worked out is not kept)', () => {
    const m = mgBehindPanzer()
    expect(clauseOf(m, rifleAtMg)).toBe('SMLE-SHOOT-01')
    // Turning east and driving 4": the hull now spans x 37.5–42.5, clear of the line.
    const moved = act(inTurn(m, 'de-panzer-crew', 9), moveVehicle('de-panzer', 40, 6)).match
    expect(moved.world).toBe(m.world)
    expect(clauseOf(inTurn(moved, 'br-section-hq', 9), rifleAtMg)).toBe('accepted')
  })

  it('SMLE-SHOOT-02 / SMLE-VEH-10: the vehicle itself is still a target, unless another hull hides it: the carrier parked across the line hides the Panzer from the PIAT', () => {
    expect(clauseOf(piatAt(game(), 36, 16.5), piatAtPanzer)).toBe('accepted')
    // The carrier broadside 1.5" in front of the Panzer (x 34.25–37.75, z 10–12), its 1.2" hull above every point.
    const screened = piatAt(vehicleAt(game(), 'br-carrier', 36, 11, { facingDeg: 90 }), 36, 16.5)
    expect(clauseOf(screened, piatAtPanzer)).toBe('SMLE-SHOOT-01')
  })

  it("SMLE-VEH-16: the Section HQ riding in the open-topped carrier is seen past the carrier's own hull, in hard cover (−3); the Panzer's hull between hides it", () => {
    let m = playToRound(hqAboard(), 2)
    m = inTurn(at(m, 'de-s1', 46, 30), 'de-gruppe-a', 9)
    const cmd: CommandInput = {
      type: 'directFire',
      teamId: 'de-gruppe-a',
      targetTeamId: 'br-section-hq',
      firerIds: ['de-s1'],
    }
    const hit = rolls(act(m, cmd).events, /^to hit/)[0]!
    expect(hit.modifiers.filter((x) => x.value === -3).length).toBe(1)
    // The Panzer broadside between them (x 43.5–48.5, z 34.75–37.25).
    expect(clauseOf(vehicleAt(m, 'de-panzer', 46, 36, { facingDeg: 90 }), cmd)).toBe('SMLE-SHOOT-01')
    // The passengers' own hull hides nothing from them either: they fire out of it.
    const out = inTurn(m, 'br-section-hq', 9)
    expect(
      clauseOf(out, { type: 'directFire', teamId: 'br-section-hq', targetTeamId: 'de-gruppe-a', firerIds: ['br-r1'] }),
    ).toBe('accepted')
  })

  it("SMLE-VEH-15 / SMLE-SHOOT-23 / SMLE-SHOOT-24: a low wreck is hard cover: a German standing right behind the carrier's wreck (a small vehicle's 0.9\" hull) is seen over it, at −3", () => {
    let m = withVehicle(game(), 'br-carrier', { status: 'killed', size: 'small' })
    for (const id of ['br-cc-1', 'br-cc-2'])
      m = withFigure(m, id, { vehicleId: null, status: 'dead', position: { x: 60, y: 0, z: 46 } })
    // The wreck broadside at (36, 4) (x 34.25–37.75, z 3–5); the MG team 0.5" behind it; the rifleman 12" south.
    m = vehicleAt(m, 'br-carrier', 36, 4, { facingDeg: 90 })
    m = vehicleAt(m, 'de-panzer', 56, 30)
    m = at(m, 'de-mg-1', 35.6, 2)
    m = at(m, 'de-mg-2', 36.6, 2)
    m = inTurn(at(m, 'br-r1', 36, 16), 'br-section-hq', 9)
    const hit = rolls(act(m, rifleAtMg).events, /^to hit/)[0]!
    expect(hit.modifiers.filter((x) => x.value === -3).length).toBe(1)
  })

  it('SMLE-ACT-11 / SMLE-SHOOT-23: for activation, a figure lying right behind the Panzer is in hard cover from the nearest enemy; with the Panzer gone, prone only (soft)', () => {
    const cover = (m: Match) => figureCover(m.state, m.world, m.state.figures['de-mg-1']!, [m.state.figures['br-r1']!])
    const prone = (m: Match) => withFigure(at(m, 'de-mg-1', 36, 2.9), 'de-mg-1', { prone: true })
    const behind = prone(at(game(), 'br-r1', 36, 16.5))
    expect(cover(behind)).toBe('hard')
    expect(cover(prone(at(vehicleAt(game(), 'de-panzer', 56, 30), 'br-r1', 36, 16.5)))).toBe('soft')
  })

  it('SMLE-SCEN-05: a hidden team behind the Panzer is not revealed by an enemy walking within 8" on its far side; with the Panzer elsewhere it is', () => {
    const walk = (m: Match) =>
      play(
        inTurn(
          withTeam(at(at(m, 'de-mg-1', 36, 2.5), 'de-mg-2', 36.8, 2.4), 'de-mg', { hidden: true }),
          'br-section-hq',
          9,
        ),
        [{ type: 'moveFigure', figureId: 'br-r1', to: { x: 36, z: 10.5 } }],
      )
    expect(walk(at(game(), 'br-r1', 36, 16.5)).state.teams['de-mg']!.hidden).toBe(true)
    expect(walk(at(vehicleAt(game(), 'de-panzer', 56, 30), 'br-r1', 36, 16.5)).state.teams['de-mg']!.hidden).toBe(false)
  })
})
