import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { createWsBridge, retryDelayMs } from './ws-bridge'

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

  it('while the host stays away it tries again after 1 s, 2 s, 4 s, then every 8 s; a page opened before the host came up is told when it connects', async () => {
    const bridge = createWsBridge('ws://host/ws?seat=spectator')
    const reconnected = vi.fn()
    bridge.onMatchChanged(() => undefined)
    bridge.onReconnected?.(reconnected)
    const waits = [1000, 2000, 4000, 8000, 8000]
    for (const [i, wait] of waits.entries()) {
      // The host is down: the socket closes without ever opening (1006).
      FakeSocket.made[i]!.close(1006)
      await vi.advanceTimersByTimeAsync(wait - 1)
      expect(FakeSocket.made, `no try before ${wait} ms`).toHaveLength(i + 1)
      await vi.advanceTimersByTimeAsync(1)
      expect(FakeSocket.made).toHaveLength(i + 2)
    }
    expect(reconnected).not.toHaveBeenCalled()
    // The host is back: the page is told, so it fetches the game.
    const back = FakeSocket.made.at(-1)!
    back.open()
    expect(reconnected).toHaveBeenCalledTimes(1)

    // Once connected, the next loss starts again from 1 s.
    back.close(1006)
    await vi.advanceTimersByTimeAsync(1000)
    expect(FakeSocket.made).toHaveLength(waits.length + 2)
    FakeSocket.made.at(-1)!.open()
    expect(reconnected).toHaveBeenCalledTimes(2)
  })

  it('the wait between tries doubles from 1 s and stops growing at 8 s', () => {
    expect([0, 1, 2, 3, 4, 50].map(retryDelayMs)).toEqual([1000, 2000, 4000, 8000, 8000, 8000])
  })
})
