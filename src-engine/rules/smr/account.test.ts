import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { dispatch } from '../../core/match'
import { seedRng } from '../../rng/sfc32'
import { act, FOOT_IN, inStep, loadDice, smrScenario, startSmr, unit, withUnits } from '../../../tests/fixtures/smr'
import { parseScenario } from '../loading'
import { type SmrLogItem, smrAccount } from './account'
import { applyEvent } from './apply'
import type { SmrEvent } from './events'
import { SmrRandomPlayer, type SmrMatch } from './random-player'
import type { SmrScenario } from './scenario'
import type { SmrState } from './state'

const contact = (() => {
  const r = parseScenario(
    JSON.parse(
      readFileSync(join(import.meta.dirname, '..', '..', '..', 'assets', 'scenarios', 'smr-contact.json'), 'utf8'),
    ),
  )
  if (!r.ok) throw new Error(r.message)
  return r.scenario as SmrScenario
})()

/** The log items of some commands' events, each with the state it was applied to. */
function itemsOf(start: SmrState, commands: readonly { seq: number; events: readonly SmrEvent[] }[]): SmrLogItem[] {
  const out: SmrLogItem[] = []
  let state = start
  for (const c of commands)
    for (const event of c.events) {
      out.push({ seq: c.seq, event, before: state })
      state = applyEvent(state, event)
    }
  return out
}

/** One command's account. */
function told(m: SmrMatch, cmd: Parameters<typeof act>[1]): { lines: string[]; m: SmrMatch } {
  const r = act(m, cmd)
  return { lines: smrAccount(itemsOf(m.state, [{ seq: 1, events: r.events }])).map((l) => l.text), m: r.m }
}

describe('the SMR log, told as a person tells it', () => {
  it('SMR-ROUT-01 / SMR-ROUT-03 / SMR-MELEE-07: each attack is one line with its need, its dice and what came of it; a rout is told once, with its flight', () => {
    // Two light infantrymen face-to-face (needs 9 each): one rolls 1+2 (a natural 3 routs a Light target), the other 4+4 (no effect).
    const m = withUnits(
      inStep(
        startSmr(smrScenario([unit('A', 'a', 'L', 24, 20), unit('B', 'b', 'L', 24, 20 + FOOT_IN, { facingDeg: 0 })])),
        'movement',
        'b',
      ),
      { A: { faceToFace: 'B', target: 'B' }, B: { faceToFace: 'A', target: 'A' } },
    )
    const { lines } = told(loadDice(m, [1, 2, 4, 4]), { type: 'endMovement', sideId: 'b' })
    const attacks = lines.filter((l) => / attacks /.test(l))
    expect(attacks).toHaveLength(2)
    expect(attacks.some((l) => /needs 9, rolls 8 — no effect\.$/.test(l))).toBe(true)
    expect(attacks.some((l) => /needs 9, rolls 3 — [AB] routs, fleeing 4"\.$/.test(l))).toBe(true)
    expect(lines.filter((l) => /routs/.test(l))).toHaveLength(1)
    expect(lines.filter((l) => /flees|rolled|Table C/.test(l))).toEqual([])
  })

  it('SMR-MELEE-03: a charge and the contact it makes are one line; the pivots that turn the pair face-to-face are not told apart', () => {
    const sc = smrScenario([unit('A', 'a', 'L', 24, 10), unit('B', 'b', 'L', 27, 14, { facingDeg: 0 })])
    const { lines } = told(inStep(startSmr(sc), 'movement', 'a'), { type: 'charge', unitId: 'A', targetId: 'B' })
    expect(lines).toHaveLength(1)
    expect(lines[0]).toMatch(/^A charges [\d.]+" into B: they are locked face-to-face \(SMR-MELEE-03\)\.$/)
  })

  it('SMR-SCEN-02: a hidden unit coming out of its building is one line, naming the building', () => {
    const sc = smrScenario(
      [
        unit('baron', 'a', 'L', 40, 4),
        unit('H1', 'a', 'P', 22, 11.5, { hiddenIn: 'hut' }),
        unit('R', 'b', 'H', 40, 40),
      ],
      {
        buildings: [{ id: 'hut', x: 20, z: 10, widthIn: 4, depthIn: 3 }],
        village: {
          area: [
            { x: 15, z: 5 },
            { x: 30, z: 5 },
            { x: 30, z: 18 },
            { x: 15, z: 18 },
          ],
          peasantSideId: 'a',
          invaderSideId: 'b',
          buildingIds: ['hut'],
        },
        victory: 'village',
      },
    )
    const { lines } = told(inStep(startSmr(sc), 'movement', 'a'), { type: 'leaveBuilding', unitId: 'H1' })
    expect(lines).toEqual(['H1 comes out of hut.'])
  })

  it("SMR-MOVE-01: the initiative is one line, with each side's roll", () => {
    const m = startSmr(contact, 4)
    const { lines } = told(m, { type: 'rollInitiative', sideId: m.state.actingSide! })
    const line = lines.find((l) => l.includes('wins the initiative'))
    expect(line).toMatch(
      /^(normans|saxons) wins the initiative \(SMR-MOVE-01\): (normans|saxons) \d+ to (normans|saxons) \d+\.$/,
    )
    expect(lines.filter((l) => /initiative for/.test(l))).toEqual([])
  })

  it('whole games of Contact: one line per kill, per rout and per attack, and no line told twice in a row', () => {
    for (const seed of [2, 7, 11]) {
      let m = startSmr(contact, seed)
      const start = m.state
      const player = new SmrRandomPlayer(seedRng(seed))
      for (let i = 0; i < 3000 && m.state.phase !== 'ended'; i++) {
        const r = dispatch(m, player.next(m.state, m.world)!)
        if (!r.decision.ok) throw new Error(r.decision.reason.message)
        m = r.match
      }
      const items = itemsOf(start, m.entries)
      const lines = smrAccount(items).map((l) => l.text)
      const count = (type: SmrEvent['type']) => items.filter((it) => it.event.type === type).length
      const attacks = items.filter((it) => it.event.type === 'AttackResolved')
      expect(lines.filter((l) => / (attacks|shoots at|makes a bonus attack on) /.test(l))).toHaveLength(attacks.length)
      expect(lines.filter((l) => /is killed/.test(l))).toHaveLength(count('UnitKilled'))
      expect(lines.filter((l) => /routs/.test(l))).toHaveLength(count('UnitRouted'))
      expect(lines.filter((l) => /\(Table [MCG]: \d+\)/.test(l))).toEqual([])
      for (let i = 1; i < lines.length; i++) expect(lines[i]).not.toBe(lines[i - 1])
    }
  })
})
