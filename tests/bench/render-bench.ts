import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { chromium } from '@playwright/test'
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../e2e/chromium'
import type { SmleSnapshot } from '../../src-main/ipc/contract'
import type { Figure } from './figures'
import { attackMarks, everyMark } from './render-marks'
import { hostRequest, startWebProcess } from './web-process'

const root = join(import.meta.dirname, '..', '..')

/**
 * What drawing the table costs in browser mode (Chromium with SwiftShader: no
 * GPU, so frame time is only a relative figure): draw calls, triangles and
 * the mean time of a frame, on the largest built-in table.
 */
export async function renderFigures(): Promise<Figure[]> {
  const scenarioId = existsSync(join(root, 'assets', 'scenarios', 'reference-town.json'))
    ? 'reference-town'
    : 'farmhouse-skirmish'
  const server = await startWebProcess()
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS })
  try {
    const snap = (await hostRequest(server.port, 'match:new', { scenarioId, seed: 1 })) as SmleSnapshot
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } })
    await page.goto(server.url)
    await page.waitForSelector('html[data-ready="true"]', { timeout: 120_000 })
    const stats = await page.evaluate(() => window.smleInspect!.timeFrames(20))
    const perSide = snap.state.sides
      .map((s) => Object.values(snap.state.figures).filter((f) => f.sideId === s.id).length)
      .join(' and ')
    const note = `${scenarioId} (${snap.scenario.buildings.length} buildings, ${perSide} figures a side), default camera, 1280×800`
    // The same table in play with every mark shown: figure states, bands, a team's sight lines and a burst.
    const marked = everyMark(snap.state)
    await page.evaluate((state) => window.smleInspect!.showState({ state: state as never }), marked)
    await page.evaluate((m) => window.smleInspect!.showMarks(m as never), attackMarks(marked))
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))))
    const busy = await page.evaluate(() => window.smleInspect!.timeFrames(20))
    return [
      { name: 'render.drawCalls', value: stats.drawCalls, unit: 'calls', note },
      { name: 'render.triangles', value: stats.triangles, unit: 'tris', note },
      {
        name: 'render.frameMs',
        value: stats.meanMs,
        unit: 'ms',
        note: `${note}; mean of 20 frames in SwiftShader (CPU), relative figure only`,
      },
      {
        name: 'render.drawCallsAllMarks',
        value: busy.drawCalls,
        unit: 'calls',
        note: `${scenarioId} in play, every figure state, band labels, sight lines and a burst shown`,
      },
      { name: 'render.trianglesAllMarks', value: busy.triangles, unit: 'tris', note: 'the same' },
      { name: 'render.frameMsAllMarks', value: busy.meanMs, unit: 'ms', note: 'the same; relative figure only' },
    ]
  } finally {
    await browser.close()
    await server.stop()
  }
}
