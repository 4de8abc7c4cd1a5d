import { describe, expect, it } from 'vitest'
import {
  buildWorld,
  type GameEvent,
  RngCursor,
  type SmrEvent,
  seedRng,
  type Vec3,
  type World,
} from '../../../src-engine/index'
import { hutMatch } from '../../../tests/fixtures/play'
import { referenceTownScenario } from '../../../tests/fixtures/world-tables'
import {
  type Action,
  CAMERA_PRESETS,
  CUT_DISTANCE_IN,
  Director,
  frameShot,
  GROUND_CLEARANCE_IN,
  MIN_HOLD_MS,
  moveClear,
  movePath,
  type Shot,
  shotClear,
  smleAction,
  smrAction,
  solidHit,
} from './director'
import { smrScenario, startSmr, unit } from '../../../tests/fixtures/smr'

const town = buildWorld(referenceTownScenario())
const noDoors = {}

const ev = (e: Record<string, unknown>) => e as unknown as GameEvent
const moved = (figureId: string, from: Vec3, to: Vec3) =>
  ev({
    type: 'FigureMoved',
    figureId,
    from,
    to,
    distanceIn: 3,
    facingDeg: 90,
    endsMove: false,
    crawl: false,
    forced: false,
  })
const dice = ev({
  type: 'DiceRolled',
  rollId: 1,
  purpose: 'shoot',
  faces: [4],
  modifiers: [],
  total: 4,
  method: 'quick',
})
const act = (p: Partial<Action> & Pick<Action, 'kind' | 'priority'>): Action => ({
  actor: null,
  actorFacingDeg: null,
  points: [],
  toward: null,
  who: null,
  ...p,
})

/** A building's middle (the mean of its wall ends) and its walls' extent. */
function buildingMiddle(w: World, id: string): Vec3 {
  const ends = w
    .walls()
    .filter((p) => p.buildingId === id)
    .flatMap((p) => [p.a, p.b])
  const x = ends.reduce((s, p) => s + p.x, 0) / ends.length
  const z = ends.reduce((s, p) => s + p.z, 0) / ends.length
  return { x, y: w.groundHeightAt(x, z), z }
}
const onGround = (x: number, z: number, up = 0): Vec3 => ({ x, y: town.groundHeightAt(x, z) + up, z })

describe('what the director looks at in a batch of events', () => {
  const m = hutMatch()
  it('a fire outranks the moves and dice of the same batch; its actor is the first firer, aimed at the target team', () => {
    const a = smleAction(
      [
        moved('b1', { x: 13, y: 0, z: 17 }, { x: 14, y: 0, z: 17 }),
        ev({ type: 'AttackMade', teamId: 'blue-1', kind: 'direct', targetTeamId: 'red-1', firerIds: ['b2', 'b1'] }),
        dice,
      ],
      m.state,
    )!
    expect(a.kind).toBe('fire')
    expect(a.actor).toEqual(m.state.figures.b2!.position)
    expect(a.toward).toEqual({ x: 6.5, y: 0, z: 4 })
    expect(a.points).toHaveLength(4)
    expect(a.who).toBe('blue-1')
  })
  it('an explosion outranks the fire that caused it', () => {
    const a = smleAction(
      [
        ev({ type: 'AttackMade', teamId: 'blue-1', kind: 'direct', targetTeamId: 'red-1', firerIds: ['b2'] }),
        ev({
          type: 'Explosion',
          at: { x: 6, y: 0, z: 5 },
          weapon: 'grenade',
          radiusIn: 2,
          impactFigureId: 'r1',
          deviated: true,
        }),
      ],
      m.state,
    )!
    expect(a.kind).toBe('explosion')
    expect(a.points).toEqual([{ x: 6, y: 0, z: 5 }, m.state.figures.r1!.position])
  })
  it('the moves of a batch are one action, at the last mover, kept in frame from start to end', () => {
    const a = smleAction(
      [
        moved('b1', { x: 13, y: 0, z: 17 }, { x: 15, y: 0, z: 17 }),
        moved('b2', { x: 20, y: 0, z: 22 }, { x: 20, y: 0, z: 19 }),
      ],
      m.state,
    )!
    expect(a.kind).toBe('move')
    expect(a.actor).toEqual({ x: 20, y: 0, z: 19 })
    expect(a.points).toHaveLength(4)
    expect(a.who).toBe('blue-1')
  })
  it('a team starting its turn is framed whole; dice alone are the tray’s; nothing else is no action', () => {
    const t = smleAction(
      [
        ev({
          type: 'TurnStarted',
          sideId: 'red',
          teamIds: ['red-1'],
          index: 0,
          turn: 'first',
          interrupt: false,
          doubleMove: false,
        }),
      ],
      m.state,
    )!
    expect([t.kind, t.who, t.points.length]).toEqual(['team', 'red-1', 2])
    expect(smleAction([dice], m.state)?.kind).toBe('dice')
    expect(smleAction([ev({ type: 'RoundEnded', round: 1 })], m.state)).toBeNull()
  })
})

