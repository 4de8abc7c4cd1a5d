import { describe, expect, it } from 'vitest'
import type { GameEvent, MatchState, SmrEvent } from '../../src-engine/index'
import { hutMatch } from '../../tests/fixtures/play'
import { inStep, smrScenario, startSmr, unit } from '../../tests/fixtures/smr'
import { replayInfo, smleStep } from '../../tests/fixtures/replay-steps'
import { createMatchStore } from '../state/stores'
import { replayLogLines, smleCasualties, smleFeedTurn, smrCasualties, smrFeedTurn } from './feed-text'

const BLUE = '#0000ff'
const RED = '#ff0000'

describe('the feed’s turn overlay (SMLE)', () => {
  it('says the round and the side to act in its colour, with the acting team', () => {
    const turn = smleFeedTurn(hutMatch().state)
    expect(turn.round).toBe('Round 1')
    expect(turn.acting).toEqual({ side: 'Blue', colour: BLUE, text: expect.stringMatching(/^Blue to act: Blue team/) })
  })

  it('during set-up says so; a side that must answer (opportunity fire) is the one shown', () => {
    const s = hutMatch().state
    expect(smleFeedTurn({ ...s, phase: 'setup' }).round).toBe('Set-up')
    const waiting = {
      ...s,
      pending: { kind: 'opportunity', sideId: 'red', targetTeamId: 'blue-1' },
    } as unknown as MatchState
    expect(smleFeedTurn(waiting).acting).toMatchObject({ side: 'Red', colour: RED, text: 'Red may fire at Blue team' })
  })

  it('at the end says the game is over and who won', () => {
    const s = hutMatch().state
    const ended = { ...s, phase: 'ended', result: { ...s.result, winnerSideId: 'red' } } as unknown as MatchState
    const turn = smleFeedTurn(ended)
    expect(turn.round).toBe('Game over')
    expect(turn.acting).toMatchObject({ colour: RED, text: 'Red won' })
  })
})

describe('the feed’s casualty ticker (SMLE)', () => {
  const before = hutMatch().state
  const at = (seq: number, event: GameEvent) => ({ seq, event, before })

  it('tells wounds, deaths and teams gone in the log’s words, in the colour of the side that lost them', () => {
    const lines = smleCasualties([
      at(1, { type: 'FigureStatusChanged', figureId: 'r1', status: 'dead', cause: 'shot' }),
      at(2, { type: 'FigureStatusChanged', figureId: 'b2', status: 'lightWound', cause: 'shot' }),
      at(3, { type: 'TeamGone', teamId: 'red-1', reason: 'fled' }),
    ])
    expect(lines.map((l) => [l.text, l.colour])).toEqual([
      ['Red One: killed (shot).', RED],
      ['Blue Two: lightly wounded (shot).', BLUE],
      ['Red team flees the battlefield.', RED],
    ])
  })

  it('leaves out a figure getting up again and everything that is no loss', () => {
    const lines = smleCasualties([
      at(1, { type: 'FigureStatusChanged', figureId: 'r1', status: 'ok', cause: 'first aid' }),
      at(2, { type: 'DoorOpened', doorId: 'hut-door', figureId: 'b1' } as unknown as GameEvent),
      at(3, { type: 'TeamBroke', teamId: 'red-1', dropped: [] }),
    ])
    expect(lines).toEqual([])
  })

  it('keeps the newest four', () => {
    const events = ['r1', 'r2', 'b1', 'b2', 'r1'].map((figureId, i) =>
      at(i, { type: 'FigureStatusChanged', figureId, status: i === 4 ? 'dead' : 'seriousWound', cause: 'shot' }),
    )
    const lines = smleCasualties(events)
    expect(lines).toHaveLength(4)
    expect(lines[0]!.text).toMatch(/^Red Two/)
    expect(lines[3]!.text).toBe('Red One: killed (shot).')
  })
})

describe('the feed’s overlays (SMR)', () => {
  const scenario = smrScenario([unit('A1', 'a', 'L', 20, 10), unit('B1', 'b', 'H', 20, 30)])
  const m = inStep(startSmr(scenario), 'movement', 'b')

  it('the turn and its event, and the side to act with its step', () => {
    const turn = smrFeedTurn(m.state, scenario)
    expect(turn.round).toBe('Turn 1 · Event 2: movement')
    expect(turn.acting).toMatchObject({ side: 'Side B', text: 'Side B: move' })
  })

  it('units killed, routed or eliminated, in the side’s colour; nothing else', () => {
    const events: SmrEvent[] = [
      { type: 'UnitKilled', unitId: 'A1', byId: 'B1', cause: 'melee' },
      { type: 'TurnEnded', turn: 1 },
      { type: 'UnitRouted', unitId: 'B1', cause: 'missile', rallyTurn: 2 },
    ]
    const lines = smrCasualties(
      events.map((event, i) => ({ seq: i, event, before: m.state })),
      scenario,
    )
    expect(lines.map((l) => l.text)).toEqual(['A1 is killed by B1.', 'B1 routs.'])
    expect(lines[0]!.colour).toBe(scenario.sides[0]!.colour)
  })
})

describe('the feed on a replay', () => {
  const m = hutMatch()
  const dead = (figureId: string): GameEvent => ({
    type: 'FigureStatusChanged',
    figureId,
    status: 'dead',
    cause: 'shot',
  })
  const ticker = (store: ReturnType<typeof createMatchStore>) =>
    smleCasualties(store.getState().recent).map((l) => l.text)

  it('the casualty ticker tells the losses of the steps shown, step by step, in the side’s colour', () => {
    const store = createMatchStore()
    const show = (index: number, events: GameEvent[] = []) =>
      store.getState().showReplayStep(replayInfo(), smleStep(m, index, events))
    show(0)
    expect(ticker(store)).toEqual([])
    show(1, [dead('r1')])
    show(2)
    show(3, [dead('b2')])
    expect(ticker(store)).toEqual(['Red One: killed (shot).', 'Blue Two: killed (shot).'])
    expect(smleCasualties(store.getState().recent).map((l) => l.colour)).toEqual([RED, BLUE])
    // A step back takes back what the later step told; shown again, it is told once.
    show(2)
    expect(ticker(store)).toEqual(['Red One: killed (shot).'])
    show(3, [dead('b2')])
    show(3, [dead('b2')])
    expect(ticker(store)).toEqual(['Red One: killed (shot).', 'Blue Two: killed (shot).'])
    // Back to the start: nothing has happened yet.
    show(0)
    expect(ticker(store)).toEqual([])
  })

  it('another replay starts its own ticker', () => {
    const store = createMatchStore()
    store.getState().showReplayStep(replayInfo(4, 'one'), smleStep(m, 1, [dead('r1')], [], replayInfo(4, 'one')))
    store.getState().showReplayStep(replayInfo(4, 'two'), smleStep(m, 2, [dead('b1')], [], replayInfo(4, 'two')))
    expect(ticker(store)).toEqual(['Blue One: killed (shot).'])
  })

  it('the log overlay shows the step’s last lines, none for a step of bookkeeping', () => {
    expect(replayLogLines(['Blue One moves 4".', 'Red One fires at Blue One.', 'Blue One: killed (shot).'])).toEqual([
      'Red One fires at Blue One.',
      'Blue One: killed (shot).',
    ])
    expect(replayLogLines([])).toEqual([])
    expect(replayLogLines(['', ' '])).toEqual([])
  })
})
