import { act } from 'react'
import { createRoot, type Root } from 'react-dom/client'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import type { MatchSnapshot } from '../src-main/ipc/types'
import { hutMatch } from '../tests/fixtures/play'
import { App } from './App'
import type { HostApi } from './bridge/host-api'

;(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true

/** A host that has a game open and answers nothing else (the panels' own requests stay pending). */
function host(): HostApi {
  const m = hutMatch()
  const snapshot: MatchSnapshot = {
    ruleset: 'smle',
    gameId: 'g',
    seat: { kind: 'sides', sideIds: ['blue', 'red'], hotSeat: true },
    scenario: m.header.scenario,
    seed: 1,
    dice: 'quick',
    state: m.state,
    seq: 0,
    canUndo: false,
    notice: null,
  }
  return new Proxy({} as HostApi, {
    get: (_, key) => {
      if (key === 'matchSnapshot') return () => Promise.resolve(snapshot)
      if (typeof key === 'string' && key.startsWith('on')) return () => () => undefined
      if (key === 'then') return undefined
      return () => new Promise(() => undefined)
    },
  })
}

// The table's canvas measures its box; here no box ever changes (and no graphics context is made). The dice panel
// fetches its code when the page is idle, which this document never says it is.
const hadResizeObserver = 'ResizeObserver' in globalThis
const hadIdle = 'requestIdleCallback' in globalThis
beforeAll(() => {
  if (!hadIdle) Object.assign(globalThis, { requestIdleCallback: () => 0, cancelIdleCallback: () => undefined })
  if (!hadResizeObserver)
    (globalThis as { ResizeObserver?: unknown }).ResizeObserver = class {
      observe(): void {}
      unobserve(): void {}
      disconnect(): void {}
    }
})
afterAll(() => {
  if (!hadIdle) {
    delete (globalThis as { requestIdleCallback?: unknown }).requestIdleCallback
    delete (globalThis as { cancelIdleCallback?: unknown }).cancelIdleCallback
  }
  if (!hadResizeObserver) delete (globalThis as { ResizeObserver?: unknown }).ResizeObserver
})

let root: Root | null = null
let el: HTMLElement | null = null
afterEach(() => {
  act(() => root?.unmount())
  el?.remove()
  root = el = null
  document.documentElement.removeAttribute('data-ready')
  vi.useRealTimers()
})

async function open(): Promise<HTMLElement> {
  el = document.createElement('div')
  document.body.append(el)
  root = createRoot(el)
  await act(async () => root!.render(<App bridge={host()} />))
  return el
}

/** Lets the panels' code chunk load and React show it. */
async function settle(): Promise<void> {
  for (let i = 0; i < 20; i++) await act(async () => new Promise((r) => setTimeout(r, 5)))
}

/** Waits for the panels (their code chunk loads first, which takes longer than a settle on a busy machine). */
async function panelsShown(page: HTMLElement): Promise<void> {
  await vi.waitFor(
    async () => {
      await settle()
      expect(page.querySelector('.hud')).not.toBeNull()
    },
    { timeout: 15_000, interval: 50 },
  )
}

describe('the first frame: the table before the panels', () => {
  it('shows no panels while the table is being made, and all of them once its first frame is drawn', async () => {
    const page = await open()
    await settle()
    expect(page.querySelector('.hud')).toBeNull()
    await act(async () => document.documentElement.setAttribute('data-ready', 'true'))
    await panelsShown(page)
    expect(page.querySelector('[data-panel="teams"]')).not.toBeNull()
  })

  it('shows the panels anyway when the table is not drawn within 4 s (a slow or failing renderer)', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
    const page = await open()
    await act(async () => vi.advanceTimersByTime(3900))
    expect(page.querySelector('.hud')).toBeNull()
    await act(async () => vi.advanceTimersByTime(200))
    vi.useRealTimers()
    await panelsShown(page)
  })

  it('shows the panels at once in a page whose table was drawn before (the editor left, a new game)', async () => {
    document.documentElement.setAttribute('data-ready', 'true')
    const page = await open()
    await panelsShown(page)
  })
})
