import type { Draft, TablePoint } from './editor-store'

/**
 * Painting the ground up and down (the editor's Raise and Lower brushes). The
 * paint is the terrain's `relief`: a height every `RELIEF_STEP_IN` over the
 * table, which the engine adds to the hills, ridges and slopes (never below
 * the table top), so the rules' line of sight and moves see it as drawn.
 */

/** Inches between the relief's samples. */
export const RELIEF_STEP_IN = 1

/** The most the relief raises or lowers a point, inches (the engine's `MAX_RELIEF_IN`). */
export const MAX_RELIEF_IN = 24

/** The brush: how far it reaches and how much one dab raises or lowers its middle, inches. */
export interface Brush {
  readonly radiusIn: number
  readonly strengthIn: number
}

/** The brush the editor opens with. */
export const DEFAULT_BRUSH: Brush = { radiusIn: 4, strengthIn: 0.5 }

/** Raise or lower. */
export type PaintMode = 'raise' | 'lower'

/** The relief as the scenario's file holds it. */
export interface ReliefGrid {
  readonly stepIn: number
  readonly columns: number
  readonly rows: number
  readonly heightsIn: readonly number[]
}

/** The height of the ground from everything but the relief (hills, ridges, slopes), inches. */
export type BaseHeight = (x: number, z: number) => number

const round2 = (v: number): number => Math.round(v * 100) / 100

/** The draft's relief, grown to cover its table if it is smaller (new samples flat), or a flat one. */
export function reliefFor(draft: Draft): ReliefGrid {
  const table = (draft.table ?? {}) as { widthIn?: number; depthIn?: number }
  const columns = Math.ceil(Number(table.widthIn ?? 72) / RELIEF_STEP_IN) + 1
  const rows = Math.ceil(Number(table.depthIn ?? 48) / RELIEF_STEP_IN) + 1
  const had = (draft.terrain as { relief?: ReliefGrid } | undefined)?.relief
  if (had && had.stepIn === RELIEF_STEP_IN && had.columns >= columns && had.rows >= rows) return had
  const heightsIn: number[] = []
  const cols = Math.max(columns, had?.columns ?? 0)
  const rws = Math.max(rows, had?.rows ?? 0)
  for (let j = 0; j < rws; j++)
    for (let i = 0; i < cols; i++)
      heightsIn.push(had && i < had.columns && j < had.rows ? (had.heightsIn[j * had.columns + i] ?? 0) : 0)
  return { stepIn: RELIEF_STEP_IN, columns: cols, rows: rws, heightsIn }
}

/**
 * One dab of the brush at `at`: each sample within its radius raised (or
 * lowered) by the strength, full in the middle and fading smoothly to nothing
 * at the rim. Lowering stops at the table top (the ground there from hills
 * and the relief together never goes below 0).
 */
export function dab(relief: ReliefGrid, at: TablePoint, brush: Brush, mode: PaintMode, base: BaseHeight): ReliefGrid {
  const { stepIn, columns, rows } = relief
  const r = brush.radiusIn
  const heightsIn = relief.heightsIn.slice()
  const i0 = Math.max(0, Math.floor((at.x - r) / stepIn))
  const i1 = Math.min(columns - 1, Math.ceil((at.x + r) / stepIn))
  const j0 = Math.max(0, Math.floor((at.z - r) / stepIn))
  const j1 = Math.min(rows - 1, Math.ceil((at.z + r) / stepIn))
  let changed = false
  for (let j = j0; j <= j1; j++) {
    for (let i = i0; i <= i1; i++) {
      const d = Math.hypot(i * stepIn - at.x, j * stepIn - at.z)
      if (d >= r) continue
      const amount = brush.strengthIn * 0.5 * (1 + Math.cos((Math.PI * d) / r))
      const k = j * columns + i
      const now = heightsIn[k] ?? 0
      const next =
        mode === 'raise'
          ? Math.min(MAX_RELIEF_IN, now + amount)
          : Math.max(-MAX_RELIEF_IN, -base(i * stepIn, j * stepIn), now - amount)
      const stored = round2(next)
      if (stored !== now) {
        heightsIn[k] = stored
        changed = true
      }
    }
  }
  return changed ? { ...relief, heightsIn } : relief
}

/**
 * The draft with the dabs of a stroke painted (the same draft if nothing
 * changed). A relief left flat everywhere is taken out of the terrain.
 */
export function paintDabs(
  draft: Draft,
  dabs: readonly TablePoint[],
  brush: Brush,
  mode: PaintMode,
  base: BaseHeight,
): Draft {
  if (dabs.length === 0 || !(brush.radiusIn > 0) || !(brush.strengthIn > 0)) return draft
  const before = reliefFor(draft)
  const after = dabs.reduce((r, at) => dab(r, at, brush, mode, base), before)
  const had = (draft.terrain as { relief?: ReliefGrid } | undefined)?.relief
  if (after === before && had === before) return draft
  const terrain = { ...((draft.terrain as Record<string, unknown> | undefined) ?? {}) }
  if (after.heightsIn.some((h) => h !== 0)) terrain.relief = after
  else if (had) delete terrain.relief
  else return draft
  return { ...draft, terrain }
}

/** The points of a drag from `from` to `to` where the brush dabs: every `spacingIn`, `from` itself not included. */
export function dabsAlong(from: TablePoint, to: TablePoint, spacingIn: number): TablePoint[] {
  const length = Math.hypot(to.x - from.x, to.z - from.z)
  const count = Math.floor(length / spacingIn)
  const out: TablePoint[] = []
  for (let n = 1; n <= count; n++) {
    const t = (n * spacingIn) / length
    out.push({ x: from.x + (to.x - from.x) * t, z: from.z + (to.z - from.z) * t })
  }
  return out
}

/** How far apart a drag's dabs fall for a brush: a third of its radius (at least a quarter inch). */
export const dabSpacingIn = (brush: Brush): number => Math.max(0.25, brush.radiusIn / 3)
