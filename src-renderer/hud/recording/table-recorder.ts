import { invalidate } from '@react-three/fiber'
import { createStore, type StoreApi } from 'zustand/vanilla'
import type { HostApi } from '../../bridge/host-api'
import { type FrameWatch, watchFrames } from './frame-watch'

/** What the recorder is doing now. */
export interface RecorderState {
  /** `saving`: the host writes the file; `discarding`: a cancelled recording is being dropped. */
  readonly phase: 'idle' | 'recording' | 'saving' | 'discarding'
  /** When the recording started (`performance.now()` ms), while recording. */
  readonly startedAtMs: number | null
}

/** Where a finished recording went, or why it did not. */
export type RecordingOutcome = { ok: true; path: string; bytes: number } | { ok: false; message: string }

/** Records the table's canvas to WebM and hands the bytes to the host as they come. */
export interface TableRecorder {
  readonly store: StoreApi<RecorderState>
  /** Starts recording `canvas`; null once it runs, or why it cannot. */
  start(canvas: HTMLCanvasElement): Promise<string | null>
  /** Resolves once the recording receives its next frame (true), or after `timeoutMs` without one (false). */
  nextFrame(timeoutMs?: number): Promise<boolean>
  /**
   * Resolves once the encoder has handed over a frame it encoded after this
   * call began (true), or after `timeoutMs` without one (false). The frames a
   * stream delivers reach the file only once encoded, which on a loaded machine
   * can lag by seconds: a render waits on this before its steps start and
   * before it stops, so that the video holds them.
   */
  encoded(timeoutMs?: number): Promise<boolean>
  /** Stops and has the host write the file (named from `name` when given). */
  stop(name?: string): Promise<RecordingOutcome>
  /** Stops and has the host drop what it received: no file is written. */
  cancel(): Promise<void>
}

/** Frames per second of the recording. */
const FPS = 30
/** MediaRecorder hands over what it has every this many ms; each piece goes to the host at once. */
const SLICE_MS = 1000
/** One request's piece, in bytes (the host's bound: `REQUEST_LIMITS.recordingPieceBytes`). */
const PIECE_BYTES = 512 * 1024
/** While waiting for an encoded frame, the recorder is asked for what it holds this often. */
const POLL_MS = 150
/** Codecs in order of preference: VP8 costs the least to encode while the table is drawn. */
const MIME_TYPES = ['video/webm;codecs=vp8', 'video/webm;codecs=vp9', 'video/webm'] as const

/** The WebM type this browser records, or null. */
export function recordingMimeType(): string | null {
  if (typeof MediaRecorder === 'undefined') return null
  return MIME_TYPES.find((t) => MediaRecorder.isTypeSupported(t)) ?? null
}

/** Bytes as base64 (in slices, so no argument list grows with the piece). */
export function toBase64(bytes: Uint8Array): string {
  let text = ''
  for (let i = 0; i < bytes.length; i += 0x8000) text += String.fromCharCode(...bytes.subarray(i, i + 0x8000))
  return btoa(text)
}

