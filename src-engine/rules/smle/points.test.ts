import { describe, expect, it } from 'vitest'
import {
  canHurtVehicle,
  forcePoints,
  majorityWeaponTier,
  type PointsTeam,
  teamMultipliers,
  teamPoints,
  teamSizeWarning,
  vehiclePoints,
} from './points'
import { DEFAULT_SMLE_SETTINGS as S } from './settings'

const rifles = (n: number) => Array.from({ length: n }, () => ({ weaponId: 'rifle' }))
const team = (over: Partial<PointsTeam> = {}): PointsTeam => ({
  motivation: 'none',
  armour: 'light',
  figures: rifles(4),
  ...over,
})

describe('§15 points', () => {
  it('SMLE-PTS-E01: Elite Veteran team of 3 basic Light 24; Fanatic Green better weapons 27; unarmoured mob 6', () => {
    expect(teamPoints(team({ motivation: 'elite', figures: rifles(3) }))).toBe(24)
    expect(
      teamPoints(
        team({
          motivation: 'fanatic',
          figures: [{ weaponId: 'shotgun' }, { weaponId: 'shotgun' }, { weaponId: 'lmg' }, { weaponId: 'shotgun' }],
        }),
      ),
    ).toBe(27)
    expect(teamPoints(team({ armour: 'none', figures: rifles(12) }))).toBe(6)
  })

  it('SMLE-PTS-01: 12 points a team of Light troops with basic weapons', () => {
    expect(teamPoints(team())).toBe(12)
    expect(teamMultipliers(team())).toEqual([])
  })

  it('SMLE-PTS-01: team sizes are a warning, not a rule; support figures count as two', () => {
    expect(teamSizeWarning('trained', 'none', rifles(4))).toBeNull()
    expect(teamSizeWarning('trained', 'none', [...rifles(3), { weaponId: 'lmg', support: true }])).toMatch(
      /3–4 figures; this one counts 5/,
    )
    expect(teamSizeWarning('green', 'elite', rifles(4))).toBeNull()
    expect(teamSizeWarning('untrained', 'none', rifles(13))).not.toBeNull()
  })

  it('SMLE-PTS-02 / SMLE-PTS-03: section leader +6, platoon leader with command team 12', () => {
    expect(forcePoints({ teams: [team(), team(), team()], sectionLeaders: 1 }).total).toBe(42)
    expect(forcePoints({ teams: [], platoonLeaders: 1 }).total).toBe(12)
  })

  it('SMLE-PTS-04: 1 point a grenade, 2 an RPG/LAW round', () => {
    expect(forcePoints({ teams: [], grenades: 5, rockets: 3 }).total).toBe(11)
  })

  it('SMLE-PTS-05: a prepared position is 12 points', () => {
    expect(forcePoints({ teams: [], preparedPositions: 2 }).lines).toEqual([
      { label: 'Prepared position ×2', points: 24, clause: 'SMLE-PTS-05' },
    ])
  })

  it('SMLE-PTS-06: Elite ×2, Warrior/Fanatic ×1.5, better ×1.5, heavy ×2, Heavy armour ×1.5, unarmoured ×0.5, power armour ×2', () => {
    expect(teamPoints(team({ motivation: 'warriors' }))).toBe(18)
    expect(teamPoints(team({ figures: [{ weaponId: 'mmg' }, { weaponId: 'mmg' }] }))).toBe(24)
    expect(teamPoints(team({ armour: 'heavy' }))).toBe(18)
    expect(teamPoints(team({ armour: 'armoured' }))).toBe(24)
    expect(teamPoints(team({ motivation: 'elite', armour: 'heavy', figures: [{ weaponId: 'mmg' }] }))).toBe(72)
    expect(teamPoints(team({ motivation: 'reluctant' }))).toBe(12)
  })

  it('SMLE-PTS-07: a side that sets up hidden is worth ×2 (at least)', () => {
    expect(forcePoints({ teams: [team(), team()], strategicMultiplier: 2 })).toMatchObject({ subtotal: 24, total: 48 })
    expect(() => forcePoints({ teams: [], strategicMultiplier: 0.5 })).toThrow(RangeError)
  })

  it('SMLE-PTS-08: a side facing vehicles should have a weapon able to hurt them', () => {
    expect(canHurtVehicle(['rifle', 'lmg'], 'bp', S)).toBe(true)
    expect(canHurtVehicle(['rifle', 'smg'], 'bp', S)).toBe(false)
    expect(canHurtVehicle(['rifle', 'bazooka'], 'medium', S)).toBe(true)
    expect(canHurtVehicle(['at-rifle'], 'heavy', S)).toBe(false)
  })

  it('SMLE-PTS-09: multipliers multiply; extras add; the total rounds to the nearest point, halves up', () => {
    const mob = team({ armour: 'heavy', motivation: 'fanatic', figures: rifles(2) })
    expect(teamPoints(mob)).toBe(12 * 1.5 * 1.5)
    expect(forcePoints({ teams: [mob], grenades: 1 })).toMatchObject({ subtotal: 28, total: 28 })
    const rabble = team({ armour: 'none', motivation: 'fanatic', figures: rifles(2) })
    expect(forcePoints({ teams: [rabble], strategicMultiplier: 1.5 })).toMatchObject({ subtotal: 9, total: 14 })
    expect(forcePoints({ teams: [team({ armour: 'body' })], strategicMultiplier: 1.1 }).total).toBe(13)
  })

  it('SMLE-PTS-09: the weapon tier is the majority’s, support figures twice, ties to the better tier', () => {
    expect(majorityWeaponTier([...rifles(3), { weaponId: 'lmg' }])).toBe('basic')
    expect(majorityWeaponTier([...rifles(2), { weaponId: 'lmg', support: true }])).toBe('better')
    expect(majorityWeaponTier([{ weaponId: 'rifle' }, { weaponId: 'mmg' }])).toBe('heavy')
  })

  it('SMLE-PTS-09: vehicles: 12 × armour factor, plus a heavy-weapons team when armed', () => {
    expect(vehiclePoints({ frontArmour: 'none', armed: false })).toBe(6)
    expect(vehiclePoints({ frontArmour: 'bp', armed: true })).toBe(36)
    expect(vehiclePoints({ frontArmour: 'heavy', armed: true })).toBe(60)
    expect(forcePoints({ teams: [], vehicles: [{ frontArmour: 'medium', armed: true }] }).total).toBe(48)
  })
})
