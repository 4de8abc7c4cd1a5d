/** Table 1, the Activation Table (SMLE §4.1): bands B0…B10 and their options. */

/** A band index, B0 (Break) … B10 (Double Move) (SMLE-ACT-02). */
export type Band = 0 | 1 | 2 | 3 | 4 | 5 | 6 | 7 | 8 | 9 | 10

/** The Move option of a row. */
export type MoveRow = 'full' | 'half' | 'none' | 'halfBack' | 'fullBack' | 'break'

/** The Combat option of a row (the most it allows). */
export type CombatRow =
  'closeAssault' | 'directFire' | 'opportunityFire' | 'returnFire' | 'panicFire' | 'noFiring' | 'abandonWeapons'

/** The Other options of Table 1. */
export type OtherOption = 'deactivateTraps' | 'observe' | 'debus' | 'recoverCasualties' | 'reload'

/** One row of Table 1. */
export interface BandRow {
  readonly band: Band
  readonly action: 'Double Move' | 'Close' | 'Advance' | 'Stand' | 'Pinned' | 'Fall Back' | 'Break'
  readonly move: MoveRow
  readonly combat: CombatRow
  readonly other: OtherOption | null
}

/** Table 1 (`[web-slammer]`, Break movement per SMLE-OPT-08). */
export const TABLE_1: readonly BandRow[] = [
  { band: 0, action: 'Break', move: 'break', combat: 'abandonWeapons', other: null },
  { band: 1, action: 'Fall Back', move: 'fullBack', combat: 'noFiring', other: null },
  { band: 2, action: 'Fall Back', move: 'halfBack', combat: 'panicFire', other: null },
  { band: 3, action: 'Pinned', move: 'none', combat: 'returnFire', other: 'reload' },
  { band: 4, action: 'Stand', move: 'half', combat: 'returnFire', other: 'recoverCasualties' },
  { band: 5, action: 'Stand', move: 'half', combat: 'opportunityFire', other: 'debus' },
  { band: 6, action: 'Advance', move: 'half', combat: 'opportunityFire', other: 'observe' },
  { band: 7, action: 'Advance', move: 'half', combat: 'directFire', other: null },
  { band: 8, action: 'Close', move: 'half', combat: 'directFire', other: 'deactivateTraps' },
  { band: 9, action: 'Close', move: 'full', combat: 'closeAssault', other: null },
  { band: 10, action: 'Double Move', move: 'full', combat: 'closeAssault', other: null },
]

/** The lowest modified score of each band (SMLE-ACT-05: the AL after a shift up). */
const BAND_LOW: readonly number[] = [-Infinity, 1, 2, 3, 5, 6, 7, 8, 9, 11, 13]
/** The highest modified score of each band (SMLE-ACT-05: the AL after a shift down). */
const BAND_HIGH: readonly number[] = [0, 1, 2, 4, 5, 6, 7, 8, 10, 12, Infinity]

/** SMLE-ACT-01 / SMLE-ACT-03: the band of a modified score; no caps (≥13 is B10, ≤0 is B0). */
export function bandOf(score: number): Band {
  for (let b = 10; b >= 1; b--) if (score >= (BAND_LOW[b] ?? Infinity)) return b as Band
  return 0
}

/** The row of Table 1 for a band. */
export function rowOf(band: number): BandRow {
  const row = TABLE_1[Math.max(0, Math.min(10, Math.trunc(band)))]
  if (!row) throw new RangeError(`no band ${band}`)
  return row
}

/**
 * SMLE-ACT-05: shifts a result by `delta` bands after all numeric modifiers.
 * Up: the AL becomes the lowest score of the new band; down: the highest.
 * A shift beyond B10 or below B0 has no effect (the AL is kept).
 */
export function shiftBand(al: number, delta: number): { al: number; band: Band } {
  const band = bandOf(al)
  const target = Math.max(0, Math.min(10, band + delta)) as Band
  if (target === band) return { al, band }
  return { al: target > band ? (BAND_LOW[target] ?? al) : (BAND_HIGH[target] ?? al), band: target }
}

/** SMLE-MOT-06: Steady moves one band toward B6 ("7 Advance"). */
export function steadyDelta(band: Band): number {
  return band > 6 ? -1 : band < 6 ? 1 : 0
}

/** Lowest band for each combat option (Table 1; SMLE-COMBAT-01, -02, -04, -07, -09). */
export const COMBAT_MIN_BAND = {
  closeAssault: 9,
  directFire: 7,
  opportunityFire: 5,
  returnFire: 3,
  panicFire: 2,
} as const
export type CombatOption = keyof typeof COMBAT_MIN_BAND

/** Lowest band for each Other option (Table 1, SMLE-OPT-10). */
export const OTHER_MIN_BAND: Readonly<Record<OtherOption, number>> = {
  deactivateTraps: 8,
  observe: 6,
  debus: 5,
  recoverCasualties: 4,
  reload: 3,
}

/** SMLE-ACT-06: an option of the unit's own band or any lower band; B1 may not fire, B0 may not attack (SMLE-COMBAT-13). */
export function allowsCombat(band: number, option: CombatOption): boolean {
  return band >= COMBAT_MIN_BAND[option]
}

/** SMLE-ACT-06 / SMLE-OPT-10: Other options by band. */
export function allowsOther(band: number, option: OtherOption): boolean {
  return band >= OTHER_MIN_BAND[option]
}

/** The numeric AL that sits at the top of a band's range (for tests and displays). */
export function bandRange(band: Band): { low: number; high: number } {
  return { low: BAND_LOW[band] ?? -Infinity, high: BAND_HIGH[band] ?? Infinity }
}
