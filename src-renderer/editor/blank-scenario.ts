import type { Draft } from './editor-store'
import { addTeam } from './force-edits'

/**
 * A new scenario on an empty table (New game → Build a scenario): the
 * table's size, two sides each deploying within 8" of its own edge (the
 * south and the north, the §16 default) with one fire team of three
 * riflemen there to start from, the round limit of 10 and no victory
 * condition yet (the check says so until one is given).
 */

/** What New game asks the editor to open when the player builds a scenario (no scenario yet: the editor asks its size). */
export function isBlankRequest(draft: Draft): boolean {
  return draft.blank === true && draft.ruleset === undefined
}

/** The §16 default depth of a deployment zone: within 8" of the side's own edge. */
export const ZONE_DEPTH_IN = 8

/** Table sizes offered, inches: the §16 default first. */
export const TABLE_SIZES: readonly (readonly [number, number])[] = [
  [48, 48],
  [60, 36],
  [72, 48],
  [96, 48],
  [120, 60],
]

export interface BlankOptions {
  readonly id: string
  readonly name: string
  readonly widthIn: number
  readonly depthIn: number
  /** The two sides' names: the first deploys along the south edge and sets up first, the second along the north. */
  readonly sides: readonly [string, string]
}

/** Lower-case words joined by hyphens, as scenario and side ids are written. */
export function slug(text: string, fallback: string): string {
  const s = text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
  return /^[a-z0-9]/.test(s) ? s : fallback
}

/** An id `<stem>`, or `<stem>-<n>` with the first n not among `taken`. */
export function freeScenarioId(stem: string, taken: readonly string[]): string {
  if (!taken.includes(stem)) return stem
  for (let n = 2; ; n++) if (!taken.includes(`${stem}-${n}`)) return `${stem}-${n}`
}

/** A scenario on an empty table of the size given, with its two sides and a team each. */
export function blankScenario(o: BlankOptions): Draft {
  const w = o.widthIn
  const d = o.depthIn
  const zone = Math.min(ZONE_DEPTH_IN, d / 4)
  const first = slug(o.sides[0], 'side-a')
  const second = slug(o.sides[1], first === 'side-b' ? 'side-c' : 'side-b')
  const secondId = second === first ? `${second}-2` : second
  let draft: Draft = {
    formatVersion: 1,
    id: o.id,
    name: o.name,
    description: '',
    ruleset: 'smle',
    table: { widthIn: w, depthIn: d },
    terrain: { resolutionIn: 0.5, hills: [], ridges: [], slopes: [], areas: [] },
    sides: [
      {
        id: first,
        name: o.sides[0],
        colour: '#3f6fb0',
        deploymentZone: { minX: 0, minZ: d - zone, maxX: w, maxZ: d },
      },
      { id: secondId, name: o.sides[1], colour: '#b0413e', deploymentZone: { minX: 0, minZ: 0, maxX: w, maxZ: zone } },
    ],
    baseLines: [
      { sideId: first, edge: 'south' },
      { sideId: secondId, edge: 'north' },
    ],
    teams: [],
    victory: { conditions: [], atTimeLimit: 'draw' },
    roundLimit: 10,
    firstSideId: first,
  }
  draft = addTeam(draft, first).draft
  draft = addTeam(draft, secondId).draft
  return draft
}
