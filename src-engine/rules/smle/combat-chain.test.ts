import { describe, expect, it } from 'vitest'
import type { GameEventOf } from './events/events'
import { DiceRoller } from '../../dice/roll'
import { seedRng } from '../../rng/sfc32'
import { planDamage, resolveDamage } from './damage'
import { distributeHits } from './hits'
import { DEFAULT_SMLE_SETTINGS as S } from './settings'
import { planShot, resolveShot, shotNaturalSuccess } from './shooting'
import { applyDamageResult, type WoundState } from './wounds'

type Rolled = GameEventOf<'DiceRolled'>

/**
 * One burst of SMG fire at a three-figure team, wired the way a command
 * does it: every die thrown by the game's DiceRoller and recorded as an
 * event, the library deciding with the faces.
 */
function smgBurst(seed: number): { events: Rolled[]; statuses: Record<string, WoundState['status']> } {
  const roller = new DiceRoller({ rng: seedRng(seed), rollCount: 0, dice: 'quick' })
  const events: Rolled[] = []
  const roll = (r: Parameters<DiceRoller['roll']>[0]): Rolled => {
    const e = roller.roll(r)
    events.push(e)
    return e
  }
  const rollD6 = (): number => roll({ purpose: 'hit distribution', dice: 1, modifiers: [] }).faces[0] as number

  const plan = planShot(
    {
      kind: 'direct',
      firer: {
        quality: 'veteran',
        motivation: 'none',
        weaponId: 'smg',
        movedIn: 0,
        fullMoveIn: 8,
        prone: false,
        braced: false,
        untreatedLightWound: false,
        teamNotUnderFire: true,
      },
      target: { kind: 'unit', quality: 'green', cover: 'none' },
      rangeIn: 3,
    },
    S,
  )
  if (!plan.ok) throw new Error(plan.message)
  const toHit = roll({
    purpose: 'to hit',
    dice: 2,
    modifiers: plan.modifiers,
    target: plan.toHit,
    naturalSuccess: shotNaturalSuccess(plan),
  })
  const shot = resolveShot(plan, toHit.faces)
  expect(toHit.success).toBe(shot.success)

  const statuses: Record<string, WoundState> = {
    a: { status: 'ok', treated: false },
    b: { status: 'ok', treated: false },
    c: { status: 'ok', treated: false },
  }
  for (const id of distributeHits({ hits: shot.hits, exposed: ['a', 'b', 'c'], mode: S.hitDistribution }, rollD6)) {
    const before = statuses[id] as WoundState
    if (before.status === 'dead') continue
    const dmg = planDamage(
      { column: 'B', damage: plan.weapon.damage },
      { armour: 'light', quality: 'green', motivation: 'none' },
      S,
    )
    const firer = roll({ purpose: 'damage', dice: dmg.firerDice, modifiers: dmg.firerModifiers })
    const defender = roll({ purpose: 'damage defence', dice: 1, modifiers: dmg.defenderModifiers, figureId: id })
    statuses[id] = applyDamageResult(before, resolveDamage(dmg, firer.faces, defender.faces[0] as number).result).state
  }
  return { events, statuses: Object.fromEntries(Object.entries(statuses).map(([k, v]) => [k, v.status])) }
}

describe('the combat library wired to the DiceRoller', () => {
  it('every die is a recorded DiceRolled event with its modifiers, and roll ids count up', () => {
    const { events } = smgBurst(11)
    expect(events[0]).toMatchObject({ purpose: 'to hit', target: 6 })
    expect(events.map((e) => e.rollId)).toEqual(events.map((_, i) => i))
  })

  it('same seed, same game: the events and outcomes repeat byte for byte', () => {
    expect(JSON.stringify(smgBurst(42))).toBe(JSON.stringify(smgBurst(42)))
  })

  it('over many seeds the outcomes vary and every hit is settled', () => {
    const seen = new Set<string>()
    for (let seed = 1; seed <= 60; seed++) {
      const { events, statuses } = smgBurst(seed)
      seen.add(Object.values(statuses).sort().join(','))
      const damageRolls = events.filter((e) => e.purpose === 'damage').length
      expect(events.filter((e) => e.purpose === 'damage defence').length).toBe(damageRolls)
    }
    expect(seen.size).toBeGreaterThan(3)
  })
})
