import type { Vec2 } from '../../util/geometry'
import type { Rect2 } from '../geometry/polygon'

/**
 * A uniform grid over the table listing which items touch each cell, so a
 * question about a point or a straight line only looks at the items near it.
 */
export class GridIndex {
  private readonly cell: number
  private readonly nx: number
  private readonly nz: number
  private readonly cells: number[][]
  private readonly stamp: Uint32Array
  private epoch = 0

  constructor(widthIn: number, depthIn: number, cellIn: number, bounds: readonly Rect2[]) {
    this.cell = cellIn
    this.nx = Math.max(1, Math.ceil(widthIn / cellIn))
    this.nz = Math.max(1, Math.ceil(depthIn / cellIn))
    this.cells = Array.from({ length: this.nx * this.nz }, () => [])
    this.stamp = new Uint32Array(bounds.length)
    bounds.forEach((b, i) => {
      const i0 = this.ci(b.minX)
      const i1 = this.ci(b.maxX)
      const j0 = this.cj(b.minZ)
      const j1 = this.cj(b.maxZ)
      for (let j = j0; j <= j1; j++) for (let k = i0; k <= i1; k++) this.cells[j * this.nx + k]!.push(i)
    })
  }

  private ci(x: number): number {
    return Math.min(this.nx - 1, Math.max(0, Math.floor(x / this.cell)))
  }

  private cj(z: number): number {
    return Math.min(this.nz - 1, Math.max(0, Math.floor(z / this.cell)))
  }

  private next(): number {
    this.epoch = (this.epoch + 1) >>> 0
    if (this.epoch === 0) {
      this.stamp.fill(0)
      this.epoch = 1
    }
    return this.epoch
  }

  /** Calls `visit` once for each item listed in the cells the rectangle touches; stops when it returns true. */
  someInRect(r: Rect2, visit: (i: number) => boolean): boolean {
    const e = this.next()
    for (let j = this.cj(r.minZ); j <= this.cj(r.maxZ); j++) {
      for (let k = this.ci(r.minX); k <= this.ci(r.maxX); k++) {
        for (const i of this.cells[j * this.nx + k]!) {
          if (this.stamp[i] === e) continue
          this.stamp[i] = e
          if (visit(i)) return true
        }
      }
    }
    return false
  }

  /** Calls `visit` once for each item listed in the cells the segment passes through (a grid walk); stops when it returns true. */
  someAlong(a: Vec2, b: Vec2, visit: (i: number) => boolean): boolean {
    const e = this.next()
    let i = this.ci(a.x)
    let j = this.cj(a.z)
    const iEnd = this.ci(b.x)
    const jEnd = this.cj(b.z)
    const dx = b.x - a.x
    const dz = b.z - a.z
    const stepI = dx > 0 ? 1 : -1
    const stepJ = dz > 0 ? 1 : -1
    const tDeltaX = dx !== 0 ? Math.abs(this.cell / dx) : Infinity
    const tDeltaZ = dz !== 0 ? Math.abs(this.cell / dz) : Infinity
    const nextX = (i + (dx > 0 ? 1 : 0)) * this.cell
    const nextZ = (j + (dz > 0 ? 1 : 0)) * this.cell
    let tMaxX = dx !== 0 ? (nextX - a.x) / dx : Infinity
    let tMaxZ = dz !== 0 ? (nextZ - a.z) / dz : Infinity
    for (let guard = 0; guard < this.nx + this.nz + 4; guard++) {
      for (const item of this.cells[j * this.nx + i]!) {
        if (this.stamp[item] === e) continue
        this.stamp[item] = e
        if (visit(item)) return true
      }
      if (i === iEnd && j === jEnd) break
      if (tMaxX < tMaxZ) {
        if (tMaxX > 1) break
        i += stepI
        tMaxX += tDeltaX
      } else {
        if (tMaxZ > 1) break
        j += stepJ
        tMaxZ += tDeltaZ
      }
      if (i < 0 || j < 0 || i >= this.nx || j >= this.nz) break
    }
    return false
  }
}
