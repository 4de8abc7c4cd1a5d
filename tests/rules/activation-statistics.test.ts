import { describe, expect, it } from 'vitest'
import { newHeader, startMatch } from '../../src-engine/index'
import { play } from '../fixtures/play'
import { DiceRoller } from '../../src-engine/dice/roll'
import {
  type ActivationSituation,
  activationLevel,
  PLAIN_SITUATION,
} from '../../src-engine/rules/smle/activation-modifiers'
import { seedRng } from '../../src-engine/rng/sfc32'
import { sectionScenario } from '../fixtures/scenarios'

/** The exact band distribution of a situation: each face of the die is 1/6 (SMLE-ACT-01). */
function exact(s: ActivationSituation): number[] {
  const p = new Array<number>(11).fill(0)
  for (let die = 1; die <= 6; die++) p[activationLevel(die, s).band] = (p[activationLevel(die, s).band] ?? 0) + 1 / 6
  return p
}

/** Checks sampled band counts against the exact distribution: within 3 standard errors, and never a band the die cannot give. */
function withinThreeSe(counts: readonly number[], p: readonly number[], n: number): void {
  for (let b = 0; b <= 10; b++) {
    const pb = p[b] ?? 0
    const f = (counts[b] ?? 0) / n
    if (pb === 0) expect(counts[b] ?? 0, `band B${b}`).toBe(0)
    else expect(Math.abs(f - pb), `band B${b}: ${f} vs ${pb}`).toBeLessThanOrEqual(3 * Math.sqrt((pb * (1 - pb)) / n))
  }
}

const fire = { direct: true, auto: false, explosive: false, flank: false, rear: false }
const SETS: [string, ActivationSituation][] = [
  ['Trained, not under fire', PLAIN_SITUATION],
  [
    'Elite Trained in cover under direct fire (SMLE-ACT-E03)',
    { ...PLAIN_SITUATION, motivation: 'elite', cover: 'soft', fire },
  ],
  [
    'Reluctant Green with a casualty under direct fire (SMLE-ACT-E04)',
    { ...PLAIN_SITUATION, baseQuality: 'green', motivation: 'reluctant', casualties: 1, fire },
  ],
  [
    'Steady Veteran, fresh, with its leader',
    { ...PLAIN_SITUATION, baseQuality: 'veteran', motivation: 'steady', fresh: true, leader: 'basic' },
  ],
  [
    'Fanatic Green under explosive fire from the rear',
    { ...PLAIN_SITUATION, baseQuality: 'green', motivation: 'fanatic', fire: { ...fire, explosive: true, rear: true } },
  ],
]

describe('activation statistics (SMLE-ACT-01, SMLE-ACT-05)', () => {
  it.each(SETS)(
    'SMLE-ACT-01: %s: band frequencies from 6,000 engine dice match exact enumeration within 3 standard errors',
    (_name, situation) => {
      const roller = new DiceRoller({ rng: seedRng(7), rollCount: 0, dice: 'quick' })
      const n = 6000
      const counts = new Array<number>(11).fill(0)
      for (let i = 0; i < n; i++) {
        const die = roller.roll({ purpose: 'activation', dice: 1, modifiers: [] }).faces[0] ?? 1
        const band = activationLevel(die, situation).band
        counts[band] = (counts[band] ?? 0) + 1
      }
      withinThreeSe(counts, exact(situation), n)
    },
  )
  it('SMLE-ACT-01: through the real command, a team\u2019s band over 1,500 seeded games matches exact enumeration of its own situation', () => {
    const n = 1500
    const counts = new Array<number>(11).fill(0)
    let modifiers = 0
    for (let seed = 0; seed < n; seed++) {
      const m = play(startMatch(newHeader(sectionScenario(), seed, 'quick')), [
        { type: 'rollActivation', sideId: 'blue' },
      ])
      const a = m.state.teams['b-bren']?.activation
      if (!a) throw new Error('no activation')
      counts[a.band] = (counts[a.band] ?? 0) + 1
      modifiers = a.al - a.die
    }
    // Blue's Bren team: Trained 4, leader with group +1, fresh +2, not under fire +1 = +8. It stands in the open:
    // the house that hides it from Red is 19" off, not cover (SMLE-ACT-11, SMLE-SHOOT-24: within 2").
    expect(modifiers).toBe(8)
    // Table 1: AL 9–10 is B8, 11–12 B9, 13 or more B10; the die adds 1–6 to the 8.
    const bandOf = (al: number): number => (al >= 13 ? 10 : al >= 11 ? 9 : 8)
    const p = new Array<number>(11).fill(0)
    for (let die = 1; die <= 6; die++) p[bandOf(die + 8)] = (p[bandOf(die + 8)] ?? 0) + 1 / 6
    withinThreeSe(counts, p, n)
  }, 120_000)
})
