/**
 * Audit: vehicles in line of sight and cover (SMLE-SHOOT-02, SMLE-SHOOT-23, SMLE-VEH-15, -16, -18), who is
 * "surprised or unaware" in a close assault and where a falling-back attacker goes (SMLE-CA-08, Table 11.2),
 * and the project's own decisions on hidden figures and concealed positions (SMLE-SCEN-05, SMLE-SHOOT-26 as
 * written in docs/engine.md, "What a seat can still learn" and the "Closed …" paragraphs after it).
 * Black-box: tables built here, commands through the public API, states patched only to place figures and
 * set ALs as if rolled. Expectations come from shared/rules/smle.md and those doc paragraphs.
 *
 * Readings chosen where the text is open:
 * - SMLE-CA-08 "at the start of the attacker's move": the start of the attacking team's turn (its movement
 *   this activation), not the start of the Close Assault command. So what the defender saw when the turn began
 *   decides; sight at the moment of declaration does not. A door opened earlier in the same turn does not
 *   change what was seen at its start.
 * - Table 11.2 "falls back to where it started the round": the figure's position when the round began, so a
 *   move it made earlier in the round (in an earlier command of the same turn, or in the first turn of a
 *   Double Move, SMLE-OPT-02) is undone too; a figure that has not moved this round stays where it is.
 * - SMLE-VEH-18 "cover modifiers apply if the vehicle is hull-down behind hard cover (−3)": only hard cover
 *   counts for a vehicle target; soft cover (a hedge) gives it nothing.
 * - SMLE-VEH-16 passengers "in hard cover (−3)": the −3 is the only cover modifier (best cover only,
 *   SMLE-SHOOT-22).
 * - SMLE-SCEN-05 "an enemy figure with line of sight comes within 8"": sight is the SMLE-SHOOT-02 sight, so a
 *   vehicle in between stops a reveal.
 */
import { describe, expect, it } from 'vitest'
import {
  dispatch,
  type GameEvent,
  type Match,
  type ScenarioInput,
  viewEvents,
  viewState,
  type Viewer,
} from '../../src-engine/index'
import type { CommandInput } from '../../src-engine/rules/smle/commands/index'
import type { VehicleState } from '../../src-engine/rules/smle/state/state'
import { awaitingTurns, inTurn, nextRound, newMatch, withFigure, withTeam } from '../fixtures/play'
import { field, fig, team, type TeamInput } from './helpers'
import { act, builtIn, clauseOf, endTurnCommand, modSum, ofType, reseed, rolls, withAl } from './smle-s09-s16-helpers'

// ---------------------------------------------------------------------------------------------
// Shared bits

type VehicleInput = NonNullable<ScenarioInput['vehicles']>[number]

const start = (teams: TeamInput[], extra: Partial<ScenarioInput> = {}, seed = 1): Match =>
  newMatch(seed, field(teams, extra))

const place = (m: Match, id: string, x: number, z: number): Match => withFigure(m, id, { position: { x, y: 0, z } })
const posOf = (m: Match, id: string): { x: number; z: number } => {
  const f = m.state.figures[id]
  if (!f) throw new Error(`no figure ${id}`)
  return { x: f.position.x, z: f.position.z }
}

function withVehicle(m: Match, id: string, patch: Partial<VehicleState>): Match {
  const v = m.state.vehicles[id]
  if (!v) throw new Error(`no vehicle ${id}`)
  return { ...m, state: { ...m.state, vehicles: { ...m.state.vehicles, [id]: { ...v, ...patch } } } }
}

/** Moves a vehicle and everyone aboard to (x, z). */
function vehicleAt(m: Match, id: string, x: number, z: number): Match {
  let n = withVehicle(m, id, { position: { x, y: 0, z } })
  for (const f of Object.values(n.state.figures)) if (f.vehicleId === id) n = place(n, f.id, x, z)
  return n
}

const toHit = (events: readonly GameEvent[]) => rolls(events, /^to hit/)
/** The −3 cover modifiers of a roll (hard cover / prepared position). */
const hardCover = (r: ReturnType<typeof toHit>[number]) => r.modifiers.filter((x) => x.value === -3).length

const fire = (teamId: string, targetTeamId: string, firerIds: string[], more: Partial<CommandInput> = {}) =>
  ({ type: 'directFire', teamId, targetTeamId, firerIds, ...more }) as CommandInput

// ---------------------------------------------------------------------------------------------
// 1. Vehicles in sight and cover

