import { BufferAttribute, BufferGeometry } from 'three'
import { MeshBVH, SAH } from 'three-mesh-bvh'
import type { Vec3 } from '../../util/geometry'
import type { DoorMask } from '../los/sight'
import type { TableModel } from '../model/table-model'

/** Owner id of the ground's triangles (solids are 0…n−1). */
export const GROUND_OWNER = -2

/** Smallest |det| for a triangle to count (degenerate ones are skipped). */
const DET_EPS = 1e-12
/** Crossings this close to the ends of a sight line do not count (the eye and the target point themselves). */
const END_EPS = 1e-9

// Layout of a node in a MeshBVH root buffer (8 × 32 bits): six floats of
// bounds, then for a leaf the triangle offset (uint32 #6), its count (uint16
// #14) and the leaf flag 0xFFFF (uint16 #15); for an inner node the right
// child's distance in nodes (uint32 #6) and the split axis (uint32 #7). The
// left child follows its parent. hull-bvh.test.ts checks this against
// MeshBVH.raycastFirst, so an upgrade that changes it fails loudly.
const NODE_WORDS = 8
const LEAF_FLAG = 0xffff

/**
 * The rules hull as one merged BufferGeometry of every hard solid (door
 * leaves included) and every ground triangle that is not flat table, with a
 * three-mesh-bvh MeshBVH over it. Sight lines are answered by walking the
 * BVH's node buffer directly: one pass, door leaves of open doors skipped by
 * mask, stopping at the first crossing when any will do.
 */
export class HullBvh {
  readonly geometry: BufferGeometry
  readonly bvh: MeshBVH
  readonly triangleCount: number
  /** Owner of each triangle after the BVH reordered them: a solid index or GROUND_OWNER. */
  readonly triOwner: Int32Array
  /** Door slot of each triangle's owner (−1 when it is no door leaf). */
  private readonly triDoor: Int32Array
  private readonly f32: Float32Array
  private readonly u32: Uint32Array
  private readonly u16: Uint16Array
  /** Per triangle in BVH order: a corner and the two edges from it (9 floats). */
  private readonly tri: Float32Array
  private readonly stack = new Int32Array(256)
  /** Triangles of each solid (BVH order): `ownerTris[ownerStart[k] .. ownerStart[k + 1])`. */
  private readonly ownerStart: Int32Array
  private readonly ownerTris: Int32Array
  /** The solid that blocked the last sight line: tried first for the next (neighbouring lines meet the same wall). */
  private lastOccluder = -1

