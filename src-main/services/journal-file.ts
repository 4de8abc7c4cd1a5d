import { constants } from 'node:fs'
import * as fsp from 'node:fs/promises'
import { join } from 'node:path'
import { type AtomicFs, realFs, writeFileAtomic } from './atomic-write'

/** The autosave journal's file name in the saves folder. */
export const JOURNAL_FILE = 'autosave.journal'

/** Where the autosave journal lives: an append-only text file. */
export interface JournalStorage {
  /** The whole journal, or null when there is none. */
  read(): Promise<string | null>
  /** Appends `text` and returns once it is on disk (fsync). */
  append(text: string): Promise<void>
  /** Replaces the whole journal atomically (the old one or the new, never a mix). */
  replace(text: string): Promise<void>
  /** Moves the journal out of the way, bytes unchanged, under a name built from `name`; returns that name. */
  setAside(name: string): Promise<string>
  /** Lets go of the open file, if any (the next append opens it again). */
  close(): Promise<void>
}

/**
 * Where the platform has it, the journal is opened with O_DSYNC: each append
 * is on disk when the write returns, one call instead of a write and an fsync.
 */
const DSYNC: number | undefined = constants.O_DSYNC

/** The journal as a file in the saves folder, kept open for appending between writes. */
export function fileJournal(dir: string, fs: AtomicFs = realFs): JournalStorage {
  const path = join(dir, JOURNAL_FILE)
  let handle: fsp.FileHandle | null = null
  const close = async (): Promise<void> => {
    const h = handle
    handle = null
    await h?.close()
  }
  return {
    async read() {
      try {
        return await fsp.readFile(path, 'utf8')
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null
        throw err
      }
    },
    async append(text) {
      if (!handle) {
        await fsp.mkdir(dir, { recursive: true })
        const flags = DSYNC === undefined ? 'a' : constants.O_WRONLY | constants.O_APPEND | constants.O_CREAT | DSYNC
        handle = await fsp.open(path, flags, 0o644)
      }
      try {
        await handle.write(text)
        if (DSYNC === undefined) await handle.datasync()
      } catch (err) {
        await close().catch(() => undefined)
        throw err
      }
    },
    async replace(text) {
      // The open handle points at the file the rename replaces: appends must go to the new one.
      await close()
      await fsp.mkdir(dir, { recursive: true })
      await writeFileAtomic(path, text, fs)
    },
    async setAside(name) {
      await close()
      const names = new Set(await fsp.readdir(dir))
      let to = `${name}.journal`
      for (let n = 2; names.has(to); n++) to = `${name}-${n}.journal`
      await fsp.rename(path, join(dir, to))
      return to
    },
    close,
  }
}

/** The journal in memory, for tests: `text` is what a crash would leave on disk. */
export function memoryJournal(): JournalStorage & { text: string | null; readonly asides: Map<string, string> } {
  const asides = new Map<string, string>()
  const journal = {
    text: null as string | null,
    asides,
    read: async () => journal.text,
    append: async (text: string) => {
      journal.text = (journal.text ?? '') + text
    },
    replace: async (text: string) => {
      journal.text = text
    },
    setAside: async (name: string) => {
      const to = `${name}.journal`
      asides.set(to, journal.text ?? '')
      journal.text = null
      return to
    },
    close: async () => undefined,
  }
  return journal
}
