import { describe, expect, it } from 'vitest'
import type { RollModifier } from './events/events'
import {
  applyFightResults,
  type AssaultFigure,
  assaultParticipants,
  closeAssaultModifiers,
  type CloseCombatant,
  fightResult,
  isSurprised,
  opponentCounts,
  pairFighters,
  planCloseAssault,
  resolveCloseAssault,
} from './close-assault'
import { DEFAULT_SMLE_SETTINGS as S, SmleSettingsSchema } from './settings'

const sum = (mods: readonly RollModifier[]): number => mods.reduce((t, m) => t + m.value, 0)
const OK = { status: 'ok', treated: false } as const

const combatant = (over: Partial<CloseCombatant> = {}): CloseCombatant => ({
  quality: 'trained',
  motivation: 'none',
  armour: 'light',
  kit: { weaponIds: ['rifle'] },
  wound: OK,
  ...over,
})

const fig = (id: string, teamId: string, over: Partial<AssaultFigure> = {}): AssaultFigure => ({
  id,
  teamId,
  ...combatant(),
  ...over,
})

/** Figures on a line: distance is |x difference| minus one base (1"). */
function lineDistance(xs: Record<string, number>): (a: string, d: string) => number {
  return (a, d) => Math.max(0, Math.abs((xs[a] ?? NaN) - (xs[d] ?? NaN)) - 1)
}

describe('worked examples of §11', () => {
  it('SMLE-CA-E01: Trained rifleman rolls 4 → 5; Green SMG defender rolls 1 → 3; defender killed', () => {
    const a = 4 + sum(closeAssaultModifiers(combatant(), 1, S))
    const d = 1 + sum(closeAssaultModifiers(combatant({ quality: 'green', kit: { weaponIds: ['smg'] } }), 1, S))
    expect([a, d]).toEqual([5, 3])
    expect(fightResult(a, d)).toBe('defenderKilled')
  })

  it('SMLE-CA-E02: A 8, D 4 → the defender team breaks', () => {
    expect(fightResult(8, 4)).toBe('defenderBreaks')
    expect(
      applyFightResults([{ attackerId: 'a1', defenderId: 'd1', result: 'defenderBreaks' }], () => 'blue').brokenTeams,
    ).toEqual(['blue'])
  })

  it('SMLE-CA-E03: A 5, D 5 → the attacker is moved to more than 4" away', () => {
    expect(fightResult(5, 5)).toBe('attackerForcedBack')
  })

  it('SMLE-CA-E04: A 4, D 7 → attacker killed; A 4, D 8 → attacker falls back, not killed', () => {
    expect(fightResult(4, 7)).toBe('attackerKilled')
    expect(fightResult(4, 8)).toBe('attackerFallsBack')
  })

  it('SMLE-CA-E05: one Veteran defender against three attackers rolls three dice, each +1 −2', () => {
    const xs = { a1: 0, a2: 1.5, a3: 2.5, d1: 1 }
    const plan = planCloseAssault(
      {
        attackers: [fig('a1', 'red'), fig('a2', 'red'), fig('a3', 'red')],
        defenders: [fig('d1', 'blue', { quality: 'veteran' })],
        distanceIn: lineDistance(xs),
      },
      S,
    )
    if (plan.kind !== 'fights') throw new Error(plan.kind)
    expect(plan.fights.map((f) => f.attackerId)).toEqual(['a1', 'a2', 'a3'])
    for (const f of plan.fights) {
      expect(f.defenderId).toBe('d1')
      expect(f.defenderModifiers.filter((m) => m.clause !== 'SMLE-WPN-10').map((m) => m.value)).toEqual([1, -2])
    }
  })
})

