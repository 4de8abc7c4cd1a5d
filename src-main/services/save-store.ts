import * as fsp from 'node:fs/promises'
import { join } from 'node:path'
import {
  type Match,
  parseSave,
  readSaveHeading,
  saveSummaryOf,
  type SaveMeta,
  type SaveSummaryFields,
  serializeSave,
} from '../../src-engine/index'
import type { SaveSummary } from '../ipc/types'
import { type AtomicFs, realFs, TEMP_SUFFIX, writeFileAtomic } from './atomic-write'

/** A loaded game, or why the file was refused (the file is never changed by a failed load). */
export type LoadResult =
  { ok: true; match: Match; summary: SaveSummary } | { ok: false; message: string; missing: boolean }

/** Saves, loads and lists games. */
export interface SaveStore {
  list(): Promise<SaveSummary[]>
  /** Writes a game under `id` (a new id from the name when omitted); atomic. */
  save(match: Match, name: string, id?: string): Promise<SaveSummary>
  /**
   * Reads a save (never writes it). `replay`: for a read-only replay, the
   * log is checked against its schemas and snapshot but not played again.
   */
  load(id: string, options?: { readonly purpose?: 'play' | 'replay' }): Promise<LoadResult>
  remove(id: string): Promise<void>
  /** Renames a save (bytes unchanged) to a free `damaged-…` id and returns that id. */
  setAside(id: string): Promise<string>
}

/** The id of the save written after every command. */
export const AUTOSAVE_ID = 'autosave'
const FILE_SUFFIX = '.smle.json'
const ID_PATTERN = /^[a-z0-9][a-z0-9-]{0,63}$/

/** The longest name a save's header holds (`save/format.ts`). */
const SAVE_NAME_MAX = 200

/** True for ids the store accepts (no paths, no dots: a save id can never name a file elsewhere). */
export function isSaveId(id: string): boolean {
  return ID_PATTERN.test(id)
}

/** A save id from a player's name for it: lower-case words joined by hyphens. */
export function slugify(name: string): string {
  const slug = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 48)
  return slug === '' || slug === AUTOSAVE_ID ? 'save' : slug
}

/** Text storage under a save store: one blob per id. */
export interface SaveBlobs {
  ids(): Promise<string[]>
  read(id: string): Promise<string | null>
  write(id: string, text: string): Promise<void>
  remove(id: string): Promise<void>
  rename(from: string, to: string): Promise<void>
}

function summaryOf(id: string, match: Match, meta: SaveMeta): SaveSummary {
  return listed(id, meta, saveSummaryOf(match))
}

function listed(id: string, meta: SaveMeta, summary: SaveSummaryFields): SaveSummary {
  return { id, name: meta.name, savedAt: meta.savedAt, ...summary, isAutosave: id === AUTOSAVE_ID }
}

/**
 * One line of the save list from the file's header and summary alone (no
 * world built, no replay); a file too old to have a summary is replayed. A
 * file that cannot be opened is listed with its problem; a log damaged past
 * its header is found when it is loaded.
 */
function listEntry(id: string, text: string): SaveSummary {
  const heading = readSaveHeading(text)
  if (heading.ok && heading.summary) return listed(id, heading.meta, heading.summary)
  const parsed = heading.ok ? parseSave(text) : heading
  return parsed.ok
    ? summaryOf(id, parsed.match, parsed.meta)
    : {
        id,
        name: id,
        savedAt: '',
        scenarioId: '',
        scenarioName: '',
        round: 0,
        commands: 0,
        isAutosave: id === AUTOSAVE_ID,
        problem: parsed.message,
      }
}

