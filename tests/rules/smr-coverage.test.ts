import { existsSync, readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import {
  definedSmrClauseIds,
  SMR_COPY,
  SMR_PUBLISHED,
  SMR_REFERENCE,
  smrClauseIdsInCode,
  testedSmrClauseIds,
} from './clauses'

const reference = readFileSync(SMR_REFERENCE, 'utf8')

describe('clause coverage of the SMR reference', () => {
  it.runIf(existsSync(SMR_PUBLISHED))(
    'the copy kept in the repository is the published SMR reference, word for word',
    () => {
      expect(readFileSync(SMR_COPY, 'utf8')).toBe(readFileSync(SMR_PUBLISHED, 'utf8'))
    },
  )
  it('reads the clause ids of the SMR reference (definitions, examples and scenarios)', () => {
    const ids = definedSmrClauseIds(reference)
    expect(ids).toContain('SMR-GEN-01')
    expect(ids).toContain('SMR-MISS-E01')
    expect(ids).toContain('SMR-SCEN-02')
    expect(ids.length).toBeGreaterThanOrEqual(120)
  })
  it('every clause of the SMR reference is named by a test', () => {
    const tested = testedSmrClauseIds()
    expect(definedSmrClauseIds(reference).filter((id) => !tested.has(id))).toEqual([])
  })
  it('every clause of the SMR reference is cited by the code of the SMR ruleset', () => {
    const cited = smrClauseIdsInCode()
    expect(definedSmrClauseIds(reference).filter((id) => !cited.has(id))).toEqual([])
  })
  it('the code and the tests cite no SMR clause the reference does not have', () => {
    const ids = new Set(definedSmrClauseIds(reference))
    // Clause ids in ranges or groups ("SMR-OPT-01..05") are read one by one; the prefix alone is no clause.
    expect([...smrClauseIdsInCode()].filter((id) => !ids.has(id))).toEqual([])
    expect([...testedSmrClauseIds()].filter((id) => !ids.has(id))).toEqual([])
  })
})
