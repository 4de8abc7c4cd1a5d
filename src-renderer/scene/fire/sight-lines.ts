import { Color } from 'three'
import type { SightCover, SightLine } from '../../state/stores'

/** The colour of a sight line by the target's cover (SMLE-SHOOT-21..24): the more cover, the warmer. */
export const COVER_COLOUR: Readonly<Record<SightCover, string>> = {
  none: '#4fd36b',
  soft: '#f2d64b',
  hard: '#f08a2c',
  position: '#e0413a',
  blocked: '#9a9a9a',
}

/** What each colour means, for the legend. */
export const COVER_WORDS: Readonly<Record<SightCover, string>> = {
  none: 'in the open',
  soft: 'soft cover',
  hard: 'hard cover',
  position: 'prepared position',
  blocked: 'not seen',
}

const ORDER: readonly SightCover[] = ['none', 'soft', 'hard', 'position', 'blocked']

type P3 = [number, number, number]

/** The sight lines as drawable segments: seen lines solid in their cover's colour, blocked ones dashed grey. */
export interface SightSegments {
  /** Pairs of points, one pair a line. */
  readonly seen: readonly P3[]
  /** One colour per point of `seen`. */
  readonly seenColours: readonly P3[]
  readonly blocked: readonly P3[]
  /** How many lines of each cover, in legend order (covers without lines left out). */
  readonly legend: readonly { readonly cover: SightCover; readonly count: number; readonly colour: string }[]
}

/** Turns the sight lines of an attack into segments and a legend. */
export function sightSegments(lines: readonly SightLine[]): SightSegments {
  const seen: P3[] = []
  const seenColours: P3[] = []
  const blocked: P3[] = []
  const counts = new Map<SightCover, number>()
  const c = new Color()
  for (const l of lines) {
    counts.set(l.cover, (counts.get(l.cover) ?? 0) + 1)
    const ends: [P3, P3] = [
      [l.from.x, l.from.y, l.from.z],
      [l.to.x, l.to.y, l.to.z],
    ]
    if (l.cover === 'blocked') {
      blocked.push(...ends)
      continue
    }
    c.set(COVER_COLOUR[l.cover])
    seen.push(...ends)
    seenColours.push([c.r, c.g, c.b], [c.r, c.g, c.b])
  }
  const legend = ORDER.filter((k) => counts.has(k)).map((cover) => ({
    cover,
    count: counts.get(cover)!,
    colour: COVER_COLOUR[cover],
  }))
  return { seen, seenColours, blocked, legend }
}
