import { join } from 'node:path'
import { type BrowserContext, chromium } from '@playwright/test'
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../e2e/chromium'
import { rendererChunks } from './bundle-size'
import { type Figure, median } from './figures'
import { startWebProcess } from './web-process'

const root = join(import.meta.dirname, '..', '..')

/**
 * Browser mode's first frame. `web.readyMs` is the figure: from the
 * page's load (navigation, the server running and the browser open, as when
 * a player opens the address) to the first drawn table (`data-ready`), the
 * median of `runs` loads after one unmeasured load that starts the browser's
 * graphics process. `web.coldStartMs` is the whole of a cold start: the
 * server spawned, then the page opened. Also the clean spectator feed's
 * first frame (`?seat=spectator&clean=1` at 1920×1080) and the size of the
 * renderer's main chunk (the script index.html loads).
 */
export async function webFigures(runs = 5): Promise<Figure[]> {
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS })
  const cold: number[] = []
  const serverUp: number[] = []
  const pageReady: number[] = []
  const feedReady: number[] = []
  const cachedReady: number[] = []
  const load = async (
    url: string,
    viewport: { width: number; height: number },
    context?: BrowserContext,
  ): Promise<number> => {
    const page = context ? await context.newPage() : await browser.newPage({ viewport })
    try {
      const t = performance.now()
      await page.goto(url)
      await page.waitForSelector('html[data-ready="true"]', { timeout: 120_000 })
      return performance.now() - t
    } finally {
      await page.close()
    }
  }
  try {
    // Cold starts: a new server each time, its first page.
    for (let i = 0; i < 3; i++) {
      const t0 = performance.now()
      const server = await startWebProcess()
      try {
        serverUp.push(performance.now() - t0)
        await load(server.url, { width: 1280, height: 800 })
        cold.push(performance.now() - t0)
      } finally {
        await server.stop()
      }
    }
    const server = await startWebProcess()
    try {
      await load(server.url, { width: 1280, height: 800 })
      for (let i = 0; i < runs; i++) pageReady.push(await load(server.url, { width: 1280, height: 800 }))
      // A returning player: the same browser profile, which keeps the build's hashed scripts and their compiled code.
      const returning = await browser.newContext({ viewport: { width: 1280, height: 800 } })
      try {
        for (let i = 0; i < 2; i++) await load(server.url, { width: 1280, height: 800 }, returning)
        for (let i = 0; i < runs; i++) cachedReady.push(await load(server.url, { width: 1280, height: 800 }, returning))
      } finally {
        await returning.close()
      }
      // The stream's page, as OBS opens it (the server is warm by now, as it is when a streamer adds the source).
      const feedUrl = new URL('/?seat=spectator&clean=1', server.url).href
      for (let i = 0; i < runs; i++) feedReady.push(await load(feedUrl, { width: 1920, height: 1080 }))
    } finally {
      await server.stop()
    }
  } finally {
    await browser.close()
  }
  const chunks = rendererChunks(root)
  if (!chunks) throw new Error('no out/renderer: build first')
  return [
    {
      name: 'web.readyMs',
      value: median(pageReady),
      unit: 'ms',
      note: `median of ${runs}: page load → first drawn table at 1280×800 (Chromium on SwiftShader, no GPU; server running)`,
    },
    {
      name: 'web.readyCachedMs',
      value: median(cachedReady),
      unit: 'ms',
      note: `median of ${runs}: the same, opened again in one browser profile (scripts kept from earlier visits)`,
    },
    {
      name: 'web.coldStartMs',
      value: median(cold),
      unit: 'ms',
      note: 'median of 3: server spawn → first drawn table in a new page',
    },
    {
      name: 'web.serverStartMs',
      value: median(serverUp),
      unit: 'ms',
      note: 'median of 3: server spawn → "ready" printed',
    },
    {
      name: 'feed.firstFrameMs',
      value: median(feedReady),
      unit: 'ms',
      note: `median of ${runs}: clean spectator feed at 1920×1080, page load → first drawn frame`,
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
