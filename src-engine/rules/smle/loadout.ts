import type { FigureState } from './state/state'
import { droppedOnBreak, encumbranceIn as weaponEncumbranceIn } from './weapons'

/**
 * SMLE-MOVE-07 encumbrance of a figure, in inches lost (positive): −1" for a
 * heavy weapon, −2" for a very heavy one (Table 6), nothing for a Big Guns
 * hero (SMLE-HERO-04).
 */
export function encumbranceIn(figure: Pick<FigureState, 'weapons' | 'hero'>): number {
  return -weaponEncumbranceIn(figure.weapons, figure.hero?.bigGuns === true)
}

/** SMLE-OPT-08 / SMLE-OPT-09: the weapons a figure drops when its team breaks (Table 6 heavy and very heavy). */
export function heavyWeapons(figure: Pick<FigureState, 'weapons'>): string[] {
  return droppedOnBreak(figure.weapons)
}
