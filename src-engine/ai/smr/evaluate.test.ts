import contactJson from '../../../assets/scenarios/smr-contact.json'
import { describe, expect, it } from 'vitest'
import { newMatchHeader, startMatchOf } from '../../core/match'
import { parseScenario } from '../../rules/loading'
import type { SmrWorld } from '../../rules/smr/geometry'
import { smr } from '../../rules/smr/ruleset'
import type { SmrScenario } from '../../rules/smr/scenario'
import type { SmrState, SmrUnit } from '../../rules/smr/state'
import { buildWorld } from '../../world/create-world'
import { evaluate, stillTurns } from './evaluate'

const parsed = parseScenario(contactJson)
if (!parsed.ok) throw new Error(parsed.message)
const contact = parsed.scenario as SmrScenario
const world = buildWorld(contact) as SmrWorld
const start = startMatchOf(smr, newMatchHeader(smr, contact, 1, 'quick')).state

/**
 * Contact at `turn` with two units left: a Norman peasant `gapIn` inches north of the Saxon thegn (in the open middle
 * of the table), every other unit killed; `lastBlow` is the turn one of them last shot (null: no one ever has).
 */
function standoff(turn: number, gapIn: number, lastBlow: number | null): SmrState {
  const units: Record<string, SmrUnit> = {}
  for (const [id, u] of Object.entries(start.units)) {
    const placed =
      id === 'nor-peasant-1'
        ? { ...u, position: { ...u.position, x: 40, z: 24 - gapIn }, facingDeg: 180 }
        : id === 'sax-thegn'
          ? { ...u, position: { ...u.position, x: 40, z: 24 }, facingDeg: 0 }
          : { ...u, status: 'killed' as const }
    units[id] = id === 'sax-archer' ? { ...placed, firedTurn: lastBlow } : placed
  }
  return { ...start, phase: 'turn', turn, units }
}

describe('SMR-SETUP-08: a battle with no turn limit must come to blows', () => {
  it('after six turns with no shot and no melee, every unit is pulled toward the enemy, inside its reach too', () => {
    // The peasant 2" or 3.5" from the thegn: within its 4" move either way (Table V), so the push to close, which
    // stops at a unit's reach, is the same for both.
    const gain = (s: (gap: number) => SmrState) => evaluate(s(2), world, 'normans') - evaluate(s(3.5), world, 'normans')
    // Quiet since the start of the game (turn 30): nearer is better.
    expect(stillTurns(standoff(30, 2, null), world)).toBe(24)
    expect(gain((g) => standoff(30, g, null))).toBeGreaterThan(0.1)
    // An arrow loosed last turn: the battle goes on, and there is no pull inside the reach.
    expect(stillTurns(standoff(30, 2, 29), world)).toBeLessThanOrEqual(0)
    expect(gain((g) => standoff(30, g, 29))).toBeCloseTo(0, 9)
    // Six quiet turns are still the approach: no pull yet.
    expect(stillTurns(standoff(6, 2, null), world)).toBe(0)
  })

  it('not with an agreed turn limit, where the side ahead may wait it out', () => {
    const limited = buildWorld({ ...contact, turnLimit: 40 }) as SmrWorld
    expect(stillTurns(standoff(30, 2, null), limited)).toBe(0)
    const gain =
      evaluate(standoff(30, 2, null), limited, 'normans') - evaluate(standoff(30, 3.5, null), limited, 'normans')
    expect(gain).toBeCloseTo(0, 9)
  })
})
