import { describe, expect, it } from 'vitest'
import type { RollModifier } from './events/events'
import { targetCoverModifier } from './cover'
import { DEFAULT_SMLE_SETTINGS as S, SmleSettingsSchema } from './settings'
import {
  planShot,
  resolveShot,
  type ShotFirer,
  type ShotInput,
  type ShotPlan,
  shotNaturalSuccess,
  toHitNumber,
} from './shooting'

const firer = (over: Partial<ShotFirer> = {}): ShotFirer => ({
  quality: 'trained',
  motivation: 'none',
  weaponId: 'rifle',
  movedIn: 0,
  fullMoveIn: 8,
  prone: false,
  braced: false,
  untreatedLightWound: false,
  teamNotUnderFire: false,
  ...over,
})

const shot = (over: Partial<ShotInput> = {}, f: Partial<ShotFirer> = {}): ShotInput => ({
  kind: 'direct',
  firer: firer(f),
  target: { kind: 'unit', quality: 'trained', cover: 'none' },
  rangeIn: 12,
  ...over,
})

function plan(input: ShotInput, settings = S): ShotPlan {
  const p = planShot(input, settings)
  if (!p.ok) throw new Error(`${p.clause}: ${p.message}`)
  return p
}

const values = (mods: readonly RollModifier[]): Record<string, number> =>
  Object.fromEntries(mods.map((m) => [m.clause + ' ' + m.label, m.value]))
const sum = (mods: readonly RollModifier[]): number => mods.reduce((t, m) => t + m.value, 0)

describe('worked examples of §8', () => {
  it('SMLE-SHOOT-E01: soft cover, in and out of sight and hard cover give only the hard-cover −3', () => {
    const m = targetCoverModifier({ cover: 'hard', inOutOfSight: true }, S)
    expect(m?.value).toBe(-3)
    const p = plan(shot({ target: { kind: 'unit', quality: 'trained', cover: 'hard', inOutOfSight: true } }))
    expect(sum(p.modifiers)).toBe(-3)
  })

  it('SMLE-SHOOT-E02: Trained rifleman, not under fire, target Green in soft cover at 12", rolls 5 → 7 → 1 hit', () => {
    const p = plan(shot({ target: { kind: 'unit', quality: 'green', cover: 'soft' } }, { teamNotUnderFire: true }))
    expect(p.toHit).toBe(7)
    expect(sum(p.modifiers)).toBe(2)
    const r = resolveShot(p, [2, 3])
    expect(r).toMatchObject({ total: 7, success: true, hits: 1 })
  })

  it('SMLE-SHOOT-E03: Veteran with SMG at a Veteran team 3" away rolls 6 → 10 → 5 hits', () => {
    const p = plan(
      shot(
        { rangeIn: 3, target: { kind: 'unit', quality: 'veteran', cover: 'none' } },
        { quality: 'veteran', weaponId: 'smg', teamNotUnderFire: true },
      ),
    )
    expect(p.toHit).toBe(6)
    const r = resolveShot(p, [3, 3])
    expect(r).toMatchObject({ total: 10, hits: 5 })
  })

  it('SMLE-SHOOT-E04: double 1 misses even with +10 in modifiers', () => {
    const p = plan(
      shot(
        { rangeIn: 2, target: { kind: 'unit', quality: 'untrained' } },
        { weaponId: 'smg', teamNotUnderFire: true, prone: true, braced: true, motivation: 'elite' },
      ),
    )
    expect(sum(p.modifiers)).toBeGreaterThanOrEqual(10)
    const r = resolveShot(p, [1, 1])
    expect(r.success).toBe(false)
    expect(r.hits).toBe(0)
  })

  it('SMLE-SHOOT-E05: a rifle at 30" takes −4; at 49" it cannot hit', () => {
    expect(values(plan(shot({ rangeIn: 30 })).modifiers)).toEqual({ 'SMLE-SHOOT-08 Beyond effective range': -4 })
    const far = plan(shot({ rangeIn: 49 }))
    expect(far).toMatchObject({ beyondMaximum: true, beyondEffectiveRange: true })
    expect(resolveShot(far, [6, 6]).hits).toBe(0)
    expect(plan(shot({ rangeIn: 48 })).beyondMaximum).toBe(false)
  })

  it('SMLE-SHOOT-E06: aiming at the enemy section leader inside a team: −3', () => {
    const p = plan(shot({ target: { kind: 'unit', quality: 'trained', aimedAtFigure: true } }))
    expect(values(p.modifiers)).toEqual({ 'SMLE-SHOOT-27 Aiming at one specific figure': -3 })
  })
})

