import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import {
  definedClauseIds,
  notMechanical,
  REPO_ROOT,
  SMLE_COPY,
  SMLE_PUBLISHED,
  SMLE_REFERENCE,
  testedClauseIds,
  testTitles,
} from './clauses'

const reference = readFileSync(SMLE_REFERENCE, 'utf8')
const exempt = notMechanical(readFileSync(join(REPO_ROOT, 'tests', 'rules', 'smle-not-mechanical.md'), 'utf8'))

describe('clause coverage of the SMLE reference', () => {
  it.runIf(existsSync(SMLE_PUBLISHED))(
    'the copy kept in the repository is the published reference, word for word',
    () => {
      expect(readFileSync(SMLE_COPY, 'utf8')).toBe(readFileSync(SMLE_PUBLISHED, 'utf8'))
    },
  )
  it('reads the clause ids of the reference (definitions, examples and scenarios)', () => {
    const ids = definedClauseIds(reference)
    expect(ids).toContain('SMLE-GEN-01')
    expect(ids).toContain('SMLE-ACT-E01')
    expect(ids).toContain('SMLE-SCEN-06')
    expect(ids.length).toBeGreaterThan(250)
  })
  it('finds test titles with ids in them', () => {
    expect(testTitles("it('SMLE-X-01: a', () => {}); describe(`b SMLE-Y-E02`, () => {})")).toEqual([
      'SMLE-X-01: a',
      'b SMLE-Y-E02',
    ])
  })
  it('every clause of the reference is named by a test, or listed as not mechanical with a reason', () => {
    const tested = testedClauseIds()
    const missing = definedClauseIds(reference).filter((id) => !tested.has(id) && !exempt.has(id))
    expect(missing).toEqual([])
  })
  it('the not-mechanical list names only real clauses, each with a reason, and none that a test covers', () => {
    const ids = new Set(definedClauseIds(reference))
    const tested = testedClauseIds()
    for (const [id, reason] of exempt) {
      expect(ids.has(id), id).toBe(true)
      expect(reason.length, id).toBeGreaterThan(10)
      expect(tested.has(id), `${id} has a test; take it off the list`).toBe(false)
    }
  })
})
