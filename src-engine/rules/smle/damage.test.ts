import { describe, expect, it } from 'vitest'
import type { RollModifier } from './events/events'
import {
  ARMOUR_TABLE,
  armourColumn,
  compareDamage,
  type Defender,
  defenderModifiers,
  planDamage,
  resolveDamage,
} from './damage'
import { DEFAULT_SMLE_SETTINGS as S, SmleSettingsSchema } from './settings'

const sum = (mods: readonly RollModifier[]): number => mods.reduce((t, m) => t + m.value, 0)
const defender = (over: Partial<Defender> = {}): Defender => ({
  armour: 'light',
  quality: 'trained',
  motivation: 'none',
  ...over,
})

describe('worked examples of §10', () => {
  it('SMLE-DMG-E01: rifle rolls 6, Trained defender in Light armour rolls 3 → 6 ≥ 6 → killed', () => {
    const plan = planDamage({ column: 'B', damage: { dice: 1, plus: 0 } }, defender(), S)
    expect(resolveDamage(plan, [6], 3)).toEqual({ firerTotal: 6, defenderTotal: 3, result: 'killed' })
  })

  it('SMLE-DMG-E02: firer 5, defender 4 → seriously wounded', () => {
    expect(compareDamage(5, 4)).toBe('serious')
  })

  it('SMLE-DMG-E03: firer 4, defender 4 → light wound', () => {
    expect(compareDamage(4, 4)).toBe('light')
  })

  it('SMLE-DMG-E04: firer 2, defender 4 → near miss', () => {
    expect(compareDamage(2, 4)).toBe('nearMiss')
  })

  it('SMLE-DMG-E05: bazooka impact (E, 2D+2) rolls 7 → 9 vs an Untrained civilian rolling 4 → 1 → killed', () => {
    const plan = planDamage(
      { column: armourColumn('EX', 'impact'), damage: { dice: 2, plus: 2 } },
      defender({ armour: 'none', quality: 'untrained' }),
      S,
    )
    expect(resolveDamage(plan, [3, 4], 4)).toEqual({ firerTotal: 9, defenderTotal: 1, result: 'killed' })
  })

  it('SMLE-DMG-E06: Body armour defender rolls 3 → 4 vs B, 3 vs E', () => {
    expect(3 + sum(defenderModifiers(defender({ armour: 'body' }), 'B', S))).toBe(4)
    expect(3 + sum(defenderModifiers(defender({ armour: 'body' }), 'E', S))).toBe(3)
  })

  it('SMLE-DMG-E07: Veteran Elite defender in Light armour vs B rolls 2 → 4', () => {
    expect(2 + sum(defenderModifiers(defender({ quality: 'veteran', motivation: 'elite' }), 'B', S))).toBe(4)
  })
})

describe('§10 damage', () => {
  it('Table 4: armour ratings vs B and vs E, row by row', () => {
    expect(ARMOUR_TABLE).toEqual({
      none: { vsB: -1, vsE: -2 },
      light: { vsB: 0, vsE: -1 },
      body: { vsB: 1, vsE: 0 },
      heavy: { vsB: 1, vsE: 1 },
      armoured: { vsB: 2, vsE: 2 },
      aliens: { vsB: 1, vsE: 0 },
      monsters: { vsB: 3, vsE: 2 },
    })
  })

  it('SMLE-WPN-04: modern Body armour is +1 vs B and +0 vs E', () => {
    expect(ARMOUR_TABLE.body).toEqual({ vsB: 1, vsE: 0 })
  })

  it('SMLE-DMG-04: B and E weapons use their own column; EX impact uses E, EX burst uses B', () => {
    expect([armourColumn('B'), armourColumn('E'), armourColumn('EX', 'impact'), armourColumn('EX', 'burst')]).toEqual([
      'B',
      'E',
      'E',
      'B',
    ])
  })

  it('SMLE-DMG-04: firer total = dice + weapon "+"; defender = 1D6 + armour + defender modifiers', () => {
    const plan = planDamage(
      { column: 'B', damage: { dice: 1, plus: 2 } },
      defender({ quality: 'untrained', armour: 'none' }),
      S,
    )
    expect(resolveDamage(plan, [3], 5)).toEqual({ firerTotal: 5, defenderTotal: 3, result: 'serious' })
    expect(() => resolveDamage(plan, [3, 3], 5)).toThrow(RangeError)
  })

  it('§10.3: defender quality −1 / 0 / 0 / +1', () => {
    const q = (quality: Defender['quality']): number => sum(defenderModifiers(defender({ quality }), 'B', S))
    expect([q('untrained'), q('green'), q('trained'), q('veteran')]).toEqual([-1, 0, 0, 1])
  })

  it('SMLE-DMG-05: Elite or Fanatic +1 adds to quality; Reluctant, Steady and Warriors add nothing', () => {
    expect(sum(defenderModifiers(defender({ quality: 'veteran', motivation: 'fanatic' }), 'B', S))).toBe(2)
    for (const motivation of ['reluctant', 'steady', 'warriors'] as const)
      expect(sum(defenderModifiers(defender({ motivation }), 'B', S))).toBe(0)
  })

  it('SMLE-HERO-03: a hero adds his grade to his damage and his damage-defence rolls', () => {
    const heroes = SmleSettingsSchema.parse({ optional: { heroes: true } })
    expect(sum(defenderModifiers(defender({ heroGrade: 2 }), 'B', heroes))).toBe(2)
    expect(
      sum(
        planDamage({ column: 'B', damage: { dice: 1, plus: 0 }, firerHeroGrade: 1 }, defender(), heroes).firerModifiers,
      ),
    ).toBe(1)
    expect(sum(defenderModifiers(defender({ heroGrade: 2 }), 'B', S))).toBe(0)
  })

  it('SMLE-EXP-06: an AT gun direct-hit bonus adds to the firer total of that attack', () => {
    const plan = planDamage({ column: 'E', damage: { dice: 3, plus: 0 }, bonus: 3 }, defender(), S)
    expect(resolveDamage(plan, [1, 1, 1], 6).firerTotal).toBe(6)
  })

  it('§10.4: the four results at their edges', () => {
    expect(compareDamage(8, 4)).toBe('killed')
    expect(compareDamage(7, 4)).toBe('serious')
    expect(compareDamage(3, 4)).toBe('nearMiss')
    expect(() => compareDamage(0, 4)).toThrow(RangeError)
  })

  it('SMLE-DMG-10: a defender total of 0 or less is killed by any positive firer total', () => {
    expect(compareDamage(1, 0)).toBe('killed')
    expect(compareDamage(1, -3)).toBe('killed')
    expect(compareDamage(1, 1)).toBe('light')
  })
})