describe('§8 procedure and Table 3', () => {
  it('SMLE-SHOOT-03: 2D6 + modifiers ≥ to-hit number hits; one short misses', () => {
    const p = plan(shot())
    expect(resolveShot(p, [3, 4])).toMatchObject({ total: 7, success: true, hits: 1 })
    expect(resolveShot(p, [3, 3])).toMatchObject({ total: 6, success: false, hits: 0 })
    expect(() => resolveShot(p, [3])).toThrow(RangeError)
  })

  it('SMLE-SHOOT-04: a natural 2 always misses', () => {
    const p = plan(shot({ rangeIn: 1 }, { quality: 'veteran', weaponId: 'shotgun', teamNotUnderFire: true }))
    expect(2 + sum(p.modifiers)).toBeGreaterThanOrEqual(p.toHit)
    expect(resolveShot(p, [1, 1]).success).toBe(false)
  })

  it('SMLE-SHOOT-04: the DiceRoller hook agrees: snake eyes (and a jam) fail whatever the total', () => {
    const p = plan(shot())
    expect([shotNaturalSuccess(p)([1, 1]), shotNaturalSuccess(p)([1, 2]), shotNaturalSuccess(p)([6, 6])]).toEqual([
      false,
      undefined,
      undefined,
    ])
    const poor = plan(
      shot({}, { unreliable: true }),
      SmleSettingsSchema.parse({ optional: { unreliableWeapons: true } }),
    )
    expect(shotNaturalSuccess(poor)([2, 1])).toBe(false)
  })

  it('SMLE-SHOOT-05: a natural 12 is not an automatic hit', () => {
    const p = plan(
      shot(
        { rangeIn: 40, target: { kind: 'unit', quality: 'veteran', cover: 'hard', aimedAtFigure: true } },
        { quality: 'untrained', movedIn: 8 },
      ),
    )
    expect(resolveShot(p, [6, 6]).success).toBe(false)
  })

  it('SMLE-SHOOT-06: autofire scores total − to-hit + 1 hits; single-shot weapons one', () => {
    const auto = plan(shot({}, { weaponId: 'lmg', braced: true }))
    expect(resolveShot(auto, [5, 5]).hits).toBe(11 - 7 + 1)
    expect(resolveShot(plan(shot()), [6, 6]).hits).toBe(1)
  })

  it('SMLE-SHOOT-07: within 4" the weapon Close factor applies (negative too); beyond 4" not', () => {
    expect(values(plan(shot({ rangeIn: 4 }, { weaponId: 'smg' })).modifiers)).toEqual({
      'SMLE-SHOOT-07 Close range (SMG +3)': 3,
    })
    expect(plan(shot({ rangeIn: 4.01 }, { weaponId: 'smg' })).modifiers).toEqual([])
    expect(sum(plan(shot({ rangeIn: 2 }, { weaponId: 'mmg', braced: true })).modifiers)).toBe(-1 + 1)
    expect(plan(shot({ rangeIn: 2 }, { weaponId: 'hand-grenade' })).modifiers).toEqual([])
  })

  it('SMLE-SHOOT-08: beyond effective range −4, beyond 2× cannot hit but marks the target under fire only if the roll would have hit', () => {
    const far = plan(shot({ rangeIn: 50 }, { teamNotUnderFire: true }))
    expect(resolveShot(far, [6, 5])).toMatchObject({
      success: true,
      hits: 0,
      marksUnderFire: true,
      underFire: ['direct'],
    })
    expect(resolveShot(far, [3, 4])).toMatchObject({ success: false, marksUnderFire: false, underFire: [] })
  })

  it('SMLE-SHOOT-09: modifiers are cumulative', () => {
    const p = plan(
      shot(
        { rangeIn: 30, target: { kind: 'unit', quality: 'green', cover: 'soft' } },
        { motivation: 'elite', prone: true, braced: true, teamNotUnderFire: true, untreatedLightWound: true },
      ),
    )
    expect(sum(p.modifiers)).toBe(1 + 1 + 1 + 2 - 2 - 4 + 1 - 1)
  })

  it('SMLE-SHOOT-10: the to-hit number is the firer’s own quality; Elite is +1, Fanatic nothing', () => {
    expect(['untrained', 'green', 'trained', 'veteran'].map((q) => toHitNumber(q as 'green'))).toEqual([9, 8, 7, 6])
    expect(plan(shot({}, { quality: 'green', motivation: 'fanatic' }))).toMatchObject({ toHit: 8, modifiers: [] })
    expect(values(plan(shot({}, { quality: 'green', motivation: 'elite' })).modifiers)).toEqual({
      'SMLE-MOT-03 Elite firer': 1,
    })
  })

  it('Table 3: target quality +2 / +1 / 0 / −1', () => {
    const q = (quality: 'untrained' | 'green' | 'trained' | 'veteran'): number =>
      sum(plan(shot({ target: { kind: 'unit', quality } })).modifiers)
    expect([q('untrained'), q('green'), q('trained'), q('veteran')]).toEqual([2, 1, 0, -1])
  })

  it('SMLE-SHOOT-20: stationary 0, less than half a move −2, half or more −4 (crawling counts)', () => {
    const moved = (movedIn: number): number => sum(plan(shot({}, { movedIn, fullMoveIn: 8 })).modifiers)
    expect([moved(0), moved(0.5), moved(2), moved(3.99), moved(4), moved(8)]).toEqual([0, -2, -2, -2, -4, -4])
  })

  it('SMLE-COMBAT-03: direct fire during the move uses the distance moved so far', () => {
    expect(sum(plan(shot({}, { movedIn: 3, fullMoveIn: 8 })).modifiers)).toBe(-2)
    expect(sum(plan(shot({}, { movedIn: 5, fullMoveIn: 8 })).modifiers)).toBe(-4)
  })

  it('SMLE-SHOOT-21: soft −1, in and out of sight −2, hard −3, prepared −3 (values from the settings)', () => {
    const c = (cover: 'soft' | 'hard' | 'prepared' | 'none', inOutOfSight = false): number =>
      sum(plan(shot({ target: { kind: 'unit', quality: 'trained', cover, inOutOfSight } })).modifiers)
    expect([c('soft'), c('none', true), c('hard'), c('prepared')]).toEqual([-1, -2, -3, -3])
    const custom = SmleSettingsSchema.parse({ softCoverToHit: -2, preparedPositionToHit: -4 })
    expect(sum(plan(shot({ target: { kind: 'unit', quality: 'trained', cover: 'prepared' } }), custom).modifiers)).toBe(
      -4,
    )
    expect(sum(plan(shot({ target: { kind: 'unit', quality: 'trained', cover: 'soft' } }), custom).modifiers)).toBe(-2)
  })

  it('SMLE-SHOOT-22: only the best cover counts', () => {
    expect(targetCoverModifier({ cover: 'soft', inOutOfSight: true }, S)).toMatchObject({
      value: -2,
      clause: 'SMLE-SHOOT-22',
    })
    expect(targetCoverModifier({ cover: 'none' }, S)).toBeNull()
  })

  it('SMLE-SHOOT-25: braced +1; a must-brace weapon cannot fire unbraced', () => {
    expect(values(plan(shot({}, { braced: true })).modifiers)).toEqual({ 'SMLE-SHOOT-25 Braced weapon': 1 })
    expect(planShot(shot({}, { weaponId: 'mmg' }), S)).toMatchObject({ ok: false, clause: 'SMLE-SHOOT-25' })
    expect(planShot(shot({}, { weaponId: 'sniper-rifle', braced: true }), S).ok).toBe(true)
  })

  it('SMLE-SHOOT-27: a specific-figure roll is flagged by its −3 (hits then go to that figure, see hits)', () => {
    expect(plan(shot({ target: { kind: 'unit', quality: 'trained', aimedAtFigure: true } })).modifiers[0]?.value).toBe(
      -3,
    )
    expect(
      plan(shot({ target: { kind: 'unit', quality: 'trained', aimedAtFigure: true } }, { weaponId: 'bazooka' }))
        .modifiers,
    ).toEqual([])
  })

  it('SMLE-SHOOT-28: with the option on, a poor weapon jams on a natural 2 or 3 and then needs the Reload option', () => {
    const on = SmleSettingsSchema.parse({ optional: { unreliableWeapons: true } })
    const p = plan(shot({ rangeIn: 2 }, { unreliable: true, weaponId: 'smg', teamNotUnderFire: true }), on)
    expect(resolveShot(p, [1, 2])).toMatchObject({ jammed: true, success: false, hits: 0, marksUnderFire: false })
    expect(resolveShot(p, [2, 2]).jammed).toBe(false)
    expect(
      resolveShot(plan(shot({ rangeIn: 2 }, { unreliable: true, weaponId: 'smg', teamNotUnderFire: true })), [1, 2])
        .jammed,
    ).toBe(false)
    expect(planShot(shot({}, { readiness: 'jammed' }), on)).toMatchObject({ ok: false, clause: 'SMLE-SHOOT-28' })
  })

  it('SMLE-WPN-01: reload, spent, indirect-only and melee weapons cannot make this shot', () => {
    expect(planShot(shot({}, { weaponId: 'bazooka', readiness: 'needsReload' }), S)).toMatchObject({
      ok: false,
      clause: 'SMLE-WPN-01',
    })
    expect(planShot(shot({}, { weaponId: 'panzerfaust', readiness: 'spent' }), S)).toMatchObject({
      ok: false,
      clause: 'SMLE-WPN-01',
    })
    expect(planShot(shot({}, { weaponId: 'light-mortar' }), S)).toMatchObject({ ok: false, clause: 'SMLE-WPN-01' })
  })

  it('Table 6: a flamethrower ignores soft cover and puts the target under explosive fire', () => {
    const p = plan(
      shot({ rangeIn: 3, target: { kind: 'unit', quality: 'trained', cover: 'soft' } }, { weaponId: 'flamethrower' }),
    )
    expect(values(p.modifiers)).toEqual({ 'SMLE-SHOOT-07 Close range (Flamethrower +2)': 2 })
    expect(resolveShot(p, [1, 3]).underFire).toEqual(['direct', 'explosive'])
  })

  it('SMLE-DMG-07: a firer with an untreated light wound has −2', () => {
    expect(values(plan(shot({}, { untreatedLightWound: true })).modifiers)).toEqual({
      'SMLE-DMG-07 Firer lightly wounded': -2,
    })
  })

  it('SMLE-VEH-18: a vehicle target takes no quality modifier; hull-down behind hard cover −3', () => {
    expect(plan(shot({ target: { kind: 'vehicle', quality: 'untrained' } })).modifiers).toEqual([])
    expect(sum(plan(shot({ target: { kind: 'vehicle', cover: 'hard' } })).modifiers)).toBe(-3)
  })

  it('SMLE-VEH-10: opportunity fire may be aimed at a vehicle', () => {
    const p = plan(shot({ kind: 'opportunity', target: { kind: 'vehicle' } }, { weaponId: 'at-rifle', braced: true }))
    expect(resolveShot(p, [4, 3])).toMatchObject({ hits: 1 })
  })

  it('SMLE-VEH-15: the crew of a vehicle with a light wound has −2 to hit', () => {
    expect(values(plan(shot({}, { vehicleLightWound: true })).modifiers)).toEqual({
      'SMLE-VEH-15 Vehicle light wound': -2,
    })
  })
})

