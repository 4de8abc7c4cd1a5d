import type { PreparedPosition } from '../../../scenario/table-schema'
import type { Vec2 } from '../../../util/geometry'
import { pointInPolygon } from '../../../world/geometry/polygon'
import { compilePosition } from '../../../world/model/features'
import { hypot } from '../../../util/geometry'

const round = (v: number): number => Math.round(v * 100) / 100
/** The grid the seats of a long position (a trench) are looked for on, inches. */
const STEP_IN = 0.1

/** The distance from a point to the nearest edge of a polygon. */
function edgeDistance(p: Vec2, polygon: readonly Vec2[]): number {
  let best = Infinity
  for (let i = 0; i < polygon.length; i++) {
    const a = polygon[i]!
    const b = polygon[(i + 1) % polygon.length]!
    const dx = b.x - a.x
    const dz = b.z - a.z
    const len2 = dx * dx + dz * dz
    const t = len2 === 0 ? 0 : Math.max(0, Math.min(1, ((p.x - a.x) * dx + (p.z - a.z) * dz) / len2))
    best = Math.min(best, hypot(p.x - (a.x + t * dx), p.z - (a.z + t * dz)))
  }
  return best
}

/** Seats for a team in a prepared position, and how many of them hold a whole base clear of the parapet. */
export interface PositionSeats {
  readonly seats: readonly Vec2[]
  readonly room: number
}

/**
 * Where `count` figures of a team starting in a prepared position stand
 * (SMLE-SHOOT-26: its occupants are inside it): each base wholly inside the
 * position's outline (clear of its parapet or walls) and clear of the
 * others, round about the middle of a pit or box, along a trench from its
 * label point outward. `room` says how many found such a seat; the rest
 * stand with their centres inside as near the middle as they can, where the
 * editor's check says they stand in the parapet (a foxhole holds one 1"
 * base, a weapon pit four).
 */
export function positionSeats(position: PreparedPosition, count: number, radiusIn = 0.5): PositionSeats {
  const outline = compilePosition(position).model.occupancy
  const middle = { x: position.x, z: position.z }
  const inside = (p: Vec2): boolean => pointInPolygon(p, outline)
  const whole = (p: Vec2): boolean => inside(p) && edgeDistance(p, outline) >= radiusIn - 1e-6
  if (count <= 0) return { seats: [], room: 0 }
  if (count === 1 && whole(middle)) return { seats: [middle], room: 1 }
  // A ring: neighbours a base apart, turned with the position.
  const ringIn = radiusIn / Math.sin(Math.PI / Math.max(2, count))
  const turn = (position.arcDeg * Math.PI) / 180
  const ring = Array.from({ length: count }, (_, i) => {
    const a = turn + (2 * Math.PI * i) / count
    return { x: round(middle.x + Math.sin(a) * ringIn), z: round(middle.z - Math.cos(a) * ringIn) }
  })
  if (count > 1 && ring.every(whole)) return { seats: ring, room: count }
  // Else the points of a fine grid inside the outline, nearest the middle first, each clear of those taken.
  const xs = outline.map((p) => p.x)
  const zs = outline.map((p) => p.z)
  const grid: Vec2[] = []
  for (let x = Math.min(...xs); x <= Math.max(...xs); x += STEP_IN)
    for (let z = Math.min(...zs); z <= Math.max(...zs); z += STEP_IN) {
      const p = { x: round(x), z: round(z) }
      if (inside(p)) grid.push(p)
    }
  const d = (p: Vec2): number => hypot(p.x - middle.x, p.z - middle.z)
  grid.sort((a, b) => d(a) - d(b))
  const seats: Vec2[] = []
  const clear = (p: Vec2): boolean => seats.every((q) => hypot(p.x - q.x, p.z - q.z) >= 2 * radiusIn - 1e-9)
  for (let i = 0; i < count; i++) {
    const seat = grid.find((p) => whole(p) && clear(p))
    if (!seat) break
    seats.push(seat)
  }
  const room = seats.length
  while (seats.length < count) seats.push(grid.find(clear) ?? middle)
  return { seats, room }
}