/**
 * The red tank (large: 1.5" hull, 6" × 3") broadside at (24, 20): hull x 21–27, z 18.5–21.5, its crew
 * inside. Red's "behind" team (one rifleman) stands 1" north of its hull on the line x 24; Red's "side"
 * team stands at (34, 17.5), clear of it. Blue's rifleman stands 12" south of the hull at (24, 33.5),
 * Blue's bazooka man at (30, 33.5). Red also has a jeep (small: 0.9" hull) parked far away at (44, 4).
 */
const TANK: VehicleInput = {
  id: 'tank',
  name: 'Tank',
  sideId: 'red',
  profile: 'medium-tank',
  crewTeamId: 'rc',
  position: { x: 24, z: 20 },
  facingDeg: 90,
  lengthIn: 6,
  widthIn: 3,
  size: 'large',
  combatSpeedIn: 24,
  speedIn: 12,
}
const JEEP: VehicleInput = {
  id: 'jeep',
  name: 'Jeep',
  sideId: 'red',
  profile: 'jeep',
  crewTeamId: 'jc',
  position: { x: 44, z: 4 },
  facingDeg: 90,
  lengthIn: 3,
  widthIn: 1.5,
  size: 'small',
}
function tankTable(extra: { blue?: TeamInput[]; red?: TeamInput[]; more?: Partial<ScenarioInput> } = {}): Match {
  return start(
    [
      team('b', 'blue', [fig('b1', 24, 33.5), fig('b2', 30, 33.5, { weapon: 'bazooka' })], { ammo: { bazooka: 9 } }),
      team('rh', 'red', [fig('rh1', 24, 17.5)]),
      team('rs', 'red', [fig('rs1', 34, 17.5)]),
      team('rc', 'red', [fig('rc1', 24, 20), fig('rc2', 24, 20)], { kind: 'crew', vehicleId: 'tank' }),
      team('jc', 'red', [fig('jc1', 44, 4)], { kind: 'crew', vehicleId: 'jeep' }),
      ...(extra.blue ?? []),
      ...(extra.red ?? []),
    ],
    { vehicles: [TANK, JEEP], ...extra.more },
  )
}