/** `ms` as m:ss (h:mm:ss past an hour). */
export function formatElapsed(ms: number): string {
  const s = Math.max(0, Math.floor(ms / 1000))
  const h = Math.floor(s / 3600)
  const m = Math.floor((s % 3600) / 60)
  const ss = String(s % 60).padStart(2, '0')
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${ss}` : `${m}:${ss}`
}

export function createTableRecorder(bridge: HostApi): TableRecorder {
  const store = createStore<RecorderState>(() => ({ phase: 'idle', startedAtMs: null }))
  let recorder: MediaRecorder | null = null
  let stream: MediaStream | null = null
  let uploadId = ''
  let index = 0
  /** The pieces go to the host one after another, in order. */
  let sending: Promise<void> = Promise.resolve()
  let failure: string | null = null
  let repaint: ReturnType<typeof setInterval> | null = null
  /** Watches the frames recorded, from the first wait for one. */
  let frames: FrameWatch | null = null

  const send = (blob: Blob): void => {
    sending = sending.then(async () => {
      if (failure !== null || blob.size === 0) return
      try {
        const bytes = new Uint8Array(await blob.arrayBuffer())
        for (let at = 0; at < bytes.length; at += PIECE_BYTES) {
          const data = toBase64(bytes.subarray(at, at + PIECE_BYTES))
          await bridge.recordingAppend({ uploadId, index: index++, data })
        }
      } catch (err) {
        failure = err instanceof Error ? err.message : String(err)
      }
    })
  }

  /** Has `r` hand over what it holds now; resolves with its size in bytes (0 when it held nothing). */
  const flush = (r: MediaRecorder): Promise<number> =>
    new Promise<number>((resolve) => {
      r.addEventListener('dataavailable', (e) => resolve(e.data.size), { once: true })
      r.requestData()
    })

  /** Stops the MediaRecorder; its last piece comes with `dataavailable` just before `stop`. */
  const halt = (r: MediaRecorder): Promise<void> =>
    new Promise<void>((resolve) => {
      r.addEventListener('stop', () => resolve(), { once: true })
      r.stop()
    })

  const release = (): void => {
    if (repaint !== null) clearInterval(repaint)
    repaint = null
    frames?.close()
    frames = null
    stream?.getTracks().forEach((t) => t.stop())
    stream = null
    recorder = null
  }

  return {
    store,
    async start(canvas) {
      if (store.getState().phase !== 'idle') return 'A recording is already running.'
      const mimeType = recordingMimeType()
      if (mimeType === null || typeof canvas.captureStream !== 'function')
        return 'This browser cannot record video (no WebM MediaRecorder).'
      try {
        uploadId = (await bridge.recordingBegin()).uploadId
      } catch (err) {
        return `The recording could not start: ${err instanceof Error ? err.message : String(err)}`
      }
      index = 0
      failure = null
      sending = Promise.resolve()
      stream = canvas.captureStream(FPS)
      recorder = new MediaRecorder(stream, { mimeType, videoBitsPerSecond: 4_000_000 })
      recorder.ondataavailable = (e) => send(e.data)
      recorder.start(SLICE_MS)
      // The table draws on demand; a still table would give the video no frames, so it is drawn at the frame rate while recording.
      repaint = setInterval(() => invalidate(), 1000 / FPS)
      store.setState({ phase: 'recording', startedAtMs: performance.now() })
      return null
    },
    nextFrame(timeoutMs = 5000) {
      if (store.getState().phase !== 'recording' || stream === null) return Promise.resolve(false)
      frames ??= watchFrames(stream)
      return frames.next(timeoutMs)
    },
    async encoded(timeoutMs = 5000) {
      const r = recorder
      if (store.getState().phase !== 'recording' || r === null) return false
      const deadline = performance.now() + timeoutMs
      // What was encoded before this call goes first; then any bytes at all are a frame encoded since.
      await flush(r)
      while (performance.now() < deadline) {
        invalidate()
        await new Promise((resolve) => setTimeout(resolve, POLL_MS))
        if (recorder !== r || r.state !== 'recording') return false
        if ((await flush(r)) > 0) return true
      }
      return false
    },
    async stop(name) {
      const r = recorder
      if (store.getState().phase !== 'recording' || r === null)
        return { ok: false, message: 'Nothing is being recorded.' }
      store.setState({ phase: 'saving' })
      await halt(r)
      release()
      await sending
      try {
        if (failure !== null) {
          await bridge.recordingCancel({ uploadId }).catch(() => undefined)
          return { ok: false, message: `The recording was not saved: ${failure}` }
        }
        const saved = await bridge.recordingFinish(name === undefined ? { uploadId } : { uploadId, name })
        return { ok: true, path: saved.path, bytes: saved.bytes }
      } catch (err) {
        return {
          ok: false,
          message: `The recording was not saved: ${err instanceof Error ? err.message : String(err)}`,
        }
      } finally {
        store.setState({ phase: 'idle', startedAtMs: null })
      }
    },
    async cancel() {
      const r = recorder
      if (store.getState().phase !== 'recording' || r === null) return
      store.setState({ phase: 'discarding' })
      // Pieces not yet sent are not sent: the host drops the upload whole.
      failure = 'cancelled'
      await halt(r)
      release()
      await sending
      await bridge.recordingCancel({ uploadId }).catch(() => undefined)
      store.setState({ phase: 'idle', startedAtMs: null })
    },
  }
}

const recorders = new WeakMap<HostApi, TableRecorder>()

/** The recorder of the app talking to `bridge` (one per app). */
export function recorderFor(bridge: HostApi): TableRecorder {
  let r = recorders.get(bridge)
  if (!r) {
    r = createTableRecorder(bridge)
    recorders.set(bridge, r)
  }
  return r
}
