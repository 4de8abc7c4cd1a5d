/** Vehicle armour classes (SMLE-VEH-12), weakest first: soft-skin, bulletproof, light, medium, heavy. */
export type VehicleArmourClass = 'none' | 'bp' | 'light' | 'medium' | 'heavy'

/** SMLE-VEH-12: class order None < BP < Light < Medium < Heavy. */
export const VEHICLE_ARMOUR_ORDER: readonly VehicleArmourClass[] = ['none', 'bp', 'light', 'medium', 'heavy']

/** Size for the optional damage capacity (SMLE-VEH-17): killed by the 1st, 2nd or 3rd VSW. */
export type VehicleSize = 'small' | 'medium' | 'large'

/** Armour by face (SMLE-VEH-11); `turret` null when the vehicle has none. */
export interface VehicleArmour {
  readonly front: VehicleArmourClass
  readonly side: VehicleArmourClass
  readonly rear: VehicleArmourClass
  readonly top: VehicleArmourClass
  readonly turret: VehicleArmourClass | null
}

/** One vehicle of §13.3 (and the typical moves of §13.1). */
export interface VehicleProfile {
  readonly id: string
  readonly name: string
  readonly examples: readonly string[]
  readonly crewMin: number
  readonly crewMax: number
  readonly passengers: number
  /** Combat speed = full move in inches (SMLE-VEH-02: 1" per mph). */
  readonly combatSpeedIn: number
  /** Road speed, the listed maximum (about 2× combat speed, SMLE-VEH-02). */
  readonly roadSpeedIn: number
  readonly armour: VehicleArmour
  /** Crew and passengers can be shot at in hard cover (SMLE-VEH-16); an open top counts as None armour. */
  readonly openTopped: boolean
  /** Table 6 ids of its weapons (the listed option first where there is a choice). */
  readonly weapons: readonly string[]
  /** The weapon rules call main (the others are secondary, SMLE-VEH-17). */
  readonly mainWeapon: string | null
  readonly size: VehicleSize
}

const all = (c: VehicleArmourClass, turret: VehicleArmourClass | null = null): VehicleArmour => ({
  front: c,
  side: c,
  rear: c,
  top: c,
  turret,
})

/**
 * §13.3 example vehicles (a `[decision]` list). Decisions beyond the table:
 * motorcycles and jeeps are open-topped like the carrier and halftrack, the
 * truck's tilt is closed; tanks and the armoured car have turrets with front
 * armour (SMLE-VEH-11); "optional" weapons are listed.
 */
export const VEHICLE_TABLE: readonly VehicleProfile[] = [
  {
    id: 'motorcycle',
    name: 'Motorcycle combination',
    examples: ['motorcycle combination'],
    crewMin: 1,
    crewMax: 2,
    passengers: 1,
    combatSpeedIn: 20,
    roadSpeedIn: 40,
    armour: all('none'),
    openTopped: true,
    weapons: ['lmg'],
    mainWeapon: 'lmg',
    size: 'small',
  },
  {
    id: 'jeep',
    name: 'Jeep',
    examples: ['Jeep'],
    crewMin: 1,
    crewMax: 1,
    passengers: 3,
    combatSpeedIn: 20,
    roadSpeedIn: 40,
    armour: all('none'),
    openTopped: true,
    weapons: ['mmg'],
    mainWeapon: 'mmg',
    size: 'small',
  },
  {
    id: 'truck',
    name: '3-ton truck',
    examples: ['3-ton truck'],
    crewMin: 1,
    crewMax: 1,
    passengers: 12,
    combatSpeedIn: 15,
    roadSpeedIn: 30,
    armour: all('none'),
    openTopped: false,
    weapons: [],
    mainWeapon: null,
    size: 'medium',
  },
  {
    id: 'carrier',
    name: 'Universal (Bren) Carrier',
    examples: ['Universal Carrier', 'Bren Carrier'],
    crewMin: 2,
    crewMax: 2,
    passengers: 3,
    combatSpeedIn: 15,
    roadSpeedIn: 30,
    armour: { front: 'bp', side: 'bp', rear: 'bp', top: 'none', turret: null },
    openTopped: true,
    weapons: ['lmg'],
    mainWeapon: 'lmg',
    size: 'medium',
  },
  {
    id: 'halftrack',
    name: 'Halftrack',
    examples: ['M3', 'SdKfz 251'],
    crewMin: 2,
    crewMax: 2,
    passengers: 10,
    combatSpeedIn: 15,
    roadSpeedIn: 30,
    armour: { front: 'bp', side: 'bp', rear: 'bp', top: 'none', turret: null },
    openTopped: true,
    weapons: ['mmg'],
    mainWeapon: 'mmg',
    size: 'medium',
  },
  {
    id: 'armoured-car',
    name: 'Armoured car (light)',
    examples: ['armoured car'],
    crewMin: 3,
    crewMax: 3,
    passengers: 0,
    combatSpeedIn: 20,
    roadSpeedIn: 40,
    armour: all('bp', 'bp'),
    openTopped: false,
    weapons: ['hmg'],
    mainWeapon: 'hmg',
    size: 'medium',
  },
  {
    id: 'light-tank',
    name: 'Light tank',
    examples: ['M5 Stuart', 'Pz II'],
    crewMin: 4,
    crewMax: 4,
    passengers: 0,
    combatSpeedIn: 15,
    roadSpeedIn: 30,
    armour: { front: 'light', side: 'bp', rear: 'bp', top: 'bp', turret: 'light' },
    openTopped: false,
    weapons: ['at-gun-37', 'mmg'],
    mainWeapon: 'at-gun-37',
    size: 'medium',
  },
  {
    id: 'medium-tank',
    name: 'Medium tank',
    examples: ['Sherman', 'Pz IV'],
    crewMin: 5,
    crewMax: 5,
    passengers: 0,
    combatSpeedIn: 12,
    roadSpeedIn: 25,
    armour: { front: 'medium', side: 'light', rear: 'light', top: 'bp', turret: 'medium' },
    openTopped: false,
    weapons: ['gun-75', 'mmg', 'mmg'],
    mainWeapon: 'gun-75',
    size: 'large',
  },
  {
    id: 'heavy-tank',
    name: 'Heavy tank',
    examples: ['Tiger I'],
    crewMin: 5,
    crewMax: 5,
    passengers: 0,
    combatSpeedIn: 10,
    roadSpeedIn: 20,
    armour: { front: 'heavy', side: 'medium', rear: 'medium', top: 'bp', turret: 'heavy' },
    openTopped: false,
    weapons: ['gun-88', 'mmg', 'mmg'],
    mainWeapon: 'gun-88',
    size: 'large',
  },
]

/** SMLE-VEH-05: a landed helicopter is a target with Bulletproof armour on every face. */
export const HELICOPTER_ARMOUR: VehicleArmour = all('bp')
