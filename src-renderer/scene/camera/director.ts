import type {
  DoorStates,
  GameEvent,
  MatchState,
  SmrEvent,
  SmrState,
  Vec3,
  VehicleHull,
  World,
} from '../../../src-engine/index'
import { hullsApartFrom } from '../hull-footprint'
import type { CameraPreset } from './camera-presets'

export { CAMERA_PRESETS, type CameraPreset } from './camera-presets'

/** What one batch of events is about, for the camera. */
export interface Action {
  readonly kind: 'explosion' | 'fire' | 'assault' | 'vehicle' | 'move' | 'team' | 'dice'
  /** The figure, unit or vehicle acting (the mover, the first firer), where it stands; null for an explosion alone. */
  readonly actor: Vec3 | null
  /** The way the actor faces (degrees, 0 toward −z, clockwise), when known. */
  readonly actorFacingDeg: number | null
  /** What to keep in the picture: the actor, its team, the target, the blast. */
  readonly points: readonly Vec3[]
  /** What the action is aimed at (a target, the end of a move), for the direction of a shot. */
  readonly toward: Vec3 | null
  /** The team, unit or vehicle acting: a new one is the natural moment for a cut. */
  readonly who: string | null
  /** Higher wins when one batch has several things in it, and may interrupt a shot being held. */
  readonly priority: number
}

/** A camera: where it stands and what it looks at (inches, the table's frame). */
export interface Shot {
  readonly position: Vec3
  readonly target: Vec3
}

const PRIORITY: Record<Action['kind'], number> = {
  explosion: 6,
  assault: 5,
  fire: 4,
  vehicle: 3,
  move: 2,
  team: 1,
  dice: 0,
}

const centroid = (points: readonly Vec3[]): Vec3 => {
  const n = Math.max(1, points.length)
  const s = points.reduce((a, p) => ({ x: a.x + p.x, y: a.y + p.y, z: a.z + p.z }), { x: 0, y: 0, z: 0 })
  return { x: s.x / n, y: s.y / n, z: s.z / n }
}

function action(kind: Action['kind'], a: Omit<Action, 'kind' | 'priority'>): Action {
  return { kind, priority: PRIORITY[kind], ...a }
}

const best = (actions: readonly Action[]): Action | null =>
  actions.reduce<Action | null>((b, a) => (b === null || a.priority > b.priority ? a : b), null)

/** The standing figures of a team on the table (riders where their vehicle is). */
function teamPoints(state: MatchState, teamId: string): Vec3[] {
  return Object.values(state.figures)
    .filter((f) => f.teamId === teamId && f.offTable === null && f.status !== 'dead')
    .map((f) => (f.vehicleId ? (state.vehicles[f.vehicleId]?.position ?? f.position) : f.position))
}

function figurePoint(state: MatchState, id: string): Vec3 | null {
  const f = state.figures[id]
  if (!f || f.offTable !== null) return null
  return f.vehicleId ? (state.vehicles[f.vehicleId]?.position ?? f.position) : f.position
}

/**
 * The action of an SMLE batch of events, seen in `state` (the state after
 * them, as this seat sees it): an explosion before a fire, a fire before a
 * move, a move before a team's turn starting; dice alone are the dice tray's.
 * Null when nothing in it is worth a camera move (a hidden team's doings are
 * not in the seat's events at all).
 */
