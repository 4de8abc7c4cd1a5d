import { act } from 'react'
import { afterEach, describe, expect, it } from 'vitest'
import {
  type CommandInput,
  dispatch,
  labelledOptions,
  type Match,
  previewFire,
  sideToAct,
} from '../../src-engine/index'
import { inTurn, newMatch, withFigure } from '../../tests/fixtures/play'
import { sectionScenario } from '../../tests/fixtures/scenarios'
import type { SeatInfo } from '../../src-main/ipc/contract'
import type { HostApi } from '../bridge/host-api'
import type { AppContextValue } from '../state/context'
import { renderInApp, showGame, testApp, unmountAll } from '../state/app-test-kit'
import { ActionPanel } from './ActionPanel'
import { STILL_SENDING, sendCommand } from '../state/actions'

/** The hot seat of a game with these two sides (what the desktop app sits in). */
const HOT_SEAT_INFO = { kind: 'sides' as const, sideIds: ['blue', 'red'], hotSeat: true }

afterEach(unmountAll)

/** The two sections in the open, in sight of each other; Blue HQ acts at B7. */
function facing(): Match {
  let m = newMatch(3, sectionScenario())
  const place: [string, number, number][] = [
    ['b-sgt', 4, 30],
    ['b-r1', 6, 30],
    ['b-r2', 8, 30],
    ['r-cpl', 4, 14],
    ['r-a1', 6, 14],
    ['r-a2', 8, 14],
  ]
  for (const [id, x, z] of place) m = withFigure(m, id, { position: { x, y: 0, z } })
  return inTurn(m, 'b-hq', 7)
}

/** A bridge answered by the engine itself, recording what is dispatched. */
function engineBridge(m: Match, sent: CommandInput[]): HostApi {
  const fake: Partial<HostApi> = {
    matchLegal: async () => {
      const sideId = sideToAct(m.state)
      return {
        ruleset: 'smle',
        gameId: 'g',
        seq: 0,
        sideId,
        options: sideId ? labelledOptions(m.state, m.world, sideId) : [],
      }
    },
    matchPreviewFire: async (c) => {
      const r = previewFire(m.state, m.world, c)
      return r.ok ? { ok: true, preview: r.value } : { ok: false, clause: r.reason.clause, message: r.reason.message }
    },
    matchDispatch: async (c) => {
      sent.push(c as CommandInput)
      return dispatch(m, c).decision
    },
  }
  return fake as HostApi
}

async function render(
  m: Match,
  sent: CommandInput[],
  seat: SeatInfo = HOT_SEAT_INFO,
): Promise<{ el: HTMLElement; app: AppContextValue }> {
  const app = testApp(engineBridge(m, sent))
  showGame(app, { ruleset: 'smle', seat, scenario: m.header.scenario, seed: 3, state: m.state })
  return { el: await renderInApp(app, <ActionPanel />), app }
}

const button = (el: HTMLElement, text: string | RegExp): HTMLButtonElement => {
  const b = [...el.querySelectorAll('button')].find((x) =>
    typeof text === 'string' ? x.textContent === text : text.test(x.textContent ?? ''),
  )
  if (!b)
    throw new Error(
      `no button ${String(text)} in: ${[...el.querySelectorAll('button')].map((x) => x.textContent).join(' | ')}`,
    )
  return b
}

