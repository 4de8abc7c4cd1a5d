import { describe, expect, it } from 'vitest'
import { ATTACK_MIN_BAND, defensiveFireAllowed, fireKindAllowed, interruptPoints, panicFireTarget } from './fire-kinds'

describe('§7 combat options', () => {
  it('SMLE-COMBAT-01: Close Assault needs B9+', () => {
    expect(fireKindAllowed({ kind: 'closeAssault', band: 10 }).ok).toBe(true)
    expect(fireKindAllowed({ kind: 'closeAssault', band: 8 })).toMatchObject({ ok: false, clause: 'SMLE-COMBAT-01' })
  })

  it('SMLE-COMBAT-02: Direct Fire needs B7+ (score 8: §17.6, the table wins over the Advance text)', () => {
    expect(fireKindAllowed({ kind: 'direct', band: 7 }).ok).toBe(true)
    expect(fireKindAllowed({ kind: 'direct', band: 6 })).toMatchObject({ ok: false, clause: 'SMLE-COMBAT-02' })
  })

  it('SMLE-COMBAT-04: Opportunity Fire needs B5+ at the firing team’s current band', () => {
    expect(fireKindAllowed({ kind: 'opportunity', band: 5 }).ok).toBe(true)
    expect(fireKindAllowed({ kind: 'opportunity', band: 4 })).toMatchObject({ ok: false, clause: 'SMLE-COMBAT-04' })
  })

  it('SMLE-COMBAT-07: Return Fire needs B3+ and a target that fired on the team this or last round', () => {
    expect(fireKindAllowed({ kind: 'return', band: 3, targetFiredOnUs: true }).ok).toBe(true)
    expect(fireKindAllowed({ kind: 'return', band: 3 })).toMatchObject({ ok: false, clause: 'SMLE-COMBAT-07' })
    expect(fireKindAllowed({ kind: 'return', band: 2, targetFiredOnUs: true })).toMatchObject({
      ok: false,
      clause: 'SMLE-COMBAT-07',
    })
  })

  it('SMLE-COMBAT-09: Panic Fire needs B2+', () => {
    expect(fireKindAllowed({ kind: 'panic', band: 2 }).ok).toBe(true)
  })

  it('SMLE-COMBAT-13: B1 may not fire at all; B0 may not attack', () => {
    expect(fireKindAllowed({ kind: 'panic', band: 1 })).toMatchObject({ ok: false, clause: 'SMLE-COMBAT-13' })
    expect(fireKindAllowed({ kind: 'closeAssault', band: 0 })).toMatchObject({ ok: false, clause: 'SMLE-COMBAT-13' })
  })

  it('SMLE-TURN-07: one attack a round, of any kind', () => {
    for (const kind of Object.keys(ATTACK_MIN_BAND) as (keyof typeof ATTACK_MIN_BAND)[]) {
      expect(fireKindAllowed({ kind, band: 10, attackedThisRound: true, targetFiredOnUs: true })).toMatchObject({
        ok: false,
        clause: 'SMLE-TURN-07',
      })
    }
  })

  it('SMLE-MOVE-08: a running team may only Panic Fire', () => {
    expect(fireKindAllowed({ kind: 'direct', band: 8, running: true })).toMatchObject({
      ok: false,
      clause: 'SMLE-MOVE-08',
    })
    expect(fireKindAllowed({ kind: 'panic', band: 8, running: true }).ok).toBe(true)
  })

  it('SMLE-COMBAT-05: interrupt points before the move, after every inch and at the end', () => {
    expect(interruptPoints(3.5)).toEqual([0, 1, 2, 3, 3.5])
    expect(interruptPoints(2)).toEqual([0, 1, 2])
    expect(interruptPoints(0)).toEqual([0])
    expect(() => interruptPoints(-1)).toThrow(RangeError)
  })

  it('SMLE-COMBAT-06: a defender that has not attacked may fire at an assaulting team at B5+', () => {
    expect(defensiveFireAllowed(5, false).ok).toBe(true)
    expect(defensiveFireAllowed(5, true)).toMatchObject({ ok: false, clause: 'SMLE-COMBAT-06' })
    expect(defensiveFireAllowed(4, false)).toMatchObject({ ok: false, clause: 'SMLE-COMBAT-06' })
  })

  it('SMLE-COMBAT-10: panic fire goes at the nearest known enemy, else the nearest that fired at the team', () => {
    const c = [
      { teamId: 'far-known', distanceIn: 20, known: true, firedAtUs: false },
      { teamId: 'near-unknown', distanceIn: 5, known: false, firedAtUs: true },
      { teamId: 'mid-known', distanceIn: 12, known: true, firedAtUs: true },
    ]
    expect(panicFireTarget(c)).toBe('mid-known')
    expect(panicFireTarget(c.map((x) => ({ ...x, known: false })))).toBe('near-unknown')
    expect(panicFireTarget([{ teamId: 'x', distanceIn: 3, known: false, firedAtUs: false }])).toBeNull()
  })
})
