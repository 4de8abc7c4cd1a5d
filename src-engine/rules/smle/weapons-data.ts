import type { DamageType, DiceExpr } from './combat-types'

/** How a weapon may be fired (Table 6 flags "indirect only", "direct or indirect"). */
export type FireMode = 'direct' | 'indirectOnly' | 'directOrIndirect'

/** Carrying load (SMLE-WPN-01, SMLE-MOVE-07): heavy −1", very heavy −2". */
export type Encumbrance = 'none' | 'heavy' | 'veryHeavy'

/** What a round of limited ammunition costs in points (SMLE-PTS-04). */
export type AmmoKind = 'grenade' | 'rocket'

/**
 * One row of Table 6 (SMLE-WPN-01): damage type and dice, Close factor,
 * effective range and every flag.
 */
export interface WeaponProfile {
  readonly id: string
  readonly name: string
  /** The weapons this row stands for (Table 6 "examples"). */
  readonly examples: readonly string[]
  readonly type: DamageType
  readonly damage: DiceExpr
  /** Close factor: to-hit bonus within 4" and close-combat factor; null for "—". */
  readonly close: number | null
  /** Effective range in inches (thrown range for grenades); null for melee-only rows. */
  readonly effectiveRangeIn: number | null
  /** Minimum range in inches (mortars). */
  readonly minRangeIn: number
  /** The medium mortar may fire from off the table (Table 6 "off-table or 60""). */
  readonly offTable: boolean
  /** Autofire, **A** (SMLE-SHOOT-06). */
  readonly autofire: boolean
  /** Cannot fire unless braced (SMLE-SHOOT-25). */
  readonly mustBrace: boolean
  readonly encumbrance: Encumbrance
  /** Needs the Reload option before firing again (SMLE-WPN-01, SMLE-OPT-10). */
  readonly reload: boolean
  /** Fired once and discarded (Panzerfaust). */
  readonly singleShot: boolean
  readonly fireMode: FireMode
  /** Thrown by hand: deviation halved (SMLE-EXP-14). */
  readonly deviationHalved: boolean
  /** Extra damage per die on a direct hit (AT guns, SMLE-EXP-06). */
  readonly directHitBonusPerDie: number
  /** The direct-hit bonus needs an anti-tank role or AP round (the 75 mm "if AT gun / AP"). */
  readonly directHitBonusNeedsAp: boolean
  /** Flamethrower: the target team counts as under explosive fire and soft cover does not help it. */
  readonly flame: boolean
  /** Crew-served: how many figures serve it (null when one figure carries it). */
  readonly crew: number | null
  /** A bayonet may be fixed: close factor +1 more (Table 6 rifle row, SMLE-CA-07). */
  readonly takesBayonet: boolean
  /** Usually mounted on a vehicle (HMG). */
  readonly usuallyVehicleMounted: boolean
  /** Limited ammunition counted in points (SMLE-PTS-04), or null. */
  readonly ammoCost: AmmoKind | null
}

type Row = Partial<WeaponProfile> &
  Pick<WeaponProfile, 'id' | 'name' | 'examples' | 'type' | 'damage' | 'close' | 'effectiveRangeIn'>

const DEFAULTS: Omit<WeaponProfile, 'id' | 'name' | 'examples' | 'type' | 'damage' | 'close' | 'effectiveRangeIn'> = {
  minRangeIn: 0,
  offTable: false,
  autofire: false,
  mustBrace: false,
  encumbrance: 'none',
  reload: false,
  singleShot: false,
  fireMode: 'direct',
  deviationHalved: false,
  directHitBonusPerDie: 0,
  directHitBonusNeedsAp: false,
  flame: false,
  crew: null,
  takesBayonet: false,
  usuallyVehicleMounted: false,
  ammoCost: null,
}

const d = (dice: number, plus = 0): DiceExpr => ({ dice, plus })
const row = (r: Row): WeaponProfile => ({ ...DEFAULTS, ...r })

/**
 * Table 6, WW2 direct-fire weapons (§9.2, a `[decision]` table built on the
 * seed's anchors), row by row. Ids are what scenarios write in a figure's
 * `weapon`; `WEAPON_ALIASES` maps the example names onto them.
 */
