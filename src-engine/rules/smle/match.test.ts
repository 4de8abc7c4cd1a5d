import { describe, expect, it } from 'vitest'
import { deepFreeze, farmhouseScenario, hutScenario } from '../../../tests/fixtures/scenarios'
import { applyEvents } from './apply/apply'
import { decide } from './commands/decide'
import type { CommandInput } from './commands/index'
import { canonicalJson } from '../../util/canonical-json'
import { canUndo, dispatch, type Match, newHeader, replay, startMatch, undo } from './match'
import { initialState } from './initial-state'
import { drive } from '../../../tests/fixtures/drive'
import { inTurn } from '../../../tests/fixtures/play'

function play(match: Match, commands: CommandInput[]): Match {
  let m = match
  for (const c of commands) {
    const r = dispatch(m, c)
    if (!r.decision.ok) throw new Error(`${r.decision.reason.clause}: ${r.decision.reason.message}`)
    m = r.match
  }
  return m
}

/** The seed every scripted test uses (the script is the game the seed leads to). */
const SEED = 1234
/** A real game's first 30 commands (activation rolls, moves, interrupt windows, ends of turns). */
const script: CommandInput[] = drive(startMatch(newHeader(hutScenario(), SEED)), 30).entries.map((e) => e.command)

describe('match log', () => {
  it('determinism: the same seed and commands give byte-identical state', () => {
    const a = play(startMatch(newHeader(hutScenario(), SEED)), script)
    const b = play(startMatch(newHeader(hutScenario(), SEED)), script)
    expect(canonicalJson(a.state)).toBe(canonicalJson(b.state))
    expect(JSON.stringify(a.entries)).toBe(JSON.stringify(b.entries))
  })

  it('a different seed changes the dice but not the rules', () => {
    const faces = new Set<number>()
    for (let seed = 0; seed < 40; seed++) {
      const m = play(startMatch(newHeader(hutScenario(), seed)), [{ type: 'rollActivation', sideId: 'blue' }])
      const roll = m.entries[0]?.events.find((e) => e.type === 'DiceRolled')
      if (roll?.type === 'DiceRolled') faces.add(roll.faces[0] ?? 0)
    }
    expect(faces.size).toBe(6)
  })

  it('state = fold(events) from the initial state', () => {
    const header = newHeader(hutScenario(), SEED)
    const m = play(startMatch(header), script)
    const events = m.entries.flatMap((e) => e.events)
    expect(applyEvents(initialState(header.scenario, header.seed), events)).toEqual(m.state)
    expect(replay(header, m.entries)).toEqual(m.state)
  })

  it('the state survives a JSON round trip unchanged', () => {
    const m = play(startMatch(newHeader(hutScenario(), SEED)), script)
    expect(JSON.parse(JSON.stringify(m.state))).toEqual(m.state)
  })

  it('applyEvent never mutates (deep-frozen state and events)', () => {
    const header = newHeader(hutScenario(), SEED)
    const m = play(startMatch(header), script)
    const frozen = deepFreeze(initialState(header.scenario, header.seed))
    const events = deepFreeze(m.entries.flatMap((e) => e.events))
    expect(() => applyEvents(frozen, events)).not.toThrow()
  })

  it('a rejection names its clause and leaves the game unchanged', () => {
    // The game's data is frozen (its ruleset, schemas and all, is shared code and stays as it is).
    const m = startMatch(newHeader(hutScenario(), 1))
    deepFreeze(m.state)
    deepFreeze(m.header)
    deepFreeze(m.entries)
    const before = canonicalJson(m.state)
    const r = dispatch(m, { type: 'rollActivation', sideId: 'red' })
    expect(r.decision.ok).toBe(false)
    if (!r.decision.ok) expect(r.decision.reason.clause).toBe('CORE-TURN-01')
    expect(r.match).toBe(m)
    expect(canonicalJson(r.match.state)).toBe(before)
  })

  it('malformed commands are refused with CORE-CMD-02', () => {
    const m = startMatch(newHeader(hutScenario(), 1))
    for (const bad of [
      null,
      {},
      { type: 'teleport' },
      { type: 'moveFigure', figureId: 'b1' },
      { type: 'moveFigure', figureId: 'b1', to: { x: 'a', z: 1 } },
    ]) {
      const d = decide(m.state, bad, m.world)
      expect(d.ok).toBe(false)
      if (!d.ok) expect(d.reason.clause).toBe('CORE-CMD-02')
    }
  })
})

