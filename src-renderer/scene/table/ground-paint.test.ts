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
    const onmessage = self.onmessage as (e: MessageEvent) => void
    onmessage({ data: { job: 7, scenario, sides } } as MessageEvent)
    expect(posted).toHaveLength(1)
    const { message, transfer } = posted[0]!
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

  it('a worker that fails is not asked again: its job and the next are painted on the page', async () => {
    let started = 0
    class FailingWorker {
      onmessage: ((e: MessageEvent) => void) | null = null
      onerror: ((e: ErrorEvent) => void) | null = null
      constructor() {
        started++
      }
      postMessage() {
        queueMicrotask(() =>
          this.onerror?.({ message: 'no module workers', preventDefault: () => undefined } as ErrorEvent),
        )
      }
      terminate() {}
    }
    vi.stubGlobal('Worker', FailingWorker)
    const { groundImage, startGroundPainter } = await freshPainter()
    startGroundPainter()
    const img = await groundImage(scenario)
    expect(Buffer.from(img.data).equals(Buffer.from(expected.data))).toBe(true)
    const other = yardScenario()
    await groundImage(other)
    expect(started).toBe(1)
  })
})
