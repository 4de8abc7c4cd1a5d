import { describe, expect, it } from 'vitest'
import {
  ammoIsCounted,
  ammoLeft,
  closeCombatFactor,
  droppedOnBreak,
  encumbranceIn,
  firesDirect,
  firesIndirect,
  MELEE_TABLE,
  readinessAfterFiring,
  readinessAfterReload,
  requireWeapon,
  spendAmmo,
  WEAPON_ALIASES,
  WEAPON_TABLE,
  weaponProfile,
  weaponTier,
} from './weapons'

/** Table 6 as printed: type, damage, Close, effective range. */
const TABLE_6: [string, string, string, number | null, number | null][] = [
  ['pistol', 'B', '1D', 2, 6],
  ['machine-pistol', 'B', '1D', 2, 6],
  ['smg', 'B', '1D', 3, 12],
  ['rifle', 'B', '1D', 1, 24],
  ['semi-auto-rifle', 'B', '1D', 1, 24],
  ['carbine', 'B', '1D', 2, 18],
  ['assault-rifle', 'B', '1D', 2, 18],
  ['shotgun', 'B', '1D+1', 3, 6],
  ['sniper-rifle', 'B', '1D+1', 0, 36],
  ['lmg', 'B', '1D+1', 0, 30],
  ['mmg', 'B', '1D+2', -1, 36],
  ['hmg', 'E', '2D', -1, 48],
  ['at-rifle', 'E', '2D', -1, 30],
  ['flamethrower', 'E', '2D', 2, 6],
  ['hand-grenade', 'EX', '2D', null, 6],
  ['rifle-grenade', 'EX', '2D', null, 18],
  ['light-mortar', 'EX', '2D', null, 36],
  ['medium-mortar', 'EX', '3D', null, 60],
  ['bazooka', 'EX', '2D+2', null, 12],
  ['law', 'EX', '2D+2', null, 12],
  ['panzerfaust', 'EX', '2D+2', null, 8],
  ['at-gun-37', 'EX', '1D', null, 36],
  ['at-gun-57', 'EX', '2D', null, 48],
  ['gun-75', 'EX', '3D', null, 48],
  ['gun-88', 'EX', '4D+4', null, 60],
]

const expr = (id: string): string => {
  const w = requireWeapon(id)
  return `${w.damage.dice}D${w.damage.plus ? `+${w.damage.plus}` : ''}`
}