  constructor(model: TableModel) {
    const positions: number[] = []
    const owners: number[] = []
    model.hard.forEach((solid, s) => {
      const v = solid.shape.vertices
      for (const f of solid.shape.faces) {
        for (let k = 1; k + 1 < f.length; k++) {
          for (const vi of [f[0]!, f[k]!, f[k + 1]!]) positions.push(v[vi]!.x, v[vi]!.y, v[vi]!.z)
          owners.push(s)
        }
      }
    })
    const g = model.ground
    for (let j = 0; j < g.nz; j++) {
      for (let i = 0; i < g.nx; i++) {
        const x0 = i * g.res
        const z0 = j * g.res
        const x1 = x0 + g.res
        const z1 = z0 + g.res
        const h00 = g.vertex(i, j)
        const h10 = g.vertex(i + 1, j)
        const h11 = g.vertex(i + 1, j + 1)
        const h01 = g.vertex(i, j + 1)
        if (Math.max(h00, h10, h11) > 0) {
          positions.push(x0, h00, z0, x1, h10, z0, x1, h11, z1)
          owners.push(GROUND_OWNER)
        }
        if (Math.max(h00, h11, h01) > 0) {
          positions.push(x0, h00, z0, x1, h11, z1, x0, h01, z1)
          owners.push(GROUND_OWNER)
        }
      }
    }
    this.triangleCount = owners.length
    const geometry = new BufferGeometry()
    geometry.setAttribute('position', new BufferAttribute(new Float32Array(positions), 3))
    const index = new Uint32Array(owners.length * 3)
    for (let i = 0; i < index.length; i++) index[i] = i
    geometry.setIndex(new BufferAttribute(index, 1))
    this.geometry = geometry
    this.bvh = new MeshBVH(geometry, { strategy: SAH, targetLeafSize: 6 })
    const serial = MeshBVH.serialize(this.bvh, { cloneBuffers: false })
    const root = serial.roots[0]!
    this.f32 = new Float32Array(root)
    this.u32 = new Uint32Array(root)
    this.u16 = new Uint16Array(root)
    const idx = geometry.index!.array as Uint32Array
    const pos = geometry.attributes.position!.array as Float32Array
    this.tri = new Float32Array(this.triangleCount * 9)
    this.triOwner = new Int32Array(this.triangleCount)
    this.triDoor = new Int32Array(this.triangleCount)
    for (let t = 0; t < this.triangleCount; t++) {
      const a = idx[t * 3]! * 3
      const b = idx[t * 3 + 1]! * 3
      const c = idx[t * 3 + 2]! * 3
      for (let k = 0; k < 3; k++) {
        this.tri[t * 9 + k] = pos[a + k]!
        this.tri[t * 9 + 3 + k] = pos[b + k]! - pos[a + k]!
        this.tri[t * 9 + 6 + k] = pos[c + k]! - pos[a + k]!
      }
      const owner = owners[Math.floor(idx[t * 3]! / 3)]!
      this.triOwner[t] = owner
      this.triDoor[t] = owner >= 0 ? model.hard[owner]!.doorSlot : -1
    }
    const counts = new Int32Array(model.hard.length + 1)
    for (let t = 0; t < this.triangleCount; t++) if (this.triOwner[t]! >= 0) counts[this.triOwner[t]! + 1]!++
    for (let k = 1; k < counts.length; k++) counts[k]! += counts[k - 1]!
    this.ownerStart = counts
    this.ownerTris = new Int32Array(counts[counts.length - 1]!)
    const fill = counts.slice(0, -1)
    for (let t = 0; t < this.triangleCount; t++) {
      const o = this.triOwner[t]!
      if (o >= 0) this.ownerTris[fill[o]!++] = t
    }
  }

  /**
   * True when a solid or the ground crosses the segment `p`→`q` strictly
   * between `tFrom` and its end. The solid that blocked the previous line is
   * tried first, with the very triangle test the walk uses, so the answer is
   * the same whatever was asked before: only quicker.
   */
  anyHit(p: Vec3, q: Vec3, doors: DoorMask, tFrom = 0): boolean {
    const last = this.lastOccluder
    if (last >= 0 && this.ownerCrosses(last, p, q, doors, tFrom)) return true
    const tri = this.walk(p, q, doors, tFrom, true)
    if (tri < 0) return false
    this.lastOccluder = this.triOwner[tri]!
    return true
  }

  /** `anyHit` without the last-blocker shortcut: the BVH walk alone (what the benchmark compares). */
  anyHitByWalk(p: Vec3, q: Vec3, doors: DoorMask, tFrom = 0): boolean {
    return this.walk(p, q, doors, tFrom, true) >= 0
  }

  /** True when one of a solid's triangles crosses the segment between `tFrom` and its end. */
  private ownerCrosses(owner: number, p: Vec3, q: Vec3, doors: DoorMask, tFrom: number): boolean {
    const tMin = tFrom > END_EPS ? tFrom : END_EPS
    for (let k = this.ownerStart[owner]!; k < this.ownerStart[owner + 1]!; k++) {
      const t3 = this.ownerTris[k]!
      const slot = this.triDoor[t3]!
      if (slot >= 0 && !doors[slot]) return false
      const t = this.triangleT(t3, p.x, p.y, p.z, q.x - p.x, q.y - p.y, q.z - p.z)
      if (t > tMin && t < 1 - END_EPS) return true
    }
    return false
  }