describe('action panel', () => {
  it("offers only the engine's options, grouped, with the acting team's inches used and left", async () => {
    const m = facing()
    const { el } = await render(m, [])
    const labels = [...el.querySelectorAll('.option-buttons button')].map((b) => b.textContent)
    expect(labels).toEqual(labelledOptions(m.state, m.world, 'blue').map((o) => o.label))
    expect([...el.querySelectorAll('.option-group h3')].map((h) => h.textContent)).toEqual(
      expect.arrayContaining(['Activation', 'Move', 'Fire']),
    )
    expect(el.querySelector('[data-testid="move-b-r1"]')?.textContent).toMatch(/^0\.0" used · \d+\.\d" left$/)
  })
  it('SMLE-SHOOT-03: a fire option is previewed first (modifiers with clauses, sight lines), and only Fire dispatches it', async () => {
    const m = facing()
    const sent: CommandInput[] = []
    const { el, app } = await render(m, sent)
    await act(async () => button(el, /^Fire at /).click())
    const preview = el.querySelector('[data-testid="fire-preview"]')
    expect(preview?.textContent).toMatch(/needs \d+\+ on the dice/)
    expect(preview?.querySelector('.clause')?.textContent).toMatch(/^SMLE-/)
    expect(sent).toEqual([])
    expect(app.uiStore.getState().sightLines?.length).toBeGreaterThan(0)
    await act(async () => button(el, 'Fire').click())
    expect(sent).toHaveLength(1)
    expect(sent[0]).toMatchObject({ type: 'directFire', teamId: 'b-hq' })
  })
  it('SMLE-IND-01: a call for fire is planned on the table first (who is under it, or the refusal), and only Call fire sends it', async () => {
    const m = withFigure(facing(), 'b-lmg', { weapons: ['light-mortar'], position: { x: 10, y: 0, z: 31 } })
    const sent: CommandInput[] = []
    const { el, app } = await render(m, sent)
    await act(async () => button(el, /calls fire from/).click())
    expect(sent).toEqual([])
    expect(app.uiStore.getState().fireCall).toMatchObject({ type: 'callFire', firingTeamId: 'b-bren' })
    const plan = el.querySelector('[data-testid="call-fire-plan"]')
    expect(plan?.textContent).toMatch(/Light mortar: 2" burst/)
    expect(plan?.textContent).toMatch(/On target: .*B attacks/)
    // A point too close for the mortar (SMLE-IND-01: 6" at least): refused with its clause, Call fire disabled.
    await act(async () => app.uiStore.getState().aimFireCall({ x: 10, z: 28 }))
    expect(el.querySelector('[data-testid="call-fire-plan"] .clause')?.textContent).toBe('SMLE-IND-01')
    expect(button(el, 'Call fire').disabled).toBe(true)
    await act(async () => app.uiStore.getState().aimFireCall({ x: 6, z: 14 }))
    await act(async () => button(el, 'Call fire').click())
    expect(sent).toEqual([expect.objectContaining({ type: 'callFire', point: { x: 6, z: 14 } })])
    expect(app.uiStore.getState().fireCall).toBeNull()
  })
  it('CORE-SEAT-01: a spectator, or the seat of the side not acting, is offered nothing and told who acts', async () => {
    const m = facing()
    for (const seat of [
      { kind: 'spectator' as const, sideIds: [], hotSeat: false },
      { kind: 'sides' as const, sideIds: ['red'], hotSeat: false },
    ]) {
      const sent: CommandInput[] = []
      const { el, app } = await render(m, sent, seat)
      // The panel's own title bar (fold it) is there; no command is.
      expect(el.querySelectorAll('.panel-body button')).toHaveLength(0)
      expect([...el.querySelectorAll('button')].every((b) => b.classList.contains('panel-toggle'))).toBe(true)
      expect(el.querySelector('[aria-label="Actions"]')?.textContent).toMatch(
        seat.kind === 'spectator' ? /watching/ : /Waiting for Blue/,
      )
      await act(async () => app.uiStore.getState().select('r-a1'))
      expect(el.querySelector('[data-testid="fire-preview"]')).toBeNull()
      expect(sent).toEqual([])
      await unmountAll()
    }
  })
  it('one command at a time: until its outcome is seen the options are disabled and a second command is not sent', async () => {
    const m = facing()
    const sent: CommandInput[] = []
    const { el, app } = await render(m, sent)
    // The host holds the reply (another seat, or the computer, is answering a window the command opened).
    const releases: (() => void)[] = []
    const release = (): void => releases.shift()?.()
    const answer = app.bridge.matchDispatch
    app.bridge.matchDispatch = async (c) => {
      const decision = await answer(c)
      await new Promise<void>((r) => releases.push(r))
      return decision
    }
    const end = (): HTMLButtonElement => button(el, /^End /)
    // The reply's promise, boxed (an async function's promise would wait for it).
    const give = async (): Promise<{ reply: Promise<unknown> }> => {
      let reply: Promise<unknown> = Promise.resolve()
      await act(async () => {
        reply = sendCommand(app, { type: 'endActivation', teamId: 'b-hq' })
      })
      return { reply }
    }
    const first = (await give()).reply
    expect(app.uiStore.getState().sending).not.toBeNull()
    expect(end().disabled).toBe(true)
    // A second command (a key, or a click the disabled button would not take) is refused here, not sent.
    expect(await (await give()).reply).toBeNull()
    expect(sent).toHaveLength(1)
    expect(app.uiStore.getState().message).toEqual({ kind: 'info', text: STILL_SENDING })
    await act(async () => {
      release()
      await first
    })
    expect(app.uiStore.getState()).toMatchObject({ sending: null, message: null })
    expect(end().disabled).toBe(false)

    // The change the command made comes before its reply: the page has seen the outcome, and may act again.
    const third = (await give()).reply
    expect(end().disabled).toBe(true)
    const snap = app.matchStore.getState()
    await act(async () =>
      snap.setSnapshot({
        ruleset: 'smle',
        gameId: 'g',
        seat: HOT_SEAT_INFO,
        scenario: m.header.scenario,
        seed: 3,
        dice: 'quick',
        state: m.state,
        seq: snap.seq + 1,
        canUndo: false,
        notice: null,
      }),
    )
    expect(app.uiStore.getState().sending).toBeNull()
    expect(end().disabled).toBe(false)
    // Its late reply does not end the wait of a command given since.
    const fourth = (await give()).reply
    const waiting = app.uiStore.getState().sending
    expect(waiting).not.toBeNull()
    await act(async () => {
      release()
      await third
    })
    expect(app.uiStore.getState().sending).toBe(waiting)
    await act(async () => {
      release()
      await fourth
    })
    expect(app.uiStore.getState().sending).toBeNull()

    // A reply that fails leaves nothing held either.
    app.bridge.matchDispatch = async () => {
      throw new Error('the host is gone')
    }
    await act(async () => {
      await (
        await give()
      ).reply
    })
    expect(app.uiStore.getState()).toMatchObject({
      sending: null,
      message: { kind: 'error', text: 'the host is gone' },
    })
  })
  it('clicking an enemy figure previews fire at its team', async () => {
    const m = facing()
    const { el, app } = await render(m, [])
    await act(async () => app.uiStore.getState().select('r-a1'))
    expect(el.querySelector('[data-testid="fire-preview"] h3')?.textContent).toMatch(/^Fire at /)
  })
  it('SMLE-EXP-11: when a round bursts, the burst template is put where the engine says it landed', async () => {
    const m = facing()
    const { app } = await render(m, [])
    const at = { x: 6, y: 0, z: 15 }
    const explosion = {
      type: 'Explosion' as const,
      at,
      weapon: 'grenade',
      radiusIn: 2,
      impactFigureId: null,
      deviated: true,
    }
    await act(async () =>
      app.matchStore.getState().applyChange({
        ruleset: 'smle',
        reason: 'dispatch',
        gameId: 'g',
        seat: HOT_SEAT_INFO,
        seq: 1,
        state: m.state,
        canUndo: false,
        events: [explosion],
      }),
    )
    expect(app.uiStore.getState().burst).toEqual({ aim: at, at, radiusIn: 2 })
  })
})
