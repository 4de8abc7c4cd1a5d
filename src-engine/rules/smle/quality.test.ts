import { describe, expect, it } from 'vitest'
import { randomQuality, teamRating } from './quality'

describe('SMLE quality', () => {
  it('SMLE-QUAL-01: four ratings, Trained the default middle; SMLE-QUAL-03 maps them 0..3 and averages', () => {
    expect(teamRating(['trained', 'trained'], 'none')).toBe('trained')
    expect(teamRating(['untrained', 'veteran'], 'none')).toBe('green')
    expect(teamRating([], 'none')).toBe('trained')
  })
  it('SMLE-QUAL-02 / SMLE-QUAL-03: the team rating rounds down, and up for an Elite team', () => {
    const mixed = ['veteran', 'trained', 'trained'] as const // mean 2.33
    expect(teamRating(mixed, 'none')).toBe('trained')
    expect(teamRating(mixed, 'elite')).toBe('veteran')
    expect(teamRating(['green', 'trained'], 'steady')).toBe('green')
    expect(teamRating(['green', 'trained'], 'elite')).toBe('trained')
    // A whole mean is not pushed up by Elite rounding.
    expect(teamRating(['veteran', 'trained', 'green', 'veteran', 'trained', 'green'], 'elite')).toBe('trained')
  })
  it('SMLE-QUAL-05: random quality table 1–2 Green, 3–5 Trained, 6+ Veteran (leader +1 makes a 5 Veteran)', () => {
    expect([1, 2, 3, 4, 5, 6].map(randomQuality)).toEqual([
      'green',
      'green',
      'trained',
      'trained',
      'trained',
      'veteran',
    ])
    expect(randomQuality(5 + 1)).toBe('veteran')
    expect(randomQuality(7)).toBe('veteran')
  })
})
