/** A rectangle in CSS pixels, as `getBoundingClientRect` gives it. */
export interface Box {
  readonly x: number
  readonly y: number
  readonly width: number
  readonly height: number
}

const clip = (b: Box, w: number, h: number): Box | null => {
  const x0 = Math.max(0, b.x)
  const y0 = Math.max(0, b.y)
  const x1 = Math.min(w, b.x + b.width)
  const y1 = Math.min(h, b.y + b.height)
  return x1 > x0 && y1 > y0 ? { x: x0, y: y0, width: x1 - x0, height: y1 - y0 } : null
}

/** The share of a `w`×`h` window that none of the boxes covers (overlaps counted once), 0..1. */
export function uncoveredFraction(boxes: readonly Box[], w: number, h: number): number {
  const inside = boxes.map((b) => clip(b, w, h)).filter((b): b is Box => b !== null)
  // Cut the window into strips at every box edge; in each strip, merge the boxes' spans along x.
  const ys = [...new Set(inside.flatMap((b) => [b.y, b.y + b.height]))].sort((a, b) => a - b)
  let covered = 0
  for (let i = 0; i + 1 < ys.length; i++) {
    const y0 = ys[i]!
    const y1 = ys[i + 1]!
    const spans = inside
      .filter((b) => b.y <= y0 && b.y + b.height >= y1)
      .map((b) => [b.x, b.x + b.width] as const)
      .sort((a, b) => a[0] - b[0])
    let width = 0
    let end = Number.NEGATIVE_INFINITY
    for (const [s, e] of spans) {
      if (e <= end) continue
      width += e - Math.max(s, end)
      end = e
    }
    covered += width * (y1 - y0)
  }
  return 1 - covered / (w * h)
}

/** Whether two boxes share some area (touching edges do not count). */
export function intersects(a: Box, b: Box): boolean {
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height
}

/** Every pair of named boxes that share some area. */
export function overlappingPairs<T extends { readonly id: string; readonly rect: Box }>(
  items: readonly T[],
): [string, string][] {
  const out: [string, string][] = []
  items.forEach((a, i) =>
    items.slice(i + 1).forEach((b) => {
      if (intersects(a.rect, b.rect)) out.push([a.id, b.id])
    }),
  )
  return out
}

/** Whether the box lies wholly inside the `w`×`h` window and has some area. */
export function withinWindow(b: Box, w: number, h: number): boolean {
  return b.width > 0 && b.height > 0 && b.x >= 0 && b.y >= 0 && b.x + b.width <= w && b.y + b.height <= h
}
