import { describe, expect, it } from 'vitest'
import { parseSimArgs } from './sim-args'

describe('npm run sim: its command line', () => {
  it('needs a scenario; one game from seed 1, both sides random, as sentences by default', () => {
    expect(parseSimArgs(['--scenario', 'smle-ambush'])).toEqual({
      scenario: 'smle-ambush',
      seed: 1,
      games: 1,
      json: false,
      players: {},
    })
    expect(() => parseSimArgs([])).toThrow(/--scenario is needed.*usage: npm run sim/)
  })

  it('reads the players the issue names: <sideId>=bot, a level, or random; the rest play random', () => {
    expect(
      parseSimArgs([
        '--scenario',
        'smle-few-brave-sentients',
        '--player',
        'militia=bot',
        '--player',
        'rangers=bot:hard',
        '--games',
        '20',
        '--seed',
        '4294967295',
        '--json',
      ]),
    ).toEqual({
      scenario: 'smle-few-brave-sentients',
      seed: 4294967295,
      games: 20,
      json: true,
      players: { militia: { kind: 'bot', level: 'normal' }, rangers: { kind: 'bot', level: 'hard' } },
    })
    expect(parseSimArgs(['--scenario', 'x.json', '--player', 'a=random']).players).toEqual({ a: { kind: 'random' } })
  })

  it('refuses a mistyped or incomplete option with a sentence and the usage, rather than run the defaults', () => {
    const base = ['--scenario', 'smle-ambush']
    expect(() => parseSimArgs([...base, '--game', '10'])).toThrow(/Unknown option "--game".*usage: npm run sim/)
    expect(() => parseSimArgs([...base, '--games'])).toThrow(/--games needs a whole number from 1 .*got nothing/)
    expect(() => parseSimArgs([...base, '--games', '0'])).toThrow(/--games needs a whole number from 1/)
    expect(() => parseSimArgs([...base, '--seed', '4294967296'])).toThrow(
      /--seed needs a whole number from 0 to 4294967295/,
    )
    expect(() => parseSimArgs([...base, '--seed', '--json'])).toThrow(/--seed needs a whole number/)
    expect(() => parseSimArgs(['--scenario'])).toThrow(/--scenario needs a scenario's id or file, got nothing/)
    expect(() => parseSimArgs(['--scenario', ''])).toThrow(/--scenario needs a scenario's id or file/)
    for (const bad of ['militia', 'militia=', '=bot', 'militia=bots', 'militia=bot:expert', 'militia=bot=bot'])
      expect(() => parseSimArgs([...base, '--player', bad])).toThrow(/--player takes <sideId>=bot/)
    expect(() => parseSimArgs([...base, '--player'])).toThrow(/--player takes/)
    expect(() => parseSimArgs([...base, '--player', 'a=bot', '--player', 'a=random'])).toThrow(/names a twice/)
    // A side's id is only a name: one that an object has built in is a side like any other.
    expect(parseSimArgs([...base, '--player', 'constructor=bot']).players).toEqual({
      constructor: { kind: 'bot', level: 'normal' },
    })
  })
})
