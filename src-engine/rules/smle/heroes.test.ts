import { describe, expect, it } from 'vitest'
import { scriptedD6 } from '../../../tests/fixtures/dice'
import { CLOSE_ASSAULT_QUALITY } from './close-assault'
import { ARMOUR_TABLE } from './damage'
import {
  CREATURES,
  fodderEndOfRound,
  fodderHit,
  MAX_MONSTER_REVIVALS,
  monsterKilled,
  monsterReturn,
  monsterRevival,
} from './fodder-monsters'
import {
  applyHitToTough,
  bigGunsHits,
  doubleMoveLimitLifted,
  type FigureStanding,
  HERO_GRADES,
  heroModifier,
  heroRollTotal,
  isCameraFodder,
  luckyRedirect,
  toughResult,
} from './heroes'
import { FULL_MOVE_IN } from './movement'
import { eliteFanaticMoveBonusIn, mayInterrupt, rollSuperiorLeader } from './optional-rules'
import { DEFAULT_SMLE_SETTINGS as S, SmleSettingsSchema } from './settings'
import { planShot, resolveShot } from './shooting'
import { requireWeapon } from './weapons'
import { woundEffects } from './wounds'

const on = (o: Record<string, boolean>) => SmleSettingsSchema.parse({ optional: o })
const HEROES = on({ heroes: true })
const FODDER = on({ cameraFodder: true, heroes: true })
const MONSTERS = on({ monsters: true })

describe('§14.1 heroes', () => {
  it('SMLE-HERO-E01: a Minor Hero rolling 2D to hit rolls 2D+1, then applies other modifiers', () => {
    expect(heroRollTotal([3, 4], 1)).toBe(8)
    expect(heroModifier('toHit', 1, HEROES)).toEqual({ label: 'Minor Hero +1', value: 1, clause: 'SMLE-HERO-02' })
  })

  it('SMLE-HERO-01: three grades, Minor Hero +1, Hero +2, Major Hero +3', () => {
    expect(HERO_GRADES).toEqual({ 1: 'Minor Hero', 2: 'Hero', 3: 'Major Hero' })
    expect(([1, 2, 3] as const).map((g) => heroModifier('damage', g, HEROES)?.value)).toEqual([1, 2, 3])
  })

  it('SMLE-HERO-02: the grade is added once to the total of several dice, not to each die', () => {
    expect(heroRollTotal([1, 1, 1, 1], 3)).toBe(7)
  })

  it('SMLE-HERO-03: his to-hit, damage, defence, close-assault, door and his team’s activation rolls; nothing without the option or the grade', () => {
    for (const roll of ['toHit', 'damage', 'defence', 'closeAssault', 'door', 'activation'] as const)
      expect(heroModifier(roll, 2, HEROES)?.value).toBe(2)
    expect(heroModifier('activation', 2, HEROES)?.clause).toBe('SMLE-HERO-03')
    expect(heroModifier('toHit', 2, S)).toBeNull()
    expect(heroModifier('toHit', 0, HEROES)).toBeNull()
  })

  it('SMLE-HERO-04 Tough: only a hero, or a monster hand to hand, does him serious harm; others a light wound with no disabling effect', () => {
    expect(toughResult('killed', { byHero: false, byMonsterInCloseAssault: false })).toEqual({
      result: 'light',
      disabling: false,
    })
    expect(toughResult('serious', { byHero: false, byMonsterInCloseAssault: false })).toEqual({
      result: 'light',
      disabling: false,
    })
    expect(toughResult('nearMiss', { byHero: false, byMonsterInCloseAssault: false }).result).toBe('nearMiss')
    expect(toughResult('killed', { byHero: true, byMonsterInCloseAssault: false })).toEqual({
      result: 'killed',
      disabling: true,
    })
    expect(toughResult('serious', { byHero: false, byMonsterInCloseAssault: true }).result).toBe('serious')
  })

  it('SMLE-HERO-04 Tough: ordinary hits leave a non-disabling light wound that never adds up; a hero’s hit wounds as usual', () => {
    const ordinary = { byHero: false, byMonsterInCloseAssault: false }
    const first = applyHitToTough({ status: 'ok', treated: false }, 'killed', ordinary)
    expect(first).toEqual({
      state: { status: 'lightWound', treated: true },
      fallsProne: false,
      losesRestOfRound: false,
      shaken: false,
      clause: 'SMLE-HERO-04',
    })
    expect(woundEffects(first.state)).toMatchObject({ actionModifier: 0, activation: null })
    expect(applyHitToTough(first.state, 'serious', ordinary).state).toEqual(first.state)
    expect(applyHitToTough(first.state, 'light', { byHero: true, byMonsterInCloseAssault: false }).state.status).toBe(
      'seriousWound',
    )
    expect(applyHitToTough(first.state, 'nearMiss', ordinary).shaken).toBe(true)
  })

  it('SMLE-HERO-04 Lucky: the hit goes to the nearest other figure, of either side, which dies; nobody near: lost', () => {
    expect(
      luckyRedirect([
        { id: 'friend', distanceIn: 3 },
        { id: 'foe', distanceIn: 1.5 },
        { id: 'other', distanceIn: 1.5 },
      ]),
    ).toBe('foe')
    expect(luckyRedirect([])).toBeNull()
  })

  it('SMLE-HERO-04 Big Guns: always hits, 1 + grade hits with autofire, one otherwise', () => {
    expect(bigGunsHits(requireWeapon('mmg'), 3)).toBe(4)
    expect(bigGunsHits(requireWeapon('bazooka'), 3)).toBe(1)
  })

  it('SMLE-HERO-04 Spotlight: everyone but heroes, monsters and significant figures is Camera Fodder', () => {
    const grunt: FigureStanding = { heroGrade: 0, isMonster: false, isSignificant: false, teamIsFodder: false }
    expect(isCameraFodder(grunt, true, FODDER)).toBe(true)
    expect(isCameraFodder(grunt, false, FODDER)).toBe(false)
    expect(isCameraFodder({ ...grunt, isSignificant: true }, true, FODDER)).toBe(false)
    expect(isCameraFodder({ ...grunt, heroGrade: 1 }, true, FODDER)).toBe(false)
    expect(isCameraFodder({ ...grunt, isMonster: true, teamIsFodder: true }, true, FODDER)).toBe(false)
    expect(isCameraFodder(grunt, true, S)).toBe(false)
  })

  it('SMLE-HERO-05: a heroic or highly motivated unit is freed of the one-double-move limit in a Hollywood game', () => {
    expect(doubleMoveLimitLifted({ hasHero: true, motivation: 'none' }, HEROES)).toBe(true)
    expect(doubleMoveLimitLifted({ hasHero: false, motivation: 'fanatic' }, HEROES)).toBe(true)
    expect(doubleMoveLimitLifted({ hasHero: false, motivation: 'steady' }, HEROES)).toBe(false)
    expect(doubleMoveLimitLifted({ hasHero: true, motivation: 'elite' }, S)).toBe(false)
  })
})

