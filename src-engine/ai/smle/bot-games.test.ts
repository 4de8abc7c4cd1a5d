import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { parseBotSpec } from '../bot'
import { parseScenario } from '../../rules/loading'
import { newHeader, startMatch } from '../../rules/smle/match'
import { playOutWith } from '../../rules/smle/queries/playout'
import type { Scenario } from '../../rules/smle/scenario/schema'
import { parsePlayerSpec, playersFor } from './players'

const scenario = (id: string): Scenario => {
  const text = readFileSync(join(import.meta.dirname, '..', '..', '..', 'assets', 'scenarios', `${id}.json`), 'utf8')
  const parsed = parseScenario(JSON.parse(text))
  if (!parsed.ok) throw new Error(parsed.message)
  return parsed.scenario as Scenario
}

const SECTION_16 = [
  'smle-few-brave-sentients',
  'smle-multiple-signals',
  'smle-commando',
  'smle-ambush',
  'smle-magnificent-seven',
  'smle-exterminator',
]

// Whole games of the computer on both sides: long by nature on a shared machine.
describe('the computer opponent plays by the rules', { timeout: 180_000 }, () => {
  it.each(SECTION_16)('%s: computer against computer, every command accepted, the game ends', (id) => {
    const s = scenario(id)
    const players = Object.fromEntries(s.sides.map((side) => [side.id, parsePlayerSpec('bot')!]))
    // playOutWith throws on the first refused command, and on a game that does not end.
    const r = playOutWith(startMatch(newHeader(s, 3, 'quick')), playersFor(players, 3), 20000)
    expect(r.match.state.phase).toBe('ended')
    expect(r.commands).toBeGreaterThan(20)
  })
  it('the same seeds give the same game (the computer draws from its own generator only)', () => {
    const s = scenario('smle-ambush')
    const play = () =>
      playOutWith(startMatch(newHeader(s, 8, 'quick')), playersFor({ column: { kind: 'bot', level: 'easy' } }, 8))
    const a = play()
    const b = play()
    expect(b.match.entries).toEqual(a.match.entries)
  })
})

describe('naming players', () => {
  it('reads bot, bot:<level> and random; refuses anything else', () => {
    expect(parsePlayerSpec('bot')).toEqual({ kind: 'bot', level: 'normal' })
    expect(parsePlayerSpec('bot:hard')).toEqual({ kind: 'bot', level: 'hard' })
    expect(parsePlayerSpec('bot:easy')).toEqual({ kind: 'bot', level: 'easy' })
    expect(parsePlayerSpec('random')).toEqual({ kind: 'random' })
    expect(parsePlayerSpec('bot:great')).toBeNull()
    expect(parsePlayerSpec('human')).toBeNull()
    expect(parseBotSpec('bot:')).toBe('normal')
  })
})
