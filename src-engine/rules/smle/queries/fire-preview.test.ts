import { describe, expect, it } from 'vitest'
import { inTurn, newMatch, play, sectionsFacing, withFigure, withTeam } from '../../../../tests/fixtures/play'
import { sectionScenario } from '../../../../tests/fixtures/scenarios'
import type { GameEvent } from '../events/events'
import { dispatch } from '../match'
import { previewFire } from './fire-preview'

const toHitRolls = (events: readonly GameEvent[]) =>
  events.filter(
    (e): e is Extract<GameEvent, { type: 'DiceRolled' }> => e.type === 'DiceRolled' && e.purpose.startsWith('to hit'),
  )

describe('previewFire', () => {
  it('SMLE-SHOOT-01 / SMLE-SHOOT-03: the preview names exactly the figures that roll, with the to-hit number and modifiers the roll then uses', () => {
    const m = inTurn(sectionsFacing(3), 'b-hq', 7)
    const cmd = { type: 'directFire' as const, teamId: 'b-hq', targetTeamId: 'r-a' }
    const preview = previewFire(m.state, m.world, cmd)
    if (!preview.ok) throw new Error(preview.reason.message)
    expect(dispatch(m, cmd).decision.ok).toBe(true)
    const rolled = toHitRolls(play(m, [cmd]).entries.at(-1)!.events)
    expect(preview.value.firers.map((f) => f.firerId)).toEqual(rolled.map((r) => r.figureId))
    for (const [i, f] of preview.value.firers.entries()) {
      expect(f.toHit).toBe(rolled[i]?.target)
      expect(f.modifiers).toEqual(rolled[i]?.modifiers)
      expect(f.modifiers.every((x) => /^SMLE-/.test(x.clause))).toBe(true)
      expect(f.dice).toBe('2D6')
      expect(f.cover).toBe('none')
      expect(f.visible).toBeGreaterThan(0)
      expect(f.from.y).toBeGreaterThan(f.to.y - 2)
      expect(f.needs).toBe(Math.max(3, f.toHit - f.modifiers.reduce((t, x) => t + x.value, 0)))
    }
  })
  it('SMLE-SHOOT-20: a firer that has moved shows its −2 in the preview with its clause', () => {
    const m = play(inTurn(sectionsFacing(3), 'b-hq', 9), [
      { type: 'moveFigure', figureId: 'b-r1', to: { x: 6, z: 27 } },
    ])
    const preview = previewFire(m.state, m.world, {
      type: 'directFire',
      teamId: 'b-hq',
      targetTeamId: 'r-a',
      firerIds: ['b-r1'],
    })
    expect(preview.ok && preview.value.firers[0]?.modifiers.find((x) => x.clause === 'SMLE-SHOOT-20')?.value).toBe(-2)
  })
  it('SMLE-TURN-07 / SMLE-COMBAT-02 / SMLE-SHOOT-01: refused with the same clause as the dispatch would be, and nothing changes', () => {
    const fired = play(inTurn(sectionsFacing(), 'b-hq', 7), [
      { type: 'directFire', teamId: 'b-hq', targetTeamId: 'r-a' },
    ])
    const again = previewFire(fired.state, fired.world, { type: 'directFire', teamId: 'b-hq', targetTeamId: 'r-b' })
    expect(again.ok ? null : again.reason.clause).toBe('SMLE-TURN-07')
    const low = inTurn(sectionsFacing(), 'b-hq', 6)
    const before = JSON.stringify(low.state)
    const r = previewFire(low.state, low.world, { type: 'directFire', teamId: 'b-hq', targetTeamId: 'r-a' })
    expect(r.ok ? null : r.reason.clause).toBe('SMLE-COMBAT-02')
    expect(JSON.stringify(low.state)).toBe(before)
    const hidden = inTurn(newMatch(1, sectionScenario()), 'b-hq', 7)
    const blocked = previewFire(hidden.state, hidden.world, { type: 'directFire', teamId: 'b-hq', targetTeamId: 'r-a' })
    expect(blocked.ok ? null : blocked.reason.clause).toBe('SMLE-SHOOT-01')
  })
  it('CORE-CMD-02: a command that is not an attack by fire, or is malformed, is refused', () => {
    const m = inTurn(sectionsFacing(), 'b-hq', 7)
    const r = previewFire(m.state, m.world, { type: 'goProne', figureId: 'b-r1' })
    expect(r.ok ? null : r.reason.clause).toBe('CORE-CMD-02')
    const bad = previewFire(m.state, m.world, { type: 'directFire' })
    expect(bad.ok ? null : bad.reason.clause).toBe('CORE-CMD-02')
  })
  it('SMLE-SHOOT-27: a figure picked out shows its modifier on every firer, and each sight line carries a cover grade', () => {
    let m = inTurn(sectionsFacing(3), 'b-hq', 7)
    m = withFigure(m, 'r-a1', { prone: true })
    const r = previewFire(m.state, m.world, { type: 'directFire', teamId: 'b-hq', targetTeamId: 'r-a', aimAt: 'r-a1' })
    if (!r.ok) throw new Error(r.reason.message)
    expect(r.value.firers.every((f) => f.modifiers.some((x) => x.clause === 'SMLE-SHOOT-27'))).toBe(true)
    expect(r.value.firers.every((f) => ['none', 'soft', 'hard', 'position'].includes(f.cover))).toBe(true)
  })
  it('SMLE-SHOOT-08: a grenade at a team 16" off (beyond twice its 6") cannot hit, and its burst is shown where it will come down: 12" along the line', () => {
    const m = inTurn(
      withTeam(withFigure(sectionsFacing(3), 'b-sgt', { weapons: ['smg', 'hand-grenade'] }), 'b-hq', {
        ammo: { 'hand-grenade': 1 },
      }),
      'b-hq',
      7,
    )
    const r = previewFire(m.state, m.world, {
      type: 'directFire',
      teamId: 'b-hq',
      targetTeamId: 'r-a',
      firerIds: ['b-sgt'],
      weapons: { 'b-sgt': 'hand-grenade' },
    })
    if (!r.ok) throw new Error(r.reason.message)
    const sgt = r.value.firers[0]
    expect(sgt?.cannotHit).toBe(true)
    // The sergeant stands at (4, 30), Red's corporal at (4, 14).
    expect(sgt?.burst?.aim.x).toBeCloseTo(4, 6)
    expect(sgt?.burst?.aim.z).toBeCloseTo(18, 6)
    expect(sgt?.burst?.radiusIn).toBe(2)
  })
})