describe('SMLE-SHOOT-02: vehicles block line of sight', () => {
  it('SMLE-SHOOT-02: a figure directly behind the tank is hidden from the rifleman (refused, SMLE-SHOOT-01); one off to the side with a clear line is seen', () => {
    const m = inTurn(tankTable(), 'b', 9)
    expect(clauseOf(m, fire('b', 'rh', ['b1']))).toBe('SMLE-SHOOT-01')
    const r = act(m, fire('b', 'rs', ['b1']))
    // Seen in the open: no cover modifier at all.
    expect(toHit(r.events).length).toBe(1)
    expect(hardCover(toHit(r.events)[0]!)).toBe(0)
  })

  it('SMLE-SHOOT-02: the same figure with the tank taken off the line is seen in the open (control)', () => {
    const m = inTurn(vehicleAt(tankTable(), 'tank', 10, 4), 'b', 9)
    const r = act(m, fire('b', 'rh', ['b1']))
    expect(hardCover(toHit(r.events)[0]!)).toBe(0)
  })

  it('SMLE-SHOOT-02 / SMLE-VEH-10: the tank itself is a target: its own hull does not hide it', () => {
    const m = inTurn(tankTable(), 'b', 9)
    expect(clauseOf(m, fire('b', 'rc', ['b2'], { atVehicle: true, weapons: { b2: 'bazooka' } }))).toBe('accepted')
  })

  it('SMLE-SHOOT-02: the tank driving away no longer blocks, in the same game, after its move', () => {
    let m = tankTable()
    expect(clauseOf(inTurn(m, 'b', 9), fire('b', 'rh', ['b1']))).toBe('SMLE-SHOOT-01')
    m = act(inTurn(m, 'rc', 9), { type: 'moveVehicle', vehicleId: 'tank', to: { x: 31, z: 20 } }).match
    expect(m.state.vehicles['tank']!.position.x).toBeCloseTo(31)
    expect(clauseOf(inTurn(m, 'b', 9), fire('b', 'rh', ['b1']))).toBe('accepted')
  })

  it('SMLE-SHOOT-02 / SMLE-VEH-10: the crew firing out of its own tank is not blocked by its own hull', () => {
    // The crew fires the tank's MG (braced on its mount, SMLE-SHOOT-25 aside) at the Blue team 12" south of the hull.
    const m = inTurn(withFigure(tankTable(), 'rc1', { braced: true }), 'rc', 9)
    expect(clauseOf(m, fire('rc', 'b', ['rc1'], { weapons: { rc1: 'mmg' } }))).toBe('accepted')
  })

  it('SMLE-SHOOT-02 / SMLE-VEH-16: passengers in an open-topped halftrack fire out past its own hull', () => {
    const HT: VehicleInput = {
      id: 'ht',
      name: 'Halftrack',
      sideId: 'blue',
      profile: 'halftrack',
      crewTeamId: 'bc',
      position: { x: 10, z: 33 },
      facingDeg: 0,
      lengthIn: 4,
      widthIn: 2,
      size: 'medium',
      openTopped: true,
    }
    const m0 = start(
      [
        team('bc', 'blue', [fig('bc1', 10, 33)], { kind: 'crew', vehicleId: 'ht' }),
        team('bp', 'blue', [fig('bp1', 10, 33), fig('bp2', 10, 33)], { vehicleId: 'ht' }),
        team('r', 'red', [fig('r1', 10, 18), fig('r2', 12, 18)]),
      ],
      { vehicles: [HT] },
    )
    expect(m0.state.figures['bp1']!.vehicleId).toBe('ht')
    const m = inTurn(m0, 'bp', 9)
    expect(clauseOf(m, fire('bp', 'r', ['bp1', 'bp2']))).toBe('accepted')
  })

  it('SMLE-SHOOT-02 / SMLE-COMBAT-04: opportunity fire needs sight too: a Blue figure walking up behind the tank gives the Red team hidden behind it nothing to fire at', () => {
    /** Blue's b1 walks 2" north, staying on the line hidden by the hull; Red's `rh` waits at AL 9 (B8). */
    const walk = (m0: Match): { fired: boolean; offered: boolean } => {
      let m = withAl(inTurn(m0, 'b', 9), 'rh', 9)
      m = withAl(m, 'rs', 2)
      m = withAl(m, 'rc', 2)
      m = withAl(m, 'jc', 2)
      const move = dispatch(m, { type: 'moveFigure', figureId: 'b1', to: { x: 24, z: 31.5 } })
      if (!move.decision.ok) throw new Error(move.decision.reason.message)
      m = move.match
      let offered = false
      let fired = false
      for (let i = 0; i < 20 && m.state.pending?.kind === 'opportunity'; i++) {
        offered = true
        const f = dispatch(m, { type: 'opportunityFire', sideId: 'red', teamId: 'rh' })
        if (f.decision.ok) {
          fired = true
          break
        }
        m = act(m, { type: 'holdFire', sideId: 'red', until: 'point' }).match
      }
      return { fired, offered }
    }
    expect(walk(tankTable()).fired).toBe(false)
    // Control: with the tank parked elsewhere, the same walk can be fired on.
    expect(walk(vehicleAt(tankTable(), 'tank', 10, 4)).fired).toBe(true)
  })

  it('SMLE-SHOOT-02 / SMLE-ACT-10: a team of the leader\'s group within a full move but with the tank between gets no "in sight of the leader" +1', () => {
    const sc = (tankX: number) =>
      start(
        [
          team('la', 'red', [fig('ldr', 24, 16.8, { isLeader: true })], { groupId: 'g' }),
          team('lb', 'red', [fig('lb1', 24, 23.2)], { groupId: 'g' }),
          team('rc', 'red', [fig('rc1', tankX, 20)], { kind: 'crew', vehicleId: 'tank' }),
          team('b', 'blue', [fig('b1', 4, 44)]),
        ],
        {
          vehicles: [{ ...TANK, position: { x: tankX, z: 20 } }],
          groups: [{ id: 'g', name: 'G', sideId: 'red', leaderFigureId: 'ldr' }],
        },
      )
    const leaderBonus = (m: Match): boolean => {
      const r = act(m, { type: 'rollActivation', sideId: m.state.activeSideId })
      let events: readonly GameEvent[] = r.events
      const n = r.match
      if (n.state.phase === 'activation')
        events = [...events, ...act(n, { type: 'rollActivation', sideId: n.state.activeSideId }).events]
      const set = [...events].reverse().find((e) => e.type === 'ActivationSet' && e.teamId === 'lb')
      if (!set || set.type !== 'ActivationSet') throw new Error('no activation for lb')
      return set.activation.modifiers.some((x) => x.clause === 'SMLE-ACT-10' && x.value > 0)
    }
    // Control first: the tank far off, the two teams 5.4" apart in the open: +1.
    expect(leaderBonus(sc(40))).toBe(true)
    expect(leaderBonus(sc(24))).toBe(false)
  })

  it('SMLE-SHOOT-02 / SMLE-SCEN-05: a hidden team right behind the tank is not revealed by a Blue figure walking to within 8" on the far side; with the tank away it is', () => {
    const walk = (m0: Match): boolean => {
      let m = withTeam(m0, 'rh', { hidden: true })
      m = inTurn(m, 'b', 9)
      m = act(m, { type: 'moveFigure', figureId: 'b1', to: { x: 24, z: 28 } }).match
      // 10.5" from rh1 centre to centre: edge to edge 9.5"; walk on to 7" away.
      m = act(inTurn(m, 'b', 9), { type: 'moveFigure', figureId: 'b1', to: { x: 24, z: 25 } }).match
      return m.state.teams['rh']!.hidden
    }
    expect(walk(tankTable())).toBe(true)
    expect(walk(vehicleAt(tankTable(), 'tank', 10, 4))).toBe(false)
  })
})

