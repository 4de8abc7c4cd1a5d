import { join } from 'node:path'
import { chromium } from '@playwright/test'
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../e2e/chromium'
import { rendererChunks } from './bundle-size'
import { type Figure, median } from './figures'
import { startWebProcess } from './web-process'

const root = join(import.meta.dirname, '..', '..')

/**
 * Browser mode from a cold start to the first frame: start `node out/main/web.js`,
 * open the page in Chromium (already running), wait for `data-ready`. Also the
 * page's part alone (navigation → first frame), the clean spectator feed's
 * (`?seat=spectator&clean=1` at 1920×1080, navigation → first frame) and the
 * size of the renderer's main chunk (the script index.html loads).
 */
export async function webFigures(runs = 3): Promise<Figure[]> {
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS })
  const ready: number[] = []
  const serverUp: number[] = []
  const pageReady: number[] = []
  const feedReady: number[] = []
  try {
    for (let i = 0; i < runs; i++) {
      const t0 = performance.now()
      const server = await startWebProcess()
      try {
        serverUp.push(performance.now() - t0)
        const page = await browser.newPage({ viewport: { width: 1280, height: 800 } })
        const tPage = performance.now()
        await page.goto(server.url)
        await page.waitForSelector('html[data-ready="true"]', { timeout: 120_000 })
        const t1 = performance.now()
        ready.push(t1 - t0)
        pageReady.push(t1 - tPage)
        await page.close()
        // The stream's page, as OBS opens it (the server is warm by now, as it is when a streamer adds the source).
        const feed = await browser.newPage({ viewport: { width: 1920, height: 1080 } })
        const tFeed = performance.now()
        await feed.goto(new URL('/?seat=spectator&clean=1', server.url).href)
        await feed.waitForSelector('html[data-ready="true"]', { timeout: 120_000 })
        feedReady.push(performance.now() - tFeed)
        await feed.close()
      } finally {
        await server.stop()
      }
    }
  } finally {
    await browser.close()
  }
  const chunks = rendererChunks(root)
  if (!chunks) throw new Error('no out/renderer: build first')
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
    {
      name: 'web.pageReadyMs',
      value: median(pageReady),
      unit: 'ms',
      note: `median of ${runs}: page navigation → first frame (the page's part of web.readyMs)`,
    },
    {
      name: 'feed.firstFrameMs',
      value: median(feedReady),
      unit: 'ms',
      note: `median of ${runs}: clean spectator feed at 1920×1080, page navigation → first drawn frame`,
    },
    {
      name: 'web.mainChunkKB',
      value: chunks.main.bytes / 1000,
      unit: 'kB',
      note: `out/renderer/${chunks.main.file}, minified, not compressed`,
    },
    {
      name: 'web.initialJsKB',
      value: chunks.initialBytes / 1000,
      unit: 'kB',
      note: `the main chunk and the chunks it imports statically (lazy chunks: ${Math.round((chunks.totalBytes - chunks.initialBytes) / 1000)} kB more)`,
    },
  ]
}
