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

/**
 * A file the build names by its content (`assets/name-hash.ext`): the same name
 * always holds the same bytes, so a browser may keep it for good. Kept, a
 * script is not downloaded again, and the browser keeps its compiled code with
 * it: a page opened again starts without compiling the renderer anew.
 */
const HASHED_ASSET = /^\/assets\/[^/]+-[A-Za-z0-9_-]{8,}\.[a-z0-9]+$/

/** How long a browser keeps each file: hashed assets for a year without asking; the rest asked after every time. */
export function cacheControl(pathname: string): string {
  return HASHED_ASSET.test(pathname) ? 'public, max-age=31536000, immutable' : 'no-cache'
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
    // A file asked after (index.html, a new build's) is answered "not modified" while it is the same.
    const etag = `W/"${stat.size.toString(16)}-${Math.floor(stat.mtimeMs).toString(16)}"`
    const headers = {
      'Cache-Control': file === join(base, 'index.html') ? 'no-cache' : cacheControl(pathname),
      ETag: etag,
      'X-Content-Type-Options': 'nosniff',
    }
    if (req.headers['if-none-match'] === etag) {
      res.writeHead(304, headers).end()
      return
    }
    const body = await fsp.readFile(file)
    res.writeHead(200, {
      ...headers,
      'Content-Type': TYPES[extname(file)] ?? 'application/octet-stream',
      'Content-Length': body.length,
    })
    res.end(req.method === 'HEAD' ? undefined : body)
  }
}
