import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { act, loadDice, refusal, smrScenario, startSmr, unit } from '../../../../tests/fixtures/smr'
import { parseScenario } from '../../loading'
import type { SmrCommandInput } from '../commands/index'
import type { SmrScenario } from '../scenario'
import { smrPreviewPlacement } from './placement'

const file = (id: string) => {
  const r = parseScenario(
    JSON.parse(
      readFileSync(join(import.meta.dirname, '..', '..', '..', '..', 'assets', 'scenarios', `${id}.json`), 'utf8'),
    ),
  )
  if (!r.ok) throw new Error(r.message)
  return r.scenario as SmrScenario
}

/** Side b deploys (the initiative winner, a, deploys second: SMR-SETUP-06). */
function bDeploys() {
  const sc = smrScenario(
    [unit('A', 'a', 'L', 24, 3), unit('B', 'b', 'L', 24, 45, { facingDeg: 180 }), unit('B2', 'b', 'L', 10, 45)],
    { deployment: 'free' },
  )
  return act(loadDice(startSmr(sc), [6, 6, 1, 1]), { type: 'rollInitiative', sideId: 'a' }).m
}

describe('a placement before it is given: the very verdict the command gets', () => {
  it('SMR-SETUP-06 / CORE-DEPLOY-01: inside its side\'s 6" zone it is accepted, a base reaching out of it is refused', () => {
    const m = bDeploys()
    expect(smrPreviewPlacement(m.state, m.world, 'B', { x: 30, z: 45 }, 180)).toEqual({ ok: true })
    const out = smrPreviewPlacement(m.state, m.world, 'B', { x: 30, z: 40 }, 180)
    expect(out).toMatchObject({ ok: false, clause: 'CORE-DEPLOY-01' })
    expect(refusal(m, { type: 'placeUnit', unitId: 'B', at: { x: 30, z: 40 }, facingDeg: 180 })).toBe('CORE-DEPLOY-01')
    // A foot base is 20 mm deep: centred 0.41" inside the zone's edge (z 42) it is in, 0.37" inside it reaches out.
    expect(smrPreviewPlacement(m.state, m.world, 'B', { x: 30, z: 42.41 }, 180).ok).toBe(true)
    expect(smrPreviewPlacement(m.state, m.world, 'B', { x: 30, z: 42.37 }, 180).ok).toBe(false)
    expect(refusal(m, { type: 'placeUnit', unitId: 'B', at: { x: 30, z: 42.37 }, facingDeg: 180 })).toBe(
      'CORE-DEPLOY-01',
    )
  })

  it("CORE-TABLE-03: a spot another unit stands on is refused; the other side's unit and its set-up turn are the command's", () => {
    const m = bDeploys()
    expect(smrPreviewPlacement(m.state, m.world, 'B', { x: 10.5, z: 45 }, 0)).toMatchObject({
      ok: false,
      clause: 'CORE-TABLE-03',
    })
    const other = smrPreviewPlacement(m.state, m.world, 'A', { x: 24, z: 3 }, 0)
    expect(other.ok).toBe(false)
    if (!other.ok)
      expect(other.clause).toBe(refusal(m, { type: 'placeUnit', unitId: 'A', at: { x: 24, z: 3 }, facingDeg: 0 }))
  })

  it('SMR-SCEN-02: a villager in its zone but beyond 6" of the village is refused, as the command is', () => {
    let m = act(loadDice(startSmr(file('smr-village-invasion')), [6, 6, 1, 1]), {
      type: 'rollInitiative',
      sideId: 'villagers',
    }).m
    m = act(m, { type: 'endSetup', sideId: 'raiders' }).m
    const place = (x: number, z: number): SmrCommandInput => ({ type: 'placeUnit', unitId: 'vil-bow-1', at: { x, z } })
    expect(smrPreviewPlacement(m.state, m.world, 'vil-bow-1', { x: 38.5, z: 26.5 }, 0)).toEqual({ ok: true })
    expect(smrPreviewPlacement(m.state, m.world, 'vil-bow-1', { x: 39.5, z: 27.5 }, 0)).toMatchObject({
      ok: false,
      clause: 'SMR-SCEN-02',
    })
    expect(refusal(m, place(39.5, 27.5))).toBe('SMR-SCEN-02')
    // Changes nothing: the unit has not moved.
    expect(m.state.units['vil-bow-1']?.position).toEqual(
      startSmr(file('smr-village-invasion')).state.units['vil-bow-1']?.position,
    )
  })
})
