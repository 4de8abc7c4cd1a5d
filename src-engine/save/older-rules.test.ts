import { describe, expect, it } from 'vitest'
import { smrScenario, startSmr, unit } from '../../tests/fixtures/smr'
import { parseSave } from '../rules/loading'
import { smr, SMR_RULES_VERSION } from '../rules/smr/ruleset'
import { serializeSave, stateHash } from './format'

const meta = { name: 'On the hill', savedAt: '2026-12-06T10:00:00.000Z' }

/** An SMR game whose archers are set up on a 3" hill top (SMR-GEOM-01: a base centre stands on the ground). */
function onTheHill() {
  const sc = smrScenario([unit('A', 'a', 'L', 24, 10, { weapon: 'bow' }), unit('B', 'b', 'L', 24, 40)], {
    terrain: { hills: [{ id: 'hill', x: 24, z: 10, radiusIn: 6, heightIn: 3, plateauIn: 3 }] },
  })
  return startSmr(sc)
}

/** The file as the rules before version 2 wrote it: the same log, the hill-top base recorded at the table's level. */
function olderSave(version: number): string {
  const m = onTheHill()
  const raw = JSON.parse(serializeSave(m, meta)) as {
    header: { rulesVersion: number }
    snapshot: { stateHash: string }
  }
  const a = m.state.units.A!
  const before = { ...m.state, units: { ...m.state.units, A: { ...a, position: { ...a.position, y: 0 } } } }
  raw.header.rulesVersion = version
  raw.snapshot.stateHash = stateHash(before)
  return JSON.stringify(raw)
}

describe('a save of older SMR rules whose table was set up otherwise', () => {
  it('SMR-GEOM-01: a unit set up on a hill stands on its top from the start', () => {
    expect(onTheHill().state.units.A!.position.y).toBeCloseTo(3, 6)
  })

  it('a save of this version loads', () => {
    const r = parseSave(serializeSave(onTheHill(), meta))
    expect(r.ok).toBe(true)
  })

  it('one of the older rules is refused for play saying so (its log no longer leads to the state it recorded), not called damaged', () => {
    const r = parseSave(olderSave(SMR_RULES_VERSION - 1))
    expect(r.ok).toBe(false)
    if (r.ok) return
    expect(r.message).toBe(
      `The save was played under older ${smr.name} rules (version ${SMR_RULES_VERSION - 1}), whose game this program's rules (version ${SMR_RULES_VERSION}) no longer keep the same way: its log no longer leads to the state recorded with it (or the file is damaged). It can still be watched as a replay.`,
    )
  })

  it('one of the older rules still opens as a replay, its log shown as recorded', () => {
    const r = parseSave(olderSave(SMR_RULES_VERSION - 1), { rederive: false })
    expect(r.ok).toBe(true)
    if (r.ok) expect(r.match.entries).toHaveLength(0)
  })

  it('the same mismatch in a save of this version is damage, to play or to replay', () => {
    for (const rederive of [true, false]) {
      const r = parseSave(olderSave(SMR_RULES_VERSION), { rederive })
      expect(r.ok).toBe(false)
      if (!r.ok) expect(r.message).toBe('The save is damaged: its log does not lead to the state recorded with it.')
    }
  })
})