export const WEAPON_TABLE: readonly WeaponProfile[] = [
  row({
    id: 'pistol',
    name: 'Pistol',
    examples: ['pistol', 'revolver'],
    type: 'B',
    damage: d(1),
    close: 2,
    effectiveRangeIn: 6,
  }),
  row({
    id: 'machine-pistol',
    name: 'Machine pistol',
    examples: ['machine pistol'],
    type: 'B',
    damage: d(1),
    close: 2,
    effectiveRangeIn: 6,
    autofire: true,
  }),
  row({
    id: 'smg',
    name: 'SMG',
    examples: ['Sten', 'Thompson', 'MP40', 'PPSh'],
    type: 'B',
    damage: d(1),
    close: 3,
    effectiveRangeIn: 12,
    autofire: true,
  }),
  row({
    id: 'rifle',
    name: 'Bolt-action rifle',
    examples: ['SMLE', 'Kar98k', 'Springfield', 'Mosin'],
    type: 'B',
    damage: d(1),
    close: 1,
    effectiveRangeIn: 24,
    takesBayonet: true,
  }),
  row({
    id: 'semi-auto-rifle',
    name: 'Semi-automatic rifle',
    examples: ['Garand', 'G43', 'SVT'],
    type: 'B',
    damage: d(1),
    close: 1,
    effectiveRangeIn: 24,
  }),
  row({
    id: 'carbine',
    name: 'Carbine',
    examples: ['M1 carbine'],
    type: 'B',
    damage: d(1),
    close: 2,
    effectiveRangeIn: 18,
  }),
  row({
    id: 'assault-rifle',
    name: 'Assault rifle',
    examples: ['StG44', 'AK', 'M16'],
    type: 'B',
    damage: d(1),
    close: 2,
    effectiveRangeIn: 18,
    autofire: true,
  }),
  row({
    id: 'shotgun',
    name: 'Shotgun',
    examples: ['shotgun'],
    type: 'B',
    damage: d(1, 1),
    close: 3,
    effectiveRangeIn: 6,
  }),
  row({
    id: 'sniper-rifle',
    name: 'Sniper rifle',
    examples: ['scoped rifle'],
    type: 'B',
    damage: d(1, 1),
    close: 0,
    effectiveRangeIn: 36,
    mustBrace: true,
  }),
  row({
    id: 'lmg',
    name: 'LMG',
    examples: ['LMG', 'BAR', 'Bren'],
    type: 'B',
    damage: d(1, 1),
    close: 0,
    effectiveRangeIn: 30,
    autofire: true,
    encumbrance: 'heavy',
  }),
  row({
    id: 'mmg',
    name: 'MMG on tripod',
    examples: ['Vickers', 'MG34/42 sustained', 'M1919'],
    type: 'B',
    damage: d(1, 2),
    close: -1,
    effectiveRangeIn: 36,
    autofire: true,
    mustBrace: true,
    encumbrance: 'veryHeavy',
  }),
  row({
    id: 'hmg',
    name: 'HMG',
    examples: ['.50 cal'],
    type: 'E',
    damage: d(2),
    close: -1,
    effectiveRangeIn: 48,
    autofire: true,
    mustBrace: true,
    encumbrance: 'veryHeavy',
    usuallyVehicleMounted: true,
  }),
  row({
    id: 'at-rifle',
    name: 'Anti-tank rifle',
    examples: ['Boys', 'PTRD'],
    type: 'E',
    damage: d(2),
    close: -1,
    effectiveRangeIn: 30,
    mustBrace: true,
    encumbrance: 'veryHeavy',
  }),
  row({
    id: 'flamethrower',
    name: 'Flamethrower',
    examples: ['flamethrower'],
    type: 'E',
    damage: d(2),
    close: 2,
    effectiveRangeIn: 6,
    encumbrance: 'veryHeavy',
    flame: true,
  }),
  row({
    id: 'hand-grenade',
    name: 'Hand grenade',
    examples: ['hand grenade'],
    type: 'EX',
    damage: d(2),
    close: null,
    effectiveRangeIn: 6,
    deviationHalved: true,
    ammoCost: 'grenade',
  }),
  row({
    id: 'rifle-grenade',
    name: 'Rifle grenade / grenade launcher',
    examples: ['rifle grenade', 'grenade launcher'],
    type: 'EX',
    damage: d(2),
    close: null,
    effectiveRangeIn: 18,
    fireMode: 'directOrIndirect',
    ammoCost: 'grenade',
  }),
  row({
    id: 'light-mortar',
    name: 'Light mortar',
    examples: ['2-inch mortar', '50 mm mortar'],
    type: 'EX',
    damage: d(2),
    close: null,
    effectiveRangeIn: 36,
    minRangeIn: 6,
    fireMode: 'indirectOnly',
    encumbrance: 'heavy',
    reload: true,
  }),
  row({
    id: 'medium-mortar',
    name: 'Medium mortar',
    examples: ['81 mm mortar', '82 mm mortar', '3-inch mortar'],
    type: 'EX',
    damage: d(3),
    close: null,
    effectiveRangeIn: 60,
    minRangeIn: 12,
    offTable: true,
    fireMode: 'indirectOnly',
    encumbrance: 'veryHeavy',
  }),
  row({
    id: 'bazooka',
    name: 'Bazooka / PIAT / Panzerschreck / RPG',
    examples: ['Bazooka', 'PIAT', 'Panzerschreck', 'RPG'],
    type: 'EX',
    damage: d(2, 2),
    close: null,
    effectiveRangeIn: 12,
    reload: true,
    encumbrance: 'heavy',
    ammoCost: 'rocket',
  }),
  row({
    id: 'law',
    name: 'LAW',
    examples: ['LAW'],
    type: 'EX',
    damage: d(2, 2),
    close: null,
    effectiveRangeIn: 12,
    encumbrance: 'heavy',
    ammoCost: 'rocket',
  }),
  row({
    id: 'panzerfaust',
    name: 'Panzerfaust',
    examples: ['Panzerfaust'],
    type: 'EX',
    damage: d(2, 2),
    close: null,
    effectiveRangeIn: 8,
    singleShot: true,
    ammoCost: 'rocket',
  }),
  row({
    id: 'at-gun-37',
    name: '37 mm AT gun',
    examples: ['37 mm AT gun'],
    type: 'EX',
    damage: d(1),
    close: null,
    effectiveRangeIn: 36,
    directHitBonusPerDie: 1,
    crew: 3,
    mustBrace: true,
  }),
  row({
    id: 'at-gun-57',
    name: '57 mm / 6-pdr AT gun',
    examples: ['57 mm AT gun', '6-pdr'],
    type: 'EX',
    damage: d(2),
    close: null,
    effectiveRangeIn: 48,
    directHitBonusPerDie: 1,
    crew: 3,
    mustBrace: true,
  }),
  row({
    id: 'gun-75',
    name: '75 mm gun',
    examples: ['75 mm tank gun', '75 mm field gun'],
    type: 'EX',
    damage: d(3),
    close: null,
    effectiveRangeIn: 48,
    directHitBonusPerDie: 1,
    directHitBonusNeedsAp: true,
  }),
  row({
    id: 'gun-88',
    name: '88 mm gun',
    examples: ['88'],
    type: 'EX',
    damage: d(4, 4),
    close: null,
    effectiveRangeIn: 60,
  }),
]