describe('SMLE-SHOOT-23 / SMLE-VEH-15 / SMLE-VEH-16 / SMLE-VEH-18: vehicles as cover and as targets', () => {
  /** The jeep (0.9" hull) broadside at (24, 20); Red's `rh` figure stands right behind it, over its hull. */
  function behindJeep(status: VehicleState['status']): Match {
    let m = vehicleAt(tankTable(), 'tank', 4, 4)
    m = vehicleAt(m, 'jeep', 24, 19)
    m = withVehicle(m, 'jeep', { status })
    if (status === 'killed')
      m = withFigure(m, 'jc1', { vehicleId: null, status: 'dead', position: { x: 46, y: 0, z: 2 } })
    m = place(m, 'rh1', 24, 17.6)
    return inTurn(m, 'b', 9)
  }

  it('SMLE-SHOOT-23: a figure right behind a live vehicle, seen over its low hull, is in hard cover (vehicle armour): −3', () => {
    const r = act(behindJeep('ok'), fire('b', 'rh', ['b1']))
    expect(hardCover(toHit(r.events)[0]!)).toBe(1)
  })

  it('SMLE-VEH-15: a killed vehicle becomes hard cover: the same figure behind the wreck is at −3', () => {
    const r = act(behindJeep('killed'), fire('b', 'rh', ['b1']))
    expect(hardCover(toHit(r.events)[0]!)).toBe(1)
  })

  it('SMLE-VEH-15: a killed tank still stands where it stopped and still blocks sight (a wreck is no hole in the table)', () => {
    let m = withVehicle(tankTable(), 'tank', { status: 'killed' })
    for (const id of ['rc1', 'rc2'])
      m = withFigure(m, id, { vehicleId: null, status: 'dead', position: { x: 2, y: 0, z: 2 } })
    m = inTurn(m, 'b', 9)
    expect(clauseOf(m, fire('b', 'rh', ['b1']))).toBe('SMLE-SHOOT-01')
  })

  it('SMLE-VEH-16: the crew of an open-topped jeep can be shot at as figures in hard cover (−3, once)', () => {
    let m = vehicleAt(tankTable(), 'tank', 4, 4)
    m = vehicleAt(m, 'jeep', 24, 22)
    m = inTurn(m, 'b', 9)
    const r = act(m, fire('b', 'jc', ['b1']))
    expect(toHit(r.events).length).toBe(1)
    expect(hardCover(toHit(r.events)[0]!)).toBe(1)
  })

  it('SMLE-VEH-16: the crew of the closed tank are protected completely: they cannot be shot at as figures, even in plain sight', () => {
    const m = inTurn(tankTable(), 'b', 9)
    expect(clauseOf(m, fire('b', 'rc', ['b1']))).not.toBe('accepted')
  })

  const wallTable = (kind: 'stoneWall' | 'hedge') =>
    tankTable({
      more: {
        vehicles: [{ ...TANK, position: { x: 24, z: 19 } }, JEEP],
        linearFeatures: [
          {
            id: 'w',
            kind,
            points: [
              { x: 18, z: 21.2 },
              { x: 30, z: 21.2 },
            ],
            heightIn: 1.0,
          },
        ],
      },
    })

  it('SMLE-VEH-18: a vehicle target in the open has no cover and no quality modifier', () => {
    const m = inTurn(vehicleAt(tankTable(), 'tank', 24, 19), 'b', 9)
    const r = act(m, fire('b', 'rc', ['b2'], { atVehicle: true, weapons: { b2: 'bazooka' } }))
    const h = toHit(r.events)[0]!
    expect(hardCover(h)).toBe(0)
    expect(h.modifiers.some((x) => x.value === -1 || x.value === -2)).toBe(false)
  })

  it('SMLE-VEH-18: the tank hull-down behind a stone wall (hard cover) is shot at −3', () => {
    const m = inTurn(wallTable('stoneWall'), 'b', 9)
    const r = act(m, fire('b', 'rc', ['b2'], { atVehicle: true, weapons: { b2: 'bazooka' } }))
    expect(hardCover(toHit(r.events)[0]!)).toBe(1)
  })

  it('SMLE-VEH-18: soft cover (a hedge) gives a vehicle target nothing: only hull-down behind hard cover counts', () => {
    const m = inTurn(wallTable('hedge'), 'b', 9)
    const r = act(m, fire('b', 'rc', ['b2'], { atVehicle: true, weapons: { b2: 'bazooka' } }))
    const h = toHit(r.events)[0]!
    expect(h.modifiers.filter((x) => /cover/i.test(x.label)).map((x) => x.value)).toEqual([])
  })
})

