import { randomBytes } from 'node:crypto'
import * as fsp from 'node:fs/promises'
import { basename, dirname, join } from 'node:path'

/** The file-system calls an atomic write needs; tests swap one out to simulate a crash. */
export interface AtomicFs {
  open: typeof fsp.open
  rename: typeof fsp.rename
  rm: typeof fsp.rm
}

export const realFs: AtomicFs = { open: fsp.open, rename: fsp.rename, rm: fsp.rm }

/** Suffix of the temporary files an atomic write leaves behind if it is interrupted. */
export const TEMP_SUFFIX = '.tmp'

/**
 * Writes a file so that readers see either the old content or the new, never
 * a mix: write a temporary file beside it, fsync it, rename it over the
 * target, then fsync the folder so the rename itself survives a power cut.
 */
export async function writeFileAtomic(path: string, text: string, fs: AtomicFs = realFs): Promise<void> {
  const dir = dirname(path)
  const tmp = join(dir, `.${basename(path)}.${randomBytes(6).toString('hex')}${TEMP_SUFFIX}`)
  const handle = await fs.open(tmp, 'wx', 0o644)
  try {
    try {
      await handle.writeFile(text, 'utf8')
      await handle.sync()
    } finally {
      await handle.close()
    }
    await fs.rename(tmp, path)
  } catch (err) {
    // A failed write (e.g. a full disk) must not leave a half-written temporary file behind.
    await fs.rm(tmp, { force: true }).catch(() => undefined)
    throw err
  }
  await syncDir(dir, fs)
}

async function syncDir(dir: string, fs: AtomicFs): Promise<void> {
  // Folders cannot be opened for fsync on Windows; there the rename is as durable as it gets.
  if (process.platform === 'win32') return
  const handle = await fs.open(dir, 'r')
  try {
    await handle.sync()
  } finally {
    await handle.close()
  }
}

/**
 * Removes the temporary files interrupted atomic writes left in `dir` (a
 * crash between creating one and renaming it); returns their names. Run at
 * start, before anything writes there.
 */
export async function removeTemporaryFiles(dir: string, fs: AtomicFs = realFs): Promise<string[]> {
  let names: string[]
  try {
    names = await fsp.readdir(dir)
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return []
    throw err
  }
  const stray = names.filter((n) => n.startsWith('.') && n.endsWith(TEMP_SUFFIX))
  for (const name of stray) await fs.rm(join(dir, name), { force: true })
  return stray
}
