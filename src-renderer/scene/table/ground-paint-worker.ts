/// <reference lib="webworker" />
import { compileTable, type TableScenario } from '../../../src-engine/table-geometry'
import { type GroundSide, paintGround } from './ground-texture'

/** A ground to paint: the table's scenario and the sides whose zones and base lines are drawn on it. */
export interface GroundPaintRequest {
  readonly scenario: TableScenario
  readonly sides: readonly GroundSide[]
}

/** Paints a table's ground off the page's thread; the pixels are handed back, not copied. */
self.onmessage = (e: MessageEvent<GroundPaintRequest & { readonly job: number }>) => {
  const image = paintGround(compileTable(e.data.scenario), e.data.sides)
  ;(self as unknown as DedicatedWorkerGlobalScope).postMessage({ job: e.data.job, image }, [image.data.buffer])
}

// Running: jobs posted from now on reach this worker at once.
;(self as unknown as DedicatedWorkerGlobalScope).postMessage({ ready: true })