describe('a vehicle on the move', () => {
  // README, the director camera: it follows "a vehicle on the move", cuts when another takes over, glides
  // while the same one acts on, and sees the action through no wall and from above the ground.
  const m = hutMatch()
  const vehicleMoved = (from: Vec3, to: Vec3) =>
    ev({ type: 'VehicleMoved', vehicleId: 'ht', from, to, distanceIn: 6, facingDeg: 90, road: true })
  const HALF_FOV_RAD = (20 * Math.PI) / 180 // the table camera's 40° field, up and down
  const hullOf = (p: Vec3): Vec3 => ({ ...p, y: p.y + 1 })
  /** The angle between where `shot` looks and the way to `p`. */
  const offAxis = (shot: Shot, p: Vec3): number => {
    const look = [shot.target.x - shot.position.x, shot.target.y - shot.position.y, shot.target.z - shot.position.z]
    const to = [p.x - shot.position.x, p.y - shot.position.y, p.z - shot.position.z]
    const dot = look[0]! * to[0]! + look[1]! * to[1]! + look[2]! * to[2]!
    return Math.acos(dot / (Math.hypot(...look) * Math.hypot(...to)))
  }
  const from = onGround(18, 24)
  const to = onGround(24, 24)
  const on = onGround(30, 24)

  it('is the action of its batch, acted by the vehicle, from where it started to where it stopped', () => {
    const a = smleAction([vehicleMoved(from, to)], m.state)!
    expect(a.kind).toBe('vehicle')
    expect(a.actor).toEqual(to)
    expect(a.points).toEqual(expect.arrayContaining([from, to]))
    expect(a.who).toMatch(/ht/)
  })

  it('gets the camera with a cut from the team before it, framing the whole move, seen through no wall', () => {
    const d = new Director(town, noDoors)
    const team = onGround(60, 40)
    const cam: Shot = { target: team, position: { x: team.x, y: team.y + 20, z: team.z + 14 } }
    const opening = d.offer(act({ kind: 'team', priority: 1, points: [team], who: 'blue-1' }), 0, cam, 'auto', false)!
    const move = d.offer(smleAction([vehicleMoved(from, to)], m.state)!, 5000, opening.shot, 'auto', false)!
    expect(move.cut).toBe(true)
    const s = move.shot
    for (const p of [from, to]) {
      expect(offAxis(s, hullOf(p))).toBeLessThan(HALF_FOV_RAD)
      expect(solidHit(town, noDoors, s.position, hullOf(p))).toBeNull()
    }
    expect(s.position.y).toBeGreaterThan(town.groundHeightAt(s.position.x, s.position.z) + GROUND_CLEARANCE_IN - 1e-9)
    // A shot of the vehicle, not of the whole table.
    expect(Math.hypot(s.position.x - to.x, s.position.y - to.y, s.position.z - to.z)).toBeLessThan(town.widthIn / 2)
  })

  it('the same vehicle moving on is followed with a glide, still in the picture', () => {
    const d = new Director(town, noDoors)
    const cam: Shot = { target: from, position: { x: from.x, y: from.y + 20, z: from.z + 14 } }
    const first = d.offer(smleAction([vehicleMoved(from, to)], m.state)!, 0, cam, 'auto', false)!
    const next = d.offer(smleAction([vehicleMoved(to, on)], m.state)!, 5000, first.shot, 'auto', false)!
    expect(next.cut).toBe(false)
    expect(offAxis(next.shot, hullOf(on))).toBeLessThan(HALF_FOV_RAD)
  })

  it('every preset but the eye keeps the vehicle where it stopped in the picture', () => {
    const a = smleAction([vehicleMoved(from, to)], m.state)!
    for (const preset of ['auto', 'overhead', 'low', 'orbit'] as const) {
      const s = frameShot(town, noDoors, a, preset, null, 3000)
      expect(offAxis(s, hullOf(to)), preset).toBeLessThan(HALF_FOV_RAD)
      expect(shotClear(town, noDoors, s), preset).toBe(true)
    }
  })
})

