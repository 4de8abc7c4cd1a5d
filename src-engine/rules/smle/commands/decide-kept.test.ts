import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { newHeader, startMatch } from '../match'
import { playOut } from '../queries/playout'
import { legalCommands, sideToAct } from '../queries/legal-commands'
import { ScenarioSchema } from '../scenario/schema'
import type { MatchState } from '../state/state'
import type { World } from '../world'
import { decideCommand, parseCommand, stateAfter } from './decide'
import { applyEvent } from '../apply/apply'
import { canonicalJson } from '../../../util/canonical-json'
import { EventLog } from '../events/event-log'

function loadScenario(id: string): unknown {
  return JSON.parse(
    readFileSync(join(import.meta.dirname, '..', '..', '..', '..', 'assets', 'scenarios', `${id}.json`), 'utf8'),
  )
}

describe('decisions kept per state: the decision worked out afresh', () => {
  for (const [id, dice] of [
    ['farmhouse-skirmish', 'quick'],
    ['farmhouse-skirmish', 'physics'],
  ] as const) {
    it(`${id} (${dice} dice): every legal command judged twice is one decision, equal to the one a copy of the state gets, judged in the other order`, () => {
      let positions = 0
      const onCommand = (m: { state: MatchState; world: World }): void => {
        const side = sideToAct(m.state)
        if (side === null || positions >= 40) return
        positions++
        const commands = legalCommands(m.state, m.world, side)
          .slice(0, 8)
          .map((c) => {
            const parsed = parseCommand(c)
            if (!parsed.ok) throw new Error('a legal command did not parse')
            return parsed.value
          })
        const first = commands.map((c) => decideCommand(m.state, c, m.world))
        commands.forEach((c, i) => expect(decideCommand(m.state, c, m.world)).toBe(first[i]))
        // A copy is another state object: nothing kept for it. Judged in reverse, two commands mistaken for one would differ.
        const copy = structuredClone(m.state)
        const again = [...commands].reverse().map((c) => decideCommand(copy, c, m.world))
        again.reverse().forEach((d, i) => expect(d).toEqual(first[i]))
      }
      const seed = dice === 'quick' ? 4 : 5
      try {
        playOut(startMatch(newHeader(ScenarioSchema.parse(loadScenario(id)), seed, dice)), seed, 60, onCommand)
      } catch (err) {
        if (!(err instanceof Error && /did not end within/.test(err.message))) throw err
      }
      expect(positions).toBeGreaterThan(30)
    }, 120_000)
  }
})

describe('the state an accepted decision leads to', () => {
  it('farmhouse-skirmish (quick dice): is the state its events give, applied in turn to the state judged', () => {
    let checked = 0
    const onCommand = (m: { state: MatchState; world: World }): void => {
      const side = sideToAct(m.state)
      if (side === null || checked >= 60) return
      for (const c of legalCommands(m.state, m.world, side).slice(0, 4)) {
        const parsed = parseCommand(c)
        if (!parsed.ok) throw new Error('a legal command did not parse')
        const d = decideCommand(m.state, parsed.value, m.world)
        if (!d.ok) continue
        const folded = d.events.reduce((s, e) => applyEvent(s, e), m.state)
        expect(canonicalJson(stateAfter(d))).toBe(canonicalJson(folded))
        checked++
      }
    }
    try {
      playOut(
        startMatch(newHeader(ScenarioSchema.parse(loadScenario('farmhouse-skirmish')), 6, 'quick')),
        6,
        30,
        onCommand,
      )
    } catch (err) {
      if (!(err instanceof Error && /did not end within/.test(err.message))) throw err
    }
    expect(checked).toBeGreaterThan(30)
  }, 120_000)
})

describe('a log continued from the events another log recorded', () => {
  it('farmhouse-skirmish (quick dice): leads to the state its events give applied in turn, from the state recorded or any other', () => {
    let checked = 0
    const onCommand = (m: { state: MatchState; world: World }): void => {
      const side = sideToAct(m.state)
      if (side === null || checked >= 40) return
      for (const c of legalCommands(m.state, m.world, side).slice(0, 4)) {
        const parsed = parseCommand(c)
        if (!parsed.ok) throw new Error('a legal command did not parse')
        const recorded = new EventLog(m.state)
        const d = decideCommand(m.state, parsed.value, m.world)
        if (!d.ok || d.events.length === 0) continue
        recorded.push(...d.events)
        const fold = (from: MatchState): string => canonicalJson(d.events.reduce((s, e) => applyEvent(s, e), from))
        // The very list, from the state it was recorded from: its state; from a copy: applied again.
        expect(canonicalJson(EventLog.of(m.state, recorded.events).state)).toBe(fold(m.state))
        const copy = structuredClone(m.state)
        const again = EventLog.of(copy, recorded.events)
        expect(again.state).not.toBe(recorded.state)
        expect(canonicalJson(again.state)).toBe(fold(copy))
        expect(again.events).toEqual(d.events)
        checked++
      }
    }
    try {
      playOut(
        startMatch(newHeader(ScenarioSchema.parse(loadScenario('farmhouse-skirmish')), 7, 'quick')),
        7,
        30,
        onCommand,
      )
    } catch (err) {
      if (!(err instanceof Error && /did not end within/.test(err.message))) throw err
    }
    expect(checked).toBeGreaterThan(20)
  }, 120_000)
})
