import { join } from 'node:path'
import { createAppServices } from '../services/app-services'
import { defaultDataDir, packageRoot } from './paths'
import { startWebServer, type WebServer } from './server'

/** The port browser mode uses when neither `--port` nor `PORT` says otherwise. */
export const DEFAULT_PORT = 7878

export interface WebModeOptions {
  readonly port: number
  readonly dataDir: string
  readonly root: string
}

/** Reads `--port`/`PORT` and `--data-dir`/`SMLE_DATA_DIR`; throws a readable error on bad values. */
export function webModeOptions(argv: readonly string[], env: NodeJS.ProcessEnv): WebModeOptions {
  const flag = (name: string): string | undefined => {
    const i = argv.indexOf(name)
    if (i >= 0) return argv[i + 1] ?? ''
    const eq = argv.find((a) => a.startsWith(`${name}=`))
    return eq?.slice(name.length + 1)
  }
  const portText = flag('--port') ?? env.PORT ?? String(DEFAULT_PORT)
  const port = Number(portText)
  if (portText.trim() === '' || !Number.isInteger(port) || port < 0 || port > 65535)
    throw new Error(`"${portText}" is not a port number (0–65535).`)
  const dataDir = flag('--data-dir') ?? env.SMLE_DATA_DIR ?? defaultDataDir(env)
  if (dataDir.trim() === '') throw new Error('--data-dir (or SMLE_DATA_DIR) needs a folder.')
  return { port, dataDir, root: packageRoot() }
}

/** Starts browser mode and returns the running server. */
export async function runWebMode(options: WebModeOptions): Promise<WebServer> {
  const services = await createAppServices({ dataDir: options.dataDir, assetsDir: join(options.root, 'assets') })
  const server = await startWebServer({
    services,
    staticDir: join(options.root, 'out', 'renderer'),
    port: options.port,
  })
  const stop = (): void => {
    process.stdout.write('Stopping SMLE Table browser mode…\n')
    void services.host
      .flush()
      .then(() => server.close())
      .then(() => process.exit(0))
  }
  process.once('SIGINT', stop)
  process.once('SIGTERM', stop)
  return server
}

/** Explains a failure to start in one sentence (no stack trace). */
export function describeStartError(err: unknown, port: number): string {
  const code = (err as NodeJS.ErrnoException | undefined)?.code
  if (code === 'EADDRINUSE')
    return `Port ${port} is already in use: stop the other program or choose another port, e.g. PORT=7879 npm run web.`
  if (code === 'EACCES')
    return `Port ${port} cannot be used by this user: choose a port above 1024, e.g. PORT=7879 npm run web.`
  return `SMLE Table could not start browser mode: ${err instanceof Error ? err.message : String(err)}`
}
