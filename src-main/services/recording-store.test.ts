import * as fsp from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { createRouter } from '../ipc/router'
import { HOT_SEAT } from './game-host'
import { createRecordingStore, type RecordingStore } from './recording-store'

let root: string
let dir: string
let store: RecordingStore

/** The start of a WebM file (EBML header id) followed by filler. */
const webmStart = (n: number): Uint8Array => {
  const b = new Uint8Array(n)
  b.set([0x1a, 0x45, 0xdf, 0xa3, 0x9f])
  return b
}

beforeEach(async () => {
  root = await fsp.mkdtemp(join(tmpdir(), 'smle-rec-'))
  dir = join(root, 'recordings')
  store = createRecordingStore(dir, () => new Date(Date.UTC(2026, 0, 2, 3, 4, 5)))
})

afterEach(async () => {
  await fsp.rm(root, { recursive: true, force: true })
})

describe('recording store', () => {
  it('writes the pieces in order to <dir>/<name>.webm and leaves no temporary file', async () => {
    const { uploadId } = await store.begin()
    await store.append(uploadId, 0, webmStart(10))
    await store.append(uploadId, 1, new Uint8Array([1, 2, 3]))
    const saved = await store.finish(uploadId, 'Ambush at the farm')
    expect(saved.fileName).toBe('Ambush-at-the-farm.webm')
    expect(saved.path).toBe(join(dir, 'Ambush-at-the-farm.webm'))
    expect(saved.bytes).toBe(13)
    const bytes = await fsp.readFile(saved.path)
    expect([...bytes.subarray(0, 4)]).toEqual([0x1a, 0x45, 0xdf, 0xa3])
    expect([...bytes.subarray(10)]).toEqual([1, 2, 3])
    expect(await fsp.readdir(dir)).toEqual(['Ambush-at-the-farm.webm'])
  })

  it('names an unnamed recording by its time and never writes over another', async () => {
    const names: string[] = []
    for (let i = 0; i < 2; i++) {
      const { uploadId } = await store.begin()
      await store.append(uploadId, 0, webmStart(8))
      names.push((await store.finish(uploadId)).fileName)
    }
    expect(names).toEqual(['table-2026-01-02-03-04-05.webm', 'table-2026-01-02-03-04-05-2.webm'])
  })

  it('refuses a file that is not WebM, and keeps nothing', async () => {
    const { uploadId } = await store.begin()
    await expect(store.append(uploadId, 0, new TextEncoder().encode('<html>not a video'))).rejects.toThrow(
      /not a WebM recording/,
    )
    await expect(store.finish(uploadId)).rejects.toThrow(/No recording/)
    expect(await fsp.readdir(dir)).toEqual([])
  })

  it('takes a header handed over a byte at a time, and refuses a file too short to be WebM', async () => {
    const { uploadId } = await store.begin()
    await store.append(uploadId, 0, new Uint8Array([0x1a]))
    await store.append(uploadId, 1, new Uint8Array([0x45, 0xdf]))
    await store.append(uploadId, 2, new Uint8Array([0xa3, 0x42]))
    expect((await store.finish(uploadId, 'split')).bytes).toBe(5)
    const short = await store.begin()
    await store.append(short.uploadId, 0, new Uint8Array([0x1a, 0x45]))
    await expect(store.finish(short.uploadId)).rejects.toThrow(/not a WebM recording/)
    const wrong = await store.begin()
    await store.append(wrong.uploadId, 0, new Uint8Array([0x1a]))
    await expect(store.append(wrong.uploadId, 1, new Uint8Array([0x00, 0xdf, 0xa3]))).rejects.toThrow(/not a WebM/)
    expect(await fsp.readdir(dir)).toEqual(['split.webm'])
  })

  it('refuses pieces out of order and pieces over the bound', async () => {
    const { uploadId } = await store.begin()
    await expect(store.append(uploadId, 1, webmStart(8))).rejects.toThrow(/out of order/)
    await store.append(uploadId, 0, webmStart(8))
    await expect(store.append(uploadId, 1, new Uint8Array(512 * 1024 + 1))).rejects.toThrow(/at most 512 KB/)
  })

  it('refuses an empty recording and drops a cancelled one', async () => {
    const a = await store.begin()
    await expect(store.finish(a.uploadId)).rejects.toThrow(/empty/)
    const b = await store.begin()
    await store.append(b.uploadId, 0, webmStart(8))
    await store.cancel(b.uploadId)
    expect(await fsp.readdir(dir)).toEqual([])
  })
})

describe('recording requests', () => {
  const router = () =>
    createRouter(
      { host: undefined as never, saves: undefined as never, scenarios: undefined as never, recordings: store },
      HOT_SEAT,
    )

  it('carries a recording over the router as base64 pieces', async () => {
    const r = router()
    const begun = await r.handle('recording:begin', undefined)
    if (!begun.ok) throw new Error(begun.error.message)
    const { uploadId } = begun.value as { uploadId: string }
    const piece = Buffer.from(webmStart(6)).toString('base64')
    expect(await r.handle('recording:append', { uploadId, index: 0, data: piece })).toEqual({
      ok: true,
      value: { bytes: 6 },
    })
    const done = await r.handle('recording:finish', { uploadId, name: 'turn-1' })
    expect(done).toMatchObject({ ok: true, value: { fileName: 'turn-1.webm', bytes: 6 } })
  })

  it('refuses a piece that is not base64 or too long, and bytes that are not WebM, with a message', async () => {
    const r = router()
    const begun = await r.handle('recording:begin', undefined)
    const { uploadId } = (begun as { value: { uploadId: string } }).value
    const bad = await r.handle('recording:append', { uploadId, index: 0, data: 'not base64!' })
    expect(bad).toMatchObject({ ok: false, error: { code: 'bad-request' } })
    const long = await r.handle('recording:append', { uploadId, index: 0, data: 'A'.repeat(700_000) })
    expect(long).toMatchObject({ ok: false, error: { code: 'bad-request', message: expect.stringMatching(/512 KB/) } })
    const notWebm = await r.handle('recording:append', {
      uploadId,
      index: 0,
      data: Buffer.from('GIF89a....').toString('base64'),
    })
    expect(notWebm).toMatchObject({
      ok: false,
      error: { code: 'refused', message: expect.stringMatching(/not a WebM/) },
    })
    expect(await fsp.readdir(dir)).toEqual([])
  })

  it('says so when the host keeps no recordings', async () => {
    const r = createRouter(
      { host: undefined as never, saves: undefined as never, scenarios: undefined as never },
      HOT_SEAT,
    )
    expect(await r.handle('recording:begin', undefined)).toMatchObject({ ok: false, error: { code: 'refused' } })
  })
})