export function smleAction(events: readonly GameEvent[], state: MatchState): Action | null {
  const found: Action[] = []
  const moved: { id: string; from: Vec3; to: Vec3; facingDeg: number }[] = []
  for (const e of events) {
    switch (e.type) {
      case 'Explosion': {
        const impact = e.impactFigureId ? figurePoint(state, e.impactFigureId) : null
        found.push(
          action('explosion', {
            actor: null,
            actorFacingDeg: null,
            points: impact ? [e.at, impact] : [e.at],
            toward: e.at,
            who: null,
          }),
        )
        break
      }
      case 'AttackMade': {
        const firers = e.firerIds.map((id) => figurePoint(state, id)).filter((p): p is Vec3 => p !== null)
        const targets = e.targetTeamId ? teamPoints(state, e.targetTeamId) : []
        if (firers.length === 0 && targets.length === 0) break
        const first = firers[0] ?? null
        found.push(
          action(e.kind === 'assault' ? 'assault' : 'fire', {
            actor: first,
            actorFacingDeg: e.firerIds[0] ? (state.figures[e.firerIds[0]]?.facingDeg ?? null) : null,
            points: [...firers, ...targets],
            toward: targets.length > 0 ? centroid(targets) : null,
            who: e.teamId,
          }),
        )
        break
      }
      case 'VehicleMoved':
        found.push(
          action('vehicle', {
            actor: e.to,
            actorFacingDeg: e.facingDeg,
            points: [e.from, e.to],
            toward: e.to,
            who: `vehicle:${e.vehicleId}`,
          }),
        )
        break
      case 'FigureMoved':
        moved.push({ id: e.figureId, from: e.from, to: e.to, facingDeg: e.facingDeg })
        break
      case 'TurnStarted': {
        const teamId = e.teamIds[0]
        const points = teamId ? teamPoints(state, teamId) : []
        if (points.length > 0)
          found.push(action('team', { actor: null, actorFacingDeg: null, points, toward: null, who: teamId ?? null }))
        break
      }
      case 'DiceRolled':
        found.push(action('dice', { actor: null, actorFacingDeg: null, points: [], toward: null, who: null }))
        break
      default:
        break
    }
  }
  const last = moved.at(-1)
  if (last)
    found.push(
      action('move', {
        actor: last.to,
        actorFacingDeg: last.facingDeg,
        points: moved.flatMap((m) => [m.from, m.to]),
        toward: last.to,
        who: state.figures[last.id]?.teamId ?? null,
      }),
    )
  return best(found)
}

/** The action of an SMR batch of events: a melee or a missile before a move; dice alone are the tray's. */
export function smrAction(events: readonly SmrEvent[], state: SmrState): Action | null {
  const found: Action[] = []
  const unitAt = (id: string): Vec3 | null => {
    const u = state.units[id]
    return u && u.hiddenIn === null ? u.position : null
  }
  for (const e of events) {
    if (e.type === 'AttackResolved') {
      const a = unitAt(e.attackerId)
      const t = unitAt(e.targetId)
      if (!a && !t) continue
      found.push(
        action(e.kind === 'missile' ? 'fire' : 'assault', {
          actor: a,
          actorFacingDeg: state.units[e.attackerId]?.facingDeg ?? null,
          points: [a, t].filter((p): p is Vec3 => p !== null),
          toward: t,
          who: e.attackerId,
        }),
      )
    } else if (e.type === 'UnitMoved' && e.reason !== 'turn') {
      found.push(
        action('move', {
          actor: e.to,
          actorFacingDeg: e.facingDeg,
          points: [e.to],
          toward: e.to,
          who: e.unitId,
        }),
      )
    } else if (e.type === 'DiceRolled') {
      found.push(action('dice', { actor: null, actorFacingDeg: null, points: [], toward: null, who: null }))
    }
  }
  return best(found)
}

// ---------------------------------------------------------------- framing

/** How a shot is set up: the angle down from straight overhead, the distance from what it looks at, which way round. */
interface Framing {
  /** Radians from straight down (0) to level (π/2). */
  readonly polar: number
  readonly distanceIn: number
  /** The bearing the camera looks along (radians, 0 toward −z, clockwise seen from above). */
  readonly heading: number
  /** The point looked at. */
  readonly target: Vec3
}

/** How high above what it looks at the camera aims: a figure's chest, not its feet. */
const AIM_HEIGHT_IN = 0.8
/** The nearest the camera comes to the ground. */
export const GROUND_CLEARANCE_IN = 0.75
/** How far in front of a wall the camera stops when pulled in (its near plane must not reach the wall). */
const WALL_MARGIN_IN = 0.6
/** Degrees per second an orbit shot circles. */
export const ORBIT_DEG_PER_S = 6
const DEG = Math.PI / 180

