import { spawn, spawnSync } from 'node:child_process'
import { existsSync, readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import { packageRoot } from '../web/paths'
import { describeStartError, runWebMode, webModeOptions } from '../web/web-mode'

const requireHere = createRequire(import.meta.url)

/** How long to wait for a first download of the Electron binary. */
const DOWNLOAD_TIMEOUT_MS = 180_000

/**
 * The Electron binary, downloading it once if it is missing; null when it
 * cannot be had (no network, blocked download).
 */
function electronBinary(): string | null {
  let dir: string
  try {
    dir = dirname(requireHere.resolve('electron/package.json'))
  } catch {
    return null
  }
  const installed = (): string | null => {
    const override = process.env.ELECTRON_OVERRIDE_DIST_PATH
    const pathFile = join(dir, 'path.txt')
    const rel = existsSync(pathFile) ? readFileSync(pathFile, 'utf8') : null
    const full = override ? join(override, rel ?? 'electron') : rel === null ? null : join(dir, 'dist', rel)
    return full !== null && existsSync(full) ? full : null
  }
  const found = installed()
  if (found) return found
  // Electron's own switch for machines that must not download it.
  if (process.env.ELECTRON_SKIP_BINARY_DOWNLOAD) return null
  process.stdout.write('Fetching the Electron desktop binary (first start only)…\n')
  const r = spawnSync(process.execPath, [join(dir, 'install.js')], { stdio: 'ignore', timeout: DOWNLOAD_TIMEOUT_MS })
  return r.status === 0 ? installed() : null
}

/** `npm start`: the desktop app, or browser mode when Electron cannot be had. */
async function main(): Promise<void> {
  const root = packageRoot()
  const binary = electronBinary()
  if (binary) {
    const child = spawn(binary, [root, ...process.argv.slice(2)], { stdio: 'inherit' })
    for (const sig of ['SIGINT', 'SIGTERM'] as const) process.on(sig, () => child.kill(sig))
    child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)))
    return
  }
  const options = webModeOptions([], process.env)
  process.stdout.write(
    `The Electron desktop binary is not installed and could not be downloaded (is this machine offline?), so SMLE Table is starting in browser mode instead.\n`,
  )
  try {
    const server = await runWebMode(options)
    process.stdout.write(
      `Open ${server.url} in a web browser. Saves are kept in ${options.dataDir}. Press Ctrl-C to stop.\n`,
    )
  } catch (err) {
    process.stderr.write(`${describeStartError(err, options.port)}\n`)
    process.exit(1)
  }
}

void main()