  /** Möller–Trumbore: where along the ray (o + t·d) it crosses triangle `t3`, or NaN. */
  private triangleT(t3: number, ox: number, oy: number, oz: number, dx: number, dy: number, dz: number): number {
    const T = this.tri
    const o = t3 * 9
    const e1x = T[o + 3]!
    const e1y = T[o + 4]!
    const e1z = T[o + 5]!
    const e2x = T[o + 6]!
    const e2y = T[o + 7]!
    const e2z = T[o + 8]!
    const px = dy * e2z - dz * e2y
    const py = dz * e2x - dx * e2z
    const pz = dx * e2y - dy * e2x
    const det = e1x * px + e1y * py + e1z * pz
    if (det > -DET_EPS && det < DET_EPS) return NaN
    const inv = 1 / det
    const tx = ox - T[o]!
    const ty = oy - T[o + 1]!
    const tz = oz - T[o + 2]!
    const u = (tx * px + ty * py + tz * pz) * inv
    if (u < 0 || u > 1) return NaN
    const qx = ty * e1z - tz * e1y
    const qy = tz * e1x - tx * e1z
    const qz = tx * e1y - ty * e1x
    const v = (dx * qx + dy * qy + dz * qz) * inv
    if (v < 0 || u + v > 1) return NaN
    return (e2x * qx + e2y * qy + e2z * qz) * inv
  }

  /** The first crossing after `tFrom`: where (0..1) and whose triangle; null when clear. */
  firstHit(p: Vec3, q: Vec3, doors: DoorMask, tFrom = 0): { t: number; owner: number } | null {
    const tri = this.walk(p, q, doors, tFrom, false)
    return tri >= 0 ? { t: this.lastT, owner: this.triOwner[tri]! } : null
  }

  private lastT = 0

  /** The BVH walk: returns the triangle hit (the nearest unless `any`), or −1. */
  private walk(p: Vec3, q: Vec3, doors: DoorMask, tFrom: number, any: boolean): number {
    const { f32, u32, u16, stack, triDoor } = this
    const ox = p.x
    const oy = p.y
    const oz = p.z
    const dx = q.x - ox
    const dy = q.y - oy
    const dz = q.z - oz
    const ix = 1 / dx
    const iy = 1 / dy
    const iz = 1 / dz
    // Slab order per axis: read the near bound first (offset 0 = min, 3 = max).
    const nx = ix >= 0 ? 0 : 3
    const ny = iy >= 0 ? 1 : 4
    const nz = iz >= 0 ? 2 : 5
    const tMin = tFrom > END_EPS ? tFrom : END_EPS
    let best = 1 - END_EPS
    let bestTri = -1
    let sp = 0
    stack[sp++] = 0
    while (sp > 0) {
      const n32 = stack[--sp]!
      let lo = (f32[n32 + nx]! - ox) * ix
      let hi = (f32[n32 + 3 - nx]! - ox) * ix
      const ylo = (f32[n32 + ny]! - oy) * iy
      const yhi = (f32[n32 + 5 - ny]! - oy) * iy
      if (ylo > lo) lo = ylo
      if (yhi < hi) hi = yhi
      const zlo = (f32[n32 + nz]! - oz) * iz
      const zhi = (f32[n32 + 7 - nz]! - oz) * iz
      if (zlo > lo) lo = zlo
      if (zhi < hi) hi = zhi
      // NaN (a zero direction along an axis, starting on a bound) fails these tests and is kept: safe.
      if (hi < tMin || lo > best || hi < lo) continue
      const n16 = n32 * 2
      if (u16[n16 + 15] === LEAF_FLAG) {
        const off = u32[n32 + 6]!
        const end = off + u16[n16 + 14]!
        for (let t3 = off; t3 < end; t3++) {
          const slot = triDoor[t3]!
          if (slot >= 0 && !doors[slot]) continue
          const t = this.triangleT(t3, ox, oy, oz, dx, dy, dz)
          // NaN (no crossing) fails both tests.
          if (!(t > tMin && t < best)) continue
          best = t
          bestTri = t3
          if (any) {
            this.lastT = t
            return t3
          }
        }
      } else {
        const left = n32 + NODE_WORDS
        const right = n32 + u32[n32 + 6]! * NODE_WORDS
        const axis = u32[n32 + 7]!
        const forward = (axis === 0 ? dx : axis === 1 ? dy : dz) >= 0
        // Push the far child first so the near one is searched first.
        stack[sp++] = forward ? right : left
        stack[sp++] = forward ? left : right
      }
    }
    this.lastT = best
    return bestTri
  }
}