describe('what the director looks at in an SMR batch', () => {
  const m = startSmr(smrScenario([unit('a1', 'a', 'L', 20, 10), unit('b1', 'b', 'H', 20, 30)]))
  const sev = (e: Record<string, unknown>) => e as unknown as SmrEvent
  it('a melee or a missile outranks a move; the attacker is the actor, aimed at its target', () => {
    const a = smrAction(
      [
        sev({
          type: 'UnitMoved',
          unitId: 'a1',
          to: { x: 20, y: 0, z: 12 },
          facingDeg: 180,
          distanceIn: 2,
          reason: 'charge',
        }),
        sev({
          type: 'AttackResolved',
          kind: 'melee',
          attackerId: 'a1',
          targetId: 'b1',
          arc: 'front',
          needed: 4,
          natural: 5,
          total: 5,
          killed: false,
        }),
      ],
      m.state,
    )!
    expect([a.kind, a.who]).toEqual(['assault', 'a1'])
    expect(a.actor).toEqual(m.state.units.a1!.position)
    expect(a.toward).toEqual(m.state.units.b1!.position)
  })
  it('a unit’s move is followed; turning on the spot is not worth a shot', () => {
    const moveTo = { x: 22, y: 0, z: 14 }
    const a = smrAction(
      [sev({ type: 'UnitMoved', unitId: 'a1', to: moveTo, facingDeg: 170, distanceIn: 4, reason: 'move' })],
      m.state,
    )!
    expect([a.kind, a.actor]).toEqual(['move', moveTo])
    expect(
      smrAction(
        [sev({ type: 'UnitMoved', unitId: 'a1', to: moveTo, facingDeg: 90, distanceIn: 0, reason: 'turn' })],
        m.state,
      ),
    ).toBeNull()
  })
})

