import { chromium } from '@playwright/test'
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../e2e/chromium'
import { type Figure, median } from './figures'
import { startWebProcess } from './web-process'

/**
 * Browser mode from a cold start to the first frame: start `node out/main/web.js`,
 * open the page in Chromium (already running), wait for `data-ready`.
 */
export async function webFigures(runs = 3): Promise<Figure[]> {
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS })
  const ready: number[] = []
  const serverUp: number[] = []
  try {
    for (let i = 0; i < runs; i++) {
      const t0 = performance.now()
      const server = await startWebProcess()
      try {
        serverUp.push(performance.now() - t0)
        const page = await browser.newPage({ viewport: { width: 1280, height: 800 } })
        await page.goto(server.url)
        await page.waitForSelector('html[data-ready="true"]', { timeout: 120_000 })
        ready.push(performance.now() - t0)
        await page.close()
      } finally {
        await server.stop()
      }
    }
  } finally {
    await browser.close()
  }
  return [
    {
      name: 'web.readyMs',
      value: median(ready),
      unit: 'ms',
      note: `median of ${runs}: server spawn → first frame in Chromium (SwiftShader, no GPU)`,
    },
    {
      name: 'web.serverStartMs',
      value: median(serverUp),
      unit: 'ms',
      note: `median of ${runs}: server spawn → "ready" printed`,
    },
  ]
}
