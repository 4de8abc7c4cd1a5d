import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { createWsBridge } from './ws-bridge'

/** A stand-in for the browser's WebSocket: the test opens, answers and closes it. */
class FakeSocket extends EventTarget {
  static made: FakeSocket[] = []
  readonly sent: { id: number; channel: string }[] = []
  constructor(readonly url: string) {
    super()
    FakeSocket.made.push(this)
  }
  send(data: string): void {
    this.sent.push(JSON.parse(data) as { id: number; channel: string })
  }
  open(): void {
    this.dispatchEvent(new Event('open'))
  }
  reply(id: number, value: unknown): void {
    const ev = new MessageEvent('message', { data: JSON.stringify({ id, reply: { ok: true, value } }) })
    this.dispatchEvent(ev)
  }
  close(code: number, reason = ''): void {
    const ev = Object.assign(new Event('close'), { code, reason })
    this.dispatchEvent(ev)
  }
}

describe('the browser-mode bridge', () => {
  beforeEach(() => {
    FakeSocket.made = []
    vi.useFakeTimers()
    vi.stubGlobal('WebSocket', FakeSocket)
  })
  afterEach(() => {
    vi.useRealTimers()
    vi.unstubAllGlobals()
  })

  it('after the host closes a slow connection (1013) it reconnects and says so, so the page fetches the table afresh', async () => {
    const bridge = createWsBridge('ws://host/ws?seat=all')
    const reconnected = vi.fn()
    bridge.onMatchChanged(() => undefined)
    bridge.onReconnected?.(reconnected)
    const first = FakeSocket.made[0]!
    first.open()
    expect(reconnected).not.toHaveBeenCalled() // the first connection is not a reconnection
    const snapshot = bridge.matchSnapshot()
    await vi.waitFor(() => expect(first.sent).toHaveLength(1))
    first.reply(first.sent[0]!.id, { gameId: 'g' })
    await expect(snapshot).resolves.toEqual({ gameId: 'g' })

    const pending = bridge.matchSnapshot()
    await vi.waitFor(() => expect(first.sent).toHaveLength(2))
    first.close(1013, 'too slow')
    await expect(pending).rejects.toThrow(/lost/)
    expect(FakeSocket.made).toHaveLength(1)
    await vi.advanceTimersByTimeAsync(1000)
    expect(FakeSocket.made).toHaveLength(2)
    FakeSocket.made[1]!.open()
    expect(reconnected).toHaveBeenCalledTimes(1)
  })

  it('a seat the host refuses (1008) is final: no reconnection, every request fails with the reason', async () => {
    const bridge = createWsBridge('ws://host/ws?seat=nobody')
    bridge.onMatchChanged(() => undefined)
    const reconnected = vi.fn()
    bridge.onReconnected?.(reconnected)
    FakeSocket.made[0]!.close(1008, 'unknown seat "nobody"')
    await vi.advanceTimersByTimeAsync(5000)
    expect(FakeSocket.made).toHaveLength(1)
    await expect(bridge.matchSnapshot()).rejects.toThrow(/refused this seat: unknown seat "nobody"/)
    expect(reconnected).not.toHaveBeenCalled()
  })
})
