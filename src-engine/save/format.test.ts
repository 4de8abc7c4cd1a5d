import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { drive } from '../../tests/fixtures/drive'
import { newMatch } from '../../tests/fixtures/play'
import { canonicalJson } from '../util/canonical-json'
import { migrateSave } from './migrations'
import { parseSave, parseScenario, readSaveHeading } from '../rules/loading'
import { SAVE_FORMAT_VERSION, serializeSave, stripBom } from './format'

const meta = { name: 'Test save', savedAt: '2026-11-30T10:00:00.000Z' }
/** A real game: activation rolls, moves, interrupt windows and turns. */
const game = () => drive(newMatch(42), 20)

/** Where the last figure move is in a saved log (nothing later overwrites it): [entry, event]. */
function lastMove(raw: { entries: { events: { type: string }[] }[] }): [number, number] {
  for (let i = raw.entries.length - 1; i >= 0; i--) {
    const events = raw.entries[i]?.events ?? []
    for (let j = events.length - 1; j >= 0; j--) if (events[j]?.type === 'FigureMoved') return [i, j]
  }
  throw new Error('no move in the game')
}

describe('save format', () => {
  it('round trip: a saved game loads to the same state, log and header', () => {
    const m = game()
    const r = parseSave(serializeSave(m, meta))
    expect(r.ok).toBe(true)
    if (!r.ok) return
    expect(canonicalJson(r.match.state)).toBe(canonicalJson(m.state))
    expect(canonicalJson(r.match.entries)).toBe(canonicalJson(m.entries))
    expect(r.match.header).toEqual(m.header)
    expect(r.meta).toEqual(meta)
    expect(r.save.formatVersion).toBe(SAVE_FORMAT_VERSION)
  })

  it('refuses text that is not JSON (damaged or truncated)', () => {
    const text = serializeSave(game(), meta)
    for (const bad of ['', '{', text.slice(0, text.length / 2)]) {
      const r = parseSave(bad)
      expect(r.ok).toBe(false)
      if (!r.ok) expect(r.message).toMatch(/damaged|cut short/)
    }
  })

  it('refuses foreign files', () => {
    for (const bad of [
      '{"hello":1}',
      '[1,2,3]',
      '"text"',
      'null',
      JSON.stringify({ format: 'other-game', formatVersion: 1 }),
    ]) {
      const r = parseSave(bad)
      expect(r.ok).toBe(false)
      if (!r.ok) expect(r.message).toBe('The file is not an SMLE Table save.')
    }
  })

  it('refuses saves from a newer version, saying so', () => {
    const raw = JSON.parse(serializeSave(game(), meta))
    raw.formatVersion = SAVE_FORMAT_VERSION + 1
    const r = parseSave(JSON.stringify(raw))
    expect(r.ok).toBe(false)
    if (!r.ok) expect(r.message).toMatch(/newer version/)
  })

  it('refuses a save whose fields are damaged, naming where', () => {
    const raw = JSON.parse(serializeSave(game(), meta))
    const [i, j] = lastMove(raw)
    raw.entries[i].events[j].to.x = 'east'
    const r = parseSave(JSON.stringify(raw))
    expect(r.ok).toBe(false)
    if (!r.ok) expect(r.message).toContain(`damaged (at entries.${i}.events.${j}.to.x`)
  })

  it('refuses a log that does not lead to its recorded state', () => {
    const raw = JSON.parse(serializeSave(game(), meta))
    const [i, j] = lastMove(raw)
    raw.entries[i].events[j].to.x = 17
    const r = parseSave(JSON.stringify(raw))
    expect(r.ok).toBe(false)
    if (!r.ok) expect(r.message).toMatch(/does not lead to the state/)
  })

  it('refuses a log that cannot be replayed', () => {
    const raw = JSON.parse(serializeSave(game(), meta))
    const [i, j] = lastMove(raw)
    raw.entries[i].events[j].figureId = 'ghost'
    delete raw.snapshot
    const r = parseSave(JSON.stringify(raw))
    expect(r.ok).toBe(false)
    if (!r.ok) expect(r.message).toMatch(/cannot be replayed/)
  })

  it('a byte-order mark is stripped before JSON.parse: saves (header too) and scenario files read as text', () => {
    const text = `\uFEFF${serializeSave(game(), meta)}`
    expect(parseSave(text).ok).toBe(true)
    expect(readSaveHeading(text)).toMatchObject({ ok: true, meta })
    expect(stripBom('\uFEFF{}')).toBe('{}')
    expect(stripBom('{}\uFEFF')).toBe('{}\uFEFF')
    const scenario = `\uFEFF${readFileSync(new URL('../../assets/scenarios/farmhouse-skirmish.json', import.meta.url), 'utf8')}`
    expect(() => JSON.parse(scenario) as unknown).toThrow()
    expect(parseScenario(JSON.parse(stripBom(scenario))).ok).toBe(true)
  })

  it('migrations run one version at a time', () => {
    const steps = {
      1: (r: Record<string, unknown>) => ({ ...r, a: 1 }),
      2: (r: Record<string, unknown>) => ({ ...r, b: 2 }),
    }
    expect(migrateSave({ formatVersion: 1 }, 1, steps)).toEqual({ formatVersion: 3, a: 1, b: 2 })
    expect(migrateSave({ formatVersion: 3 }, 3, steps)).toEqual({ formatVersion: 3 })
  })
})
