import { existsSync } from 'node:fs'
import { homedir } from 'node:os'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'

/** The folder holding package.json, found by walking up from this file (works from sources and from out/). */
export function packageRoot(from: string = dirname(fileURLToPath(import.meta.url))): string {
  let dir = from
  for (;;) {
    if (existsSync(join(dir, 'package.json')) && existsSync(join(dir, 'assets'))) return dir
    const up = dirname(dir)
    if (up === dir) throw new Error(`Cannot find the application folder above ${from}.`)
    dir = up
  }
}

/** The product name; Electron names its user-data folder after it. */
export const PRODUCT_NAME = 'SMLE Table'

/** The folder Electron's app.getPath('userData') would give, so both modes share saves by default. */
export function defaultDataDir(
  env: NodeJS.ProcessEnv = process.env,
  platform: NodeJS.Platform = process.platform,
): string {
  if (platform === 'win32') return join(env.APPDATA ?? join(homedir(), 'AppData', 'Roaming'), PRODUCT_NAME)
  if (platform === 'darwin') return join(homedir(), 'Library', 'Application Support', PRODUCT_NAME)
  return join(env.XDG_CONFIG_HOME ?? join(homedir(), '.config'), PRODUCT_NAME)
}