const headingOf = (from: Vec3, to: Vec3): number | null => {
  const dx = to.x - from.x
  const dz = to.z - from.z
  return Math.hypot(dx, dz) < 0.05 ? null : Math.atan2(dx, -dz)
}

/** The bearing a camera at `shot` looks along. */
export function shotHeading(shot: Shot): number {
  return headingOf(shot.position, shot.target) ?? 0
}

function spreadOf(centre: Vec3, points: readonly Vec3[]): number {
  return points.reduce((m, p) => Math.max(m, Math.hypot(p.x - centre.x, p.z - centre.z)), 0)
}

function framing(a: Action, preset: CameraPreset, current: Shot | null, timeMs: number, tableMiddle: Vec3): Framing {
  const pts = a.points.length > 0 ? a.points : a.actor ? [a.actor] : []
  const centre = centroid(pts)
  const spread = Math.max(3, spreadOf(centre, pts))
  const keep = current ? shotHeading(current) : 0
  // The way the action goes: from the actor to its target, else the actor's facing, else the way the camera looks now.
  const along =
    (a.actor && a.toward ? headingOf(a.actor, a.toward) : null) ??
    (a.actorFacingDeg !== null ? a.actorFacingDeg * DEG : null) ??
    keep
  const aim = (p: Vec3): Vec3 => ({ x: p.x, y: p.y + AIM_HEIGHT_IN, z: p.z })
  const mid = aim(centre)
  const kind = preset === 'auto' ? autoShot(a.kind) : preset
  switch (kind) {
    case 'overhead':
      return { polar: 14 * DEG, distanceIn: spread * 2.4 + 26, heading: keep, target: mid }
    case 'orbit':
      return {
        polar: 55 * DEG,
        distanceIn: spread * 1.8 + 18,
        heading: along + (timeMs / 1000) * ORBIT_DEG_PER_S * DEG,
        target: mid,
      }
    case 'low': {
      // Low behind the actor, looking across it at the action.
      const target = a.actor && a.toward ? aim(lerp(a.actor, a.toward, 0.45)) : mid
      return { polar: 80 * DEG, distanceIn: spread * 1.6 + 12, heading: along, target }
    }
    case 'shoulder': {
      const target = a.actor && a.toward ? aim(lerp(a.actor, a.toward, 0.55)) : mid
      return { polar: 66 * DEG, distanceIn: spread * 1.15 + 8, heading: along, target }
    }
    case 'chase':
      return { polar: 58 * DEG, distanceIn: spread * 1.5 + 14, heading: along, target: mid }
    case 'wide':
      return { polar: 48 * DEG, distanceIn: spread * 2 + 20, heading: inward(keep, mid, tableMiddle), target: mid }
    default:
      return { polar: 60 * DEG, distanceIn: 1, heading: along, target: mid }
  }
}

/**
 * A wide shot keeps the camera's bearing, unless that would look from the
 * table out over its edge at something near it: then it looks in across the
 * action toward the middle of the table, so the table is behind the action.
 */
export function inward(heading: number, target: Vec3, tableMiddle: Vec3): number {
  const toMiddle = headingOf(target, tableMiddle)
  if (toMiddle === null) return heading
  const farFromMiddle =
    Math.hypot(tableMiddle.x - target.x, tableMiddle.z - target.z) > 0.5 * Math.min(tableMiddle.x, tableMiddle.z)
  return farFromMiddle && Math.cos(heading - toMiddle) < -0.2 ? toMiddle : heading
}

type ShotKind = Exclude<CameraPreset, 'auto'> | 'shoulder' | 'chase' | 'wide'

function autoShot(kind: Action['kind']): ShotKind {
  switch (kind) {
    case 'fire':
    case 'assault':
      return 'shoulder'
    case 'move':
    case 'vehicle':
      return 'chase'
    default:
      return 'wide'
  }
}

function lerp(a: Vec3, b: Vec3, t: number): Vec3 {
  return { x: a.x + (b.x - a.x) * t, y: a.y + (b.y - a.y) * t, z: a.z + (b.z - a.z) * t }
}

