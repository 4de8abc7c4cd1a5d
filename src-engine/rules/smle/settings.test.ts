import { describe, expect, it } from 'vitest'
import { DEFAULT_SMLE_SETTINGS, SmleSettingsSchema } from './settings'

describe('SMLE §0.4 settings', () => {
  it('defaults are the reference table of §0.4', () => {
    expect(DEFAULT_SMLE_SETTINGS).toMatchObject({
      contactTolerance: 0.1,
      frontArcHalfAngle: 45,
      softCoverToHit: -1,
      inOutOfSightToHit: -2,
      preparedPositionToHit: -3,
      panicFireModifier: -4,
      doorKickTarget: 4,
      vehicleArmourValues: { none: 3, bp: 6, light: 8, medium: 10, heavy: 12 },
      allowEarlyInterrupt: false,
      hitDistribution: 'spread',
    })
    expect(Object.values(DEFAULT_SMLE_SETTINGS.optional).every((v) => v === false)).toBe(true)
  })
  it('a scenario overrides one value and keeps the rest', () => {
    const s = SmleSettingsSchema.parse({ doorKickTarget: 5, optional: { heroes: true } })
    expect(s.doorKickTarget).toBe(5)
    expect(s.optional.heroes).toBe(true)
    expect(s.optional.monsters).toBe(false)
    expect(s.hitDistribution).toBe('spread')
  })
})
