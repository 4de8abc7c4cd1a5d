import type { Vec3 } from '../../util/geometry'
import type { TableModel } from '../model/table-model'
import { bodySamplePoints, eyePoint } from '../sample-points'
import type { Body, SightLine } from '../types'
import { type HullSolid, hullsAcross } from './hulls'
import type { DoorMask } from './sight'

/** How many lines are kept before the cache starts afresh (each is a few dozen bytes). */
const MAX_LINES = 1_000_000
/**
 * How many sets of hulls are kept under one set of door states (the least
 * lately used go first): vehicles move an inch at a time, and the computer
 * tries many moves of its own.
 */
const MAX_HULL_TABLES = 8
/** Door leaves' boxes are grown by this much: the BVH holds their triangles in 32-bit floats. */
const BOX_MARGIN_IN = 1e-3

/** What a body's sight lines depend on, as read when it was given a pose number. */
interface PoseRecord {
  readonly x: number
  readonly y: number
  readonly z: number
  readonly prone: boolean
  readonly facingDeg: number
  readonly baseRadiusIn: number
  readonly heightIn: number | undefined
  /** The footprint's kind and sizes ('' and NaN without one). */
  readonly footKind: string
  readonly footA: number
  readonly footB: number
  /** The vehicle it is aboard ('' for none): its hull hides nothing to or from it. */
  readonly vehicleId: string
  readonly id: number
  /** The cache's generation when the number was given (numbers start afresh when it is cleared). */
  readonly generation: number
}

/** An axis-aligned box. */
interface Box {
  minX: number
  minY: number
  minZ: number
  maxX: number
  maxY: number
  maxZ: number
}

/** Answers kept under one set of door states: by firer pose, then by target pose. */
type PairTable<T> = Map<number, Map<number, T>>

/**
 * The vehicles' hulls on the table for a question (SMLE-SHOOT-02): their
 * solids, and a key naming every one of them, where it stands ('' for none).
 */
export interface HullSet {
  readonly key: string
  readonly solids: readonly HullSolid[]
}

/** What is kept under one set of door states and one set of hulls: whole lines, and whether any point is seen (`sees`). */
interface HullTable extends HullSet {
  readonly lines: PairTable<SightLine>
  readonly sees: PairTable<boolean>
  /** The hulls that are in this set or in another (by its key), not in both. */
  readonly differences: Map<string, readonly HullSolid[]>
  /** How many answers it keeps. */
  size: number
}

/** What is kept under one set of door states: a table for each set of hulls; the last used, and the one before. */
interface DoorTable {
  /** The lines of the table alone: no hull. */
  readonly bare: HullTable
  readonly byHulls: Map<string, HullTable>
  last: HullTable
  previous: HullTable | null
}

/** The table of a set of door states, the mask it was last looked up with and its key. */
interface HeldTable {
  readonly key: string
  readonly mask: DoorMask
  readonly table: DoorTable
}

/**
 * Sight lines (SMLE-SHOOT-02) kept by what they depend on: the firer's pose
 * (position, posture, height), the target's pose (position, posture,
 * facing, base), the vehicle each is aboard, the door states and the
 * vehicles' hulls; the table itself never changes. A
 * figure that moves or lies down has a new pose, so only its own lines are
 * worked out again. Under new door states, a line kept under other states
 * is kept again when none of its rays comes near a door that differs (the
 * leaves of other doors, and every wall, are where they were).
 *
 * Besides whole lines, the bare answer "does the firer see any point of the
 * target" (`sees`) is kept the same way: a kept whole line answers it too.
 *
 * Vehicles move, and their hulls block sight (SMLE-SHOOT-02): lines are kept
 * under a set of hulls too. A line no hull crosses is the table's own line,
 * kept once for every set of hulls; under a new set (a vehicle has moved), a
 * line kept under the set before is kept again when none of its rays crosses
 * a hull that differs (where the vehicle stood, or stands now). A vehicle
 * that moves so changes only the lines it crossed, or crosses now.
 *
 * Answers are exactly those of `compute`: a pose is read from the body's
 * values each time (a body changed in place gets the pose of its new
 * values). The lines handed out are the kept ones (`SightLine` is read-only).
 */
export class SightCache {
  private readonly poseIds = new Map<string, number>()
  private readonly poses = new WeakMap<Body, PoseRecord>()
  private readonly tables = new Map<string, DoorTable>()
  private readonly maskKeys = new WeakMap<DoorMask, string>()
  /** The table and mask of the last lookup: the one to fall back on when the doors change. */
  private last: HeldTable | null = null
  /** The table used before the doors last changed. */
  private previous: HeldTable | null = null
  /** Boxes of the leaves of each door slot. */
  private readonly doorBoxes: Box[][]
  private lines = 0
  private generation = 0

