import type { FigureState } from '../../core/state'

/**
 * SMLE-MOVE-07 encumbrance of a figure, in inches: −1" for a heavy weapon,
 * −2" for a very heavy one (Table 6 flags).
 */
export function encumbranceIn(figure: Pick<FigureState, 'weapons'>): number {
  // TODO(#3): read the heavy / very heavy flags from Table 6 (rules/smle/weapons.ts) once it lands; until then no figure is encumbered.
  return figure.weapons.length * 0
}

/** SMLE-OPT-08 / SMLE-OPT-09: the weapons a figure drops when its team breaks (Table 6 heavy and very heavy). */
export function heavyWeapons(figure: Pick<FigureState, 'weapons'>): string[] {
  // TODO(#3): Table 6 flags (rules/smle/weapons.ts); until it lands no weapon is marked heavy.
  return figure.weapons.filter(() => false)
}
