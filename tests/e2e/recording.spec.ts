import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { expect, type Page, test } from '@playwright/test'
import { readWebm } from '../fixtures/webm'
import { dataDir, hostRequest, openApp, shot, snapshot } from './support'

test.beforeEach(async () => {
  await hostRequest('match:new', { scenarioId: 'farmhouse-skirmish', seed: 7 })
})

test('a recording of the table is saved as a WebM file in the save folder', async ({ page }, info) => {
  await openApp(page)
  const record = page.getByTestId('record-toggle')
  const clicked = Date.now()
  await record.click()
  const indicator = page.getByTestId('recording-indicator')
  await expect(indicator).toHaveText(/● REC 0:0\d/)
  const started = Date.now()

  // Something happens on the table while it is recorded: the activation dice are thrown in the tray.
  const s = await snapshot()
  const rolled = await hostRequest<{ ok: boolean }>('match:dispatch', {
    type: 'rollActivation',
    sideId: s.state.activeSideId,
  })
  expect(rolled.ok).toBe(true)
  await expect(indicator).toHaveText(/REC 0:0[2-9]/)
  await shot(page, info, '01-recording')
  await expect(record).toHaveText(/Stop \d+:\d\d/)
  await page.waitForTimeout(Math.max(0, 3000 - (Date.now() - started)))

  await record.click()
  const recordedMs = Date.now() - clicked
  const message = page.getByTestId('message')
  await expect(message).toContainText('Recording saved to ')
  await expect(indicator).toBeHidden()
  await shot(page, info, '02-saved')
  const path = (await message.textContent())!.replace(/^.*Recording saved to /, '').trim()
  const dir = join(dataDir, 'recordings')
  expect(path.startsWith(dir)).toBe(true)
  // The file alone: no temporary file is left beside it.
  expect(readdirSync(dir).filter((n) => !n.endsWith('.webm'))).toEqual([])

  const bytes = readFileSync(path)
  expect([...bytes.subarray(0, 4)]).toEqual([0x1a, 0x45, 0xdf, 0xa3])
  const webm = readWebm(bytes)
  expect(webm.codecs.some((c) => c === 'V_VP8' || c === 'V_VP9')).toBe(true)
  const canvasSize = await page.evaluate(() => {
    const c = document.querySelector('canvas')!
    return { width: c.width, height: c.height }
  })
  expect({ width: webm.width, height: webm.height }).toEqual(canvasSize)
  expect(webm.keyFrames).toBeGreaterThanOrEqual(1)
  expect(webm.frames).toBeGreaterThanOrEqual(2)
  const durationMs = (webm.lastFrameMs ?? 0) - (webm.firstFrameMs ?? 0)
  info.annotations.push({
    type: 'recording',
    description: `${bytes.length} bytes, ${webm.frames} frames (${webm.keyFrames} key), ${durationMs} ms, ${webm.codecs.join(',')} ${webm.width}×${webm.height}`,
  })
  expect(durationMs).toBeGreaterThan(2000)
  // No longer than the time between the two clicks (the video holds what was drawn meanwhile, no more).
  expect(durationMs).toBeLessThan(recordedMs + 1000)
})

/** The canvas as drawn now, kept in the page to compare a later frame with (`changedIn`). */
const keepFrame = (page: Page) =>
  page.evaluate(() => {
    const c = document.querySelector('canvas')!
    const tmp = document.createElement('canvas')
    tmp.width = c.width
    tmp.height = c.height
    const ctx = tmp.getContext('2d')!
    ctx.drawImage(c, 0, 0)
    ;(window as { keptFrame?: ImageData }).keptFrame = ctx.getImageData(0, 0, c.width, c.height)
  })

/** Mean luminance change, since the kept frame, of the canvas under an element (what the canvas draws there). */
const changedIn = (page: Page, selector: string) =>
  page.evaluate((selector) => {
    const kept = (window as { keptFrame?: ImageData }).keptFrame!
    const c = document.querySelector('canvas')!
    const tmp = document.createElement('canvas')
    tmp.width = c.width
    tmp.height = c.height
    const ctx = tmp.getContext('2d')!
    ctx.drawImage(c, 0, 0)
    const now = ctx.getImageData(0, 0, c.width, c.height)
    const cr = c.getBoundingClientRect()
    const r = document.querySelector(selector)!.getBoundingClientRect()
    const sx = c.width / cr.width
    const sy = c.height / cr.height
    const luma = (d: Uint8ClampedArray, i: number) => 0.2126 * d[i]! + 0.7152 * d[i + 1]! + 0.0722 * d[i + 2]!
    let sum = 0
    let n = 0
    for (let y = Math.ceil((r.top - cr.top) * sy); y < Math.floor((r.bottom - cr.top) * sy); y += 2)
      for (let x = Math.ceil((r.left - cr.left) * sx); x < Math.floor((r.right - cr.left) * sx); x += 2) {
        const i = (y * c.width + x) * 4
        sum += Math.abs(luma(now.data, i) - luma(kept.data, i))
        n++
      }
    return n === 0 ? 0 : sum / n
  }, selector)

test('with every panel hidden (P), Shift+R records the table and a throw still shows the tray on it', async ({
  page,
}, info) => {
  const errors: string[] = []
  page.on('pageerror', (e) => errors.push(e.message))
  await openApp(page)
  await page.keyboard.press('p')
  await expect(page.locator('.dock-grid')).toBeHidden()
  await keepFrame(page)
  await page.keyboard.press('Shift+R')
  const indicator = page.getByTestId('recording-indicator')
  await expect(indicator).toHaveText(/● REC 0:0\d/)
  const started = Date.now()

  // The activation dice are thrown: with no Dice panel to show them, the tray comes onto the table itself.
  const s = await snapshot()
  const rolled = await hostRequest<{ ok: boolean }>('match:dispatch', {
    type: 'rollActivation',
    sideId: s.state.activeSideId,
  })
  expect(rolled.ok).toBe(true)
  const tray = page.locator('.bare-tray [data-testid="dice-tray"]')
  await expect(tray).toBeVisible()
  expect(await page.evaluate(() => window.smleDice?.phase)).toBe('rolling')
  // The canvas draws the tray there (its own floor and dice, not the table seen before).
  await expect.poll(() => changedIn(page, '.bare-tray [data-testid="dice-tray"]')).toBeGreaterThan(15)
  await shot(page, info, '01-panels-hidden-rolling')
  // The dice come to rest in the tray; a moment later it leaves the table.
  await expect.poll(() => page.evaluate(() => window.smleDice?.phase), { timeout: 60_000 }).toBe('settled')
  await expect(tray).toBeHidden()
  await page.waitForTimeout(Math.max(0, 3000 - (Date.now() - started)))

  await page.keyboard.press('Shift+R')
  await expect(indicator).toBeHidden()
  // P again: the panels are back, the message bar with them, saying where the file went.
  await page.keyboard.press('p')
  const message = page.getByTestId('message')
  await expect(message).toContainText('Recording saved to ')
  const path = (await message.textContent())!.replace(/^.*Recording saved to /, '').trim()
  const webm = readWebm(readFileSync(path))
  expect(webm.frames).toBeGreaterThanOrEqual(2)
  expect((webm.lastFrameMs ?? 0) - (webm.firstFrameMs ?? 0)).toBeGreaterThan(2000)
  expect(errors).toEqual([])
})
