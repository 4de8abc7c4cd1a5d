import { describe, expect, it } from 'vitest'
import { scriptedD6 } from '../../../tests/fixtures/dice'
import { impactAttack, weaponRound } from './explosives'
import { DEFAULT_SMLE_SETTINGS as S, SmleSettingsSchema } from './settings'
import {
  applyVehicleHit,
  armourValue,
  attackArc,
  bailOut,
  faceArmour,
  faceHit,
  HELICOPTER_ARMOUR,
  helicopterTakesOff,
  mayLeaveVehicle,
  occupantsExposure,
  repairVehicle,
  resolveVehicleHit,
  tankArmour,
  VEHICLE_TABLE,
  type VehicleDamage,
  vehicleActivationUnits,
  vehicleEffects,
  vehicleHitResult,
  type VehicleMoveInput,
  vehicleMoveAllowance,
} from './vehicles'
import { requireWeapon } from './weapons'

const OK: VehicleDamage = { status: 'ok', vsw: 0 }
const capacity = SmleSettingsSchema.parse({ optional: { vehicleDamageCapacity: true } })
const jeep: VehicleMoveInput = {
  combatSpeedIn: 20,
  roadSpeedIn: 40,
  option: 'full',
  startedHalted: false,
  onRoad: true,
  takesCombatOption: false,
  speedFactor: 1,
}

describe('worked examples of §13', () => {
  it('SMLE-VEH-E01: a jeep (road speed 40") starting halted goes up to 20" the first round, 40" after', () => {
    expect(vehicleMoveAllowance({ ...jeep, startedHalted: true }).maxIn).toBe(20)
    expect(vehicleMoveAllowance(jeep).maxIn).toBe(40)
  })

  it('SMLE-VEH-E02: heavy tank armour: front and turret Heavy, sides and rear Medium, top BP', () => {
    expect(tankArmour('heavy')).toEqual({ front: 'heavy', turret: 'heavy', side: 'medium', rear: 'medium', top: 'bp' })
    expect(VEHICLE_TABLE.find((v) => v.id === 'heavy-tank')?.armour).toEqual(tankArmour('heavy'))
  })

  it('SMLE-VEH-E03: bazooka rolls 7 → 9: VSW vs Light (8), nothing vs Medium (10); 8 vs 8 → VLW', () => {
    const attack = impactAttack(weaponRound(requireWeapon('bazooka')))
    expect(resolveVehicleHit(attack, [3, 4], armourValue('light', S), S)).toEqual({ total: 9, result: 'VSW' })
    expect(resolveVehicleHit(attack, [3, 4], armourValue('medium', S), S).result).toBe('noEffect')
    expect(vehicleHitResult(8, armourValue('light', S))).toBe('VLW')
    const heroes = SmleSettingsSchema.parse({ optional: { heroes: true } })
    expect(
      resolveVehicleHit({ ...attack, firerHeroGrade: 1 }, [3, 4], armourValue('medium', heroes), heroes).total,
    ).toBe(10)
  })

  it('SMLE-VEH-E04: 88 mm (4D+4) total 20 vs Medium (10) → kill', () => {
    const attack = impactAttack(weaponRound(requireWeapon('gun-88')))
    expect(resolveVehicleHit(attack, [4, 4, 4, 4], armourValue('medium', S), S)).toEqual({ total: 20, result: 'kill' })
  })
})

