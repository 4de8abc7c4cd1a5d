import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { expect, test } from '@playwright/test'
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
