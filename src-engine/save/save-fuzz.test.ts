import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { drive } from '../../tests/fixtures/drive'
import { newMatch } from '../../tests/fixtures/play'
import { parseSave } from '../rules/loading'
import { canonicalJson } from '../util/canonical-json'
import { serializeSave, stateHash } from './format'

/** How many mutated saves (`FUZZ_SAVES=N` to change it). */
const COUNT = Number(process.env.FUZZ_SAVES ?? 10000)

/** A real save: a hut game of activation rolls, moves, interrupt windows and fire. */
const original = drive(newMatch(11), 16)
const text = serializeSave(original, { name: 'Fuzz', savedAt: '2026-12-02T00:00:00.000Z' })
const json = JSON.parse(text) as unknown

type Mutation =
  | { kind: 'char'; at: number; char: string }
  | { kind: 'cut'; from: number; length: number }
  | { kind: 'insert'; at: number; text: string }
  | { kind: 'truncate'; at: number }
  | { kind: 'value'; path: number[]; value: unknown }
  | { kind: 'delete'; path: number[] }
  | { kind: 'swap'; path: number[] }

const index = fc.nat({ max: text.length - 1 })
const path = fc.array(fc.nat(), { minLength: 1, maxLength: 8 })
const mutation: fc.Arbitrary<Mutation> = fc.oneof(
  fc.record({
    kind: fc.constant('char' as const),
    at: index,
    char: fc.string({ minLength: 1, maxLength: 1, unit: 'binary' }),
  }),
  fc.record({ kind: fc.constant('cut' as const), from: index, length: fc.nat({ max: 200 }) }),
  fc.record({ kind: fc.constant('insert' as const), at: index, text: fc.string({ maxLength: 20 }) }),
  fc.record({ kind: fc.constant('truncate' as const), at: index }),
  fc.record({ kind: fc.constant('value' as const), path, value: fc.jsonValue({ maxDepth: 2 }) }),
  fc.record({ kind: fc.constant('delete' as const), path }),
  fc.record({ kind: fc.constant('swap' as const), path }),
)

/** Walks `path` (each step picks a key or an element modulo the count) and returns the container and key reached. */
function walk(
  root: unknown,
  steps: readonly number[],
): { parent: Record<string, unknown> | unknown[]; key: string | number } | null {
  let parent: unknown = root
  let key: string | number | null = null
  for (const step of steps) {
    const here: unknown = key === null ? parent : (parent as Record<string | number, unknown>)[key]
    if (here === null || typeof here !== 'object') break
    const keys = Array.isArray(here) ? here.map((_, i) => i) : Object.keys(here)
    if (keys.length === 0) break
    parent = here
    key = keys[step % keys.length]!
  }
  return key === null ? null : { parent: parent as Record<string, unknown> | unknown[], key }
}

/** The save text after one mutation; JSON-level ones keep the file well formed so that the deeper checks are reached. */
function mutate(m: Mutation): string {
  switch (m.kind) {
    case 'char':
      return text.slice(0, m.at) + m.char + text.slice(m.at + 1)
    case 'cut':
      return text.slice(0, m.from) + text.slice(m.from + m.length)
    case 'insert':
      return text.slice(0, m.at) + m.text + text.slice(m.at)
    case 'truncate':
      return text.slice(0, m.at)
  }
  const copy = structuredClone(json)
  const spot = walk(copy, m.path)
  if (!spot) return JSON.stringify(copy)
  const { parent, key } = spot
  if (m.kind === 'value') (parent as Record<string | number, unknown>)[key] = m.value
  else if (m.kind === 'delete') {
    if (Array.isArray(parent)) parent.splice(Number(key), 1)
    else delete parent[key as string]
  } else if (Array.isArray(parent) && parent.length > 1) {
    const i = Number(key)
    const j = (i + 1) % parent.length
    ;[parent[i], parent[j]] = [parent[j], parent[i]]
  }
  return JSON.stringify(copy)
}

describe('mutated saves', () => {
  it(`${COUNT.toLocaleString('en')} mutated saves: each is loaded or refused with a message, never a crash; one that loads plays the same game`, () => {
    const wantState = canonicalJson(original.state)
    let loaded = 0
    let refused = 0
    let slowestMs = 0
    fc.assert(
      fc.property(mutation, (m) => {
        const mutated = mutate(m)
        const t0 = performance.now()
        const r = parseSave(mutated)
        slowestMs = Math.max(slowestMs, performance.now() - t0)
        if (!r.ok) {
          refused++
          expect(r.message).toMatch(/\S/)
          return
        }
        loaded++
        // What loads is the game the file describes: the log re-derived by the rules, its snapshot checked.
        expect(stateHash(r.match.state)).toBe(r.save.snapshot?.stateHash ?? stateHash(r.match.state))
        if (
          r.match.header.seed === original.header.seed &&
          r.match.entries.length === original.entries.length &&
          canonicalJson(r.match.header.scenario) === canonicalJson(original.header.scenario)
        )
          expect(canonicalJson(r.match.state)).toBe(wantState)
      }),
      { numRuns: COUNT, seed: 20261202, endOnFailure: true },
    )
    console.log(
      `${COUNT} mutated saves: ${loaded} loaded, ${refused} refused with a message; slowest ${slowestMs.toFixed(0)} ms`,
    )
    expect(loaded + refused).toBe(COUNT)
  }, 600_000)
})