/** The camera position `distanceIn` from `target`, `polar` down from overhead, looking along `heading`. */
function placed(target: Vec3, polar: number, distanceIn: number, heading: number): Vec3 {
  const h = Math.sin(polar) * distanceIn
  return {
    x: target.x - Math.sin(heading) * h,
    y: target.y + Math.cos(polar) * distanceIn,
    z: target.z + Math.cos(heading) * h,
  }
}

/** Blockers a camera may pass: woods and areas are seen through, and the table's edge is no wall. */
const SEE_THROUGH = new Set(['woods', 'area', 'tableEdge'])

/**
 * Where along `from`→`to` (0..1) the first solid or the ground stops the line, or null when nothing does; `hulls`
 * are the vehicles and wrecks on the table (the rules' `vehicleHulls`), solid as walls are.
 */
export function solidHit(
  world: World,
  doors: DoorStates,
  from: Vec3,
  to: Vec3,
  hulls: readonly VehicleHull[] = [],
): number | null {
  let start = 0
  for (let k = 0; k < 8 && start < 1; k++) {
    const a = lerp(from, to, start)
    const hit = world.rayBlocker(a, to, doors, hulls)
    if (!hit) return null
    const t = start + (1 - start) * hit.t
    if (!SEE_THROUGH.has(hit.blocker.kind)) return t
    start = t + 1e-3
  }
  return null
}

/** The lowest a camera may stand at a point: above the ground, and above the table's surface off it. */
function floorAt(world: World, p: Vec3): number {
  const inside = p.x >= 0 && p.z >= 0 && p.x <= world.widthIn && p.z <= world.depthIn
  return (inside ? world.groundHeightAt(p.x, p.z) : 0) + GROUND_CLEARANCE_IN
}

/**
 * Whether the camera at `position` stands clear: above the ground and with nothing solid between it and `target`
 * (a vehicle's hull too, but not that of the vehicle looked at).
 */
export function shotClear(world: World, doors: DoorStates, shot: Shot, hulls: readonly VehicleHull[] = []): boolean {
  return (
    shot.position.y >= floorAt(world, shot.position) - 1e-9 &&
    solidHit(world, doors, shot.target, shot.position, hullsApartFrom(hulls, shot.target)) === null
  )
}

/** Bearings tried, in turn, when the framed one is blocked (radians off it). */
const TURNS = [0, Math.PI / 4, -Math.PI / 4, Math.PI / 2, -Math.PI / 2, Math.PI]

/**
 * A framing made into a camera that sees what it looks at: where a wall or
 * a hill stands between, the camera rises (up to overhead), then swings
 * round, until nothing does; failing that (a figure indoors under a roof),
 * it stands where it sees furthest, just short of the first wall. It never
 * stands below the ground.
 */
function clearOf(world: World, doors: DoorStates, f: Framing, hulls: readonly VehicleHull[]): Shot {
  const target = { ...f.target, y: Math.max(f.target.y, floorAt(world, f.target)) }
  // A vehicle's hull stands in the way as a wall does, but not the hull of the vehicle looked at.
  const inWay = hullsApartFrom(hulls, target)
  const polars: number[] = []
  for (let polar = f.polar; polar >= 0; polar -= 12 * DEG) polars.push(polar)
  for (let polar = f.polar + 10 * DEG; polar <= 82 * DEG; polar += 10 * DEG) polars.push(polar)
  let bestShot: Shot | null = null
  let bestRoom = -1
  for (const dh of TURNS) {
    for (const polar of polars) {
      const raw = placed(target, polar, f.distanceIn, f.heading + dh)
      const position = { ...raw, y: Math.max(raw.y, floorAt(world, raw)) }
      const hit = solidHit(world, doors, target, position, inWay)
      if (hit === null) return { position, target }
      const len = Math.hypot(position.x - target.x, position.y - target.y, position.z - target.z)
      const room = hit * len - WALL_MARGIN_IN
      if (room > bestRoom) {
        bestRoom = room
        bestShot = { position: lerp(target, position, Math.max(0, room) / len), target }
      }
    }
  }
  // Indoors: the furthest clear point (even right by the figure, where the walls leave no room).
  const p = bestShot!.position
  if (p.y >= floorAt(world, p) && bestRoom >= MIN_ROOM_IN) return bestShot!
  const above = { ...target, y: target.y + 0.01 }
  return { position: above, target: { x: target.x, y: target.y - 0.5, z: target.z - 0.01 } }
}

