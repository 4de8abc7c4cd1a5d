import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { expect, type Page, test } from '@playwright/test'
import type { DiceInspector } from '../../src-renderer/dice/DicePanel'
import { dataDir, doorPoint, hostRequest, openApp, openingFor, shot, snapshot, startAt } from './support'

// Round 1 rolled, the section HQ acting at B6 or better: Sgt Hale may kick the front door in (SMLE-DOOR-03).
const opening = openingFor(
  'farmhouse-skirmish',
  'br-section-hq',
  (m) => (m.state.teams['br-section-hq']?.activation?.band ?? 0) >= 6,
)

test.beforeEach(async () => {
  await startAt('farmhouse-skirmish', opening)
})

type DiceView = Pick<
  DiceInspector,
  'phase' | 'rollId' | 'recordedFaces' | 'replayedFaces' | 'verified' | 'throwIndex' | 'frame'
>

const dice = (page: Page) =>
  page.evaluate((): DiceView | null => {
    const d = window.smleDice
    return d
      ? {
          phase: d.phase,
          rollId: d.rollId,
          recordedFaces: [...d.recordedFaces],
          replayedFaces: [...d.replayedFaces],
          verified: d.verified,
          throwIndex: d.throwIndex,
          frame: d.frame,
        }
      : null
  })

/** Luminance samples of the tray as drawn now: the table's canvas, under the tray's element (one WebGL context for both). */
const trayLuma = (page: Page) =>
  page.evaluate(() => {
    const tray = document.querySelector<HTMLElement>('[data-testid="dice-tray"]')
    if (!tray) throw new Error('no dice tray')
    if (tray.querySelector('canvas')) throw new Error('the tray has a canvas of its own')
    const canvases = document.querySelectorAll('canvas')
    if (canvases.length !== 1) throw new Error(`${canvases.length} canvases on the page`)
    const c = canvases[0]!
    const cr = c.getBoundingClientRect()
    const tr = tray.getBoundingClientRect()
    const sx = c.width / cr.width
    const sy = c.height / cr.height
    const w = Math.round(tr.width * sx)
    const h = Math.round(tr.height * sy)
    const tmp = document.createElement('canvas')
    tmp.width = w
    tmp.height = h
    const ctx = tmp.getContext('2d')
    if (!ctx) throw new Error('no 2d context')
    ctx.drawImage(c, (tr.left - cr.left) * sx, (tr.top - cr.top) * sy, w, h, 0, 0, w, h)
    const d = ctx.getImageData(0, 0, w, h).data
    const out: number[] = []
    for (let i = 0; i < d.length; i += 16)
      out.push(0.2126 * (d[i] ?? 0) + 0.7152 * (d[i + 1] ?? 0) + 0.0722 * (d[i + 2] ?? 0))
    return out
  })

const variance = (xs: number[]) => {
  const m = xs.reduce((a, b) => a + b, 0) / xs.length
  return xs.reduce((a, b) => a + (b - m) ** 2, 0) / xs.length
}

const twoFrames = (page: Page) =>
  page.evaluate(() => new Promise<void>((r) => requestAnimationFrame(() => requestAnimationFrame(() => r()))))

test('Shift-click kicks the door: the tray replays the physics throw that decided, then shows the result with its purpose and clause', async ({
  page,
}, info) => {
  const errors: string[] = []
  page.on('pageerror', (e) => errors.push(e.message))
  await openApp(page)
  expect((await dice(page))?.phase).toBe('idle')
  const rollId = (await snapshot()).state.rollCount
  const door = await doorPoint(page, 'farmhouse-front')
  await page.keyboard.down('Shift')
  await page.mouse.click(door.x, door.y)
  await page.keyboard.up('Shift')

  // The roll reaches the tray and is replayed from its record, checked against the recorded faces.
  await expect.poll(async () => (await dice(page))?.rollId ?? null).toBe(rollId)
  await expect(page.getByTestId('dice-tray')).toBeVisible()
  await expect.poll(async () => (await dice(page))?.phase, { timeout: 60_000 }).toBe('settled')
  const view = (await dice(page))!
  expect(view.verified).toBe(true)
  expect(view.replayedFaces).toEqual(view.recordedFaces)

  // The faces are the host's: the saved log holds the same roll.
  await hostRequest('save:create', { name: 'Dice kick' })
  const saved = JSON.parse(readFileSync(join(dataDir, 'saves', 'dice-kick.smle.json'), 'utf8')) as {
    entries: { events: { type: string; faces?: number[]; method?: string }[] }[]
  }
  const roll = saved.entries.at(-1)!.events.find((e) => e.type === 'DiceRolled')!
  expect(roll).toMatchObject({ type: 'DiceRolled', method: 'physics' })
  expect(roll.faces).toEqual(view.recordedFaces)
  const face = roll.faces![0]!

  // Settled: the result under the tray, with what the roll was for, the die and the outcome.
  const result = page.getByTestId('dice-result')
  await expect(result).toHaveAttribute('data-phase', 'settled')
  await expect(result).toContainText('Sgt Hale: force door')
  await expect(result).toContainText(`1D6: ${face}`)
  await expect(result).toContainText(`Total ${face} against 4: ${face >= 4 ? 'success' : 'failure'}`)
  const state = (await snapshot()).state
  expect(state.doors['farmhouse-front']?.state).toBe(face >= 4 ? 'broken' : 'closed')
  await twoFrames(page)
  const settled = await trayLuma(page)
  expect(variance(settled)).toBeGreaterThan(50)
  await shot(page, info, '02-settled')

  // Replay it, and hold the replay a fifth of a second after release: mid-throw, the die is drawn elsewhere.
  await page.getByRole('region', { name: 'Dice' }).getByRole('button', { name: 'Replay', exact: true }).click()
  await expect(result).toHaveAttribute('data-phase', 'rolling')
  await expect(result).toContainText('Rolling…')
  await page.evaluate(() => window.smleDice!.seek(0, 12))
  await twoFrames(page)
  const mid = await trayLuma(page)
  let changed = 0
  for (let i = 0; i < mid.length; i++) if (Math.abs((mid[i] ?? 0) - (settled[i] ?? 0)) > 20) changed++
  expect(changed).toBeGreaterThan(20)
  await shot(page, info, '01-mid-throw')
  // Let go: the replay runs on to the same rest.
  await page.evaluate(() => window.smleDice!.release())
  await expect(result).toHaveAttribute('data-phase', 'settled', { timeout: 60_000 })
  await twoFrames(page)
  expect(await trayLuma(page)).toEqual(settled)
  expect(errors).toEqual([])
})

test('the fairness report: the host throws a few thousand dice and the panel shows the tests and the histogram', async ({
  page,
}, info) => {
  test.setTimeout(180_000)
  await openApp(page)
  await page.getByRole('button', { name: 'Fairness report' }).click()
  const report = page.getByTestId('dice-report')
  await expect(report).toBeVisible({ timeout: 150_000 })
  await expect(report).toContainText('Faces 1–6')
  await expect(report).toContainText('2D6 sums')
  await expect(report).toContainText('Serial correlation')
  await expect(report).toContainText('Cocked dice')
  await expect(report).toContainText('3,000 dice')
  await expect(report.getByRole('img')).toBeVisible()
  await shot(page, info, '01-report')
  await page.getByRole('button', { name: 'Close the report' }).click()
  await expect(report).toBeHidden()
})
