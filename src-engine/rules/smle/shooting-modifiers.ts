import type { RollModifier } from './events/events'
import type { Quality } from './scenario/schema'
import type { HeroGrade, Motivation } from './combat-types'
import { isWithin, modifier } from './combat-types'
import { heroModifier } from './heroes'
import type { SmleSettings } from './settings'

/** SMLE-SHOOT-10 / §8.2: to-hit number (2D6 ≥) by the firing figure's own quality. */
export const TO_HIT_BY_QUALITY: Readonly<Record<Quality, number>> = { untrained: 9, green: 8, trained: 7, veteran: 6 }

/** Table 3: target quality modifier. */
export const TARGET_QUALITY_TO_HIT: Readonly<Record<Quality, number>> = {
  untrained: 2,
  green: 1,
  trained: 0,
  veteran: -1,
}

/**
 * The to-hit number of a firing figure (SMLE-SHOOT-10): its own quality;
 * Fanatic and Elite do not change it (Elite is a +1 firer modifier instead).
 */
export function toHitNumber(quality: Quality): number {
  return TO_HIT_BY_QUALITY[quality]
}

/** The firing (or observing) figure, as Table 3 sees it. */
export interface FirerState {
  /** The figure's own quality (SMLE-QUAL-02). */
  readonly quality: Quality
  readonly motivation: Motivation
  /** Inches moved so far this activation, crawling and standing up included (SMLE-SHOOT-20, SMLE-COMBAT-03). */
  readonly movedIn: number
  /** The figure's full move after every adjustment; half of it is the SMLE-SHOOT-20 threshold. */
  readonly fullMoveIn: number
  readonly prone: boolean
  /** Braced (SMLE-SHOOT-25): a round stationary without firing, not moved since. */
  readonly braced: boolean
  /** The firer carries a light wound not yet treated (SMLE-DMG-07). A Tough hero's wound does not count (SMLE-HERO-04). */
  readonly untreatedLightWound: boolean
  /** The firer's team received no fire attack this round or the previous round (Table 3, §17.14). */
  readonly teamNotUnderFire: boolean
  /** Hero grade (§14.1; 0 or absent for an ordinary figure). */
  readonly heroGrade?: HeroGrade
  /** Crew of a vehicle with a light wound not yet repaired (SMLE-VEH-15: −2 to hit). */
  readonly vehicleLightWound?: boolean
}

/**
 * SMLE-SHOOT-20: "firer moved". Stationary (0") no modifier; more than 0" but
 * less than half the full move −2; half or more −4.
 */
export function movedModifier(movedIn: number, fullMoveIn: number): RollModifier | null {
  if (movedIn <= 0) return null
  if (movedIn < fullMoveIn / 2) return modifier('Firer moved less than half its move', -2, 'SMLE-SHOOT-20')
  return modifier('Firer moved half its move or more', -4, 'SMLE-SHOOT-20')
}

/**
 * The firer rows of Table 3 that belong to the figure (not the weapon or the
 * range): Elite, moved, prone, braced, not under fire, light wound, hero,
 * a vehicle's light wound. `options.weapon` false leaves out bracing (an
 * observer's roll, SMLE-IND-05). All cumulative (SMLE-SHOOT-09).
 */
export function firerModifiers(
  firer: FirerState,
  settings: SmleSettings,
  options: { weapon?: boolean } = {},
): RollModifier[] {
  const mods: RollModifier[] = []
  // SMLE-MOT-03: Elite's +1 adds to the quality's to-hit number.
  if (firer.motivation === 'elite') mods.push(modifier('Elite firer', 1, 'SMLE-MOT-03'))
  const moved = movedModifier(firer.movedIn, firer.fullMoveIn)
  if (moved) mods.push(moved)
  if (firer.prone) mods.push(modifier('Firer prone', 1, 'SMLE-SHOOT-03'))
  if (firer.braced && options.weapon !== false) mods.push(modifier('Braced weapon', 1, 'SMLE-SHOOT-25'))
  if (firer.teamNotUnderFire) mods.push(modifier('Firing team not under fire', 2, 'SMLE-SHOOT-03'))
  if (firer.untreatedLightWound) mods.push(modifier('Firer lightly wounded', -2, 'SMLE-DMG-07'))
  if (firer.vehicleLightWound) mods.push(modifier('Vehicle light wound', -2, 'SMLE-VEH-15'))
  const hero = heroModifier('toHit', firer.heroGrade ?? 0, settings)
  if (hero) mods.push(hero)
  return mods
}

/** Table 3: the target quality row (none for Trained, for vehicles and for points). */
export function targetQualityModifier(quality: Quality): RollModifier | null {
  const value = TARGET_QUALITY_TO_HIT[quality]
  return value === 0 ? null : modifier(`Target ${quality}`, value, 'SMLE-SHOOT-03')
}

/** SMLE-SHOOT-07: within 4" the firer adds its weapon's Close factor. */
export const CLOSE_RANGE_IN = 4

/** SMLE-SHOOT-08: beyond effective range −4; fire beyond 2× effective range cannot hit. */
export const BEYOND_EFFECTIVE_TO_HIT = -4

/** Where a range falls for a weapon (SMLE-SHOOT-07/08, SMLE-GEN-06: "within" is ≤). */
export interface RangeBand {
  readonly close: boolean
  readonly beyondEffective: boolean
  readonly beyondMaximum: boolean
}

/** The range band of a shot at `rangeIn` with a weapon of `effectiveRangeIn`. */
export function rangeBand(rangeIn: number, effectiveRangeIn: number): RangeBand {
  if (!(rangeIn >= 0)) throw new RangeError(`bad range ${rangeIn}`)
  return {
    close: isWithin(rangeIn, CLOSE_RANGE_IN),
    beyondEffective: !isWithin(rangeIn, effectiveRangeIn),
    beyondMaximum: !isWithin(rangeIn, 2 * effectiveRangeIn),
  }
}
