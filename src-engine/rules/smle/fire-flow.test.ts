import { describe, expect, it } from 'vitest'
import { inTurn, sectionsFacing, withFigure } from '../../../tests/fixtures/play'
import type { GameEvent } from './events/events'
import { dispatch, type Match } from './match'

type Of<T extends GameEvent['type']> = Extract<GameEvent, { type: T }>
const ofType = <T extends GameEvent['type']>(es: readonly GameEvent[], t: T): Of<T>[] =>
  es.filter((e): e is Of<T> => e.type === t)

/** Blue HQ (an SMG and two rifles) 3" from Red A, at B7, stationary and not under fire. */
function pointBlank(seed: number): Match {
  let m = sectionsFacing(seed)
  for (const [id, x] of [
    ['b-sgt', 4],
    ['b-r1', 6],
    ['b-r2', 8],
  ] as const)
    m = withFigure(m, id, { position: { x, y: 0, z: 17 } })
  return inTurn(m, 'b-hq', 7, 4)
}

/** The events of one roll after another: each firer's to-hit roll and what followed it. */
function perRoll(events: readonly GameEvent[]): GameEvent[][] {
  const out: GameEvent[][] = []
  for (const e of events) {
    if (e.type === 'DiceRolled' && e.purpose.startsWith('to hit')) out.push([])
    out[out.length - 1]?.push(e)
  }
  return out
}

describe('allotting the hits of one attack (SMLE-SHOOT-27, SMLE-DMG-01/02)', () => {
  it('SMLE-SHOOT-27: several rifles aimed at one figure: when an early roll kills it, a later roll’s hits are lost, never a failed command, never another figure', () => {
    let deadThenHit = 0
    for (let seed = 1; seed <= 60; seed++) {
      const m = pointBlank(seed)
      const r = dispatch(m, { type: 'directFire', teamId: 'b-hq', targetTeamId: 'r-a', aimAt: 'r-a1' })
      expect(r.decision.ok, `seed ${seed}`).toBe(true)
      if (!r.decision.ok) continue
      const evs = r.decision.events
      // Every damage roll and every wound is on the aimed-at figure.
      const defended = ofType(evs, 'DiceRolled').filter((e) => e.purpose === 'damage defence')
      expect(defended.every((e) => e.figureId === 'r-a1')).toBe(true)
      expect(ofType(evs, 'FigureStatusChanged').every((e) => e.figureId === 'r-a1')).toBe(true)
      const rolls = perRoll(evs)
      const killedAt = rolls.findIndex((es) =>
        ofType(es, 'FigureStatusChanged').some((e) => e.figureId === 'r-a1' && e.status === 'dead'),
      )
      if (killedAt < 0) continue
      for (const later of rolls.slice(killedAt + 1)) {
        const hits = ofType(later, 'ShotResolved')[0]?.hits ?? 0
        if (hits > 0) deadThenHit++
        // The last hit after the target died: no allotment, no damage, nobody else hurt.
        expect(ofType(later, 'DiceRolled').filter((e) => !e.purpose.startsWith('to hit'))).toEqual([])
      }
    }
    expect(deadThenHit).toBeGreaterThan(0)
  })

  it('SMLE-DMG-02: a later roll never gives a second hit while a figure it sees has none, even after a death', () => {
    let multiRoll = 0
    for (let seed = 1; seed <= 80; seed++) {
      const r = dispatch(pointBlank(seed), { type: 'directFire', teamId: 'b-hq', targetTeamId: 'r-a' })
      if (!r.decision.ok) throw new Error(r.decision.reason.message)
      const hitsOn = new Map<string, number>()
      const dead = new Set<string>()
      for (const e of r.decision.events) {
        if (e.type === 'DiceRolled' && e.purpose === 'damage defence' && e.figureId) {
          const fewest = Math.min(
            ...['r-cpl', 'r-a1', 'r-a2'].filter((id) => !dead.has(id)).map((id) => hitsOn.get(id) ?? 0),
          )
          expect(hitsOn.get(e.figureId) ?? 0, `seed ${seed}`).toBe(fewest)
          hitsOn.set(e.figureId, (hitsOn.get(e.figureId) ?? 0) + 1)
        }
        if (e.type === 'FigureStatusChanged' && e.status === 'dead') dead.add(e.figureId)
      }
      if (ofType(r.decision.events, 'ShotResolved').filter((e) => e.hits > 0).length > 1) multiRoll++
    }
    expect(multiRoll).toBeGreaterThan(5)
  })
})
