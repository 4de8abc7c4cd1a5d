import { describe, expect, it } from 'vitest'
import { planDamage, resolveDamage } from './damage'
import {
  artilleryRound,
  burstAttack,
  burstAttacks,
  burstRadiusIn,
  calibreDice,
  DEVIATION_TABLE,
  deviatedPoint,
  deviation,
  explosionEffects,
  explosiveLanding,
  impactAttack,
  landingPoint,
  weaponRound,
} from './explosives'
import { DEFAULT_SMLE_SETTINGS as S } from './settings'
import { requireWeapon } from './weapons'

const round = (id: string) => weaponRound(requireWeapon(id))

describe('worked examples of §12', () => {
  it('SMLE-EXP-E01: an RPG hits a figure: 2D+2 E on it; 1D B ×2 within 1", ×1 up to 2", the firer included', () => {
    const e = explosionEffects(round('bazooka'), 'target', [
      { id: 'target', distanceIn: 0 },
      { id: 'near', distanceIn: 0.8 },
      { id: 'mid', distanceIn: 1.6 },
      { id: 'firer', distanceIn: 2 },
      { id: 'far', distanceIn: 2.1 },
    ])
    expect(e.impact).toEqual({ figureId: 'target', attack: { column: 'E', damage: { dice: 2, plus: 2 } } })
    expect(e.burst).toEqual([
      { figureId: 'near', attacks: 2 },
      { figureId: 'mid', attacks: 1 },
      { figureId: 'firer', attacks: 1 },
    ])
  })

  it('SMLE-EXP-E02: a 75 mm gun is 3D EX with a 3" radius: 3, 2, 1, 0 attacks at 0.5", 1.5", 2.5", 3.2"', () => {
    const r = artilleryRound(75)
    expect([r.dice, burstRadiusIn(r)]).toEqual([3, 3])
    expect([0.5, 1.5, 2.5, 3.2].map((d) => burstAttacks(3, d))).toEqual([3, 2, 1, 0])
    expect(impactAttack(r)).toEqual({ column: 'E', damage: { dice: 3, plus: 0 } })
  })

  it('SMLE-EXP-E03: a 75 mm AT gun direct hit is 3D+3; an 88 is 4D+4 EX with a 4" radius', () => {
    expect(impactAttack(artilleryRound(75, { antiTank: true }))).toMatchObject({
      damage: { dice: 3, plus: 0 },
      bonus: 3,
    })
    expect(impactAttack(round('gun-75'), { armourPiercing: true }).bonus).toBe(3)
    expect(impactAttack(round('gun-75')).bonus).toBeUndefined()
    const r88 = artilleryRound(88)
    expect([r88.dice, r88.plus, burstRadiusIn(r88)]).toEqual([4, 4, 4])
    expect(round('gun-88')).toMatchObject({ dice: 4, plus: 4 })
  })

  it('SMLE-EXP-E04: a thrown grenade misses, deviation 6 → 4" long, halved → lands 2" beyond the point', () => {
    const landing = explosiveLanding({ hit: false, from: { x: 0, z: 0 }, targetPoint: { x: 0, z: -5 } }, 6, {
      halved: requireWeapon('hand-grenade').deviationHalved,
    })
    expect(landing).toEqual({ point: { x: 0, z: -7 }, deviation: { longIn: 2, rightIn: 0 } })
  })

  it('SMLE-EXP-E05: observed mortar fire misses, deviation 4 → 2" long 1" left, doubled → 4" long 2" left', () => {
    expect(deviation(4, { indirect: true })).toEqual({ longIn: 4, rightIn: -2 })
  })
})

