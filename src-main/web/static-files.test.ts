import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { cacheControl, createStaticHandler } from './static-files'

describe('cacheControl', () => {
  it('keeps a file the build names by its content for a year, without asking again', () => {
    expect(cacheControl('/assets/index-BTd9XuJw.js')).toBe('public, max-age=31536000, immutable')
    expect(cacheControl('/assets/ground-paint-worker-DrHeMBnv.js')).toBe('public, max-age=31536000, immutable')
    expect(cacheControl('/assets/index-DNu6Y0bx.css')).toBe('public, max-age=31536000, immutable')
  })

  it('asks again each time for the page and any file without a content hash in its name', () => {
    expect(cacheControl('/')).toBe('no-cache')
    expect(cacheControl('/index.html')).toBe('no-cache')
    expect(cacheControl('/favicon.ico')).toBe('no-cache')
    expect(cacheControl('/assets/logo.png')).toBe('no-cache')
    // Only the build's own folder: a hash-like name elsewhere is not promised to stay the same.
    expect(cacheControl('/saves/game-0123456789.json')).toBe('no-cache')
  })
})

describe('createStaticHandler', () => {
  let root: string
  let server: Server
  let base: string
  beforeAll(async () => {
    root = mkdtempSync(join(tmpdir(), 'smle-static-'))
    mkdirSync(join(root, 'assets'))
    writeFileSync(join(root, 'index.html'), '<!doctype html><title>t</title>')
    writeFileSync(join(root, 'assets', 'index-AbCdEf12.js'), 'console.log(1)')
    const handler = createStaticHandler(root)
    server = createServer((req, res) => void handler(req, res))
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r))
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  })
  afterAll(async () => {
    await new Promise((r) => server.close(r))
    rmSync(root, { recursive: true, force: true })
  })

  it('serves a hashed script to be kept, with its type and an ETag', async () => {
    const r = await fetch(`${base}/assets/index-AbCdEf12.js`)
    expect(r.status).toBe(200)
    expect(r.headers.get('cache-control')).toBe('public, max-age=31536000, immutable')
    expect(r.headers.get('content-type')).toBe('text/javascript; charset=utf-8')
    expect(r.headers.get('etag')).toMatch(/^W\/"[0-9a-f]+-[0-9a-f]+"$/)
    expect(await r.text()).toBe('console.log(1)')
  })

  it('answers "not modified", with no body, when the page asks again with the same ETag', async () => {
    const first = await fetch(`${base}/`)
    expect(first.status).toBe(200)
    expect(first.headers.get('cache-control')).toBe('no-cache')
    const etag = first.headers.get('etag')!
    const again = await fetch(`${base}/`, { headers: { 'If-None-Match': etag } })
    expect(again.status).toBe(304)
    expect(await again.text()).toBe('')
  })

  it('sends the whole page again once it has changed (a new build)', async () => {
    const etag = (await fetch(`${base}/index.html`)).headers.get('etag')!
    writeFileSync(join(root, 'index.html'), '<!doctype html><title>a new build, longer</title>')
    const again = await fetch(`${base}/index.html`, { headers: { 'If-None-Match': etag } })
    expect(again.status).toBe(200)
    expect(await again.text()).toContain('a new build')
  })

  it('serves an unknown path as the page, which is asked again each time', async () => {
    const r = await fetch(`${base}/some/route`)
    expect(r.status).toBe(200)
    expect(r.headers.get('cache-control')).toBe('no-cache')
    expect(await r.text()).toContain('<title>')
  })
})
