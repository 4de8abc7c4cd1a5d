import { mkdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { expect, type Page, type TestInfo } from '@playwright/test'
import WebSocket from 'ws'
import { type CommandInput, dispatch, type Match, newHeader, ScenarioSchema, startMatch } from '../../src-engine/index'
import type { RouterReply, SmleSnapshot } from '../../src-main/ipc/contract'

/** Where every end-to-end flow leaves its screenshots, for a person to look at. */
export const RESULTS_DIR = join(import.meta.dirname, '..', 'results', 'e2e')

/** This worker's host (each worker of the run has its own: playwright.config.ts). */
const slot = Number(process.env.TEST_PARALLEL_INDEX ?? 0)
export const port = Number(process.env.SMLE_E2E_PORT ?? 7911) + slot
/** This worker's host's save folder. */
export const dataDir = process.env.SMLE_E2E_DATA ? join(process.env.SMLE_E2E_DATA, `worker-${slot}`) : ''

/** Asks the running host directly over its WebSocket (a second, independent view of the game). */
export async function hostRequest<T = unknown>(channel: string, payload?: unknown): Promise<T> {
  const ws = new WebSocket(`ws://127.0.0.1:${port}/ws`)
  await new Promise<void>((resolve, reject) => {
    ws.once('open', () => resolve())
    ws.once('error', reject)
  })
  try {
    const reply = await new Promise<RouterReply>((resolve, reject) => {
      ws.on('message', (data) => {
        const msg = JSON.parse(String(data)) as { id?: number; reply?: RouterReply }
        if (msg.id === 1 && msg.reply) resolve(msg.reply)
      })
      ws.once('error', reject)
      ws.send(JSON.stringify({ id: 1, channel, payload }))
    })
    if (!reply.ok) throw new Error(`${channel}: ${reply.error.message}`)
    return reply.value as T
  } finally {
    ws.close()
  }
}

export const snapshot = (): Promise<SmleSnapshot> => hostRequest<SmleSnapshot>('match:snapshot')

/** Opens the app and waits for its first rendered frame. */
export async function openApp(page: Page): Promise<void> {
  await page.goto('/')
  await page.waitForSelector('html[data-ready="true"]', { timeout: 60_000 })
  // The panels come once the table is drawn.
  await page.waitForSelector('.hud')
}

/**
 * Opens a panel that is folded to its title bar, as a player does: a click on
 * the title (a window below 1600×900 starts with the saves and the log folded;
 * the page then remembers it open).
 */
export async function openPanel(page: Page, id: string): Promise<void> {
  const panel = page.locator(`[data-panel="${id}"]`)
  await expect(panel).toBeVisible()
  if ((await panel.getAttribute('data-collapsed')) === 'true') await panel.locator('.panel-toggle').click()
  await expect(panel).toHaveAttribute('data-collapsed', 'false')
}

/** Saves a numbered screenshot of the page for this test. */
export async function shot(page: Page, info: TestInfo, step: string): Promise<string> {
  const dir = join(RESULTS_DIR, info.title.replace(/[^a-z0-9]+/gi, '-').toLowerCase())
  mkdirSync(dir, { recursive: true })
  const path = join(dir, `${step}.png`)
  await page.screenshot({ path })
  return path
}

/** Luminance statistics of the 3D canvas as drawn (needs preserveDrawingBuffer, which the app sets). */
export async function canvasStats(page: Page): Promise<{ mean: number; variance: number; distinct: number }> {
  return page.evaluate(() => {
    const c = document.querySelector('canvas')
    if (!c) throw new Error('no canvas')
    const tmp = document.createElement('canvas')
    tmp.width = c.width
    tmp.height = c.height
    const ctx = tmp.getContext('2d')
    if (!ctx) throw new Error('no 2d context')
    ctx.drawImage(c, 0, 0)
    const d = ctx.getImageData(0, 0, c.width, c.height).data
    let sum = 0
    let sq = 0
    const colours = new Set<number>()
    const n = d.length / 4
    for (let i = 0; i < d.length; i += 4) {
      const l = 0.2126 * (d[i] ?? 0) + 0.7152 * (d[i + 1] ?? 0) + 0.0722 * (d[i + 2] ?? 0)
      sum += l
      sq += l * l
      colours.add((((d[i] ?? 0) >> 3) << 10) | (((d[i + 1] ?? 0) >> 3) << 5) | ((d[i + 2] ?? 0) >> 3))
    }
    const mean = sum / n
    return { mean, variance: sq / n - mean * mean, distinct: colours.size }
  })
}

/** Luminance of a square of the page around a point, as drawn now. */
export async function regionLuma(page: Page, at: { x: number; y: number }, half = 30): Promise<number[]> {
  return page.evaluate(
    ({ at, half }) => {
      const c = document.querySelector('canvas')
      if (!c) throw new Error('no canvas')
      const rect = c.getBoundingClientRect()
      const sx = c.width / rect.width
      const sy = c.height / rect.height
      const tmp = document.createElement('canvas')
      tmp.width = c.width
      tmp.height = c.height
      const ctx = tmp.getContext('2d')
      if (!ctx) throw new Error('no 2d context')
      ctx.drawImage(c, 0, 0)
      const x0 = Math.round((at.x - rect.left - half) * sx)
      const y0 = Math.round((at.y - rect.top - half) * sy)
      const size = Math.round(half * 2 * sx)
      const d = ctx.getImageData(x0, y0, size, size).data
      const out: number[] = []
      for (let i = 0; i < d.length; i += 4)
        out.push(0.2126 * (d[i] ?? 0) + 0.7152 * (d[i + 1] ?? 0) + 0.0722 * (d[i + 2] ?? 0))
      return out
    },
    { at, half },
  )
}

/** Mean absolute difference of two luminance samples of the same size. */
export function meanAbsDiff(a: readonly number[], b: readonly number[]): number {
  expect(a.length).toBe(b.length)
  let s = 0
  for (let i = 0; i < a.length; i++) s += Math.abs((a[i] ?? 0) - (b[i] ?? 0))
  return s / a.length
}

/** Screen point of a door leaf, from the scene itself. */
export async function doorPoint(page: Page, doorId: string): Promise<{ x: number; y: number }> {
  const p = await page.evaluate((id) => window.smleInspect?.doorPoint(id) ?? null, doorId)
  if (!p) throw new Error(`door ${doorId} is not drawn`)
  return p
}

export async function doorAngle(page: Page, doorId: string): Promise<number> {
  return page.evaluate((id) => window.smleInspect?.doorAngle(id) ?? -1, doorId)
}

/** A seed and the commands that bring a new game to a chosen team's turn. */
export interface Opening {
  readonly seed: number
  readonly commands: readonly CommandInput[]
}

/**
 * Finds, engine-side, a seed of `scenarioId` (dice thrown in the tray, as the
 * host throws them) at which phase 1 of round 1 can be rolled and the units
 * before `teamId` can end their activations (holding fire, declining
 * interrupts) until `teamId` is active and `accept` holds (with `teamId`
 * null: until any team is active for which `accept` holds). The host then
 * plays the same commands with `startAt` and reaches the same state.
 */
export function openingFor(
  scenarioId: string,
  teamId: string | null,
  accept: (m: Match) => boolean,
  maxSeed = 200,
): Opening {
  const file = join(import.meta.dirname, '..', '..', 'assets', 'scenarios', `${scenarioId}.json`)
  const scenario = ScenarioSchema.parse(JSON.parse(readFileSync(file, 'utf8')))
  for (let seed = 1; seed <= maxSeed; seed++) {
    let m = startMatch(newHeader(scenario, seed))
    const commands: CommandInput[] = []
    const step = (c: CommandInput): boolean => {
      const r = dispatch(m, c)
      if (!r.decision.ok) return false
      m = r.match
      commands.push(c)
      return true
    }
    let ok = true
    while (ok && m.state.round <= 1 && m.state.phase !== 'ended') {
      const s = m.state
      const active = s.activeUnit ? s.activeUnit.teamIds[s.activeUnit.index] : undefined
      if (s.phase === 'activation') ok = step({ type: 'rollActivation', sideId: s.activeSideId })
      else if (s.pending?.kind === 'interrupt') ok = step({ type: 'declineInterrupt', sideId: s.pending.sideId })
      else if (s.pending?.kind === 'opportunity')
        ok = step({ type: 'holdFire', sideId: s.pending.sideId, until: 'move' })
      else if (s.pending) ok = false
      else if (s.phase === 'play' && active !== undefined && (active === teamId || (teamId === null && accept(m))))
        break
      else if (s.phase === 'play' && active !== undefined) ok = step({ type: 'endActivation', teamId: active })
      else ok = false
    }
    if (ok && m.state.round === 1 && m.state.phase === 'play' && m.state.pending === null && accept(m))
      return { seed, commands }
  }
  throw new Error(`no seed up to ${maxSeed} gives ${teamId} the turn as asked in ${scenarioId}`)
}

/** Starts a new game on the host at an opening's seed and plays its commands there. */
export async function startAt(scenarioId: string, opening: Opening): Promise<void> {
  await hostRequest('match:new', { scenarioId, seed: opening.seed })
  for (const c of opening.commands) {
    const d = await hostRequest<{ ok: boolean; reason?: { clause: string } }>('match:dispatch', c)
    if (!d.ok) throw new Error(`the host refused ${JSON.stringify(c)}: ${d.reason?.clause ?? ''}`)
  }
}

/**
 * Waits for the SMR table's inspector (`window.smrInspect`): it is published while an SMR table is drawn, and gone for
 * a moment while the table is drawn anew (a unit coming out of a cottage changes what the seat is shown of the scenario).
 */
export async function smrDrawn(page: Page): Promise<void> {
  await page.waitForFunction(() => window.smrInspect !== undefined)
}
