import type { Edge } from './scenario/schema'
import type { Vec2 } from '../../util/geometry'

/** Unit vector on the table plane pointing toward an edge (X east, Z south). */
export function towardEdge(edge: Edge): Vec2 {
  switch (edge) {
    case 'north':
      return { x: 0, z: -1 }
    case 'south':
      return { x: 0, z: 1 }
    case 'west':
      return { x: -1, z: 0 }
    case 'east':
      return { x: 1, z: 0 }
  }
}

/** Distance from a point to a table edge, inches. */
export function distanceToEdge(p: Vec2, edge: Edge, table: { widthIn: number; depthIn: number }): number {
  switch (edge) {
    case 'north':
      return p.z
    case 'south':
      return table.depthIn - p.z
    case 'west':
      return p.x
    case 'east':
      return table.widthIn - p.x
  }
}

/** Rotates a direction on the table plane by `deg` clockwise (seen from above, north up). */
export function rotate(v: Vec2, deg: number): Vec2 {
  const r = (deg * Math.PI) / 180
  return { x: v.x * Math.cos(r) - v.z * Math.sin(r), z: v.x * Math.sin(r) + v.z * Math.cos(r) }
}

/** Facing in degrees clockwise from north of a direction on the table. */
export function bearingDeg(v: Vec2): number {
  const deg = (Math.atan2(v.x, -v.z) * 180) / Math.PI
  return Math.round(((deg % 360) + 360) % 360)
}
