import { describe, expect, it } from 'vitest'
import type { FirePreview, GameEvent } from '../../src-engine/index'
import { breakdownRows, landedBurst, plannedBurst, sightLinesOf } from './fire-view'

const p = (x: number, z: number) => ({ x, y: 1, z })
const preview: FirePreview = {
  kind: 'direct',
  firerTeamId: 'b',
  targetTeamId: 'r',
  firers: [
    {
      firerId: 'b1',
      firerName: 'Pte One',
      weapon: 'Rifle',
      from: p(0, 0),
      to: p(0, 10),
      cover: 'soft',
      visible: 0.6,
      rangeIn: 9.5,
      toHit: 7,
      modifiers: [
        { label: 'Soft cover', value: -1, clause: 'SMLE-SHOOT-22' },
        { label: 'Close range', value: 1, clause: 'SMLE-SHOOT-07' },
      ],
      needs: 7,
      dice: '2D6',
      cannotHit: false,
      burst: null,
    },
    {
      firerId: 'b2',
      firerName: 'Pte Two',
      weapon: 'Rifle grenade',
      from: p(2, 0),
      to: p(2, 10),
      cover: 'hard',
      visible: 0.2,
      rangeIn: 10,
      toHit: 7,
      modifiers: [{ label: 'Hard cover', value: -2, clause: 'SMLE-SHOOT-22' }],
      needs: 9,
      dice: '2D6',
      cannotHit: false,
      burst: { aim: p(2, 10), radiusIn: 2 },
    },
  ],
}

describe('fire view', () => {
  it('one sight line per firer, from its eye to its target, with the cover grade and fraction seen', () => {
    expect(sightLinesOf(preview)).toEqual([
      { firerId: 'b1', from: p(0, 0), to: p(0, 10), cover: 'soft', visible: 0.6 },
      { firerId: 'b2', from: p(2, 0), to: p(2, 10), cover: 'hard', visible: 0.2 },
    ])
  })
  it('SMLE-EXP-03: an explosive firer puts its burst template at the aim point before the throw; none without one', () => {
    expect(plannedBurst(preview)).toEqual({ aim: p(2, 10), at: p(2, 10), radiusIn: 2 })
    expect(plannedBurst({ ...preview, firers: preview.firers.slice(0, 1) })).toBeNull()
  })
  it('SMLE-EXP-11: after the throw the template keeps the aim point and moves to where the engine says it burst', () => {
    const events = [
      { type: 'Explosion', at: p(4, 12), weapon: 'Rifle grenade', radiusIn: 2, impactFigureId: null, deviated: true },
    ] as unknown as GameEvent[]
    expect(landedBurst(plannedBurst(preview), events)).toEqual({ aim: p(2, 10), at: p(4, 12), radiusIn: 2 })
    expect(landedBurst(null, events)).toEqual({ aim: p(4, 12), at: p(4, 12), radiusIn: 2 })
    expect(landedBurst(plannedBurst(preview), [])).toBeNull()
  })
  it('the breakdown says weapon, range, cover, what to roll and every modifier with its clause', () => {
    const rows = breakdownRows(preview)
    expect(rows[0]).toEqual({
      firerId: 'b1',
      title: 'Pte One · Rifle · 9.5"',
      cover: 'soft cover (60% seen)',
      target: '2D6 +0 ≥ 7: needs 7+ on the dice',
      modifiers: [
        { text: '−1 Soft cover', clause: 'SMLE-SHOOT-22' },
        { text: '+1 Close range', clause: 'SMLE-SHOOT-07' },
      ],
    })
    expect(rows[1]?.target).toBe('2D6 −2 ≥ 7: needs 9+ on the dice')
    expect(breakdownRows({ ...preview, firers: [{ ...preview.firers[0]!, cannotHit: true }] })[0]?.target).toMatch(
      /cannot hit/,
    )
  })
})