describe('§13 vehicles', () => {
  it('SMLE-VEH-01: with passengers aboard, crew and passengers are one unit; after de-bussing, separate teams', () => {
    expect(vehicleActivationUnits('crew', ['sec-1', 'sec-2'], [])).toEqual([['crew', 'sec-1', 'sec-2']])
    expect(vehicleActivationUnits('crew', [], ['sec-1'])).toEqual([['crew'], ['sec-1']])
  })

  it('SMLE-VEH-10: the vehicle moves and shoots when its crew’s unit activates', () => {
    expect(vehicleActivationUnits('crew', [], [])).toEqual([['crew']])
  })

  it('SMLE-VEH-02: combat speed = full move; road speed only on a good surface and then no firing or reacting', () => {
    expect(vehicleMoveAllowance(jeep)).toEqual({ maxIn: 40, maxFiringIn: 20 })
    expect(vehicleMoveAllowance({ ...jeep, onRoad: false })).toEqual({ maxIn: 10, maxFiringIn: 10 })
  })

  it('SMLE-VEH-03: from a halt, at most half the listed maximum that round', () => {
    const tank = { ...jeep, combatSpeedIn: 12, roadSpeedIn: 25 }
    expect(vehicleMoveAllowance({ ...tank, startedHalted: true }).maxIn).toBe(12.5)
    expect(vehicleMoveAllowance({ ...tank, startedHalted: true, option: 'half' }).maxIn).toBe(6)
  })

  it('SMLE-VEH-04: half move = half combat speed; road speed needs a full-move band and no Combat option; stopping is free', () => {
    expect(vehicleMoveAllowance({ ...jeep, option: 'half' })).toEqual({ maxIn: 10, maxFiringIn: 10 })
    expect(vehicleMoveAllowance({ ...jeep, takesCombatOption: true })).toEqual({ maxIn: 20, maxFiringIn: 20 })
    expect(vehicleMoveAllowance({ ...jeep, option: 'none' }).maxIn).toBe(0)
  })

  it('SMLE-VEH-05: a landed helicopter has Bulletproof armour all round and leaves at the end of the next round', () => {
    expect(HELICOPTER_ARMOUR).toEqual({ front: 'bp', side: 'bp', rear: 'bp', top: 'bp', turret: null })
    expect([helicopterTakesOff(3, 3), helicopterTakesOff(3, 4)]).toEqual([false, true])
  })

  it('SMLE-VEH-11: tank sides and rear one class lower, top BP, turret as front', () => {
    expect(tankArmour('medium')).toEqual({ front: 'medium', turret: 'medium', side: 'light', rear: 'light', top: 'bp' })
    expect(tankArmour('bp')).toMatchObject({ side: 'none' })
  })

  it('SMLE-VEH-12: armour values from the settings: None 3, BP 6, Light 8, Medium 10, Heavy 12', () => {
    expect((['none', 'bp', 'light', 'medium', 'heavy'] as const).map((c) => armourValue(c, S))).toEqual([
      3, 6, 8, 10, 12,
    ])
    const custom = SmleSettingsSchema.parse({ vehicleArmourValues: { none: 2, bp: 5, light: 7, medium: 9, heavy: 11 } })
    expect(armourValue('bp', custom)).toBe(5)
  })

  it('SMLE-VEH-13: ≥ 2×AV kill, > AV VSW, = AV VLW, < AV no effect', () => {
    expect([20, 19, 11, 10, 9].map((t) => vehicleHitResult(t, 10))).toEqual(['kill', 'VSW', 'VSW', 'VLW', 'noEffect'])
  })

  it('SMLE-VEH-14: top from above; arcs by the firer’s angle; a turreted vehicle’s direct hit is the turret on 1–2', () => {
    expect([0, 45, 46, 134, 135, 180, -90, 270].map((a) => attackArc(a, S))).toEqual([
      'front',
      'front',
      'flank',
      'flank',
      'rear',
      'rear',
      'flank',
      'flank',
    ])
    expect(faceHit({ arc: 'front', fromAbove: true, hasTurret: true }, null)).toBe('top')
    expect(faceHit({ arc: 'flank', fromAbove: false, hasTurret: true }, 2)).toBe('turret')
    expect(faceHit({ arc: 'flank', fromAbove: false, hasTurret: true }, 3)).toBe('side')
    expect(faceHit({ arc: 'rear', fromAbove: false, hasTurret: false }, null)).toBe('rear')
    expect(() => faceHit({ arc: 'rear', fromAbove: false, hasTurret: true }, null)).toThrow(RangeError)
    expect(faceArmour(tankArmour('heavy'), 'turret')).toBe('heavy')
  })

  it('SMLE-VEH-15: VLW stops the vehicle this round, −2 to hit, crew wounded; repaired by Recover casualties', () => {
    const hit = applyVehicleHit(OK, 'VLW', 'large', S)
    expect(hit).toEqual({ state: { status: 'VLW', vsw: 0 }, stopsThisRound: true, killed: false })
    expect(vehicleEffects(hit.state, S)).toEqual({
      speedFactor: 1,
      mayFire: 'all',
      crewToHit: -2,
      activation: 'wounded',
    })
    expect(repairVehicle(hit.state)).toEqual(OK)
  })

  it('SMLE-VEH-15: VSW cannot fire, half speed, a casualty, not repairable; VLW on VLW is VSW; VSW on VSW kills', () => {
    const vsw = applyVehicleHit(OK, 'VSW', 'large', S).state
    expect(vsw).toEqual({ status: 'VSW', vsw: 1 })
    expect(vehicleEffects(vsw, S)).toEqual({ speedFactor: 0.5, mayFire: 'none', crewToHit: 0, activation: 'casualty' })
    expect(vehicleMoveAllowance({ ...jeep, speedFactor: 0.5 })).toEqual({ maxIn: 10, maxFiringIn: 10 })
    expect(repairVehicle(vsw)).toEqual(vsw)
    expect(applyVehicleHit({ status: 'VLW', vsw: 0 }, 'VLW', 'large', S).state).toEqual({ status: 'VSW', vsw: 1 })
    expect(applyVehicleHit(vsw, 'VSW', 'large', S)).toMatchObject({ killed: true, state: { status: 'killed' } })
    expect(applyVehicleHit(vsw, 'noEffect', 'large', S).state).toEqual(vsw)
  })

  it('SMLE-VEH-15: a kill makes a wreck; each figure aboard rolls: 1–3 killed, 4–6 bails out', () => {
    expect(applyVehicleHit(OK, 'kill', 'small', S)).toEqual({
      state: { status: 'killed', vsw: 0 },
      stopsThisRound: true,
      killed: true,
    })
    expect(vehicleEffects({ status: 'killed', vsw: 0 }, S).speedFactor).toBe(0)
    expect(bailOut(['a', 'b', 'c', 'd'], scriptedD6([1, 3, 4, 6]))).toEqual({
      killed: ['a', 'b'],
      bailedOut: ['c', 'd'],
      faces: [1, 3, 4, 6],
    })
  })

  it('SMLE-VEH-16: occupants of open-topped vehicles are targets in hard cover; closed vehicles protect them', () => {
    expect(occupantsExposure(true)).toEqual({ targetable: true, cover: 'hard' })
    expect(occupantsExposure(false)).toEqual({ targetable: false, cover: null })
    expect(VEHICLE_TABLE.filter((v) => v.openTopped).map((v) => v.id)).toEqual([
      'motorcycle',
      'jeep',
      'carrier',
      'halftrack',
    ])
  })

  it('SMLE-VEH-17 / SMLE-OPTR-05: with damage capacity, small die at the 1st VSW, medium the 2nd, large the 3rd; a VSW vehicle keeps its secondary weapons', () => {
    expect(applyVehicleHit(OK, 'VSW', 'small', capacity).killed).toBe(true)
    const medium1 = applyVehicleHit(OK, 'VSW', 'medium', capacity)
    expect(medium1.killed).toBe(false)
    expect(applyVehicleHit(medium1.state, 'VSW', 'medium', capacity).killed).toBe(true)
    let large = OK
    for (let i = 0; i < 2; i++) large = applyVehicleHit(large, 'VSW', 'large', capacity).state
    expect(large).toEqual({ status: 'VSW', vsw: 2 })
    expect(applyVehicleHit(large, 'VLW', 'large', capacity).killed).toBe(true)
    expect(vehicleEffects({ status: 'VSW', vsw: 1 }, capacity).mayFire).toBe('secondary')
  })

  it('SMLE-MOVE-11: passengers may leave only if the vehicle is no faster than they walk', () => {
    expect([mayLeaveVehicle(8, 8), mayLeaveVehicle(9, 8)]).toEqual([true, false])
  })
})

