import { join } from 'node:path'
import { expect, test } from '@playwright/test'
import { rendererChunks } from '../bench/bundle-size'
import { hostRequest, openApp } from './support'

const root = join(import.meta.dirname, '..', '..')

/** The issue "See the table": the renderer's main chunk stays at or under 1.5 MB (minified, uncompressed). */
const MAIN_CHUNK_MAX_BYTES = 1_500_000

test('the built renderer: a main chunk of at most 1.5 MB, with the dice tray and the fairness report in lazy chunks', () => {
  const chunks = rendererChunks(root)
  if (!chunks) throw new Error('out/renderer is missing: `npm run build` comes before the end-to-end tests')
  expect(chunks.main.bytes, `out/renderer/${chunks.main.file}`).toBeLessThanOrEqual(MAIN_CHUNK_MAX_BYTES)
  // What the first frame does not need is not in the first download.
  expect(chunks.initialBytes).toBeLessThan(chunks.totalBytes)
  expect(chunks.initialFiles.some((f) => /dice-replay|TrayView|DiceReportPanel/.test(f))).toBe(false)
})

test('the page fetches the dice tray code only after its first frame', async ({ page }) => {
  await page.addInitScript(() => {
    new MutationObserver((_, observer) => {
      if (document.documentElement.getAttribute('data-ready') !== 'true') return
      performance.mark('smle-e2e:ready')
      observer.disconnect()
      // Init scripts run before <html> exists: watch the whole document.
    }).observe(document, { subtree: true, attributes: true, attributeFilter: ['data-ready'] })
  })
  await openApp(page)
  const scripts = () =>
    page.evaluate(() => ({
      readyAt: performance.getEntriesByName('smle-e2e:ready')[0]?.startTime ?? null,
      fetched: performance
        .getEntriesByType('resource')
        .filter((r) => r.name.endsWith('.js'))
        .map((r) => ({ file: r.name.split('/').pop() ?? '', at: r.startTime })),
    }))
  // Once drawn and idle, the page fetches the tray's code ahead of the first roll, not before.
  await expect.poll(async () => (await scripts()).fetched.some((f) => f.file.startsWith('dice-replay'))).toBe(true)
  const { readyAt, fetched } = await scripts()
  expect(readyAt).not.toBeNull()
  const early = fetched.filter((f) => /^(dice-replay|TrayView)/.test(f.file) && f.at < readyAt!)
  expect(early).toEqual([])
})

/**
 * Each shader program the first frame needs is compiled before the table
 * shows (about a tenth of a second each without a graphics card): one matte
 * material for the table, its vertex-coloured and instanced variants, two
 * unlit ones for marks, and the two shadow programs. They are started as
 * soon as the canvas has its context, by kind (`program-warmup.ts`); a kind
 * started that the table does not draw would be built for nothing.
 */
const FIRST_FRAME_PROGRAMS_MAX = 7

for (const scenarioId of ['reference-town', 'farm-lane-armour']) {
  test(`the first frame of ${scenarioId} compiles at most seven shader programs, each once`, async ({ page }) => {
    await hostRequest('match:new', { scenarioId, seed: 1 })
    await openApp(page)
    const programs = await page.evaluate(() => window.smleInspect!.renderInfo().programs)
    expect(programs).toBeLessThanOrEqual(FIRST_FRAME_PROGRAMS_MAX)
    await expect
      .poll(() => page.evaluate(() => window.smleInspect!.renderInfo().warmupWasted), { timeout: 20_000 })
      .toBe(0)
  })
}

for (const scenarioId of ['farmhouse-skirmish', 'smle-few-brave-sentients', 'smle-ambush', 'smr-village-invasion']) {
  test(`the programs started early for ${scenarioId} are all the table's`, async ({ page }) => {
    await hostRequest('match:new', { scenarioId, seed: 1 })
    await openApp(page)
    await expect
      .poll(() => page.evaluate(() => window.smleInspect!.renderInfo().warmupWasted), { timeout: 20_000 })
      .toBe(0)
  })
}