/** The least room a camera needs between it and what it looks at. */
const MIN_ROOM_IN = 0.3

/**
 * The camera for an action under a preset: framed for what happens, then
 * made clear of walls and the ground. `current` is the camera now (a wide or
 * overhead shot keeps its bearing); `timeMs` turns an orbit. The eye preset
 * looks from the actor's eye (a figure's height above its feet) toward what
 * it acts on.
 */
export function frameShot(
  world: World,
  doors: DoorStates,
  a: Action,
  preset: CameraPreset,
  current: Shot | null,
  timeMs = 0,
  hulls: readonly VehicleHull[] = [],
): Shot {
  if (preset === 'eye' && a.actor) {
    const eye = { x: a.actor.x, y: a.actor.y + EYE_HEIGHT_IN, z: a.actor.z }
    const heading =
      (a.toward ? headingOf(a.actor, a.toward) : null) ?? (a.actorFacingDeg !== null ? a.actorFacingDeg * DEG : 0)
    const far =
      a.toward && headingOf(a.actor, a.toward) !== null ? { ...a.toward, y: a.toward.y + AIM_HEIGHT_IN } : null
    const target = far ?? { x: eye.x + Math.sin(heading) * 10, y: eye.y, z: eye.z - Math.cos(heading) * 10 }
    return { position: { ...eye, y: Math.max(eye.y, floorAt(world, eye)) }, target }
  }
  const middle = { x: world.widthIn / 2, y: 0, z: world.depthIn / 2 }
  // The vehicles acting or acted on are what the camera looks at, not in its way.
  const inWay = hullsApartFrom(hulls, ...(a.actor ? [a.actor] : []), ...a.points)
  return clearOf(world, doors, framing(a, preset === 'eye' ? 'auto' : preset, current, timeMs, middle), inWay)
}

/** An eye's height above a standing figure's feet (SMLE-SHOOT-02's eye of a 28 mm figure). */
const EYE_HEIGHT_IN = 1.1

// ---------------------------------------------------------------- moves and cuts

interface Spherical {
  readonly r: number
  readonly polar: number
  readonly heading: number
}

function spherical(s: Shot): Spherical {
  const dx = s.position.x - s.target.x
  const dy = s.position.y - s.target.y
  const dz = s.position.z - s.target.z
  const r = Math.max(1e-6, Math.hypot(dx, dy, dz))
  return { r, polar: Math.acos(Math.max(-1, Math.min(1, dy / r))), heading: Math.atan2(-dx, dz) }
}

/** The shortest turn from heading `a` to heading `b` (radians, −π..π). */
function turn(a: number, b: number): number {
  let d = (b - a) % (2 * Math.PI)
  if (d > Math.PI) d -= 2 * Math.PI
  if (d < -Math.PI) d += 2 * Math.PI
  return d
}

/**
 * The cameras a smooth move from `from` to `to` passes through, as the
 * camera controls make it: the point looked at slides straight across while
 * the camera swings round it (bearing, height angle and distance each eased
 * the same way).
 */
export function movePath(from: Shot, to: Shot, samples = 16): Shot[] {
  const a = spherical(from)
  const b = spherical(to)
  const dh = turn(a.heading, b.heading)
  const out: Shot[] = []
  for (let i = 0; i <= samples; i++) {
    const t = i / samples
    const target = lerp(from.target, to.target, t)
    const polar = a.polar + (b.polar - a.polar) * t
    const r = a.r + (b.r - a.r) * t
    out.push({ target, position: placed(target, polar, r, a.heading + dh * t) })
  }
  return out
}

/**
 * Whether a smooth move from `from` to `to` stays above the ground and never passes through a solid (a vehicle's
 * hull among them, but those of the vehicles looked at).
 */