describe('undo and randomness barriers', () => {
  /** The first k such that entry k−1 revealed randomness and entry k did not. */
  const afterBarrier = (): number => {
    const m = play(startMatch(newHeader(hutScenario(), SEED)), script)
    const k = m.entries.findIndex((e, i) => i > 0 && !e.barrier && m.entries[i - 1]?.barrier === true)
    if (k < 0) throw new Error('the script has no barrier followed by a plain command')
    return k
  }

  it('undoes the last command', () => {
    const k = afterBarrier()
    const before = play(startMatch(newHeader(hutScenario(), SEED)), script.slice(0, k))
    const m1 = play(before, [script[k] as CommandInput])
    expect(canUndo(m1)).toBe(true)
    const r = undo(m1)
    expect(r.ok).toBe(true)
    if (r.ok) {
      expect(r.match.state).toEqual(before.state)
      expect(r.match.entries).toHaveLength(k)
    }
  })

  it('CORE-UNDO-01: cannot undo a dice roll, so undo never buys a re-roll', () => {
    const m = play(startMatch(newHeader(hutScenario(), SEED)), script.slice(0, 2))
    expect(m.entries[1]?.barrier).toBe(true)
    expect(m.entries[1]?.command.type).toBe('rollActivation')
    expect(canUndo(m)).toBe(false)
    const r = undo(m)
    expect(r.ok).toBe(false)
    if (!r.ok) expect(r.reason.clause).toBe('CORE-UNDO-01')
  })

  it('undo stops at the barrier: commands after it can be undone, the roll cannot', () => {
    const k = afterBarrier()
    const m = play(startMatch(newHeader(hutScenario(), SEED)), script.slice(0, k + 1))
    const r1 = undo(m)
    expect(r1.ok).toBe(true)
    if (!r1.ok) return
    expect(r1.match.entries).toHaveLength(k)
    const r2 = undo(r1.match)
    expect(r2.ok).toBe(false)
  })

  it('CORE-UNDO-02: nothing to undo at the start', () => {
    const r = undo(startMatch(newHeader(hutScenario(), SEED)))
    expect(r.ok).toBe(false)
    if (!r.ok) expect(r.reason.clause).toBe('CORE-UNDO-02')
  })
})

describe('the built-in farmhouse scenario', () => {
  it('starts in round 1, phase 1 (activation), with every figure on the ground and the front door closed', () => {
    const m = startMatch(newHeader(farmhouseScenario(), 1))
    expect(m.state.phase).toBe('activation')
    expect(m.state.round).toBe(1)
    expect(m.state.doors['farmhouse-front']?.state).toBe('closed')
    for (const f of Object.values(m.state.figures)) {
      expect(m.world.footprintBlocker(f.position, f.baseRadiusIn, m.state.doors)).toBeNull()
    }
  })
  it('the sergeant can open the front door, and the team walks through', () => {
    const m = play(inTurn(startMatch(newHeader(farmhouseScenario(), 1)), 'br-section-hq', 9), [
      { type: 'openDoor', figureId: 'br-sgt', doorId: 'farmhouse-front' },
      { type: 'moveFigure', figureId: 'br-sgt', to: { x: 35, z: 25.15 } },
    ])
    expect(m.state.doors['farmhouse-front']?.state).toBe('open')
    expect(m.state.figures['br-sgt']?.position.z).toBeCloseTo(25.15)
  })
})