// ---------------------------------------------------------------------------------------------
// 2. Surprise (SMLE-CA-08) and where a falling-back attacker goes (Table 11.2)

/**
 * Red's defender r1 (Veteran, SMG: Close +3) at (20, 14); a 3"-high pillar (x 19–21, z 16–17) north of
 * him. Blue's attacker a1 (no armour: 10" move, rifle) starts at `a1At`: (20, 18) is right behind the pillar,
 * out of r1's sight; (24, 18) is in plain view. Every other team waits at AL 4 (no opportunity fire).
 */
const PILLAR = {
  id: 'pillar',
  kind: 'block' as const,
  x: 20,
  z: 16.5,
  widthIn: 1,
  lengthIn: 2,
  heightIn: 3,
  facingDeg: 90,
}
const HIDDEN_SPOT = { x: 20, z: 18 }
const OPEN_SPOT = { x: 24, z: 18 }
const CONTACT = { x: 20.75, z: 14.7 }
function pillarTable(
  a1At: { x: number; z: number },
  blue: Partial<TeamInput> = {},
  red: Partial<TeamInput> = {},
): Match {
  const m = start(
    [
      team('a', 'blue', [fig('a1', a1At.x, a1At.z, { armour: 'none' })], blue),
      team('r', 'red', [fig('r1', 20, 14, { weapon: 'smg' })], { quality: 'veteran', ...red }),
    ],
    { obstacles: [PILLAR] },
  )
  // Red's AL set as if rolled at 4 (B3: no opportunity fire), kept when it is recalculated.
  return withAl(inTurn(m, 'a', 9), 'r', 4)
}
const assaultR = (to = CONTACT, via: { x: number; z: number }[] = []): CommandInput => ({
  type: 'closeAssault',
  teamId: 'a',
  targetTeamId: 'r',
  moves: [{ figureId: 'a1', to, via }],
})
/** Round the pillar's east side from behind it. */
const AROUND = [
  { x: 21.8, z: 17.8 },
  { x: 21.7, z: 15.8 },
]
/** Gives a command and lets any opportunity window it opens pass (held for the move); every event on the way. */
function through(m0: Match, command: CommandInput): { match: Match; events: GameEvent[] } {
  const first = act(m0, command)
  let m = first.match
  const events: GameEvent[] = [...first.events]
  for (let i = 0; i < 20 && m.state.pending?.kind === 'opportunity'; i++) {
    const r = act(m, { type: 'holdFire', sideId: m.state.pending.sideId, until: 'move' })
    events.push(...r.events)
    m = r.match
  }
  return { match: m, events }
}
const surprised = (events: readonly GameEvent[]): boolean => {
  const d = rolls(events, 'close assault (defence)')
  if (d.length === 0) throw new Error('no defence roll')
  return d.some((x) => x.modifiers.some((mm) => mm.clause === 'SMLE-CA-08' || /surpris|unaware/i.test(mm.label)))
}