export function moveClear(
  world: World,
  doors: DoorStates,
  from: Shot,
  to: Shot,
  hulls: readonly VehicleHull[] = [],
): boolean {
  const path = movePath(from, to)
  const inWay = hullsApartFrom(hulls, from.target, to.target)
  for (let i = 0; i < path.length; i++) {
    const s = path[i]!
    if (s.position.y < floorAt(world, s.position) - 1e-6) return false
    if (i > 0 && solidHit(world, doors, path[i - 1]!.position, s.position, inWay) !== null) return false
  }
  return true
}

/** A camera move the director asks for: glide there, or cut to it. */
export interface DirectorMove {
  readonly shot: Shot
  readonly cut: boolean
  readonly action: Action
}

/** The least time a shot is held before a lesser action may take the camera away, ms. */
export const MIN_HOLD_MS = 1200
/** A move longer than this is made as a cut (a glide across the table is dull to watch), inches. */
export const CUT_DISTANCE_IN = 40

/**
 * Decides the camera's shots from the actions as they come: a new team or
 * vehicle acting, or a move that would pass through a wall or under the
 * ground, or one too long to glide, is a cut; the same team acting on is
 * followed smoothly. A shot is held at least `MIN_HOLD_MS` before a lesser
 * action takes the camera (the latest one waits its turn); a greater one
 * (the explosion after a shot) takes it at once. Dice leave the camera where
 * it is (the tray shows them). Locked, it asks for nothing.
 */
export class Director {
  private held: { action: Action; sinceMs: number } | null = null
  private waiting: Action | null = null

  private hulls: readonly VehicleHull[] = []

  constructor(
    private readonly world: World,
    private doors: DoorStates,
  ) {}

  setDoors(doors: DoorStates): void {
    this.doors = doors
  }

  /** The vehicles and wrecks on the table now (the rules' `vehicleHulls`): the camera keeps clear of them too. */
  setHulls(hulls: readonly VehicleHull[]): void {
    this.hulls = hulls
  }

  /** An action happened at `nowMs`; the camera is at `current`. */
  offer(a: Action, nowMs: number, current: Shot, preset: CameraPreset, locked: boolean): DirectorMove | null {
    if (locked || a.kind === 'dice') return null
    const h = this.held
    if (h && nowMs - h.sinceMs < MIN_HOLD_MS && a.priority < h.action.priority) {
      this.waiting = a
      return null
    }
    return this.take(a, nowMs, current, preset)
  }

  /** Called as time passes: the action that waited gets the camera once the shot has been held long enough. */
  tick(nowMs: number, current: Shot, preset: CameraPreset, locked: boolean): DirectorMove | null {
    const w = this.waiting
    if (!w || locked || (this.held && nowMs - this.held.sinceMs < MIN_HOLD_MS)) return null
    return this.take(w, nowMs, current, preset)
  }

  /**
   * How long from `nowMs` until the action that waits may take the camera
   * (0 once it may), or null when none waits. The canvas draws on demand and
   * `tick` runs only in a frame, so the camera asks for one then.
   */
  waitMs(nowMs: number): number | null {
    if (!this.waiting) return null
    return this.held ? Math.max(0, this.held.sinceMs + MIN_HOLD_MS - nowMs) : 0
  }

  /** The shot now held (an orbit re-frames it as time passes). */
  get action(): Action | null {
    return this.held?.action ?? null
  }

  private take(a: Action, nowMs: number, current: Shot, preset: CameraPreset): DirectorMove {
    const previous = this.held?.action ?? null
    this.held = { action: a, sinceMs: nowMs }
    this.waiting = null
    const shot = frameShot(this.world, this.doors, a, preset, current, nowMs, this.hulls)
    const newActor = previous === null || a.who === null || previous.who !== a.who
    const far = Math.hypot(shot.target.x - current.target.x, shot.target.z - current.target.z) > CUT_DISTANCE_IN
    const eye = preset === 'eye'
    const inWay = hullsApartFrom(this.hulls, ...(a.actor ? [a.actor] : []), ...a.points)
    const cut = newActor || far || eye || !moveClear(this.world, this.doors, current, shot, inWay)
    return { shot, cut, action: a }
  }
}