  constructor(model: TableModel) {
    this.doorBoxes = model.doors.map(() => [])
    for (const solid of model.hard) {
      if (solid.doorSlot < 0) continue
      const box: Box = {
        minX: Infinity,
        minY: Infinity,
        minZ: Infinity,
        maxX: -Infinity,
        maxY: -Infinity,
        maxZ: -Infinity,
      }
      for (const v of solid.shape.vertices) {
        box.minX = Math.min(box.minX, v.x - BOX_MARGIN_IN)
        box.minY = Math.min(box.minY, v.y - BOX_MARGIN_IN)
        box.minZ = Math.min(box.minZ, v.z - BOX_MARGIN_IN)
        box.maxX = Math.max(box.maxX, v.x + BOX_MARGIN_IN)
        box.maxY = Math.max(box.maxY, v.y + BOX_MARGIN_IN)
        box.maxZ = Math.max(box.maxZ, v.z + BOX_MARGIN_IN)
      }
      this.doorBoxes[solid.doorSlot]!.push(box)
    }
  }

  /**
   * The sight line from `firer` to `target` under `doors` among the hulls
   * `hulls`: kept, or worked out by `compute` and kept. `compute` is given
   * the hulls that cross the line (none when no hull does).
   */
  sight(
    firer: Body,
    target: Body,
    doors: DoorMask,
    compute: (across: readonly HullSolid[]) => SightLine,
    hulls: HullSet = NO_HULLS,
  ): SightLine {
    const door = this.tableOf(doors)
    const a = this.poseOf(firer)
    const b = this.poseOf(target)
    if (hulls.solids.length === 0) return this.bareSight(door, a, b, firer, target, doors, compute)
    const table = this.hullTableOf(door, hulls)
    let row = table.lines.get(a)
    if (!row) table.lines.set(a, (row = new Map()))
    const known = row.get(b)
    if (known) return known
    const prev = door.previous
    const before = prev?.lines.get(a)?.get(b)
    let line: SightLine
    if (before && this.untouchedByHulls(firer, target, table, prev!)) line = before
    else {
      const across = hullsAcross(hulls.solids, firer, target)
      // No hull crosses it: the table's own line.
      line = across.length ? compute(across) : this.bareSight(door, a, b, firer, target, doors, compute)
    }
    if (this.full()) return line
    row.set(b, line)
    table.size++
    return line
  }

  /**
   * Whether `firer` sees any point of `target` under `doors` among the hulls
   * `hulls`: from a kept line, a kept answer, or `compute` (kept). `compute`
   * must give `visiblePoints > 0` of the line `sight` would give, given the
   * same hulls crossing it.
   */
  sees(
    firer: Body,
    target: Body,
    doors: DoorMask,
    compute: (across: readonly HullSolid[]) => boolean,
    hulls: HullSet = NO_HULLS,
  ): boolean {
    const door = this.tableOf(doors)
    const a = this.poseOf(firer)
    const b = this.poseOf(target)
    if (hulls.solids.length === 0) return this.bareSees(door, a, b, firer, target, doors, compute)
    const table = this.hullTableOf(door, hulls)
    const line = table.lines.get(a)?.get(b)
    if (line) return line.visiblePoints > 0
    let row = table.sees.get(a)
    if (!row) table.sees.set(a, (row = new Map()))
    const known = row.get(b)
    if (known !== undefined) return known
    const prev = door.previous
    const prevLine = prev?.lines.get(a)?.get(b)
    const before = prevLine ? prevLine.visiblePoints > 0 : prev?.sees.get(a)?.get(b)
    let seen: boolean
    if (before !== undefined && this.untouchedByHulls(firer, target, table, prev!)) seen = before
    else {
      const across = hullsAcross(hulls.solids, firer, target)
      seen = across.length ? compute(across) : this.bareSees(door, a, b, firer, target, doors, compute)
    }
    if (this.full()) return seen
    row.set(b, seen)
    table.size++
    return seen
  }