describe('SMLE-CA-08: surprised or unaware', () => {
  it('SMLE-CA-08: an attacker in plain view at the start of its move: the defender is not surprised', () => {
    const r = act(pillarTable(OPEN_SPOT), assaultR())
    expect(surprised(r.events)).toBe(false)
  })

  it('SMLE-CA-08: an attacker out of sight behind the pillar at the start of its move: the defender is surprised (−2)', () => {
    const r = act(pillarTable(HIDDEN_SPOT), assaultR(CONTACT, AROUND))
    expect(surprised(r.events)).toBe(true)
    const d = rolls(r.events, 'close assault (defence)')[0]!
    // Veteran +1, SMG Close +3, surprised −2.
    expect(modSum(d)).toBe(1 + 3 - 2)
  })

  it('SMLE-CA-08: seen at the start of the move but out of sight when the assault is declared: NOT surprised', () => {
    let m = pillarTable(OPEN_SPOT)
    m = act(m, { type: 'moveFigure', figureId: 'a1', to: HIDDEN_SPOT }).match
    const r = through(m, assaultR(CONTACT, AROUND))
    expect(surprised(r.events)).toBe(false)
  })

  it('SMLE-CA-08: out of sight at the start of the move, in plain view when the assault is declared: surprised', () => {
    let m = pillarTable(HIDDEN_SPOT)
    m = act(m, { type: 'moveFigure', figureId: 'a1', to: OPEN_SPOT }).match
    const r = through(m, assaultR())
    expect(surprised(r.events)).toBe(true)
  })

  it('SMLE-CA-08: a hidden attacking team is "unaware" to the defender even in plain view', () => {
    const r = act(pillarTable(OPEN_SPOT, { hidden: true }), assaultR())
    expect(surprised(r.events)).toBe(true)
  })

  it('SMLE-CA-08 / SMLE-DOOR-01: a door opened during the move does not undo the surprise; a door already open at the start of the move does', () => {
    const farm = (doorOpen: boolean): Match => {
      let m = newMatch(1, builtInFarm())
      m = place(m, 'de-uffz', 35, 24.15)
      m = place(m, 'de-s1', 33, 21)
      m = place(m, 'de-s2', 37.5, 21)
      if (doorOpen) {
        const d = m.state.doors['farmhouse-front']!
        m = { ...m, state: { ...m.state, doors: { ...m.state.doors, 'farmhouse-front': { ...d, state: 'open' } } } }
      }
      m = inTurn(m, 'br-section-hq', 9)
      for (const id of ['de-gruppe-a', 'de-mg', 'br-bren']) m = withAl(m, id, 4)
      return m
    }
    const charge: CommandInput = {
      type: 'closeAssault',
      teamId: 'br-section-hq',
      targetTeamId: 'de-gruppe-a',
      moves: [{ figureId: 'br-sgt', to: { x: 35, z: 25.2 } }],
    }
    // Closed at the start: Hale opens it (his move has begun), then charges the Unteroffizier behind it.
    const closed = act(farm(false), { type: 'openDoor', figureId: 'br-sgt', doorId: 'farmhouse-front' }).match
    expect(surprised(act(closed, charge).events)).toBe(true)
    // Open at the start: the Unteroffizier 0.9" inside the doorway sees Hale 1" outside it.
    expect(surprised(act(farm(true), charge).events)).toBe(false)
  })
})

function builtInFarm() {
  return builtIn('farmhouse-skirmish')
}

