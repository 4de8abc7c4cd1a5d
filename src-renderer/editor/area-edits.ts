import type { AreaKind } from '../../src-engine/index'
import { type Draft, type Item, list } from './force-draft'

/**
 * Areas of the table drawn as a strip along a line rather than as a polygon:
 * a road (a good surface for a vehicle's road speed, SMLE-VEH-02) or a stream
 * (water). Each edit takes the draft and gives the changed one, or the same
 * draft when nothing changes.
 */

/** The kinds of area drawn as a strip, point by point along its line. */
export type StripKind = Extract<AreaKind, 'road' | 'water'>

/** The strip tools, in the order of their buttons. */
export const STRIP_KINDS: readonly StripKind[] = ['road', 'water']

/** What a strip of each kind is called: a road, or water along a line (a stream). */
export const STRIP_NAMES: Readonly<Record<StripKind, string>> = { road: 'Road', water: 'Stream' }

/** The width a new strip has, inches (the reference town's north road and stream). */
export const STRIP_WIDTHS: Readonly<Record<StripKind, number>> = { road: 2.2, water: 1.2 }

/** A strip's width, inches: at least this. */
export const MIN_STRIP_WIDTH_IN = 0.5

/** Whether an area is a strip along a line (its width then matters). */
export function isStrip(area: Readonly<Item>): boolean {
  return Array.isArray(area.line) && !Array.isArray(area.polygon)
}

/** A strip's width changed, inches (no narrower than `MIN_STRIP_WIDTH_IN`); a polygon has none. */
export function setStripWidth(draft: Draft, areaId: string, widthIn: number): Draft {
  if (!Number.isFinite(widthIn) || widthIn < MIN_STRIP_WIDTH_IN) return draft
  const terrain = (draft.terrain ?? {}) as Item
  const areas = list(terrain.areas)
  const a = areas.find((x) => x.id === areaId)
  if (!a || !isStrip(a) || a.widthIn === widthIn) return draft
  return { ...draft, terrain: { ...terrain, areas: areas.map((x) => (x.id === areaId ? { ...x, widthIn } : x)) } }
}