describe('the fire kinds of §7 on one roll', () => {
  it('SMLE-COMBAT-02: direct fire with autofire scores the extra hits', () => {
    expect(resolveShot(plan(shot({}, { weaponId: 'smg', teamNotUnderFire: true })), [6, 4]).hits).toBe(12 - 7 + 1)
  })

  it('SMLE-COMBAT-04: opportunity fire rolls like direct fire, extra hits included', () => {
    expect(
      resolveShot(plan(shot({ kind: 'opportunity' }, { weaponId: 'smg', teamNotUnderFire: true })), [6, 4]).hits,
    ).toBe(6)
  })

  it('SMLE-COMBAT-07: return fire scores exactly one hit, no autofire extras', () => {
    const r = resolveShot(plan(shot({ kind: 'return' }, { weaponId: 'smg', teamNotUnderFire: true })), [6, 6])
    expect(r).toMatchObject({ success: true, hits: 1, underFire: ['direct', 'auto'] })
  })

  it('SMLE-COMBAT-08: return and panic fire use the nominated figure’s own to-hit number and modifiers', () => {
    const p = plan(shot({ kind: 'return' }, { quality: 'veteran', prone: true }))
    expect(p.toHit).toBe(6)
    expect(sum(p.modifiers)).toBe(1)
  })

  it('SMLE-COMBAT-09: panic fire scores no hits; success only puts the target under fire', () => {
    const p = plan(shot({ kind: 'panic', rangeIn: 2 }, { weaponId: 'smg', teamNotUnderFire: true }))
    expect(resolveShot(p, [6, 6])).toMatchObject({ success: true, hits: 0, marksUnderFire: true })
    expect(resolveShot(p, [2, 3])).toMatchObject({ success: false, marksUnderFire: false })
    expect(planShot(shot({ kind: 'panic', target: { kind: 'unit', aimedAtFigure: true } }), S)).toMatchObject({
      ok: false,
      clause: 'SMLE-COMBAT-09',
    })
  })

  it('SMLE-COMBAT-11: successful panic fire puts the target under Direct fire, plus Auto with an autofire weapon', () => {
    expect(
      resolveShot(plan(shot({ kind: 'panic' }, { weaponId: 'lmg', teamNotUnderFire: true })), [6, 6]).underFire,
    ).toEqual(['direct', 'auto'])
    expect(resolveShot(plan(shot({ kind: 'panic' })), [6, 6]).underFire).toEqual(['direct'])
  })

  it('SMLE-COMBAT-12: panic fire takes −4 from the settings, no close-range bonus, no extreme-range −4, nothing beyond 2×', () => {
    expect(values(plan(shot({ kind: 'panic', rangeIn: 2 }, { weaponId: 'smg' })).modifiers)).toEqual({
      'SMLE-COMBAT-12 Panic fire (reduced effect)': -4,
    })
    expect(sum(plan(shot({ kind: 'panic', rangeIn: 40 })).modifiers)).toBe(-4)
    const custom = SmleSettingsSchema.parse({ panicFireModifier: -3 })
    expect(sum(plan(shot({ kind: 'panic' }), custom).modifiers)).toBe(-3)
    const beyond = plan(shot({ kind: 'panic', rangeIn: 49 }, { teamNotUnderFire: true }))
    expect(resolveShot(beyond, [6, 6])).toMatchObject({ success: true, marksUnderFire: false })
  })

  it('SMLE-ACT-18 / SMLE-DMG-03: a direct, opportunity or return roll that misses still puts the target under fire', () => {
    for (const kind of ['direct', 'opportunity', 'return'] as const)
      expect(resolveShot(plan(shot({ kind })), [1, 2])).toMatchObject({ hits: 0, marksUnderFire: true })
  })

  it('SMLE-HERO-04: Big Guns fires a must-brace weapon unbraced and always hits: 1 + grade hits with autofire', () => {
    const heroes = SmleSettingsSchema.parse({ optional: { heroes: true } })
    const p = plan(shot({ rangeIn: 40 }, { weaponId: 'mmg', bigGuns: true, heroGrade: 2, movedIn: 8 }), heroes)
    expect(p.autoHit).toBe(true)
    expect(resolveShot(p, [])).toMatchObject({ success: true, hits: 3 })
    expect(resolveShot(plan(shot({}, { weaponId: 'at-rifle', bigGuns: true, heroGrade: 1 }), heroes), []).hits).toBe(1)
  })

  it('SMLE-HERO-02: a hero adds his grade once to his to-hit roll (heroes option on only)', () => {
    const heroes = SmleSettingsSchema.parse({ optional: { heroes: true } })
    expect(values(plan(shot({}, { heroGrade: 3 }), heroes).modifiers)).toEqual({ 'SMLE-HERO-02 Major Hero +3': 3 })
    expect(plan(shot({}, { heroGrade: 3 })).modifiers).toEqual([])
  })
})
