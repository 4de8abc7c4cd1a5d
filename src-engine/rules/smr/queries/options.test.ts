import { describe, expect, it } from 'vitest'
import contactJson from '../../../../assets/scenarios/smr-contact.json'
import { dispatch } from '../../../core/match'
import { seedRng } from '../../../rng/sfc32'
import { parseScenario } from '../../loading'
import { legalCommands } from '../legal'
import { moveAllowanceIn } from '../profile'
import { SmrRandomPlayer, type SmrMatch } from '../random-player'
import { startSmr } from '../../../../tests/fixtures/smr'
import type { SmrScenario } from '../scenario'
import { smrContacts, smrMissilePlan, smrPreviewMove, smrTurnCaption } from './board'
import { smrLabelledOptions } from './options'

const parsed = parseScenario(contactJson)
if (!parsed.ok) throw new Error(parsed.message)
const contact = parsed.scenario as SmrScenario

/** Plays the random player until `stop` holds (or the game ends). */
function playUntil(m: SmrMatch, stop: (m: SmrMatch) => boolean, seed = 2): SmrMatch {
  const player = new SmrRandomPlayer(seedRng(seed))
  for (let i = 0; i < 3000 && m.state.phase !== 'ended' && !stop(m); i++) {
    const r = dispatch(m, player.next(m.state, m.world)!)
    if (!r.decision.ok) throw new Error(r.decision.reason.message)
    m = r.match
  }
  return m
}

describe('SMR options in words for a user interface', () => {
  it('labels every legal command but set-up placements, in words that name units, not ids', () => {
    let m = startSmr(contact, 3)
    for (let i = 0; i < 40 && m.state.phase !== 'ended'; i++) {
      const side = m.state.actingSide!
      const options = smrLabelledOptions(m.state, m.world, side)
      const legal = legalCommands(m.state, m.world, side).filter((c) => c.type !== 'placeUnit')
      expect(options.map((o) => o.command)).toEqual(legal)
      for (const o of options) {
        expect(o.label).not.toMatch(/nor-|sax-/)
        expect(dispatch(m, o.command).decision.ok).toBe(true)
      }
      m = playUntil(m, (x) => x.entries.length > m.entries.length)
    }
  })

  it('names the first step and the turn order in words', () => {
    const m = startSmr(contact, 3)
    expect(smrLabelledOptions(m.state, m.world, m.state.actingSide!).map((o) => o.label)).toEqual([
      'Roll for initiative (2D6 each side)',
    ])
    expect(smrTurnCaption(m.state)).toEqual({
      turn: 'Before the battle',
      event: 'Initiative',
      step: 'roll for initiative',
    })
  })
})

describe('SMR board queries', () => {
  it("previews a move with the rules' own checks: the distance, or the clause that refuses it", () => {
    const m = playUntil(startSmr(contact, 3), (x) => x.state.step === 'movement')
    const side = m.state.actingSide!
    const u = Object.values(m.state.units).find((x) => x.sideId === side && x.profile.mount === 'foot')!
    const dz = side === 'normans' ? 2 : -2
    const ok = smrPreviewMove(m.state, m.world, u.id, [{ x: u.position.x, z: u.position.z + dz }])
    expect(ok).toMatchObject({ ok: true, contactId: null, allowanceIn: moveAllowanceIn(u.profile) })
    if (ok.ok) expect(ok.distanceIn).toBeCloseTo(2, 1)
    const far = smrPreviewMove(m.state, m.world, u.id, [{ x: u.position.x, z: u.position.z + dz * 3 }])
    expect(far).toMatchObject({ ok: false, clause: 'SMR-MOVE-04' })
    const r = dispatch(m, { type: 'moveUnit', unitId: u.id, path: [{ x: u.position.x, z: u.position.z + dz * 3 }] })
    expect(r.decision.ok).toBe(false)
  })

  it('lists the pairs in melee and, in Event 1, each firer with its targets and numbers from Table M', () => {
    const games = [1, 2, 3, 4, 5, 6].map((seed) =>
      playUntil(startSmr(contact, 3), (x) => smrContacts(x.state, x.world).length > 0, seed),
    )
    const melee = games.find((g) => smrContacts(g.state, g.world).length > 0)!
    const pairs = smrContacts(melee.state, melee.world)
    expect(pairs.length).toBeGreaterThan(0)
    for (const p of pairs) expect(melee.state.units[p.aId]!.sideId).not.toBe(melee.state.units[p.bId]!.sideId)
    const shooting = playUntil(startSmr(contact, 3), (x) => x.state.step === 'missiles')
    const plan = smrMissilePlan(shooting.state, shooting.world, shooting.state.actingSide!)
    expect(plan.length).toBeGreaterThan(0)
    for (const f of plan)
      for (const t of f.targets) {
        expect(t.needed).toBeGreaterThanOrEqual(8)
        expect(t.rangeIn).toBeLessThanOrEqual(f.rangeIn)
      }
  })
})