describe('§14.2 Camera Fodder', () => {
  const grunt: FigureStanding = { heroGrade: 0, isMonster: false, isSignificant: false, teamIsFodder: true }

  it('SMLE-FODDER-01: a fodder team collapses when shot at, and gets up once the action moves on', () => {
    expect(isCameraFodder(grunt, false, FODDER)).toBe(true)
    const down = fodderHit({ status: 'ok', treated: false })
    expect(fodderEndOfRound(down, false).status).toBe('ok')
  })

  it('SMLE-FODDER-02: a hit fodder figure rolls no effect of fire; it lies "dead" and can return later', () => {
    expect(fodderHit({ status: 'ok', treated: false })).toEqual({ status: 'playingDead', treated: false })
    expect(fodderHit({ status: 'dead', treated: false }).status).toBe('dead')
  })

  it('SMLE-FODDER-03: back to ok at the end of a round no enemy sees it; still down while one does', () => {
    const down = { status: 'playingDead', treated: false } as const
    expect(fodderEndOfRound(down, true)).toEqual(down)
    expect(fodderEndOfRound(down, false)).toEqual({ status: 'ok', treated: false })
    expect(fodderEndOfRound({ status: 'lightWound', treated: false }, false).status).toBe('lightWound')
  })
})

describe('§14.3 Monsters', () => {
  it('SMLE-MONSTER-01: monsters move 8", +3/+2 armour, +6 close assault; aliens 12", +1/+0, +4, activation base 6', () => {
    expect(CREATURES.monster).toEqual({ moveIn: 8, armour: 'monsters', closeAssault: 6, activationBase: null })
    expect(CREATURES.alien).toEqual({ moveIn: 12, armour: 'aliens', closeAssault: 4, activationBase: 6 })
    expect([FULL_MOVE_IN.monsters, FULL_MOVE_IN.aliens]).toEqual([8, 12])
    expect([ARMOUR_TABLE.monsters, ARMOUR_TABLE.aliens]).toEqual([
      { vsB: 3, vsE: 2 },
      { vsB: 1, vsE: 0 },
    ])
    expect(CLOSE_ASSAULT_QUALITY.trained).toBe(0)
  })

  it('SMLE-MONSTER-02: an apparently killed monster plays dead; under explosive fire it vanishes and comes back', () => {
    expect(monsterKilled({ byExplosive: false, revivalsUsed: 0, round: 2 }, null, MONSTERS)).toEqual({
      kind: 'playsDead',
    })
    expect(monsterKilled({ byExplosive: true, revivalsUsed: 1, round: 2 }, 4, MONSTERS)).toEqual({
      kind: 'vanishes',
      returnRound: 6,
    })
    expect(monsterKilled({ byExplosive: false, revivalsUsed: 0, round: 2 }, null, S)).toEqual({ kind: 'dead' })
  })

  it('SMLE-MONSTER-03: revives when an enemy comes within 4" and assaults it, surprised; at most two revivals; returns near a random enemy', () => {
    expect(monsterRevival([{ id: 'far', distanceIn: 4.5 }])).toBeNull()
    expect(
      monsterRevival([
        { id: 'b', distanceIn: 4 },
        { id: 'a', distanceIn: 2 },
      ]),
    ).toEqual({ state: { status: 'lightWound', treated: false }, assaultTargetId: 'a', targetSurprised: true })
    expect(monsterKilled({ byExplosive: false, revivalsUsed: MAX_MONSTER_REVIVALS, round: 5 }, null, MONSTERS)).toEqual(
      { kind: 'dead' },
    )
    expect(() => monsterKilled({ byExplosive: true, revivalsUsed: 0, round: 5 }, null, MONSTERS)).toThrow(RangeError)
    expect(monsterReturn(['x', 'y', 'z'], scriptedD6([3]))).toEqual({
      state: { status: 'lightWound', treated: false },
      nearEnemyId: 'z',
      withinIn: 6,
    })
  })
})