describe('Table 6 (§9.2) as data', () => {
  it.each(TABLE_6)('SMLE-WPN-01: %s is %s %s, Close %s, range %s"', (id, type, damage, close, range) => {
    const w = requireWeapon(id)
    expect([w.type, expr(id), w.close, w.effectiveRangeIn]).toEqual([type, damage, close, range])
  })

  it('SMLE-WPN-01: every row of the printed table is in the data, and nothing else', () => {
    expect(WEAPON_TABLE.map((w) => w.id)).toEqual(TABLE_6.map((r) => r[0]))
  })

  it('SMLE-WPN-01: autofire (A) flags', () => {
    expect(WEAPON_TABLE.filter((w) => w.autofire).map((w) => w.id)).toEqual([
      'machine-pistol',
      'smg',
      'assault-rifle',
      'lmg',
      'mmg',
      'hmg',
    ])
  })

  it('SMLE-WPN-01: must-brace flags', () => {
    expect(WEAPON_TABLE.filter((w) => w.mustBrace).map((w) => w.id)).toEqual([
      'sniper-rifle',
      'mmg',
      'hmg',
      'at-rifle',
      'at-gun-37',
      'at-gun-57',
    ])
  })

  it('SMLE-WPN-01: heavy and very heavy flags', () => {
    expect(WEAPON_TABLE.filter((w) => w.encumbrance === 'heavy').map((w) => w.id)).toEqual([
      'lmg',
      'light-mortar',
      'bazooka',
      'law',
    ])
    expect(WEAPON_TABLE.filter((w) => w.encumbrance === 'veryHeavy').map((w) => w.id)).toEqual([
      'mmg',
      'hmg',
      'at-rifle',
      'flamethrower',
      'medium-mortar',
    ])
  })

  it('SMLE-WPN-01: reload, single shot, fire modes, minimum ranges, crews, deviation and direct-hit flags', () => {
    expect(WEAPON_TABLE.filter((w) => w.reload).map((w) => w.id)).toEqual(['light-mortar', 'bazooka'])
    expect(WEAPON_TABLE.filter((w) => w.singleShot).map((w) => w.id)).toEqual(['panzerfaust'])
    expect(WEAPON_TABLE.filter((w) => w.fireMode === 'indirectOnly').map((w) => w.id)).toEqual([
      'light-mortar',
      'medium-mortar',
    ])
    expect(WEAPON_TABLE.filter((w) => w.fireMode === 'directOrIndirect').map((w) => w.id)).toEqual(['rifle-grenade'])
    expect(requireWeapon('light-mortar').minRangeIn).toBe(6)
    expect(requireWeapon('medium-mortar')).toMatchObject({ minRangeIn: 12, offTable: true })
    expect(WEAPON_TABLE.filter((w) => w.crew !== null).map((w) => [w.id, w.crew])).toEqual([
      ['at-gun-37', 3],
      ['at-gun-57', 3],
    ])
    expect(WEAPON_TABLE.filter((w) => w.deviationHalved).map((w) => w.id)).toEqual(['hand-grenade'])
    expect(WEAPON_TABLE.filter((w) => w.directHitBonusPerDie > 0).map((w) => [w.id, w.directHitBonusNeedsAp])).toEqual([
      ['at-gun-37', false],
      ['at-gun-57', false],
      ['gun-75', true],
    ])
    expect(WEAPON_TABLE.filter((w) => w.flame).map((w) => w.id)).toEqual(['flamethrower'])
    expect(requireWeapon('hmg').usuallyVehicleMounted).toBe(true)
  })

  it('SMLE-WPN-01: fire modes say who fires direct and who fires indirect', () => {
    expect(firesDirect(requireWeapon('light-mortar'))).toBe(false)
    expect(firesIndirect(requireWeapon('light-mortar'))).toBe(true)
    expect(firesDirect(requireWeapon('rifle-grenade')) && firesIndirect(requireWeapon('rifle-grenade'))).toBe(true)
    expect(firesIndirect(requireWeapon('rifle'))).toBe(false)
  })

  it('melee and improvised rows of Table 5/6: +3 and +1', () => {
    expect(MELEE_TABLE.filter((w) => w.kind === 'melee').every((w) => w.bonus === 3)).toBe(true)
    expect(MELEE_TABLE.filter((w) => w.kind === 'improvised').map((w) => [w.id, w.bonus])).toEqual([
      ['club', 1],
      ['bottle', 1],
      ['pick-handle', 1],
    ])
  })

  it('aliases name Table 6 rows; unknown ids are refused', () => {
    expect(weaponProfile('Bren')?.id).toBe('lmg')
    expect(weaponProfile('PIAT')?.id).toBe('bazooka')
    expect(weaponProfile('sniper rifle')?.id).toBe('sniper-rifle')
    expect(Object.values(WEAPON_ALIASES).every((id) => weaponProfile(id) !== undefined)).toBe(true)
    expect(weaponProfile('phaser')).toBeUndefined()
    expect(() => requireWeapon('phaser')).toThrow(/unknown weapon/)
  })

  it('SMLE-WPN-02: personal weapons have one set of stats whatever the rifle or period', () => {
    for (const name of ['SMLE', 'Kar98k', 'Springfield', 'Mosin'])
      expect(weaponProfile(name)).toBe(requireWeapon('rifle'))
    const { id: _a, name: _b, examples: _c, takesBayonet: _d, ...semi } = requireWeapon('semi-auto-rifle')
    const { id: _e, name: _f, examples: _g, takesBayonet: _h, ...bolt } = requireWeapon('rifle')
    expect(semi).toEqual(bolt)
  })
})

