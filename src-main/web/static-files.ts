import * as fsp from 'node:fs/promises'
import type { IncomingMessage, ServerResponse } from 'node:http'
import { extname, join, normalize, sep } from 'node:path'

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.svg': 'image/svg+xml',
  '.glb': 'model/gltf-binary',
  '.gltf': 'model/gltf+json',
  '.wav': 'audio/wav',
  '.ogg': 'audio/ogg',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
}

/** Serves the built renderer from `root`; paths can never leave it. Unknown paths get index.html. */
export function createStaticHandler(root: string): (req: IncomingMessage, res: ServerResponse) => Promise<void> {
  const base = normalize(root + sep)
  return async (req, res) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.writeHead(405, { Allow: 'GET, HEAD' }).end()
      return
    }
    let pathname: string
    try {
      pathname = decodeURIComponent(new URL(req.url ?? '/', 'http://localhost').pathname)
    } catch {
      res.writeHead(400).end('Bad request')
      return
    }
    let file = normalize(join(base, pathname))
    if (!file.startsWith(base)) {
      res.writeHead(403).end('Forbidden')
      return
    }
    let stat = await fsp.stat(file).catch(() => null)
    if (!stat || stat.isDirectory()) {
      file = join(base, 'index.html')
      stat = await fsp.stat(file).catch(() => null)
    }
    if (!stat) {
      res
        .writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8' })
        .end('The renderer has not been built: run "npm run build".')
      return
    }
    const body = await fsp.readFile(file)
    res.writeHead(200, {
      'Content-Type': TYPES[extname(file)] ?? 'application/octet-stream',
      'Content-Length': body.length,
      'Cache-Control': 'no-cache',
      'X-Content-Type-Options': 'nosniff',
    })
    res.end(req.method === 'HEAD' ? undefined : body)
  }
}