describe('framing a shot on the reference town', () => {
  it('every preset on 150 random actions stands above the ground and sees what it looks at through no wall', () => {
    const cursor = new RngCursor(seedRng(11))
    let pulledOrRaised = 0
    for (let k = 0; k < 150; k++) {
      const actor = onGround(2 + cursor.int(68), 2 + cursor.int(44))
      const toward = onGround(2 + cursor.int(68), 2 + cursor.int(44))
      const kinds = ['fire', 'move', 'vehicle', 'explosion', 'team', 'assault'] as const
      const kind = kinds[k % kinds.length]!
      const a = act({ kind, priority: 1, actor, toward, points: [actor, toward], actorFacingDeg: 45 })
      for (const { id } of CAMERA_PRESETS) {
        const s = frameShot(town, noDoors, a, id, null, k * 700)
        expect(s.position.y).toBeGreaterThanOrEqual(town.groundHeightAt(s.position.x, s.position.z))
        if (id === 'eye') continue
        expect(s.position.y).toBeGreaterThanOrEqual(
          (s.position.x >= 0 && s.position.x <= 72 && s.position.z >= 0 && s.position.z <= 48
            ? town.groundHeightAt(s.position.x, s.position.z)
            : 0) +
            GROUND_CLEARANCE_IN -
            1e-9,
        )
        expect(shotClear(town, noDoors, s), `${id} shot ${k}: ${JSON.stringify(s)}`).toBe(true)
        const d = Math.hypot(s.position.x - s.target.x, s.position.y - s.target.y, s.position.z - s.target.z)
        if (d < 20) pulledOrRaised++
      }
    }
    // Some of them did have to come in or rise (the town is full of walls): the check is not vacuous.
    expect(pulledOrRaised).toBeGreaterThan(0)
  })

  it('a figure indoors is still seen: through a window or a doorway, or from inside its walls', () => {
    const inside = buildingMiddle(town, 'house-1')
    // From above, the roof is in the way.
    expect(solidHit(town, noDoors, { ...inside, y: inside.y + 0.8 }, { ...inside, y: inside.y + 30 })).not.toBeNull()
    const a = act({ kind: 'move', priority: 2, actor: inside, points: [inside], actorFacingDeg: 90 })
    for (const preset of ['auto', 'low', 'orbit', 'overhead'] as const) {
      const s = frameShot(town, noDoors, a, preset, null)
      expect(shotClear(town, noDoors, s)).toBe(true)
    }
  })

  it('the low shot stands behind the actor and looks toward its target; the overhead looks nearly straight down', () => {
    const actor = onGround(36, 6)
    const toward = onGround(36, 1)
    const a = act({ kind: 'fire', priority: 4, actor, toward, points: [actor, toward] })
    const low = frameShot(town, noDoors, a, 'low', null)
    expect(low.position.z).toBeGreaterThan(actor.z)
    const over = frameShot(town, noDoors, a, 'overhead', null)
    const dx = Math.hypot(over.position.x - over.target.x, over.position.z - over.target.z)
    expect(over.position.y - over.target.y).toBeGreaterThan(3 * dx)
  })

  it('a wide shot of a team near an edge looks in across it toward the table, not out over the edge', () => {
    const edge = onGround(36, 2)
    const team = act({ kind: 'team', priority: 1, points: [edge, onGround(38, 3)], who: 'x' })
    // The camera looked toward −z (north), out over the north edge from where the team stands.
    const outward: Shot = { target: onGround(36, 20), position: onGround(36, 40, 20) }
    const s = frameShot(town, noDoors, team, 'auto', outward)
    expect(s.position.z).toBeLessThan(s.target.z) // beyond the edge, looking south into the table
    // In the middle of the table, the bearing is kept.
    const mid = act({ kind: 'team', priority: 1, points: [onGround(36, 24)], who: 'y' })
    const kept = frameShot(town, noDoors, mid, 'auto', outward)
    expect(kept.position.z).toBeGreaterThan(kept.target.z)
  })

  it('the eye preset stands at the actor’s eye and looks at what it acts on', () => {
    const actor = onGround(36, 6)
    const toward = onGround(40, 2)
    const s = frameShot(town, noDoors, act({ kind: 'fire', priority: 4, actor, toward, points: [actor] }), 'eye', null)
    expect(s.position.x).toBeCloseTo(36)
    expect(s.position.y).toBeCloseTo(actor.y + 1.1)
    expect(s.target.x).toBeCloseTo(40)
  })

  it('SMLE-SHOOT-02, SMLE-VEH-15: a vehicle or wreck between the camera and the actor is in the way as a wall is; the vehicle looked at is not', () => {
    const actor = onGround(36, 6)
    const toward = onGround(36, 1)
    const a = act({ kind: 'fire', priority: 4, actor, toward, points: [actor, toward] })
    const plain = frameShot(town, noDoors, a, 'low', null)
    // A hull across the line from the actor to where the camera stood, taller than the camera.
    const mid = { x: (plain.position.x + plain.target.x) / 2, z: (plain.position.z + plain.target.z) / 2 }
    const hull = {
      id: 'tank',
      label: 'the tank',
      position: { x: mid.x, y: town.groundHeightAt(mid.x, mid.z), z: mid.z },
      facingDeg: 90,
      lengthIn: 6,
      widthIn: 3,
      heightIn: Math.max(plain.position.y, plain.target.y) - town.groundHeightAt(mid.x, mid.z) + 1,
    }
    expect(shotClear(town, noDoors, plain)).toBe(true)
    expect(shotClear(town, noDoors, plain, [hull])).toBe(false)
    const round = frameShot(town, noDoors, a, 'low', null, 0, [hull])
    expect(round).not.toEqual(plain)
    expect(shotClear(town, noDoors, round, [hull])).toBe(true)
    // The director told of the hull frames the same shot round it.
    const d = new Director(town, noDoors)
    d.setHulls([hull])
    expect(d.offer(a, 0, plain, 'low', false)!.shot).toEqual(round)
    // The hull of the vehicle acting does not stand between the camera and what the camera looks at.
    const own = { ...hull, position: { ...actor } }
    const onIt = act({ kind: 'vehicle', priority: 3, actor, toward, points: [actor, toward] })
    const ofIt = frameShot(town, noDoors, onIt, 'low', null, 0, [own])
    expect(ofIt).toEqual(frameShot(town, noDoors, onIt, 'low', null))
  })

  it('the ray test sees a wall between two points on either side of it, and nothing through woods alone', () => {
    const mid = buildingMiddle(town, 'house-1')
    expect(
      solidHit(town, noDoors, { ...mid, x: mid.x - 10, y: mid.y + 1 }, { ...mid, x: mid.x + 10, y: mid.y + 1 }),
    ).not.toBeNull()
    expect(solidHit(town, noDoors, onGround(1, 1, 30), onGround(2, 1, 30))).toBeNull()
  })
})