describe('§11 close assault', () => {
  it('SMLE-CA-01 / SMLE-CA-03: contact needs one attacker in base contact; everyone within 1" then fights', () => {
    const xs = { a1: 0, a2: -0.5, a3: -3, d1: 1, d2: 2, d3: 4 }
    const attackers = ['a1', 'a2', 'a3'].map((id) => ({ id, wound: OK }))
    const defenders = ['d1', 'd2', 'd3'].map((id) => ({ id, wound: OK }))
    expect(assaultParticipants(attackers, defenders, lineDistance(xs), S)).toEqual({
      contact: true,
      attackers: ['a1', 'a2'],
      defenders: ['d1', 'd2'],
    })
    const apart = { ...xs, a1: -0.2, a2: -0.5 }
    expect(assaultParticipants(attackers, defenders, lineDistance(apart), S).contact).toBe(false)
    expect(assaultParticipants(attackers, defenders, lineDistance({ ...xs, a1: -0.1 }), S).contact).toBe(true)
  })

  it('SMLE-CA-02 / SMLE-COMBAT-06: figures killed by the defenders’ opportunity fire are left out before the assault', () => {
    const xs = { a1: 0, a2: 0.5, d1: 1 }
    const who = assaultParticipants(
      [
        { id: 'a1', wound: { status: 'dead', treated: false } },
        { id: 'a2', wound: OK },
      ],
      [{ id: 'd1', wound: OK }],
      lineDistance(xs),
      S,
    )
    expect(who.attackers).toEqual(['a2'])
  })

  it('SMLE-CA-04: closest pairs first, leftovers join their nearest enemy’s combat; ties by listing order', () => {
    const xs = { a1: 0, a2: 2.7, a3: 3.5, d1: 1, d2: 4 }
    const fights = pairFighters(['a1', 'a2', 'a3'], ['d1', 'd2'], lineDistance(xs))
    expect(fights).toEqual([
      { attackerId: 'a1', defenderId: 'd1' },
      { attackerId: 'a3', defenderId: 'd2' },
      { attackerId: 'a2', defenderId: 'd2' },
    ])
    const even = { a1: 0, a2: 2, d1: 1 }
    expect(pairFighters(['a1', 'a2'], ['d1'], lineDistance(even))[0]).toEqual({ attackerId: 'a1', defenderId: 'd1' })
    const many = pairFighters(['a1'], ['d1', 'd2', 'd3'], lineDistance({ a1: 0, d1: 1, d2: -1, d3: 1 }))
    expect(many.map((f) => f.defenderId)).toEqual(['d1', 'd2', 'd3'])
    expect(opponentCounts(many).get('a1')).toBe(3)
  })

  it('SMLE-CA-04: every figure taking part faces at least one opponent', () => {
    const xs = { a1: 0, a2: 0.2, a3: 0.4, a4: 2.2, d1: 1, d2: 1.3 }
    const fights = pairFighters(['a1', 'a2', 'a3', 'a4'], ['d1', 'd2'], lineDistance(xs))
    const counts = opponentCounts(fights)
    for (const id of Object.keys(xs)) expect(counts.get(id) ?? 0).toBeGreaterThanOrEqual(1)
  })

  it('SMLE-CA-05: 1D6 + close-combat factor + Table 5 modifiers, all about the figure itself', () => {
    expect(sum(closeAssaultModifiers(combatant({ kit: { weaponIds: ['smg'] } }), 1, S))).toBe(3)
    expect(sum(closeAssaultModifiers(combatant({ quality: 'untrained' }), 1, S))).toBe(1 - 2)
  })

  it('Table 5: quality −2/−1/0/+1, Elite +1, Fanatic +1, Warriors +2, armoured +1, Aliens +4, Monsters +6, prepared +2, surprised −2', () => {
    const m = (over: Partial<CloseCombatant>): number =>
      sum(closeAssaultModifiers(combatant({ kit: { weaponIds: [] }, ...over }), 1, S))
    expect(['untrained', 'green', 'trained', 'veteran'].map((quality) => m({ quality: quality as 'green' }))).toEqual([
      -2, -1, 0, 1,
    ])
    expect([
      m({ motivation: 'elite', quality: 'veteran' }),
      m({ motivation: 'fanatic' }),
      m({ motivation: 'warriors' }),
    ]).toEqual([2, 1, 2])
    expect([m({ armour: 'armoured' }), m({ armour: 'aliens' }), m({ armour: 'monsters' })]).toEqual([1, 4, 6])
    expect([m({ defendingPreparedPosition: true }), m({ surprised: true })]).toEqual([2, -2])
    expect(m({ kit: { weaponIds: ['sword'] } })).toBe(3)
    expect(m({ kit: { weaponIds: ['bottle'] } })).toBe(1)
  })

  it('SMLE-CA-06: both sides’ dice are settled together in the attacker’s turn', () => {
    const xs = { a1: 0, d1: 1 }
    const plan = planCloseAssault(
      { attackers: [fig('a1', 'red')], defenders: [fig('d1', 'blue')], distanceIn: lineDistance(xs) },
      S,
    )
    if (plan.kind !== 'fights') throw new Error(plan.kind)
    const r = resolveCloseAssault(plan, [{ attacker: 6, defender: 2 }])
    expect(r.fights[0]).toMatchObject({ attackerTotal: 7, defenderTotal: 3, result: 'defenderBreaks' })
    expect(r.outcome).toEqual({ brokenTeams: ['blue'], fallenBack: [], forcedBack: [], killed: [] })
    expect(() => resolveCloseAssault(plan, [])).toThrow(RangeError)
  })

  it('SMLE-CA-07: a fixed bayonet makes a rifle +2; a sword +3 replaces it', () => {
    expect(
      closeAssaultModifiers(combatant({ kit: { weaponIds: ['rifle'], bayonetFixed: true } }), 1, S)[0],
    ).toMatchObject({ value: 2, clause: 'SMLE-CA-07' })
    expect(
      closeAssaultModifiers(combatant({ kit: { weaponIds: ['rifle', 'sword'], bayonetFixed: true } }), 1, S)[0]?.value,
    ).toBe(3)
  })

  it('SMLE-CA-08: surprised when the defender saw no attacker at the start of the move, or the attackers were hidden', () => {
    expect([isSurprised(true, false), isSurprised(false, false), isSurprised(true, true)]).toEqual([false, true, true])
  })

  it('SMLE-CA-09: a figure facing N opponents takes −(N−1) on each of its N rolls', () => {
    const m = closeAssaultModifiers(combatant({ kit: { weaponIds: [] } }), 3, S)
    expect(m.find((x) => x.clause === 'SMLE-CA-09')?.value).toBe(-2)
  })

  it('SMLE-CA-10: nerve results first: a figure that falls back takes no later kill; forced back beats killed', () => {
    const out = applyFightResults(
      [
        { attackerId: 'a1', defenderId: 'd1', result: 'attackerKilled' },
        { attackerId: 'a1', defenderId: 'd2', result: 'attackerFallsBack' },
        { attackerId: 'a2', defenderId: 'd2', result: 'attackerForcedBack' },
        { attackerId: 'a2', defenderId: 'd3', result: 'defenderKilled' },
        { attackerId: 'a3', defenderId: 'd3', result: 'attackerKilled' },
      ],
      () => 'blue',
    )
    expect(out).toEqual({ brokenTeams: [], fallenBack: ['a1'], forcedBack: ['a2'], killed: ['a3'] })
  })

  it('SMLE-CA-11: one Break breaks the whole defending team and voids kills by or on its figures; kills are per figure', () => {
    const fights = [
      { attackerId: 'a1', defenderId: 'd1', result: 'defenderKilled' as const },
      { attackerId: 'a2', defenderId: 'd2', result: 'defenderBreaks' as const },
      { attackerId: 'a3', defenderId: 'd3', result: 'attackerKilled' as const },
    ]
    expect(applyFightResults(fights, () => 'blue')).toEqual({
      brokenTeams: ['blue'],
      fallenBack: [],
      forcedBack: [],
      killed: [],
    })
    const noBreak = fights.map((f) => (f.result === 'defenderBreaks' ? { ...f, result: 'defenderKilled' as const } : f))
    expect(applyFightResults(noBreak, () => 'blue').killed).toEqual(['d1', 'd2', 'a3'])
  })

  it('SMLE-CA-12: after an assault the survivors still in contact fight on only if a team activates at B9+ (COMBAT-01 band)', async () => {
    const { fireKindAllowed } = await import('./fire-kinds')
    expect(fireKindAllowed({ kind: 'closeAssault', band: 9 }).ok).toBe(true)
    expect(fireKindAllowed({ kind: 'closeAssault', band: 8 }).ok).toBe(false)
  })

  it('SMLE-CA-13: an enemy that reaches a broken unit captures it with no dice', () => {
    const xs = { a1: 0, d1: 1, d2: 1.5 }
    const plan = planCloseAssault(
      {
        attackers: [fig('a1', 'red')],
        defenders: [fig('d1', 'blue'), fig('d2', 'blue')],
        distanceIn: lineDistance(xs),
        defenderBroken: true,
      },
      S,
    )
    expect(plan).toEqual({ kind: 'captured', removed: ['d1', 'd2'] })
  })

  it('SMLE-CA-14: seriously wounded figures only defend, at −2', () => {
    const serious = { status: 'seriousWound', treated: false } as const
    const xs = { a1: 0, a2: 0.5, d1: 1 }
    const who = assaultParticipants(
      [
        { id: 'a1', wound: serious },
        { id: 'a2', wound: OK },
      ],
      [{ id: 'd1', wound: serious }],
      lineDistance(xs),
      S,
    )
    expect(who).toEqual({ contact: true, attackers: ['a2'], defenders: ['d1'] })
    expect(closeAssaultModifiers(combatant({ wound: serious, kit: { weaponIds: [] } }), 1, S)).toEqual([
      { label: 'Unarmed close factor 0', value: 0, clause: 'SMLE-WPN-10' },
      { label: 'Wounded', value: -2, clause: 'SMLE-CA-14' },
    ])
  })

  it('SMLE-DMG-07: an untreated light wound is −2 in close assault; a treated one nothing', () => {
    expect(
      sum(
        closeAssaultModifiers(
          combatant({ wound: { status: 'lightWound', treated: false }, kit: { weaponIds: [] } }),
          1,
          S,
        ),
      ),
    ).toBe(-2)
    expect(
      sum(
        closeAssaultModifiers(
          combatant({ wound: { status: 'lightWound', treated: true }, kit: { weaponIds: [] } }),
          1,
          S,
        ),
      ),
    ).toBe(0)
  })

  it('SMLE-HERO-03: a hero adds his grade to his close-assault rolls', () => {
    const heroes = SmleSettingsSchema.parse({ optional: { heroes: true } })
    expect(sum(closeAssaultModifiers(combatant({ heroGrade: 2, kit: { weaponIds: [] } }), 1, heroes))).toBe(2)
  })

  it('§11.2: totals of 0 or less compare as they are (the lower side takes the "double" result)', () => {
    expect(fightResult(1, 0)).toBe('defenderBreaks')
    expect(fightResult(-1, 0)).toBe('attackerFallsBack')
    expect(fightResult(-2, -2)).toBe('attackerForcedBack')
  })

  it('shaken or spent attackers cannot start a fight but still defend (SMLE-DMG-08)', () => {
    const xs = { a1: 0, d1: 1 }
    expect(
      assaultParticipants([{ id: 'a1', wound: OK, shaken: true }], [{ id: 'd1', wound: OK }], lineDistance(xs), S)
        .contact,
    ).toBe(false)
    expect(
      assaultParticipants([{ id: 'a1', wound: OK }], [{ id: 'd1', wound: OK, shaken: true }], lineDistance(xs), S)
        .defenders,
    ).toEqual(['d1'])
  })
})
