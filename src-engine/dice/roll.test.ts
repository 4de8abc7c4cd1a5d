import { describe, expect, it } from 'vitest'
import { DiceRolledSchema } from './dice-event'
import { seedRng } from '../rng/sfc32'
import { DICE_PHYSICS_VERSION, physicsRoll, throwSeed } from './physics-dice'
import { quickThrow } from './quick-dice'
import { DiceRoller } from './roll'

const state = (dice: 'physics' | 'quick', seed = 4) => ({ rng: seedRng(seed), rollCount: 3, dice })

describe('DiceRoller', () => {
  it('throws physics dice when the game says so: the faces are the physics roll, recorded with its throws', () => {
    const roller = new DiceRoller(state('physics'))
    const event = roller.roll({
      purpose: 'test',
      dice: 2,
      modifiers: [{ label: 'cover', value: -1, clause: 'SMLE-TEST-01' }],
      target: 7,
    })
    const expected = physicsRoll(seedRng(4), 2)
    expect(event.method).toBe('physics')
    expect(event.faces).toEqual(expected.faces)
    expect(event.physics).toEqual({ version: DICE_PHYSICS_VERSION, throws: expected.throws })
    expect(event.rng).toEqual([...expected.rng])
    expect(event.total).toBe(expected.faces[0]! + expected.faces[1]! - 1)
    expect(event.success).toBe(event.total >= 7)
    expect(event.rollId).toBe(3)
    expect(DiceRolledSchema.parse(JSON.parse(JSON.stringify(event)))).toEqual(event)
  })

  it('threads the generator from one roll to the next within a command', () => {
    const roller = new DiceRoller(state('physics'))
    const a = roller.roll({ purpose: 'a', dice: 1, modifiers: [] })
    const b = roller.roll({ purpose: 'b', dice: 1, modifiers: [] })
    expect(b.rollId).toBe(a.rollId + 1)
    expect(b.physics?.throws[0]?.rng).toEqual(throwSeed(a.rng).seed)
  })

  it('quick dice (bulk simulation) come from the same generator with no physics and no throws recorded', () => {
    const event = new DiceRoller(state('quick')).roll({ purpose: 'q', dice: 3, modifiers: [] })
    const expected = quickThrow(seedRng(4), 3)
    expect(event.method).toBe('quick')
    expect(event.faces).toEqual(expected.faces)
    expect(event.physics).toBeUndefined()
  })

  it('a natural override still decides success on physics faces', () => {
    const roller = new DiceRoller(state('physics', 9))
    const event = roller.roll({
      purpose: 'n',
      dice: 1,
      modifiers: [{ label: 'huge', value: -10, clause: 'X' }],
      target: 4,
      naturalSuccess: () => true,
    })
    expect(event.success).toBe(true)
  })
})