describe('§14.4 other optional rules', () => {
  it('SMLE-OPTR-01: Elite or Fanatic troops +2" with the option', () => {
    const opt = on({ eliteFanaticMoveBonus: true })
    expect((['elite', 'fanatic', 'warriors', 'none'] as const).map((m) => eliteFanaticMoveBonusIn(m, opt))).toEqual([
      2, 2, 0, 0,
    ])
    expect(eliteFanaticMoveBonusIn('elite', S)).toBe(0)
  })

  it('SMLE-OPTR-02: a poor weapon jams on a natural 3 only with the unreliable-weapons option (SMLE-SHOOT-28)', () => {
    const input = {
      kind: 'direct' as const,
      firer: {
        quality: 'veteran' as const,
        motivation: 'none' as const,
        weaponId: 'smg',
        unreliable: true,
        movedIn: 0,
        fullMoveIn: 8,
        prone: false,
        braced: false,
        untreatedLightWound: false,
        teamNotUnderFire: true,
      },
      target: { kind: 'unit' as const, quality: 'trained' as const },
      rangeIn: 3,
    }
    const jams = (settings: typeof S): boolean => {
      const plan = planShot(input, settings)
      if (!plan.ok) throw new Error(plan.message)
      return resolveShot(plan, [1, 2]).jammed
    }
    expect([jams(on({ unreliableWeapons: true })), jams(S)]).toEqual([true, false])
  })

  it('SMLE-OPTR-03: superior leaders: 1 incompetent, 2–4 okay +1, 5–6 good (up one band), then 5–6 exceptional (up two)', () => {
    expect(rollSuperiorLeader(scriptedD6([1]))).toMatchObject({
      grade: 'incompetent',
      activationBonus: 0,
      teamsActAtLeaderAl: true,
    })
    expect(rollSuperiorLeader(scriptedD6([4]))).toMatchObject({ grade: 'okay', activationBonus: 1, bandShift: 0 })
    expect(rollSuperiorLeader(scriptedD6([5, 4]))).toMatchObject({ grade: 'good', bandShift: 1, faces: [5, 4] })
    expect(rollSuperiorLeader(scriptedD6([6, 5]))).toMatchObject({ grade: 'exceptional', bandShift: 2 })
  })

  it('SMLE-OPTR-04: early interrupt by a strictly higher, unacted, opposing unit, once a round, first turns only, option on', () => {
    const opt = SmleSettingsSchema.parse({ allowEarlyInterrupt: true })
    const c = {
      interrupterAl: 9,
      nextActiveAl: 4,
      opposing: true,
      interrupterHasActed: false,
      interruptedThisRound: false,
      secondTurn: false,
    }
    expect(mayInterrupt(c, opt)).toBe(true)
    expect(mayInterrupt(c, S)).toBe(false)
    expect(mayInterrupt({ ...c, interrupterAl: 4 }, opt)).toBe(false)
    expect(mayInterrupt({ ...c, interruptedThisRound: true }, opt)).toBe(false)
    expect(mayInterrupt({ ...c, secondTurn: true }, opt)).toBe(false)
    expect(mayInterrupt({ ...c, opposing: false }, opt)).toBe(false)
  })
})