/** What a melee or improvised weapon adds in close assault (Table 5, last rows of Table 6). */
export interface MeleeWeapon {
  readonly id: string
  readonly name: string
  readonly kind: 'melee' | 'improvised'
  /** Table 5: melee weapon +3, improvised weapon +1. */
  readonly bonus: number
}

/**
 * Melee and improvised weapons (Table 6's last two rows, Table 5). A bayonet
 * is not here: SMLE-CA-07 makes it +1 on a rifle's Close factor, while the +3
 * row is for true melee weapons (the knife, listed in Table 6's melee row, keeps +3).
 */
export const MELEE_TABLE: readonly MeleeWeapon[] = [
  { id: 'knife', name: 'Knife', kind: 'melee', bonus: 3 },
  { id: 'sword', name: 'Sword', kind: 'melee', bonus: 3 },
  { id: 'axe', name: 'Axe', kind: 'melee', bonus: 3 },
  { id: 'machete', name: 'Machete', kind: 'melee', bonus: 3 },
  { id: 'entrenching-tool', name: 'Entrenching tool', kind: 'melee', bonus: 3 },
  { id: 'club', name: 'Club', kind: 'improvised', bonus: 1 },
  { id: 'bottle', name: 'Bottle', kind: 'improvised', bonus: 1 },
  { id: 'pick-handle', name: 'Pick handle', kind: 'improvised', bonus: 1 },
]

/** Other names a scenario may use for a Table 6 row (lower case). */
export const WEAPON_ALIASES: Readonly<Record<string, string>> = {
  revolver: 'pistol',
  sten: 'smg',
  thompson: 'smg',
  mp40: 'smg',
  ppsh: 'smg',
  smle: 'rifle',
  kar98k: 'rifle',
  springfield: 'rifle',
  mosin: 'rifle',
  garand: 'semi-auto-rifle',
  g43: 'semi-auto-rifle',
  svt: 'semi-auto-rifle',
  'm1-carbine': 'carbine',
  stg44: 'assault-rifle',
  ak: 'assault-rifle',
  m16: 'assault-rifle',
  bar: 'lmg',
  bren: 'lmg',
  vickers: 'mmg',
  m1919: 'mmg',
  '50-cal': 'hmg',
  boys: 'at-rifle',
  ptrd: 'at-rifle',
  grenade: 'hand-grenade',
  'grenade-launcher': 'rifle-grenade',
  '2-inch-mortar': 'light-mortar',
  '81mm-mortar': 'medium-mortar',
  '3-inch-mortar': 'medium-mortar',
  piat: 'bazooka',
  panzerschreck: 'bazooka',
  rpg: 'bazooka',
  '6-pdr': 'at-gun-57',
}
