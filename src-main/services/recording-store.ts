import { randomBytes } from 'node:crypto'
import * as fsp from 'node:fs/promises'
import { join } from 'node:path'
import { REQUEST_LIMITS } from '../ipc/bounds'
import { TEMP_SUFFIX } from './atomic-write'

/** The first four bytes of every WebM (and Matroska) file: the EBML header's id. */
export const EBML_MAGIC = [0x1a, 0x45, 0xdf, 0xa3] as const

/** The sizes a recording may have. */
export const RECORDING_LIMITS = {
  /** One piece of a recording sent in one request (raw bytes; base64 makes it a third larger). */
  chunkBytes: REQUEST_LIMITS.recordingPieceBytes,
  /** A whole recording: about an hour of the table at the browser's usual bit rate. */
  totalBytes: 2 * 1024 * 1024 * 1024,
  /** Recordings being received at once (per store). */
  openUploads: 4,
  /** A recording's name, before it is made a file name. */
  nameChars: 80,
  /** An upload no piece came to for this long (its view closed mid-recording) is dropped. */
  idleMs: 5 * 60 * 1000,
} as const

/** A refusal of a recording: bad bytes, too large, unknown upload. */
export class RecordingRefused extends Error {
  constructor(message: string) {
    super(message)
    this.name = 'RecordingRefused'
  }
}

/** Where a finished recording went. */
export interface SavedRecording {
  readonly path: string
  readonly fileName: string
  readonly bytes: number
}

/**
 * Recordings of the table (WebM from the view's MediaRecorder), received in
 * pieces and written to `<dir>/<name>.webm`. Pieces go to a temporary file
 * beside the target as they come (an hour of video never sits in memory);
 * `finish` syncs it and renames it over the target, so a reader sees a whole
 * recording or none, and a crash leaves only a temporary file that
 * `removeTemporaryFiles` clears at the next start.
 */
export interface RecordingStore {
  readonly dir: string
  /** Opens an upload; its id names it in `append`, `finish` and `cancel`. */
  begin(): Promise<{ uploadId: string }>
  /** Appends piece `index` (0, 1, 2, … in order); the file must start with the EBML magic (checked as its first bytes come). */
  append(uploadId: string, index: number, bytes: Uint8Array): Promise<{ bytes: number }>
  /** Writes the recording under `name` (made a safe file name; never over another file). */
  finish(uploadId: string, name?: string): Promise<SavedRecording>
  /** Drops an upload and its temporary file. */
  cancel(uploadId: string): Promise<void>
}

interface Upload {
  readonly tmp: string
  readonly handle: fsp.FileHandle
  next: number
  bytes: number
  /** Pieces are written one at a time, in order. */
  busy: boolean
  /** The file's first bytes, up to the four of the EBML magic (a browser may hand over the header a byte at a time). */
  readonly head: number[]
  /** When a piece last came (ms): an upload its view left behind is dropped after `idleMs`. */
  touchedMs: number
}

/** `name` as a file name: letters, digits, `-` and `_`, never empty. */
export function recordingFileStem(name: string | undefined, now: Date): string {
  const stem = (name ?? '')
    .normalize('NFKD')
    .replace(/[^A-Za-z0-9_-]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, RECORDING_LIMITS.nameChars)
  if (stem !== '') return stem
  const iso = now.toISOString().replace(/\.\d+Z$/, '')
  return `table-${iso.replace(/[:T]/g, '-')}`
}