describe('Table 11.2: the attacker falls back to where it started the round', () => {
  /** Tries seeds until the one pairing is D ≥ 2A with A ≥ 1 (a fall-back, not a break); returns its result. */
  function fallBack(m: Match, command: CommandInput): Match {
    for (let seed = 1; seed <= 300; seed++) {
      const r = dispatch(reseed(m, seed), command)
      if (!r.decision.ok) throw new Error(`${r.decision.reason.clause}: ${r.decision.reason.message}`)
      const a = rolls(r.decision.events, 'close assault')[0]
      const d = rolls(r.decision.events, 'close assault (defence)')[0]
      if (a && d && a.total >= 1 && d.total >= 2 * a.total) return r.match
    }
    throw new Error('no fall-back in 300 seeds')
  }

  it('Table 11.2 / SMLE-CA-E04: the attacker is not killed and goes back to where it started (moved only by the assault)', () => {
    const m = pillarTable(OPEN_SPOT)
    const after = fallBack(m, assaultR())
    expect(after.state.figures['a1']!.status).toBe('ok')
    expect(posOf(after, 'a1')).toEqual(OPEN_SPOT)
  })

  it('Table 11.2: an attacker that moved earlier in the round (an earlier command of its turn) falls back to its round-start spot, not to where the assault move began', () => {
    let m = pillarTable({ x: 26, z: 20 })
    m = act(m, { type: 'moveFigure', figureId: 'a1', to: OPEN_SPOT }).match
    const after = fallBack(m, assaultR())
    expect(posOf(after, 'a1')).toEqual({ x: 26, z: 20 })
  })

  it('Table 11.2: a move made in the previous round does not count: the start of this round is where it falls back to', () => {
    let m = pillarTable({ x: 28, z: 22 })
    m = act(m, { type: 'moveFigure', figureId: 'a1', to: OPEN_SPOT }).match
    m = nextRound(m, 'a', 9)
    const after = fallBack(m, assaultR())
    expect(posOf(after, 'a1')).toEqual(OPEN_SPOT)
  })

  it('Table 11.2: an attacker already in contact that never moved this round stays where it is', () => {
    const m = pillarTable(CONTACT)
    const cmd: CommandInput = { type: 'closeAssault', teamId: 'a', targetTeamId: 'r', moves: [] }
    const ok = dispatch(m, cmd).decision.ok ? cmd : assaultR(CONTACT)
    const after = fallBack(m, ok)
    expect(after.state.figures['a1']!.status).toBe('ok')
    expect(posOf(after, 'a1')).toEqual(CONTACT)
  })

  it('Table 11.2 / SMLE-OPT-02: a Double Move unit that moved in its first turn and assaults in its second falls back to where it started the round', () => {
    let m = start(
      [
        team('a', 'blue', [fig('a1', 26, 20, { armour: 'none' })]),
        team('r', 'red', [fig('r1', 20, 14, { weapon: 'smg' })], { quality: 'veteran' }),
      ],
      { obstacles: [PILLAR] },
    )
    m = awaitingTurns(m, { a: 13, r: 4 })
    m = inTurn(m, 'a', 10)
    m = withTeam(m, 'a', { secondTurn: 'waiting' })
    m = withTeam(m, 'r', { turn: 'done' })
    m = act(m, { type: 'moveFigure', figureId: 'a1', to: OPEN_SPOT }).match
    let moved = false
    for (let i = 0; i < 40; i++) {
      const u = m.state.activeUnit
      if (u?.turn === 'second' && u.teamIds[u.index] === 'a' && !m.state.pending) {
        moved = true
        break
      }
      m = act(m, endTurnCommand(m)).match
    }
    expect(moved, 'the second turn came').toBe(true)
    expect(m.state.round).toBe(1)
    // The second turn at a Close Assault band (its recalculated AL is not what this test is about).
    m = withAl(withAl(m, 'a', 13), 'r', 4)
    const after = fallBack(m, assaultR())
    expect(posOf(after, 'a1')).toEqual({ x: 26, z: 20 })
  })
})

// ---------------------------------------------------------------------------------------------
// 3. The project's decisions on hidden figures and concealed positions (docs/engine.md)

const BLUE_SEAT: Viewer = { kind: 'sides', sideIds: ['blue'] }
const RED_SEAT: Viewer = { kind: 'sides', sideIds: ['red'] }

