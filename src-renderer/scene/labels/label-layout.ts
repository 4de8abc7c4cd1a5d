/**
 * Which labels over the table are drawn: a label whose anchor a wall, roof or
 * hill hides from the camera is not (a pinned one is only faded); of the
 * rest, far ones are dropped and, where two would overlap on screen, the
 * more important or nearer one wins. Pure, so it is tested without a canvas.
 */

/** How a label is drawn now. `pending`: its anchor has not been checked against the walls yet. */
export type LabelState = 'shown' | 'faded' | 'behind' | 'far' | 'crowded' | 'off' | 'pending'

/** Importance of a label, higher first: pinned labels (the acting team, the selection) are always drawn. */
export const LABEL_RANK = { team: 0, place: 1, vehicle: 1, pinned: 2 } as const

/** A label as the layout sees it in one frame. */
export interface LabelSlot {
  readonly id: string
  readonly rank: number
  /** From the camera to the anchor, inches. */
  readonly distanceIn: number
  /** Centre on screen, CSS pixels; null when the anchor is behind the camera or off the canvas. */
  readonly screen: { readonly x: number; readonly y: number } | null
  /** Size of the label on screen, CSS pixels. */
  readonly widthPx: number
  readonly heightPx: number
  /** Hidden by something solid from the camera; null when not checked yet. */
  readonly occluded: boolean | null
}

export interface LayoutOptions {
  /** Labels of a rank below pinned farther than this from the camera are dropped. */
  readonly maxDistanceIn: number
  /** Space kept free around a drawn label, CSS pixels. */
  readonly marginPx?: number
}

/** Whether a state draws the label. */
export const isDrawn = (s: LabelState): boolean => s === 'shown' || s === 'faded'

interface Box {
  readonly x0: number
  readonly y0: number
  readonly x1: number
  readonly y1: number
}

const overlaps = (a: Box, b: Box): boolean => a.x0 < b.x1 && b.x0 < a.x1 && a.y0 < b.y1 && b.y0 < a.y1

/**
 * Lays the labels out: pinned first (shown, or faded when something hides
 * them), then by rank and nearness; a label hidden from the camera, off
 * the canvas, too far, or overlapping one already placed is not drawn.
 */
export function layoutLabels(slots: readonly LabelSlot[], options: LayoutOptions): Map<string, LabelState> {
  const margin = options.marginPx ?? 2
  const order = [...slots].sort((a, b) => b.rank - a.rank || a.distanceIn - b.distanceIn || (a.id < b.id ? -1 : 1))
  const placed: Box[] = []
  const out = new Map<string, LabelState>()
  for (const s of order) {
    const pinned = s.rank >= LABEL_RANK.pinned
    if (!s.screen) {
      out.set(s.id, 'off')
      continue
    }
    if (s.occluded === null && !pinned) {
      out.set(s.id, 'pending')
      continue
    }
    if (s.occluded && !pinned) {
      out.set(s.id, 'behind')
      continue
    }
    if (!pinned && s.distanceIn > options.maxDistanceIn) {
      out.set(s.id, 'far')
      continue
    }
    const box: Box = {
      x0: s.screen.x - s.widthPx / 2 - margin,
      y0: s.screen.y - s.heightPx / 2 - margin,
      x1: s.screen.x + s.widthPx / 2 + margin,
      y1: s.screen.y + s.heightPx / 2 + margin,
    }
    if (!pinned && placed.some((p) => overlaps(p, box))) {
      out.set(s.id, 'crowded')
      continue
    }
    placed.push(box)
    out.set(s.id, pinned && s.occluded ? 'faded' : 'shown')
  }
  return out
}

/**
 * Round-robin line-of-sight checks of label anchors, a few per frame: a
 * camera move or a new label queues every label again, and until its turn
 * comes a label keeps its last answer (no flicker while orbiting).
 */
export class OcclusionSweep {
  private readonly results = new Map<string, boolean>()
  private queue: string[] = []
  private readonly queued = new Set<string>()

  /** Queues these labels (in this order) for a fresh check; labels no longer listed are forgotten. */
  recheck(ids: readonly string[]): void {
    const live = new Set(ids)
    for (const id of [...this.results.keys()]) if (!live.has(id)) this.results.delete(id)
    this.queue = this.queue.filter((id) => live.has(id))
    this.queued.clear()
    for (const id of this.queue) this.queued.add(id)
    for (const id of ids) {
      if (this.queued.has(id)) continue
      this.queue.push(id)
      this.queued.add(id)
    }
  }

  /** Checks up to `budget` queued labels; true when an answer changed. */
  step(budget: number, isOccluded: (id: string) => boolean): boolean {
    let changed = false
    for (let n = 0; n < budget && this.queue.length > 0; n++) {
      const id = this.queue.shift()!
      this.queued.delete(id)
      const now = isOccluded(id)
      if (this.results.get(id) !== now) changed = true
      this.results.set(id, now)
    }
    return changed
  }

  /** The last answer for a label, or null before its first check. */
  occluded(id: string): boolean | null {
    return this.results.get(id) ?? null
  }

  /** Nothing left to check. */
  get done(): boolean {
    return this.queue.length === 0
  }
}
