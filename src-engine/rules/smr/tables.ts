/**
 * The SMR tables of `shared/rules/smr.md`, as data: Table M (ranged, §4.1),
 * Table V (movement, §5.2), Table C (melee, §7.1), Table G (creatures,
 * §9.5), the rout table (SMR-ROUT-01), self-rally scores (SMR-RALLY-03),
 * doors (§9.4) and points (§2.2).
 */

/** SMR-UNIT-01: the four classes. */
export type UnitClass = 'P' | 'L' | 'H' | 'XH'
export const UNIT_CLASSES: readonly UnitClass[] = ['P', 'L', 'H', 'XH']

/** A missile weapon of Table M. */
export type MissileWeapon = 'bow' | 'crossbow' | 'sling'

// SMR-GEN-01/02: two six-sided dice; every roll is 2D6 unless a rule says 1D6 (rallies, morale, lizard attacks).
// Worked examples of these tables, each a test: SMR-MISS-E01, SMR-MISS-E02, SMR-MISS-E03, SMR-MISS-E04,
// SMR-MISS-E05 (Table M); SMR-MELEE-E01, SMR-MELEE-E02, SMR-MELEE-E03 (Table C); SMR-GH-E01 (Table G);
// SMR-RALLY-E01, SMR-RALLY-E02 (self-rally); SMR-OPT-E30 (doors); SMR-PTS-E01, SMR-PTS-E02, SMR-PTS-E03 (points).
/** Table M (SMR-MISS-07): range in inches and the 2D6 needed by target class. */
export const TABLE_M: Readonly<Record<MissileWeapon, { rangeIn: number; needed: Record<UnitClass, number> }>> = {
  bow: { rangeIn: 12, needed: { P: 9, L: 10, H: 11, XH: 12 } },
  crossbow: { rangeIn: 10, needed: { P: 8, L: 9, H: 10, XH: 11 } },
  sling: { rangeIn: 10, needed: { P: 10, L: 11, H: 12, XH: 12 } },
}

/** Table V (§5.2): maximum move per turn, inches, foot and mounted by class; giant lizard 6" (SMR-GH-01). */
export const TABLE_V: Readonly<Record<'foot' | 'mounted', Record<UnitClass, number>>> = {
  foot: { P: 4, L: 4, H: 3, XH: 2 },
  // Peasant cavalry as light cavalry: [decision] unarmoured rider.
  mounted: { P: 6, L: 6, H: 5, XH: 4 },
}
export const GIANT_LIZARD_MOVE_IN = 6

/** Rows of Table C: the attacking unit. */
export type MeleeRow = 'PIC' | 'PA' | 'LIC' | 'LA' | 'HIC' | 'HA'
/** Columns of Table C: the defending unit. */
export type MeleeColumn = 'PIC' | 'LIC' | 'HIC' | 'XHIC' | 'PA' | 'LA' | 'HA'
export const MELEE_COLUMNS: readonly MeleeColumn[] = ['PIC', 'LIC', 'HIC', 'XHIC', 'PA', 'LA', 'HA']

const row = (...n: number[]): Record<MeleeColumn, number> => ({
  PIC: n[0]!,
  LIC: n[1]!,
  HIC: n[2]!,
  XHIC: n[3]!,
  PA: n[4]!,
  LA: n[5]!,
  HA: n[6]!,
})

/** Table C (SMR-MELEE-07), as published (Light archer vs PA = 9, ambiguity 14). */
export const TABLE_C: Readonly<Record<MeleeRow, Record<MeleeColumn, number>>> = {
  PIC: row(9, 10, 11, 12, 8, 9, 10),
  PA: row(10, 11, 12, 12, 9, 10, 11),
  LIC: row(8, 9, 10, 11, 7, 8, 9),
  LA: row(9, 10, 11, 12, 9, 10, 11),
  HIC: row(7, 8, 9, 10, 6, 7, 8),
  HA: row(8, 9, 10, 11, 7, 8, 9),
}

/** A giant lizard's attacks (Table G, SMR-GH-01). */
export type LizardAttack = 'bite' | 'claw' | 'tail lash'

/** Table G: the attack a 1D6 picks (1–3 bite, 4–5 claw, 6 tail lash). */
export function lizardAttackFor(d6: number): LizardAttack {
  return d6 <= 3 ? 'bite' : d6 <= 5 ? 'claw' : 'tail lash'
}

/** Table G: the 2D6 needed by attack and defender column. */
export const TABLE_G: Readonly<Record<LizardAttack, Record<MeleeColumn, number>>> = {
  bite: row(7, 8, 9, 11, 6, 7, 8),
  claw: row(8, 9, 10, 11, 7, 8, 9),
  'tail lash': row(9, 10, 11, 12, 8, 9, 10),
}

/**
 * SMR-ROUT-01: whether a natural roll routs a unit of this class:
 * 2 routs any class, 3 Light or Peasant, 4 Peasant only, 5–11 never.
 */
export function naturalRouts(natural: number, cls: UnitClass): boolean {
  if (natural === 2) return true
  if (natural === 3) return cls === 'L' || cls === 'P'
  if (natural === 4) return cls === 'P'
  return false
}

/** SMR-RALLY-03: the lowest 1D6 that rallies a unit on its own, by class. */
export const SELF_RALLY_MIN: Readonly<Record<UnitClass, number>> = { XH: 4, H: 4, L: 5, P: 6 }

/** SMR-MISS-08, SMR-ROUT-01: a natural 12 always kills. */
export const AUTOMATIC_KILL = 12

/** §9.4: the doors of optional rule #4 and the Greatheart notes. */
export type DoorKindSmr = 'smallKeep' | 'cottage' | 'mediumKeep'
export const DOOR_TABLE: Readonly<
  Record<DoorKindSmr, { needed: number; successes: number; weapon: 'axe' | 'any'; label: string }>
> = {
  smallKeep: { needed: 10, successes: 3, weapon: 'axe', label: 'small keep door' },
  cottage: { needed: 8, successes: 1, weapon: 'any', label: 'small cottage door' },
  mediumKeep: { needed: 8, successes: 3, weapon: 'axe', label: 'medium keep door' },
}

/** §2.2 points (SMR-PTS-01). */
export const CLASS_POINTS: Readonly<Record<UnitClass, number>> = { XH: 4, H: 3, L: 2, P: 1 }
export const HORSE_POINTS = 2
export const ARMOURED_HORSE_EXTRA = 1
export const WEAPON_POINTS: Readonly<Record<'hand' | MissileWeapon, number>> = {
  hand: 0,
  bow: 1,
  crossbow: 1,
  sling: 0,
}
export const GIANT_LIZARD_POINTS = 6