describe('weapon helpers', () => {
  it('SMLE-WPN-03: basic 1D, better 1D+1, heavy 1D+2 (and heavier)', () => {
    expect(weaponTier(requireWeapon('rifle'))).toBe('basic')
    expect(weaponTier(requireWeapon('shotgun'))).toBe('better')
    expect(weaponTier(requireWeapon('lmg'))).toBe('better')
    expect(weaponTier(requireWeapon('mmg'))).toBe('heavy')
    expect(weaponTier(requireWeapon('hmg'))).toBe('heavy')
    expect(weaponTier(requireWeapon('medium-mortar'))).toBe('heavy')
    expect(weaponTier(requireWeapon('hand-grenade'))).toBe('basic')
  })

  it('SMLE-WPN-10: the close-combat factor is the best Close value carried', () => {
    expect(closeCombatFactor({ weaponIds: ['smg'] })).toMatchObject({ value: 3, clause: 'SMLE-WPN-10' })
    expect(closeCombatFactor({ weaponIds: ['lmg', 'pistol'] }).value).toBe(2)
    expect(closeCombatFactor({ weaponIds: ['mmg'] }).value).toBe(-1)
    expect(closeCombatFactor({ weaponIds: ['bazooka'] }).value).toBe(0)
    expect(closeCombatFactor({ weaponIds: [] })).toMatchObject({ value: 0, label: 'Unarmed close factor 0' })
  })

  it('SMLE-CA-07: a bayonet adds +1 to a rifle only; a melee weapon replaces the gun factor, never adds', () => {
    expect(closeCombatFactor({ weaponIds: ['rifle'], bayonetFixed: true })).toMatchObject({
      value: 2,
      clause: 'SMLE-CA-07',
    })
    expect(closeCombatFactor({ weaponIds: ['smg'], bayonetFixed: true }).value).toBe(3)
    expect(closeCombatFactor({ weaponIds: ['rifle', 'machete'], bayonetFixed: true })).toMatchObject({
      value: 3,
      clause: 'SMLE-CA-07',
    })
    expect(closeCombatFactor({ weaponIds: ['smg', 'club'] }).value).toBe(3)
    expect(closeCombatFactor({ weaponIds: ['mmg', 'club'] }).value).toBe(1)
  })

  it('SMLE-WPN-01: heavy −1", very heavy −2", the worst load only; a Big Guns hero pays nothing', () => {
    expect(encumbranceIn(['lmg'])).toBe(-1)
    expect(encumbranceIn(['medium-mortar', 'pistol'])).toBe(-2)
    expect(encumbranceIn(['lmg', 'at-rifle'])).toBe(-2)
    expect(encumbranceIn(['rifle'])).toBe(0)
    expect(encumbranceIn(['mmg'], true)).toBe(0)
  })

  it('SMLE-WPN-01: heavy and very heavy weapons are the ones dropped on a Break', () => {
    expect(droppedOnBreak(['rifle', 'lmg', 'hand-grenade', 'mmg'])).toEqual(['lmg', 'mmg'])
  })

  it('SMLE-WPN-01: reload weapons need the Reload option; single shots are spent', () => {
    expect(readinessAfterFiring(requireWeapon('bazooka'), false)).toBe('needsReload')
    expect(readinessAfterFiring(requireWeapon('law'), false)).toBe('ready')
    expect(readinessAfterFiring(requireWeapon('panzerfaust'), false)).toBe('spent')
    expect(readinessAfterReload('needsReload')).toBe('ready')
    expect(readinessAfterReload('spent')).toBe('spent')
  })

  it('SMLE-WPN-11: grenades and rockets are counted off as used; an empty team cannot throw', () => {
    const start = { 'hand-grenade': 2, bazooka: 1 }
    const once = spendAmmo(start, 'hand-grenade')
    expect(once).toEqual({ ok: true, ledger: { 'hand-grenade': 1, bazooka: 1 } })
    const twice = once.ok ? spendAmmo(once.ledger, 'grenade') : once
    expect(twice.ok && twice.ledger['hand-grenade']).toBe(0)
    const none = twice.ok ? spendAmmo(twice.ledger, 'hand-grenade') : twice
    expect(none).toMatchObject({ ok: false, clause: 'SMLE-WPN-11' })
    expect(spendAmmo({}, 'panzerfaust')).toMatchObject({ ok: false, clause: 'SMLE-WPN-11' })
    expect(() => spendAmmo(start, 'hand-grenade', 0)).toThrow(RangeError)
  })

  it('SMLE-WPN-11: mortar and gun rounds are counted when the scenario records them, rifles never', () => {
    expect(ammoLeft({}, 'medium-mortar')).toBeNull()
    expect(ammoLeft({ 'medium-mortar': 6 }, 'medium-mortar')).toBe(6)
    expect(spendAmmo({}, 'gun-75')).toEqual({ ok: true, ledger: {} })
    expect(ammoIsCounted(requireWeapon('rifle'), { rifle: 3 })).toBe(false)
  })
})
