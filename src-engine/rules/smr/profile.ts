import { rectFootprintMm } from '../../world/footprint'
import type { Footprint } from '../../world/types'
import type { SmrSettings } from './settings'
import {
  ARMOURED_HORSE_EXTRA,
  CLASS_POINTS,
  GIANT_LIZARD_MOVE_IN,
  GIANT_LIZARD_POINTS,
  HORSE_POINTS,
  type MeleeColumn,
  type MeleeRow,
  type MissileWeapon,
  TABLE_V,
  type UnitClass,
  WEAPON_POINTS,
} from './tables'

/** What a unit is (SMR-UNIT-01): its class, mount, weapon, and whether it is a Greatheart creature. */
export interface UnitProfile {
  readonly cls: UnitClass
  /** `foot` (infantry), `horse` (cavalry), `armouredHorse` (cavalry on an armoured horse: XHC when XH). */
  readonly mount: 'foot' | 'horse' | 'armouredHorse'
  /** Main weapon: a hand weapon, or a missile weapon (an archer, SMR-UNIT-02). */
  readonly weapon: 'hand' | MissileWeapon
  /** SMR-GH-01: a giant lizard (its class is H by definition). */
  readonly creature?: 'giantLizard' | undefined
  /** Carries an axe (SMR-OPT-30: keep doors need one). */
  readonly axe?: boolean | undefined
}

/** SMR-UNIT-01/02: mounted units are cavalry. */
export function isMounted(p: UnitProfile): boolean {
  return p.mount !== 'foot'
}

/** SMR-UNIT-02: any unit whose main weapon is a bow, crossbow or sling is an archer (slingers too, SMR-MELEE-01). */
export function isArcher(p: UnitProfile): boolean {
  return p.creature === undefined && p.weapon !== 'hand'
}

/** The missile weapon a unit fires in Event 1 (SMR-MISS-01), if any. */
export function missileWeapon(p: UnitProfile): MissileWeapon | null {
  return p.creature === undefined && p.weapon !== 'hand' ? p.weapon : null
}

/**
 * SMR-PTS-01: cost = class + mount (+2 a horse, +1 more armoured) + missile
 * weapon (bow/crossbow +1, sling 0). SMR-PTS-06: XHC is 4+2+1 = 7 by class,
 * or 3+2+1 = 6 pricing its chainmailed rider as Heavy. A giant lizard costs 6
 * (SMR-GH-01).
 */
export function unitPoints(p: UnitProfile, settings: Pick<SmrSettings, 'xhcPointsBasis'>): number {
  if (p.creature === 'giantLizard') return GIANT_LIZARD_POINTS
  const xhc = p.cls === 'XH' && p.mount === 'armouredHorse'
  const cls = xhc && settings.xhcPointsBasis === 'riderArmour' ? CLASS_POINTS.H : CLASS_POINTS[p.cls]
  const mount = p.mount === 'foot' ? 0 : HORSE_POINTS + (p.mount === 'armouredHorse' ? ARMOURED_HORSE_EXTRA : 0)
  return cls + mount + WEAPON_POINTS[p.weapon]
}

/** Table V (SMR-MOVE-04): the unit's maximum move per turn; archers move as their class, foot or mounted (SMR-UNIT-02). */
export function moveAllowanceIn(p: UnitProfile): number {
  if (p.creature === 'giantLizard') return GIANT_LIZARD_MOVE_IN
  return TABLE_V[isMounted(p) ? 'mounted' : 'foot'][p.cls]
}

/** The class a unit counts as for routs and rallies (SMR-ROUT-02, SMR-RALLY-05; a giant lizard as H). */
export function moraleClass(p: UnitProfile): UnitClass {
  return p.creature === 'giantLizard' ? 'H' : p.cls
}

/** The Table M column of a target (its class, SMR-MISS-07; a giant lizard as H, SMR-GH-01). */
export function missileColumn(p: UnitProfile): UnitClass {
  return moraleClass(p)
}

/**
 * The Table C row of an attacker: archers by their class (SMR-UNIT-02; XH
 * archers as heavy archers, SMR-UNIT-04), others by class with H and XH
 * sharing the "Hvy./XH" row; cavalry as infantry of its class (SMR-UNIT-03).
 */
export function meleeRow(p: UnitProfile): MeleeRow {
  if (isArcher(p)) return p.cls === 'P' ? 'PA' : p.cls === 'L' ? 'LA' : 'HA'
  return p.cls === 'P' ? 'PIC' : p.cls === 'L' ? 'LIC' : 'HIC'
}

/**
 * The Table C column of a defender: archers (slingers included,
 * SMR-MELEE-01) in PA/LA/HA (XH archers as HA, SMR-UNIT-04), others by class;
 * a giant lizard as HI/C (SMR-GH-01).
 */
export function meleeColumn(p: UnitProfile): MeleeColumn {
  if (p.creature === 'giantLizard') return 'HIC'
  if (isArcher(p)) return p.cls === 'P' ? 'PA' : p.cls === 'L' ? 'LA' : 'HA'
  return p.cls === 'P' ? 'PIC' : p.cls === 'L' ? 'LIC' : p.cls === 'H' ? 'HIC' : 'XHIC'
}

/** SMR-GEN-06: infantry on 20 mm squares; cavalry and giant creatures on 25 × 50 mm. */
export function footprintOfProfile(p: UnitProfile): Footprint {
  return isMounted(p) || p.creature === 'giantLizard' ? rectFootprintMm(25, 50) : rectFootprintMm(20, 20)
}

/** Height of the figure for sight lines: a rider or a lizard stands taller. */
export function figureHeightIn(p: UnitProfile): number {
  return isMounted(p) || p.creature === 'giantLizard' ? 2.4 : 1.6
}

/** A short name for a profile: "heavy cavalry", "light archer (bow)", "peasant slinger", "giant lizard". */
export function profileLabel(p: UnitProfile): string {
  if (p.creature === 'giantLizard') return 'giant lizard'
  const cls = { P: 'peasant', L: 'light', H: 'heavy', XH: 'extra-heavy' }[p.cls]
  if (p.weapon === 'sling') return `${cls} slinger${isMounted(p) ? ' (mounted)' : ''}`
  if (p.weapon === 'bow' || p.weapon === 'crossbow')
    return `${cls} ${p.weapon === 'bow' ? 'archer' : 'crossbowman'}${isMounted(p) ? ' (mounted)' : ''}`
  if (isMounted(p)) return p.cls === 'XH' && p.mount === 'armouredHorse' ? 'extra-heavy cavalry' : `${cls} cavalry`
  return p.cls === 'P' ? 'peasant' : `${cls} infantry`
}
