import { afterEach, describe, expect, it, vi } from 'vitest'
import { buildWorld } from '../../../src-engine/index'
import { yardScenario } from '../../../tests/fixtures/world-tables'
import type * as GroundPaint from './ground-paint'
import { paintGround } from './ground-texture'

const scenario = yardScenario()
const sides = scenario.sides.map((s) => ({ id: s.id, colour: s.colour, zone: s.deploymentZone }))
const expected = paintGround(buildWorld(scenario).model, sides)

/** A fresh copy of the painter (it keeps its worker and what it painted at module level). */
async function freshPainter(): Promise<typeof GroundPaint> {
  vi.resetModules()
  return import('./ground-paint')
}

afterEach(() => {
  vi.unstubAllGlobals()
})

describe("the ground painted aside, beside the page's start", () => {
  it('the worker paints the very pixels the page would, and hands them back under the job they were asked for', async () => {
    const posted: { message: { job: number; image: { width: number; data: Uint8Array } }; transfer: unknown[] }[] = []
    vi.stubGlobal('postMessage', (message: never, transfer: unknown[]) => posted.push({ message, transfer }))
    vi.resetModules()
    await import('./ground-paint-worker')
    // Its first word: it is running.
    expect(posted.map((p) => p.message)).toEqual([{ ready: true }])
    const onmessage = self.onmessage as (e: MessageEvent) => void
    onmessage({ data: { job: 7, scenario, sides } } as MessageEvent)
    expect(posted).toHaveLength(2)
    const { message, transfer } = posted[1]!
    expect(message.job).toBe(7)
    expect(message.image.width).toBe(expected.width)
    expect(Buffer.from(message.image.data).equals(Buffer.from(expected.data))).toBe(true)
    // Handed over, not copied: the pixels' buffer is transferred.
    expect(transfer).toEqual([message.image.data.buffer])
  })

  it('without workers the page paints it itself, once per scenario, the same pixels', async () => {
    vi.stubGlobal('Worker', undefined)
    const { groundImage, paintedGround } = await freshPainter()
    expect(paintedGround(scenario)).toBeUndefined()
    const first = groundImage(scenario)
    expect(groundImage(scenario)).toBe(first)
    const img = await first
    expect(Buffer.from(img.data).equals(Buffer.from(expected.data))).toBe(true)
    expect(paintedGround(scenario)).toBe(img)
  })

  it('a job is posted once the worker says it is running, and its pixels come back under the job', async () => {
    const instances: FakeWorker[] = []
    class FakeWorker {
      onmessage: ((e: MessageEvent) => void) | null = null
      onerror: ((e: ErrorEvent) => void) | null = null
      posted: { job: number }[] = []
      constructor() {
        instances.push(this)
      }
      postMessage(m: { job: number }) {
        this.posted.push(m)
      }
      terminate() {}
    }
    vi.stubGlobal('Worker', FakeWorker)
    const { groundImage, painterStarted, startGroundPainter } = await freshPainter()
    startGroundPainter()
    expect(painterStarted()).toBe(false)
    const image = groundImage(scenario)
    const worker = instances[0]!
    // Still loading: nothing is posted to it yet.
    expect(worker.posted).toEqual([])
    worker.onmessage!({ data: { ready: true } } as MessageEvent)
    expect(painterStarted()).toBe(true)
    expect(worker.posted).toHaveLength(1)
    worker.onmessage!({ data: { job: worker.posted[0]!.job, image: expected } } as MessageEvent)
    expect(await image).toBe(expected)
  })

  it('a worker that fails is not asked again: its job and the next are painted on the page', async () => {
    let started = 0
    class FailingWorker {
      onmessage: ((e: MessageEvent) => void) | null = null
      onerror: ((e: ErrorEvent) => void) | null = null
      constructor() {
        started++
        queueMicrotask(() =>
          this.onerror?.({ message: 'no module workers', preventDefault: () => undefined } as ErrorEvent),
        )
      }
      postMessage() {}
      terminate() {}
    }
    vi.stubGlobal('Worker', FailingWorker)
    const { groundImage, painterStarted, startGroundPainter } = await freshPainter()
    startGroundPainter()
    const img = await groundImage(scenario)
    expect(Buffer.from(img.data).equals(Buffer.from(expected.data))).toBe(true)
    expect(painterStarted()).toBe(true)
    await groundImage(yardScenario())
    expect(started).toBe(1)
  })

  it('a worker that never starts is given up after its time: the page paints', async () => {
    vi.useFakeTimers()
    try {
      class SilentWorker {
        onmessage: ((e: MessageEvent) => void) | null = null
        onerror: ((e: ErrorEvent) => void) | null = null
        postMessage() {}
        terminate() {}
      }
      vi.stubGlobal('Worker', SilentWorker)
      const { groundImage, PAINTER_START_LIMIT_MS, startGroundPainter } = await freshPainter()
      startGroundPainter()
      const image = groundImage(scenario)
      await vi.advanceTimersByTimeAsync(PAINTER_START_LIMIT_MS)
      const img = await image
      expect(Buffer.from(img.data).equals(Buffer.from(expected.data))).toBe(true)
    } finally {
      vi.useRealTimers()
    }
  })
})
