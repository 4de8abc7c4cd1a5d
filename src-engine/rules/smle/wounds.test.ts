import { describe, expect, it } from 'vitest'
import {
  applyDamageResult,
  firstAid,
  mayStillAct,
  seriouslyWoundedMoveIn,
  type WoundState,
  woundEffects,
} from './wounds'

const ok: WoundState = { status: 'ok', treated: false }
const light: WoundState = { status: 'lightWound', treated: false }
const treated: WoundState = { status: 'lightWound', treated: true }
const serious: WoundState = { status: 'seriousWound', treated: false }
const dead: WoundState = { status: 'dead', treated: false }
const noFlags = { lostRestOfRound: false, shaken: false }

describe('wound effects and escalation (SMLE-DMG-06..12)', () => {
  it('SMLE-DMG-06: a serious wound knocks the figure down; it may not attack but may defend; half move; a casualty', () => {
    expect(applyDamageResult(ok, 'serious')).toMatchObject({ state: serious, fallsProne: true, clause: 'SMLE-DMG-06' })
    expect(woundEffects(serious)).toEqual({
      mayAttack: false,
      mayDefend: true,
      actionModifier: -2,
      activation: 'casualty',
      moveFactor: 0.5,
    })
    expect(mayStillAct(serious, noFlags)).toEqual({ move: true, attack: false })
  })

  it('SMLE-DMG-07: a light wound loses the rest of the round, then −2 on actions and activation −1 until treated', () => {
    const o = applyDamageResult(ok, 'light')
    expect(o).toMatchObject({ state: light, losesRestOfRound: true, fallsProne: false })
    expect(mayStillAct(light, { lostRestOfRound: true, shaken: false })).toEqual({ move: false, attack: false })
    expect(woundEffects(light)).toMatchObject({ mayAttack: true, actionModifier: -2, activation: 'wounded' })
    expect(mayStillAct(light, noFlags)).toEqual({ move: true, attack: true })
  })

  it('SMLE-DMG-08: a near miss leaves the figure unhurt but shaken for the rest of the round', () => {
    expect(applyDamageResult(ok, 'nearMiss')).toMatchObject({ state: ok, shaken: true })
    expect(applyDamageResult(light, 'nearMiss').state).toEqual(light)
    expect(mayStillAct(ok, { lostRestOfRound: false, shaken: true })).toEqual({ move: false, attack: false })
    expect(woundEffects(ok).mayDefend).toBe(true)
  })

  it('SMLE-DMG-09: light on light becomes serious (treated or not); any wound on a serious wound kills', () => {
    expect(applyDamageResult(light, 'light')).toMatchObject({ state: serious, clause: 'SMLE-DMG-09', fallsProne: true })
    expect(applyDamageResult(treated, 'light').state).toEqual(serious)
    expect(applyDamageResult(light, 'serious').state).toEqual(serious)
    expect(applyDamageResult(serious, 'light')).toMatchObject({ state: dead, clause: 'SMLE-DMG-09' })
    expect(applyDamageResult(serious, 'serious').state).toEqual(dead)
  })

  it('SMLE-DMG-10: killed is dead whatever the figure had; the dead stay dead', () => {
    for (const s of [ok, light, serious]) expect(applyDamageResult(s, 'killed').state).toEqual(dead)
    expect(applyDamageResult(dead, 'nearMiss').state).toEqual(dead)
    expect(woundEffects(dead)).toMatchObject({ mayAttack: false, mayDefend: false, activation: 'casualty' })
  })

  it('SMLE-DMG-11: a figure hit before its team activates loses its move and shot for the round', () => {
    const hit = applyDamageResult(ok, 'light')
    expect(mayStillAct(hit.state, { lostRestOfRound: hit.losesRestOfRound, shaken: hit.shaken })).toEqual({
      move: false,
      attack: false,
    })
  })

  it('SMLE-DMG-12: first aid treats an untreated light wound only; the −2 and the −1 end', () => {
    const r = firstAid(light)
    expect(r).toEqual({ ok: true, state: treated })
    expect(woundEffects(treated)).toMatchObject({ actionModifier: 0, activation: null })
    expect(firstAid(treated)).toMatchObject({ ok: false, clause: 'SMLE-DMG-12' })
    expect(firstAid(serious)).toMatchObject({ ok: false, clause: 'SMLE-DMG-12' })
  })

  it('SMLE-DMG-12: a seriously wounded figure moves half alone, or with a helper whose move is halved', () => {
    expect(seriouslyWoundedMoveIn(8, null)).toEqual({ casualtyIn: 4, helperIn: null })
    expect(seriouslyWoundedMoveIn(8, 10)).toEqual({ casualtyIn: 5, helperIn: 5 })
  })

  it('SMLE-ACT-09: casualties are dead or seriously wounded; wounded means an untreated light wound', () => {
    expect([ok, light, treated, serious, dead].map((s) => woundEffects(s).activation)).toEqual([
      null,
      'wounded',
      null,
      'casualty',
      'casualty',
    ])
  })

  it('SMLE-FODDER-03: a figure playing dead is no target and no casualty', () => {
    expect(() => applyDamageResult({ status: 'playingDead', treated: false }, 'light')).toThrow(RangeError)
    expect(woundEffects({ status: 'playingDead', treated: false })).toMatchObject({
      activation: null,
      mayAttack: false,
    })
  })
})