  /** The table's own line (no hull), between the poses `a` and `b`: kept, or worked out and kept. */
  private bareSight(
    door: DoorTable,
    a: number,
    b: number,
    firer: Body,
    target: Body,
    doors: DoorMask,
    compute: (across: readonly HullSolid[]) => SightLine,
  ): SightLine {
    const { lines } = door.bare
    let row = lines.get(a)
    if (!row) lines.set(a, (row = new Map()))
    const known = row.get(b)
    if (known) return known
    const prev = this.previous
    const before = prev?.table.bare.lines.get(a)?.get(b)
    const line = before && this.untouchedByDoors(firer, target, doors, prev!.mask) ? before : compute(NONE)
    if (this.full()) return line
    row.set(b, line)
    return line
  }

  /** Whether the firer sees any point of the target on the table alone (no hull): kept, or worked out and kept. */
  private bareSees(
    door: DoorTable,
    a: number,
    b: number,
    firer: Body,
    target: Body,
    doors: DoorMask,
    compute: (across: readonly HullSolid[]) => boolean,
  ): boolean {
    const table = door.bare
    const line = table.lines.get(a)?.get(b)
    if (line) return line.visiblePoints > 0
    let row = table.sees.get(a)
    if (!row) table.sees.set(a, (row = new Map()))
    const known = row.get(b)
    if (known !== undefined) return known
    const prev = this.previous
    const prevLine = prev?.table.bare.lines.get(a)?.get(b)
    const before = prevLine ? prevLine.visiblePoints > 0 : prev?.table.bare.sees.get(a)?.get(b)
    const seen =
      before !== undefined && this.untouchedByDoors(firer, target, doors, prev!.mask) ? before : compute(NONE)
    if (this.full()) return seen
    row.set(b, seen)
    return seen
  }

  /** Counts one more answer kept; when the cache is full, it starts afresh and the answer is not kept (true). */
  private full(): boolean {
    if (this.lines >= MAX_LINES) {
      this.clear()
      return true
    }
    this.lines++
    return false
  }

  private clear(): void {
    this.generation++
    this.previous = null
    this.tables.clear()
    this.poseIds.clear()
    this.last = null
    this.lines = 0
  }

  /** The table for these door states (the last one used, when they are the same). */
  private tableOf(doors: DoorMask): DoorTable {
    const last = this.last
    if (last && last.mask === doors) return last.table
    let key = this.maskKeys.get(doors)
    if (key === undefined) {
      key = doors.join('')
      this.maskKeys.set(doors, key)
    }
    if (last && last.key === key) {
      this.last = { key, mask: doors, table: last.table }
      return last.table
    }
    let table = this.tables.get(key)
    if (!table) {
      const bare = hullTable(NO_HULLS)
      this.tables.set(key, (table = { bare, byHulls: new Map([['', bare]]), last: bare, previous: null }))
    }
    // The table left behind is where lines are looked for under the new states.
    this.previous = last
    this.last = { key, mask: doors, table }
    return table
  }

  /**
   * The table of a set of hulls under one set of door states (the last one
   * used, when they are the same); the one left behind is where lines are
   * looked for under the new set.
   */
  private hullTableOf(door: DoorTable, hulls: HullSet): HullTable {
    const last = door.last
    if (last.key === hulls.key) return last
    let table = door.byHulls.get(hulls.key)
    // The map in the order of last use: a table used again goes to its end.
    if (table) door.byHulls.delete(hulls.key)
    else table = hullTable(hulls)
    door.byHulls.set(hulls.key, table)
    door.previous = last
    door.last = table
    if (door.byHulls.size > MAX_HULL_TABLES)
      for (const old of door.byHulls.values()) {
        if (old === door.bare || old === door.previous || old === door.last) continue
        door.byHulls.delete(old.key)
        this.lines -= old.size
        break
      }
    return table
  }

  /** True when no ray from the firer's eye to the target's points crosses a hull that is in one of the sets and not the other. */
  private untouchedByHulls(firer: Body, target: Body, table: HullTable, other: HullTable): boolean {
    let differ = table.differences.get(other.key)
    if (!differ) {
      const inTable = new Set(table.solids.map((s) => s.key))
      const inOther = new Set(other.solids.map((s) => s.key))
      differ = [...table.solids.filter((s) => !inOther.has(s.key)), ...other.solids.filter((s) => !inTable.has(s.key))]
      table.differences.set(other.key, differ)
    }
    return differ.length === 0 || hullsAcross(differ, firer, target).length === 0
  }