/** A save store over any blob storage, with a clock for `savedAt`. */
export function createSaveStore(blobs: SaveBlobs, now: () => number): SaveStore {
  async function freeId(name: string, base = slugify(name)): Promise<string> {
    const taken = new Set(await blobs.ids())
    if (!taken.has(base)) return base
    for (let n = 2; ; n++) if (!taken.has(`${base}-${n}`)) return `${base}-${n}`
  }

  return {
    async list() {
      const out: SaveSummary[] = []
      for (const id of await blobs.ids()) {
        const text = await blobs.read(id)
        if (text === null) continue
        out.push(listEntry(id, text))
      }
      return out.sort((a, b) =>
        a.isAutosave !== b.isAutosave ? (a.isAutosave ? -1 : 1) : b.savedAt.localeCompare(a.savedAt),
      )
    },
    async save(match, name, id) {
      if (id !== undefined && !isSaveId(id)) throw new Error(`"${id}" is not a valid save id.`)
      // The name the file's header may hold (`save/format.ts`): a save written under another could not be read back.
      if (name.length < 1 || name.length > SAVE_NAME_MAX)
        throw new Error(
          `A save's name is 1 to ${SAVE_NAME_MAX} characters; "${name.slice(0, 40)}…" has ${name.length}.`,
        )
      const saveId = id ?? (await freeId(name))
      const meta = { name, savedAt: new Date(now()).toISOString() }
      await blobs.write(saveId, serializeSave(match, meta))
      return summaryOf(saveId, match, meta)
    },
    async load(id, options) {
      if (!isSaveId(id)) return { ok: false, message: `"${id}" is not a valid save id.`, missing: false }
      const text = await blobs.read(id)
      if (text === null) return { ok: false, message: `There is no save called "${id}".`, missing: true }
      const parsed = parseSave(text, { rederive: options?.purpose !== 'replay' })
      if (!parsed.ok) return { ok: false, message: parsed.message, missing: false }
      return { ok: true, match: parsed.match, summary: summaryOf(id, parsed.match, parsed.meta) }
    },
    async remove(id) {
      if (!isSaveId(id)) throw new Error(`"${id}" is not a valid save id.`)
      await blobs.remove(id)
    },
    async setAside(id) {
      const to = await freeId('', `damaged-${id}`.slice(0, 56))
      await blobs.rename(id, to)
      return to
    },
  }
}

/** Save files in a folder: `<id>.smle.json`, written atomically. */
export function fileBlobs(dir: string, fs: AtomicFs = realFs): SaveBlobs {
  const pathOf = (id: string): string => join(dir, `${id}${FILE_SUFFIX}`)
  let ready: Promise<unknown> | null = null
  const ensureDir = (): Promise<unknown> => (ready ??= fsp.mkdir(dir, { recursive: true }))
  return {
    async ids() {
      await ensureDir()
      const names = await fsp.readdir(dir)
      return names
        .filter((n) => n.endsWith(FILE_SUFFIX) && !n.endsWith(TEMP_SUFFIX))
        .map((n) => n.slice(0, -FILE_SUFFIX.length))
        .filter(isSaveId)
        .sort()
    },
    async read(id) {
      try {
        return await fsp.readFile(pathOf(id), 'utf8')
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null
        throw err
      }
    },
    async write(id, text) {
      await ensureDir()
      await writeFileAtomic(pathOf(id), text, fs)
    },
    async remove(id) {
      await fsp.rm(pathOf(id), { force: true })
    },
    async rename(from, to) {
      await fsp.rename(pathOf(from), pathOf(to))
    },
  }
}

/** Save blobs in memory, for tests and tools. */
export function memoryBlobs(): SaveBlobs & { readonly files: Map<string, string> } {
  const files = new Map<string, string>()
  return {
    files,
    ids: async () => [...files.keys()].sort(),
    read: async (id) => files.get(id) ?? null,
    write: async (id, text) => {
      files.set(id, text)
    },
    remove: async (id) => {
      files.delete(id)
    },
    rename: async (from, to) => {
      const text = files.get(from)
      if (text === undefined) throw new Error(`no save ${from}`)
      files.set(to, text)
      files.delete(from)
    },
  }
}

/** A save store on disk. */
export function createFileSaveStore(dir: string, now: () => number = Date.now, fs: AtomicFs = realFs): SaveStore {
  return createSaveStore(fileBlobs(dir, fs), now)
}

/** A save store in memory. */
export function createMemorySaveStore(
  now: () => number = () => 0,
): SaveStore & { readonly files: Map<string, string> } {
  const blobs = memoryBlobs()
  return Object.assign(createSaveStore(blobs, now), { files: blobs.files })
}
