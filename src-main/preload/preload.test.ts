import { beforeEach, describe, expect, it, vi } from 'vitest'
import { methodName, pushChannels, pushMethodName, requestChannels, type RouterReply } from '../ipc/contract'

/** Fakes for the two Electron objects the preload uses; a tiny emitter stands in for IPC pushes. */
const fake = vi.hoisted(() => {
  const listeners = new Map<string, Set<(event: unknown, payload: unknown) => void>>()
  const exposed: [string, unknown][] = []
  let nextReply: (channel: string, input: unknown) => unknown = () => ({ ok: true, value: undefined })
  return {
    listeners,
    exposed,
    setReply(fn: (channel: string, input: unknown) => unknown) {
      nextReply = fn
    },
    contextBridge: {
      exposeInMainWorld: vi.fn((key: string, api: unknown) => {
        exposed.push([key, api])
      }),
    },
    ipcRenderer: {
      invoke: vi.fn(async (channel: string, input: unknown) => nextReply(channel, input)),
      on: vi.fn((channel: string, listener: (event: unknown, payload: unknown) => void) => {
        if (!listeners.has(channel)) listeners.set(channel, new Set())
        listeners.get(channel)?.add(listener)
      }),
      removeListener: vi.fn((channel: string, listener: (event: unknown, payload: unknown) => void) => {
        listeners.get(channel)?.delete(listener)
      }),
    },
  }
})

vi.mock('electron', () => ({ contextBridge: fake.contextBridge, ipcRenderer: fake.ipcRenderer }))

// Imported for its effect: it builds window.game through the fake contextBridge.
await import('./index')
const callsAtLoad = { on: fake.ipcRenderer.on.mock.calls.length, invoke: fake.ipcRenderer.invoke.mock.calls.length }

/** The one object the preload exposed. */
function game(): Record<string, (...args: unknown[]) => unknown> {
  const [, api] = fake.exposed[0] ?? []
  return api as Record<string, (...args: unknown[]) => unknown>
}

function emit(channel: string, payload: unknown): void {
  for (const l of [...(fake.listeners.get(channel) ?? [])]) l({ sender: 'fake' }, payload)
}

beforeEach(() => {
  fake.ipcRenderer.invoke.mockClear()
  fake.ipcRenderer.on.mockClear()
  fake.ipcRenderer.removeListener.mockClear()
  fake.setReply(() => ({ ok: true, value: undefined }))
})

describe('preload: what window.game exposes', () => {
  it('exposes exactly one global, "game"', () => {
    expect(fake.contextBridge.exposeInMainWorld).toHaveBeenCalledTimes(1)
    expect(fake.exposed.map(([key]) => key)).toEqual(['game'])
  })

  it('its keys are exactly the contract’s method names and nothing else (no generic invoke or send)', () => {
    const expected = [...requestChannels.map(methodName), ...pushChannels.map(pushMethodName)].sort()
    expect(Object.keys(game()).sort()).toEqual(expected)
    expect(expected).toContain('matchDispatch')
    expect(expected).toContain('onMatchChanged')
    for (const forbidden of ['invoke', 'send', 'on', 'ipcRenderer', 'removeListener'])
      expect(game()).not.toHaveProperty(forbidden)
    for (const value of Object.values(game())) expect(typeof value).toBe('function')
  })

  it('loading the preload subscribes to nothing and invokes nothing: it only builds the object', () => {
    expect(callsAtLoad).toEqual({ on: 0, invoke: 0 })
  })
})

