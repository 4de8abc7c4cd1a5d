import { describe, expect, it } from 'vitest'
import { activationOrder, type ActivationEntry } from '../../src-engine/index'
import { hutMatch, newMatch, play } from '../../tests/fixtures/play'
import { sectionScenario } from '../../tests/fixtures/scenarios'
import { detailText, modifierText, statusText } from './activation-list'

const entry = (patch: Partial<ActivationEntry>): ActivationEntry => ({
  teamId: 't',
  name: 'T',
  sideId: 's',
  order: 1,
  die: 4,
  al: 8,
  band: 7,
  modifiers: [],
  shifts: [],
  row: null,
  action: 'Advance',
  allows: 'Advance: half move, direct fire',
  status: 'waiting',
  secondTurnToCome: false,
  finished: false,
  blockId: 't',
  ...patch,
})

describe("activation list (drawn from the engine's activationOrder)", () => {
  it("SMLE-ACT-01: the detail line is Table 1's words, the die and the modifiers signed with their clause, as answered", () => {
    const e = entry({
      modifiers: [
        { label: 'not under fire', value: 1, clause: 'SMLE-ACT-12' },
        { label: '1 wounded', value: -1, clause: 'SMLE-ACT-09' },
      ],
      shifts: ['Elite'],
    })
    expect(detailText(e)).toBe(
      'Advance: half move, direct fire. Die 4, +1 not under fire (SMLE-ACT-12), −1 1 wounded (SMLE-ACT-09); Elite',
    )
    expect(modifierText({ label: 'Under fire', value: -2, clause: 'SMLE-ACT-04' })).toBe('−2 Under fire (SMLE-ACT-04)')
    expect(modifierText({ label: 'Leader', value: 1, clause: 'SMLE-ACT-07' })).toBe('+1 Leader (SMLE-ACT-07)')
  })
  it("the status words follow the answer: acting, waiting, gone, and a Double Move's second turn to come", () => {
    expect(statusText(entry({ status: 'active' }))).toBe('acting')
    expect(statusText(entry({ status: 'waiting' }))).toBe('waiting')
    expect(statusText(entry({ status: 'done', finished: true }))).toBe('gone')
    expect(statusText(entry({ status: 'done', secondTurnToCome: true }))).toBe('second turn to come')
  })
  it('SMLE-TURN-02: on a played game every placed entry has a detail line with its clause ids', () => {
    let m = newMatch(1, sectionScenario())
    m = play(m, [{ type: 'rollActivation', sideId: m.state.activeSideId }])
    m = play(m, [{ type: 'rollActivation', sideId: m.state.activeSideId }])
    const placed = activationOrder(m.state).filter((e) => e.order !== null)
    expect(placed.length).toBeGreaterThan(1)
    for (const e of placed)
      expect(detailText(e)).toMatch(/^(Double Move|Close|Advance|Stand|Pinned|Fall Back|Break): .*\. Die \d.*\(SMLE-/)
    const done = play(hutMatch(), [{ type: 'endActivation', teamId: 'blue-1' }])
    expect(statusText(activationOrder(done.state).find((e) => e.teamId === 'blue-1')!)).toBe('gone')
  })
})