describe('§12 explosives', () => {
  it('SMLE-EXP-01: an explosive affects an area beyond the point of impact', () => {
    expect(explosionEffects(round('hand-grenade'), null, [{ id: 'x', distanceIn: 1.5 }]).burst).toEqual([
      { figureId: 'x', attacks: 1 },
    ])
  })

  it('SMLE-EXP-02: the figure hit takes the full damage as one E attack, "+" included, and no burst', () => {
    const e = explosionEffects(round('bazooka'), 'hit', [{ id: 'hit', distanceIn: 0 }])
    expect(e.burst).toEqual([])
    const plan = planDamage(e.impact!.attack, { armour: 'light', quality: 'trained', motivation: 'none' }, S)
    expect(resolveDamage(plan, [1, 1], 3)).toMatchObject({ firerTotal: 4, defenderTotal: 2 })
  })

  it('SMLE-EXP-03: burst attacks are B-type 1D attacks, no "+"; radius = number of dice', () => {
    expect(burstAttack()).toEqual({ column: 'B', damage: { dice: 1, plus: 0 } })
    expect(burstRadiusIn(round('medium-mortar'))).toBe(3)
  })

  it('SMLE-EXP-04: N − ⌈d⌉ + 1 attacks within N", none beyond; at 0" N; float noise does not move a band', () => {
    expect([0, 1, 1.0000000001, 1.01, 2, 2.01].map((d) => burstAttacks(2, d))).toEqual([2, 2, 2, 1, 1, 0])
    expect(() => burstAttacks(2, -1)).toThrow(RangeError)
  })

  it('SMLE-EXP-05: a round that missed its figure or was aimed at the ground has only its burst', () => {
    const e = explosionEffects(round('bazooka'), null, [{ id: 'a', distanceIn: 0 }])
    expect(e.impact).toBeNull()
    expect(e.burst).toEqual([{ figureId: 'a', attacks: 2 }])
  })

  it('SMLE-EXP-06: 1D and 1" per 25 mm; AT guns +1 per die on a direct hit; the 88 is 4D+4', () => {
    expect(artilleryRound(50)).toMatchObject({ dice: 2, plus: 0, directHitBonusPerDie: 0 })
    expect(impactAttack(artilleryRound(57, { antiTank: true })).bonus).toBe(2)
    expect(impactAttack(round('at-gun-37')).bonus).toBe(1)
  })

  it('SMLE-EXP-07: dice = ⌊calibre ÷ 25⌋, at least 1', () => {
    expect([37, 50, 57, 60, 75, 76, 81, 105, 150, 20].map(calibreDice)).toEqual([1, 2, 2, 2, 3, 3, 3, 4, 6, 1])
    expect(() => calibreDice(0)).toThrow(RangeError)
  })

  it('SMLE-EXP-08: incoming fire harms whoever it lands on, friend or foe', () => {
    const e = explosionEffects(artilleryRound(81), null, [
      { id: 'friend', distanceIn: 0.5 },
      { id: 'foe', distanceIn: 0.5 },
    ])
    expect(e.burst.map((b) => b.figureId)).toEqual(['friend', 'foe'])
  })

  it('SMLE-EXP-09: several automatic hits on every figure in the radius, no to-hit roll', () => {
    const e = explosionEffects(artilleryRound(150), null, [{ id: 'a', distanceIn: 0.2 }])
    expect(e.burst).toEqual([{ figureId: 'a', attacks: 6 }])
  })

  it('SMLE-EXP-10: every figure taking burst attacks, and the figure hit, puts its team under Explosive fire', () => {
    const e = explosionEffects(round('hand-grenade'), 'hit', [
      { id: 'hit', distanceIn: 0 },
      { id: 'in', distanceIn: 2 },
      { id: 'out', distanceIn: 2.5 },
    ])
    expect(e.underExplosiveFire).toEqual(['hit', 'in'])
  })

  it('SMLE-EXP-11: a hit lands on the target point', () => {
    expect(explosiveLanding({ hit: true, from: { x: 0, z: 0 }, targetPoint: { x: 3, z: 4 } }, null)).toEqual({
      point: { x: 3, z: 4 },
      deviation: null,
    })
    expect(() => explosiveLanding({ hit: false, from: { x: 0, z: 0 }, targetPoint: { x: 3, z: 4 } }, null)).toThrow(
      RangeError,
    )
  })

  it('SMLE-EXP-12: the deviation table, face by face', () => {
    expect([1, 2, 3, 4, 5, 6].map((f) => deviation(f))).toEqual(Object.values(DEVIATION_TABLE))
    expect(DEVIATION_TABLE).toEqual({
      1: { longIn: -2, rightIn: 0 },
      2: { longIn: 0, rightIn: -1 },
      3: { longIn: 0, rightIn: 1 },
      4: { longIn: 2, rightIn: -1 },
      5: { longIn: 2, rightIn: 1 },
      6: { longIn: 4, rightIn: 0 },
    })
    expect(() => deviation(7)).toThrow(RangeError)
  })

  it('SMLE-EXP-13: long, short, left and right are measured along the firer→target line as the firer sees it', () => {
    const north = { from: { x: 0, z: 0 }, target: { x: 0, z: -10 } }
    expect(deviatedPoint(north.from, north.target, { longIn: 2, rightIn: 1 })).toEqual({ x: 1, z: -12 })
    expect(deviatedPoint(north.from, north.target, { longIn: -2, rightIn: -1 })).toEqual({ x: -1, z: -8 })
    const east = deviatedPoint({ x: 0, z: 0 }, { x: 10, z: 0 }, { longIn: 4, rightIn: 1 })
    expect(east).toEqual({ x: 14, z: 1 })
    expect(() => deviatedPoint({ x: 1, z: 1 }, { x: 1, z: 1 }, { longIn: 1, rightIn: 0 })).toThrow(RangeError)
  })

  it('SMLE-EXP-14: grenades halve the deviation; indirect fire, fire beyond effective range and air drops double it', () => {
    expect(deviation(5, { halved: true })).toEqual({ longIn: 1, rightIn: 0.5 })
    expect(deviation(1, { beyondEffectiveRange: true })).toEqual({ longIn: -4, rightIn: 0 })
    expect(deviation(2, { airDropped: true })).toEqual({ longIn: 0, rightIn: -2 })
    expect(deviation(6, { indirect: true, airDropped: true })).toEqual({ longIn: 8, rightIn: 0 })
    expect(deviation(6, { halved: true, beyondEffectiveRange: true })).toEqual({ longIn: 4, rightIn: 0 })
  })

  it('SMLE-EXP-15: a blocked deviated round lands at the first obstacle on its line', () => {
    expect(landingPoint({ x: 0, z: 0 }, { x: 0, z: -10 }, 0.3)).toEqual({ x: 0, z: -3 })
    expect(landingPoint({ x: 0, z: 0 }, { x: 0, z: -10 }, null)).toEqual({ x: 0, z: -10 })
    expect(() => landingPoint({ x: 0, z: 0 }, { x: 0, z: -10 }, 1.5)).toThrow(RangeError)
  })

  it('an EX round is only made from an EX weapon', () => {
    expect(() => round('rifle')).toThrow(RangeError)
  })
})