describe('preload: requests', () => {
  it('matchDispatch(x) invokes channel "match:dispatch" with x and unwraps {ok:true, value}', async () => {
    const command = { type: 'endTurn', sideId: 'blue' }
    const decision = { ok: true, events: [{ type: 'TurnEnded' }] }
    fake.setReply((channel, input) =>
      channel === 'match:dispatch' && input === command
        ? ({ ok: true, value: decision } satisfies RouterReply)
        : { ok: false, error: { code: 'failed', message: 'wrong call' } },
    )
    await expect(game().matchDispatch?.(command)).resolves.toBe(decision)
    expect(fake.ipcRenderer.invoke).toHaveBeenCalledTimes(1)
    expect(fake.ipcRenderer.invoke).toHaveBeenCalledWith('match:dispatch', command)
  })

  it('every request method invokes its own channel', async () => {
    for (const channel of requestChannels) {
      fake.ipcRenderer.invoke.mockClear()
      fake.setReply((c) => ({ ok: true, value: `answer for ${c}` }))
      await expect(game()[methodName(channel)]?.({ probe: channel })).resolves.toBe(`answer for ${channel}`)
      expect(fake.ipcRenderer.invoke).toHaveBeenCalledExactlyOnceWith(channel, { probe: channel })
    }
  })

  it('a method called without input sends undefined (what the no-input schemas expect)', async () => {
    await game().matchSnapshot?.()
    expect(fake.ipcRenderer.invoke).toHaveBeenCalledWith('match:snapshot', undefined)
  })

  it('an error reply rejects with the router’s message', async () => {
    fake.setReply(
      () =>
        ({
          ok: false,
          error: { code: 'bad-request', message: 'Malformed save:load request at "id": nope.' },
        }) satisfies RouterReply,
    )
    await expect(game().saveLoad?.({ id: '../x' })).rejects.toThrow('Malformed save:load request at "id": nope.')
    fake.setReply(() => ({ ok: false, error: { code: 'refused', message: 'There is no save called "x".' } }))
    await expect(game().saveLoad?.({ id: 'x' })).rejects.toThrow('There is no save called "x".')
  })

  it('a successful reply whose value is itself a refusal is passed through, not thrown', async () => {
    const refusal = { ok: false, reason: { clause: 'CORE-TURN-01', message: 'Not your turn.' } }
    fake.setReply(() => ({ ok: true, value: refusal }))
    await expect(game().matchDispatch?.({ type: 'endTurn', sideId: 'red' })).resolves.toEqual(refusal)
  })
})

describe('preload: pushes', () => {
  it('onMatchChanged subscribes to "match:changed", delivers payloads without the event, and the returned function unsubscribes', () => {
    const heard: unknown[] = []
    const off = game().onMatchChanged?.((payload: unknown) => heard.push(payload)) as () => void
    expect(fake.ipcRenderer.on).toHaveBeenCalledTimes(1)
    expect(fake.ipcRenderer.on.mock.calls[0]?.[0]).toBe('match:changed')

    emit('match:changed', { seq: 1 })
    emit('match:other', { seq: 99 })
    expect(heard).toEqual([{ seq: 1 }])

    off()
    expect(fake.ipcRenderer.removeListener).toHaveBeenCalledTimes(1)
    // The very function registered is the one removed.
    expect(fake.ipcRenderer.removeListener.mock.calls[0]?.[0]).toBe('match:changed')
    expect(fake.ipcRenderer.removeListener.mock.calls[0]?.[1]).toBe(fake.ipcRenderer.on.mock.calls[0]?.[1])
    emit('match:changed', { seq: 2 })
    expect(heard).toEqual([{ seq: 1 }])
    expect(fake.listeners.get('match:changed')?.size).toBe(0)
  })

  it('two subscribers are independent: unsubscribing one leaves the other', () => {
    const a: unknown[] = []
    const b: unknown[] = []
    const offA = game().onMatchChanged?.((p: unknown) => a.push(p)) as () => void
    const offB = game().onMatchChanged?.((p: unknown) => b.push(p)) as () => void
    emit('match:changed', 1)
    offA()
    emit('match:changed', 2)
    offB()
    emit('match:changed', 3)
    expect(a).toEqual([1])
    expect(b).toEqual([1, 2])
  })
})