describe('§13.3 example vehicles', () => {
  it('every row as printed: crew, passengers, speeds, armour F/S/R/top', () => {
    const rows = VEHICLE_TABLE.map((v) => [
      v.id,
      v.crewMin,
      v.crewMax,
      v.passengers,
      v.combatSpeedIn,
      v.roadSpeedIn,
      v.armour.front,
      v.armour.side,
      v.armour.rear,
      v.openTopped ? 'open' : v.armour.top,
    ])
    expect(rows).toEqual([
      ['motorcycle', 1, 2, 1, 20, 40, 'none', 'none', 'none', 'open'],
      ['jeep', 1, 1, 3, 20, 40, 'none', 'none', 'none', 'open'],
      ['truck', 1, 1, 12, 15, 30, 'none', 'none', 'none', 'none'],
      ['carrier', 2, 2, 3, 15, 30, 'bp', 'bp', 'bp', 'open'],
      ['halftrack', 2, 2, 10, 15, 30, 'bp', 'bp', 'bp', 'open'],
      ['armoured-car', 3, 3, 0, 20, 40, 'bp', 'bp', 'bp', 'bp'],
      ['light-tank', 4, 4, 0, 15, 30, 'light', 'bp', 'bp', 'bp'],
      ['medium-tank', 5, 5, 0, 12, 25, 'medium', 'light', 'light', 'bp'],
      ['heavy-tank', 5, 5, 0, 10, 20, 'heavy', 'medium', 'medium', 'bp'],
    ])
  })

  it('their weapons are Table 6 rows; sizes follow SMLE-VEH-17', () => {
    for (const v of VEHICLE_TABLE) for (const w of v.weapons) expect(requireWeapon(w).id).toBe(w)
    expect(VEHICLE_TABLE.map((v) => v.size)).toEqual([
      'small',
      'small',
      'medium',
      'medium',
      'medium',
      'medium',
      'medium',
      'large',
      'large',
    ])
  })
})