export function createRecordingStore(dir: string, now: () => Date = () => new Date()): RecordingStore {
  const uploads = new Map<string, Upload>()

  const uploadOf = (id: string): Upload => {
    const u = uploads.get(id)
    if (!u)
      throw new RecordingRefused(`No recording "${id.slice(0, 32)}" is being received (it was finished or cancelled).`)
    return u
  }

  const drop = async (id: string): Promise<void> => {
    const u = uploads.get(id)
    if (!u) return
    uploads.delete(id)
    await u.handle.close().catch(() => undefined)
    await fsp.rm(u.tmp, { force: true }).catch(() => undefined)
  }

  return {
    dir,
    async begin() {
      const t = now().getTime()
      for (const [id, u] of uploads) if (!u.busy && t - u.touchedMs > RECORDING_LIMITS.idleMs) await drop(id)
      if (uploads.size >= RECORDING_LIMITS.openUploads)
        throw new RecordingRefused(
          `${RECORDING_LIMITS.openUploads} recordings are already being received; finish one first.`,
        )
      await fsp.mkdir(dir, { recursive: true })
      const uploadId = randomBytes(8).toString('hex')
      const tmp = join(dir, `.rec-${uploadId}.webm${TEMP_SUFFIX}`)
      const handle = await fsp.open(tmp, 'wx', 0o644)
      uploads.set(uploadId, { tmp, handle, next: 0, bytes: 0, busy: false, head: [], touchedMs: t })
      return { uploadId }
    },
    async append(uploadId, index, bytes) {
      const u = uploadOf(uploadId)
      if (u.busy || index !== u.next)
        throw new RecordingRefused(`Piece ${index} of the recording came out of order (piece ${u.next} was expected).`)
      if (bytes.length > RECORDING_LIMITS.chunkBytes)
        throw new RecordingRefused(`A piece of a recording is at most ${RECORDING_LIMITS.chunkBytes / 1024} KB.`)
      for (let i = 0; i < bytes.length && u.head.length < EBML_MAGIC.length; i++) u.head.push(bytes[i]!)
      if (!u.head.every((b, i) => b === EBML_MAGIC[i])) {
        await drop(uploadId)
        throw new RecordingRefused('This is not a WebM recording (it does not start with the EBML header).')
      }
      if (u.bytes + bytes.length > RECORDING_LIMITS.totalBytes) {
        await drop(uploadId)
        throw new RecordingRefused(
          `A recording is at most ${RECORDING_LIMITS.totalBytes / 1024 ** 3} GB; this one was stopped there and not kept.`,
        )
      }
      u.busy = true
      try {
        await u.handle.write(bytes)
      } catch (err) {
        await drop(uploadId)
        throw err
      } finally {
        u.busy = false
      }
      u.next++
      u.bytes += bytes.length
      u.touchedMs = now().getTime()
      return { bytes: u.bytes }
    },
    async finish(uploadId, name) {
      const u = uploadOf(uploadId)
      if (u.busy) throw new RecordingRefused('The recording is still being written; finish it after its last piece.')
      if (u.bytes === 0) {
        await drop(uploadId)
        throw new RecordingRefused('The recording is empty: nothing was recorded.')
      }
      if (u.head.length < EBML_MAGIC.length) {
        await drop(uploadId)
        throw new RecordingRefused('This is not a WebM recording (it is shorter than the EBML header).')
      }
      uploads.delete(uploadId)
      try {
        await u.handle.sync()
        await u.handle.close()
        const stem = recordingFileStem(name, now())
        // Never over another recording: `name`, `name-2`, `name-3`, …
        for (let n = 1; ; n++) {
          const fileName = n === 1 ? `${stem}.webm` : `${stem}-${n}.webm`
          const path = join(dir, fileName)
          if (!(await claim(u.tmp, path))) {
            if (n < 1000) continue
            throw new RecordingRefused(`Too many recordings are named "${stem}"; choose another name.`)
          }
          await syncDir(dir)
          return { path, fileName, bytes: u.bytes }
        }
      } catch (err) {
        await u.handle.close().catch(() => undefined)
        await fsp.rm(u.tmp, { force: true }).catch(() => undefined)
        throw err
      }
    },
    async cancel(uploadId) {
      await drop(uploadId)
    },
  }
}

/**
 * Moves the finished temporary file to `path` unless a file is there (false).
 * A hard link fails when the target exists, so two finishes cannot take the
 * same name; where the file system has no hard links, a rename after a check.
 */
async function claim(tmp: string, path: string): Promise<boolean> {
  try {
    await fsp.link(tmp, path)
    await fsp.rm(tmp, { force: true })
    return true
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code
    if (code === 'EEXIST') return false
    if (code !== 'EPERM' && code !== 'ENOTSUP' && code !== 'ENOSYS') throw err
  }
  const taken = await fsp.access(path).then(
    () => true,
    () => false,
  )
  if (taken) return false
  await fsp.rename(tmp, path)
  return true
}

async function syncDir(dir: string): Promise<void> {
  // Folders cannot be opened for fsync on Windows; there the rename is as durable as it gets.
  if (process.platform === 'win32') return
  const handle = await fsp.open(dir, 'r')
  try {
    await handle.sync()
  } finally {
    await handle.close()
  }
}