describe('SMLE-SCEN-05 / SMLE-SHOOT-26 decisions (docs/engine.md "Closed since / too / last")', () => {
  it("SMLE-SCEN-05 [decision]: a move ordered onto a hidden enemy figure's spot finds it: its team is revealed, the mover stays where it stood, its move unspent", () => {
    const m0 = inTurn(
      start([
        team('b', 'blue', [fig('b1', 20, 29.5, { armour: 'none' })]),
        team('h', 'red', [fig('h1', 20, 20)], { hidden: true }),
      ]),
      'b',
      9,
    )
    expect(m0.state.teams['h']!.hidden).toBe(true)
    const r = act(m0, { type: 'moveFigure', figureId: 'b1', to: { x: 20, z: 20 } })
    expect(r.match.state.teams['h']!.hidden).toBe(false)
    const rev = ofType(r.events, 'TeamRevealed')
    expect(rev.map((e) => e.teamId)).toEqual(['h'])
    expect(rev[0]!.reason).toMatch(/found/i)
    expect(posOf(r.match, 'b1')).toEqual({ x: 20, z: 29.5 })
    expect(r.match.state.figures['b1']!.movedIn).toBe(0)
    expect(r.match.state.teams['b']!.moveOption).toBeNull()
    // Unspent: it may still make its whole move elsewhere.
    expect(clauseOf(r.match, { type: 'moveFigure', figureId: 'b1', to: { x: 26, z: 22 } })).toBe('accepted')
  })

  it('SMLE-SHOOT-26 [decision]: a move through a concealed bunker its side does not know finds it: PositionFound, on the table from then on, the mover stays, its move unspent', () => {
    const m0 = inTurn(
      start([team('b', 'blue', [fig('b1', 20, 24.5, { armour: 'none' })]), team('r', 'red', [fig('r1', 40, 4)])], {
        positions: [{ id: 'bx', kind: 'bunker', x: 20, z: 20, arcDeg: 0, concealed: true, sideId: 'red' }],
      }),
      'b',
      9,
    )
    const r = act(m0, { type: 'moveFigure', figureId: 'b1', to: { x: 20, z: 15.5 } })
    expect(ofType(r.events, 'PositionFound').length).toBe(1)
    expect(r.match.state.foundPositionIds ?? []).toContain('bx')
    expect(posOf(r.match, 'b1')).toEqual({ x: 20, z: 24.5 })
    expect(r.match.state.figures['b1']!.movedIn).toBe(0)
    expect(r.match.state.teams['b']!.moveOption).toBeNull()
  })

  it('SMLE-SCEN-05 [decision]: an opportunity window only a hidden team may fire in is not shown to the other side (viewState pending null, no PendingSet in viewEvents); its own side sees it', () => {
    const walk = (hidden: boolean) => {
      let m = inTurn(
        start([team('b', 'blue', [fig('b1', 20, 32)]), team('h', 'red', [fig('h1', 20, 10)], { hidden })]),
        'b',
        9,
      )
      m = withAl(m, 'h', 9)
      return act(m, { type: 'moveFigure', figureId: 'b1', to: { x: 20, z: 30 } })
    }
    const r = walk(true)
    const p = r.match.state.pending
    expect(p?.kind).toBe('opportunity')
    expect(p?.kind === 'opportunity' ? p.eligibleTeamIds : []).toEqual(['h'])
    expect(viewState(r.match.state, BLUE_SEAT, r.match.header.scenario).pending).toBeNull()
    expect(viewEvents(r.events, r.match.state, BLUE_SEAT).some((e) => e.type === 'PendingSet')).toBe(false)
    expect(viewState(r.match.state, RED_SEAT, r.match.header.scenario).pending?.kind).toBe('opportunity')
    // Control: the same window for a team Blue can see is shown to Blue.
    const v = walk(false)
    expect(viewState(v.match.state, BLUE_SEAT, v.match.header.scenario).pending?.kind).toBe('opportunity')
  })

  it('SMLE-TURN-12 / SMLE-SCEN-05 [decision]: with allowEarlyInterrupt, no interrupt is offered before a hidden unit becomes active (one is before the same unit set up visible)', () => {
    const sc = (hidden: boolean) =>
      field([team('a', 'blue', [fig('a1', 10, 44)]), team('h', 'red', [fig('h1', 30, 4)], { hidden })], {
        settings: { allowEarlyInterrupt: true },
      })
    const offerBeforeH = (m: Match): boolean => {
      const p = m.state.pending
      return p?.kind === 'interrupt' && p.nextTeamIds.includes('h')
    }
    let due = 0
    let offeredVisible = 0
    for (let seed = 1; seed <= 40; seed++) {
      const hid = rollAll(newMatch(seed, sc(true)))
      const ha = hid.state.teams['h']!.activation?.al ?? 0
      const aa = hid.state.teams['a']!.activation?.al ?? 0
      if (ha < aa) due++
      expect(offerBeforeH(hid), `seed ${seed}`).toBe(false)
      if (offerBeforeH(rollAll(newMatch(seed, sc(false))))) offeredVisible++
    }
    expect(due).toBeGreaterThan(0)
    expect(offeredVisible).toBeGreaterThan(0)
  })
})

/** Both sides roll activation (phase 1). */
function rollAll(match: Match): Match {
  let m = match
  for (let i = 0; i < 2 && m.state.phase === 'activation'; i++)
    m = act(m, { type: 'rollActivation', sideId: m.state.activeSideId }).match
  return m
}
