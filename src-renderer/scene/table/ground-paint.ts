import { useEffect, useReducer } from 'react'
import { compileTable, type TableModel, type TableScenario } from '../../../src-engine/index'
import type { GroundPaintRequest } from './ground-paint-worker'
import { type GroundImage, type GroundSide, paintGround } from './ground-texture'

/** A scenario of any ruleset as the table draws it: the table, and each side's colour and deployment zone. */
export type DrawnScenario = Omit<TableScenario, 'sides'> & {
  readonly sides: readonly (TableScenario['sides'][number] & { readonly colour: string })[]
}

const painted = new WeakMap<object, Promise<GroundImage>>()
const done = new WeakMap<object, GroundImage>()

function sidesOf(scenario: DrawnScenario): GroundSide[] {
  return scenario.sides.map((s) => ({ id: s.id, colour: s.colour, zone: s.deploymentZone }))
}

/**
 * The ground of a scenario, painted once per scenario object. The painting
 * (a few hundred milliseconds for a big table) is done by a worker, so it
 * runs beside the page's own start (the graphics context, the scene) rather
 * than before the first frame; where no worker can be started, or it fails,
 * it is painted here with the same function.
 */
export function groundImage(scenario: DrawnScenario, model?: TableModel): Promise<GroundImage> {
  let image = painted.get(scenario)
  if (!image) {
    const request: GroundPaintRequest = { scenario, sides: sidesOf(scenario) }
    image = inWorker(request)
      .catch(() => onThisThread(request, model))
      .then((img) => {
        done.set(scenario, img)
        return img
      })
    painted.set(scenario, image)
  }
  return image
}

/** The scenario's ground if its painting has finished. */
export function paintedGround(scenario: DrawnScenario): GroundImage | undefined {
  return done.get(scenario)
}

/**
 * Whether the ground of a scenario is painted, starting the painting if need
 * be. The page shows the table once it is, in an ordinary update (a React
 * Suspense boundary would hold its reveal back up to 300 ms more).
 */
export function useGroundPainted(scenario: DrawnScenario | null): boolean {
  const [, bump] = useReducer((n: number) => n + 1, 0)
  useEffect(() => {
    if (!scenario || done.has(scenario)) return
    let live = true
    void groundImage(scenario).then(() => {
      if (live) bump()
    })
    return () => {
      live = false
    }
  }, [scenario])
  if (scenario && !done.has(scenario)) void groundImage(scenario)
  return scenario !== null && done.has(scenario)
}

/** Paints on the page's own thread (tests, or a page that cannot start workers). */
function onThisThread(request: GroundPaintRequest, model: TableModel | undefined): GroundImage {
  return paintGround(model ?? compileTable(request.scenario), request.sides)
}

/** The painter: one worker, started with the page (`startGroundPainter`) so it is ready when the first scenario comes. */
let painter: Worker | null = null
/** The worker has said it is running: a job posted now reaches it at once. */
let painterReady = false
let painterFailed = false
let nextJob = 1
const jobs = new Map<number, { resolve: (img: GroundImage) => void; reject: (err: Error) => void }>()
/** Jobs asked for before the worker was running, posted when it is. */
const waiting: (() => void)[] = []
const readyListeners = new Set<() => void>()

/** How long a worker may take to start before the page paints the ground itself (ms). */
export const PAINTER_START_LIMIT_MS = 3000

function painterSettled(): void {
  for (const post of waiting.splice(0)) post()
  for (const l of readyListeners) l()
  readyListeners.clear()
}

function painterFails(worker: Worker, err: Error): void {
  if (painterFailed && painter === null) return
  // A worker that fails once is not asked again: what it had and what comes is painted here.
  painterFailed = true
  painter = null
  painterReady = false
  worker.terminate()
  for (const job of jobs.values()) job.reject(err)
  jobs.clear()
  painterSettled()
}

/**
 * Starts the ground painter's worker ahead of need. Its jobs are posted
 * once it says it is running: a message posted to a worker still loading is
 * handed over only when the page's thread is next free (after the graphics
 * context's start), too late to paint beside it. Does nothing where workers
 * cannot be had.
 */
export function startGroundPainter(): void {
  if (painter || painterFailed || typeof Worker === 'undefined') return
  try {
    const worker = new Worker(new URL('./ground-paint-worker.ts', import.meta.url), { type: 'module' })
    const limit = setTimeout(() => {
      if (!painterReady) painterFails(worker, new Error('the ground painter did not start'))
    }, PAINTER_START_LIMIT_MS)
    worker.onmessage = (e: MessageEvent<{ ready: true } | { job: number; image: GroundImage }>) => {
      if ('ready' in e.data) {
        clearTimeout(limit)
        painterReady = true
        painterSettled()
        return
      }
      const job = jobs.get(e.data.job)
      jobs.delete(e.data.job)
      job?.resolve(e.data.image)
    }
    worker.onerror = (e) => {
      e.preventDefault()
      clearTimeout(limit)
      painterFails(worker, new Error(e.message || 'the ground painter failed'))
    }
    painter = worker
  } catch {
    painterFailed = true
  }
}

/** Whether the painter is running, or there is none to wait for (the page paints): the table's canvas may start. */
export function painterStarted(): boolean {
  return painter === null || painterReady
}

/** Re-renders the caller once `painterStarted()` turns true. */
export function usePainterStarted(): boolean {
  const [, bump] = useReducer((n: number) => n + 1, 0)
  const started = painterStarted()
  useEffect(() => {
    if (started) return
    const l = (): void => bump()
    readyListeners.add(l)
    return () => void readyListeners.delete(l)
  }, [started])
  return started
}

function inWorker(request: GroundPaintRequest): Promise<GroundImage> {
  startGroundPainter()
  if (!painter) return Promise.reject(new Error('no workers here'))
  return new Promise((resolve, reject) => {
    const post = (): void => {
      const worker = painter
      if (!worker) {
        reject(new Error('the ground painter failed'))
        return
      }
      const job = nextJob++
      jobs.set(job, { resolve, reject })
      worker.postMessage({ job, ...request })
    }
    if (painterReady) post()
    else waiting.push(post)
  })
}