describe('moves and cuts', () => {
  const mid = buildingMiddle(town, 'house-1')
  const east: Shot = {
    target: { ...mid, x: mid.x + 10, y: mid.y + 1 },
    position: { ...mid, x: mid.x + 20, y: mid.y + 1.5 },
  }
  const west: Shot = {
    target: { ...mid, x: mid.x - 20, y: mid.y + 1 },
    position: { ...mid, x: mid.x - 10, y: mid.y + 1.5 },
  }

  it('a move path starts and ends at its two cameras', () => {
    const p = movePath(east, west)
    expect(p[0]!.position.x).toBeCloseTo(east.position.x)
    expect(p.at(-1)!.position.x).toBeCloseTo(west.position.x)
    expect(p.at(-1)!.target.z).toBeCloseTo(west.target.z)
  })
  it('a glide that would pass through a building is not clear; one over the roofs is', () => {
    expect(moveClear(town, noDoors, east, west)).toBe(false)
    const high = (s: Shot): Shot => ({ ...s, position: { ...s.position, y: s.position.y + 30 } })
    expect(moveClear(town, noDoors, high(east), high(west))).toBe(true)
  })

  it('the same team acting on is followed by a glide; another team is a cut; so is a jump across the table', () => {
    const d = new Director(town, noDoors)
    const here = onGround(10, 40)
    const cam: Shot = { target: here, position: { x: here.x, y: here.y + 20, z: here.z + 14 } }
    const first = d.offer(
      act({ kind: 'move', priority: 2, actor: here, points: [here], who: 'a' }),
      0,
      cam,
      'overhead',
      false,
    )!
    expect(first.cut).toBe(true) // the first shot of all
    const on = onGround(12, 40)
    const glide = d.offer(
      act({ kind: 'move', priority: 2, actor: on, points: [on], who: 'a' }),
      5000,
      first.shot,
      'overhead',
      false,
    )!
    expect(glide.cut).toBe(false)
    const other = d.offer(
      act({ kind: 'move', priority: 2, actor: on, points: [on], who: 'b' }),
      10000,
      glide.shot,
      'overhead',
      false,
    )!
    expect(other.cut).toBe(true)
    const far = onGround(12 + CUT_DISTANCE_IN + 5, 40)
    const jump = d.offer(
      act({ kind: 'move', priority: 2, actor: far, points: [far], who: 'b' }),
      15000,
      other.shot,
      'overhead',
      false,
    )!
    expect(jump.cut).toBe(true)
  })

  it('a lesser action waits until the shot has been held; a greater one takes the camera at once', () => {
    const d = new Director(town, noDoors)
    const p = onGround(30, 30)
    const cam: Shot = { target: p, position: { x: p.x, y: p.y + 20, z: p.z + 14 } }
    expect(
      d.offer(act({ kind: 'fire', priority: 4, actor: p, points: [p], who: 'a' }), 0, cam, 'auto', false),
    ).not.toBeNull()
    const later = act({ kind: 'move', priority: 2, actor: p, points: [p], who: 'a' })
    expect(d.offer(later, 100, cam, 'auto', false)).toBeNull()
    expect(d.tick(MIN_HOLD_MS - 1, cam, 'auto', false)).toBeNull()
    expect(d.tick(MIN_HOLD_MS, cam, 'auto', false)?.action).toBe(later)
    expect(d.tick(MIN_HOLD_MS + 5000, cam, 'auto', false)).toBeNull() // taken once
    const boom = act({ kind: 'explosion', priority: 6, points: [p] })
    expect(d.offer(boom, MIN_HOLD_MS + 10, cam, 'auto', false)?.action).toBe(boom)
  })

  it('a held-back action says how long it waits, and takes the camera in the tick when that wait is over', () => {
    // The canvas draws on demand: the camera asks for a frame after `waitMs`, so its tick must then find the hold over.
    const d = new Director(town, noDoors)
    const p = onGround(30, 30)
    const cam: Shot = { target: p, position: { x: p.x, y: p.y + 20, z: p.z + 14 } }
    expect(d.waitMs(0)).toBeNull()
    d.offer(act({ kind: 'fire', priority: 4, actor: p, points: [p], who: 'a' }), 1000, cam, 'auto', false)
    expect(d.waitMs(1100)).toBeNull() // nothing waits
    const later = act({ kind: 'move', priority: 2, actor: p, points: [p], who: 'a' })
    expect(d.offer(later, 1300, cam, 'auto', false)).toBeNull()
    const wait = d.waitMs(1300)!
    expect(wait).toBe(MIN_HOLD_MS - 300)
    expect(d.tick(1300 + wait - 1, cam, 'auto', false)).toBeNull()
    expect(d.waitMs(1300 + wait + 50)).toBe(0)
    expect(d.tick(1300 + wait, cam, 'auto', false)?.action).toBe(later)
    expect(d.waitMs(1300 + wait)).toBeNull() // taken
  })

  it('dice leave the camera to the tray, and a locked camera is never moved', () => {
    const d = new Director(town, noDoors)
    const p = onGround(30, 30)
    const cam: Shot = { target: p, position: { x: p.x, y: p.y + 20, z: p.z + 14 } }
    expect(d.offer(act({ kind: 'dice', priority: 0 }), 0, cam, 'auto', false)).toBeNull()
    expect(
      d.offer(act({ kind: 'fire', priority: 4, actor: p, points: [p], who: 'a' }), 0, cam, 'auto', true),
    ).toBeNull()
    expect(d.action).toBeNull()
  })
})