  /** True when no ray from the firer's eye to the target's points comes near a door whose state differs between the masks. */
  private untouchedByDoors(firer: Body, target: Body, doors: DoorMask, other: DoorMask): boolean {
    if (other === doors) return false
    const eye = eyePoint(firer)
    const points = bodySamplePoints(target)
    for (let slot = 0; slot < doors.length; slot++) {
      if (doors[slot] === other[slot]) continue
      for (const box of this.doorBoxes[slot]!) for (const p of points) if (segmentMeetsBox(eye, p, box)) return false
    }
    return true
  }

  /** A number for a body's pose (bodies with the same values share it). */
  private poseOf(body: Body): number {
    const held = this.poses.get(body)
    const { x, y, z } = body.position
    if (
      held &&
      Object.is(held.x, x) &&
      Object.is(held.y, y) &&
      Object.is(held.z, z) &&
      held.prone === body.prone &&
      Object.is(held.facingDeg, body.facingDeg) &&
      Object.is(held.baseRadiusIn, body.baseRadiusIn) &&
      Object.is(held.heightIn, body.heightIn) &&
      held.generation === this.generation &&
      held.vehicleId === (body.vehicleId ?? '') &&
      sameFoot(held, body.footprint)
    )
      return held.id
    const key = poseKey(body)
    let id = this.poseIds.get(key)
    if (id === undefined) {
      id = this.poseIds.size
      this.poseIds.set(key, id)
    }
    this.poses.set(body, {
      x,
      y,
      z,
      prone: body.prone,
      facingDeg: body.facingDeg,
      baseRadiusIn: body.baseRadiusIn,
      heightIn: body.heightIn,
      ...footOf(body.footprint),
      vehicleId: body.vehicleId ?? '',
      id,
      generation: this.generation,
    })
    return id
  }
}

const NONE: readonly HullSolid[] = []
const NO_HULLS: HullSet = { key: '', solids: NONE }

function hullTable(hulls: HullSet): HullTable {
  return { key: hulls.key, solids: hulls.solids, lines: new Map(), sees: new Map(), differences: new Map(), size: 0 }
}

/** A number as text, telling −0 from 0. */
function num(v: number): string {
  return Object.is(v, -0) ? '-0' : String(v)
}

/** A footprint's kind and sizes, as a pose record keeps them ('' and NaN without one). */
function footOf(f: Body['footprint']): Pick<PoseRecord, 'footKind' | 'footA' | 'footB'> {
  if (!f) return { footKind: '', footA: NaN, footB: NaN }
  return f.kind === 'circle'
    ? { footKind: 'c', footA: f.radiusIn, footB: NaN }
    : { footKind: 'r', footA: f.widthIn, footB: f.depthIn }
}

/** Whether a footprint has the kind and sizes a pose record kept (read afresh: no text is made for it). */
function sameFoot(held: PoseRecord, f: Body['footprint']): boolean {
  if (!f) return held.footKind === ''
  return f.kind === 'circle'
    ? held.footKind === 'c' && Object.is(held.footA, f.radiusIn)
    : held.footKind === 'r' && Object.is(held.footA, f.widthIn) && Object.is(held.footB, f.depthIn)
}

/** A footprint's kind and sizes as text ('' without one). */
function footKey(f: Body['footprint']): string {
  return !f ? '' : f.kind === 'circle' ? `c${num(f.radiusIn)}` : `r${num(f.widthIn)}x${num(f.depthIn)}`
}

/** Every value of a body that its eye and its sample points are made from, and the vehicle it is aboard. */
function poseKey(b: Body): string {
  const p = b.position
  return `${num(p.x)},${num(p.y)},${num(p.z)},${b.prone ? 1 : 0},${num(b.facingDeg)},${num(b.baseRadiusIn)},${b.heightIn === undefined ? '' : num(b.heightIn)},${footKey(b.footprint)},${b.vehicleId ?? ''}`
}

/** True when the segment `p`→`q` meets the box (slab test). */
function segmentMeetsBox(p: Vec3, q: Vec3, box: Box): boolean {
  let lo = 0
  let hi = 1
  const axes: [number, number, number, number][] = [
    [p.x, q.x - p.x, box.minX, box.maxX],
    [p.y, q.y - p.y, box.minY, box.maxY],
    [p.z, q.z - p.z, box.minZ, box.maxZ],
  ]
  for (const [o, d, min, max] of axes) {
    if (d === 0) {
      if (o < min || o > max) return false
      continue
    }
    const t0 = (min - o) / d
    const t1 = (max - o) / d
    lo = Math.max(lo, Math.min(t0, t1))
    hi = Math.min(hi, Math.max(t0, t1))
    if (hi < lo) return false
  }
  return true
}
