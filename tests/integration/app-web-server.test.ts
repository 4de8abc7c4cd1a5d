import * as fsp from 'node:fs/promises'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createAppServices } from '../../src-main/services/app-services'
import { cleanFeedAddress, startAppWebServer } from '../../src-main/web/app-web-server'
import type { WebServer } from '../../src-main/web/server'

/**
 * The desktop app serves its game on the web too, so a stream's browser source
 * (README, "Clean feed") can show it: on browser mode's port, or any free port
 * when another program holds that one.
 */

const repoRoot = fileURLToPath(new URL('../..', import.meta.url))
let root: string
let services: Awaited<ReturnType<typeof createAppServices>>
let squatter: Server
let squatted: number
const started: WebServer[] = []

beforeAll(async () => {
  root = await fsp.mkdtemp(join(tmpdir(), 'smle-app-web-'))
  await fsp.mkdir(join(root, 'static'))
  await fsp.writeFile(join(root, 'static', 'index.html'), '<!doctype html><title>table</title>')
  services = await createAppServices({ dataDir: join(root, 'data'), assetsDir: join(repoRoot, 'assets') })
  squatter = createServer((_, res) => res.end('someone else'))
  await new Promise<void>((resolve) => squatter.listen(0, '127.0.0.1', resolve))
  squatted = (squatter.address() as AddressInfo).port
})

afterAll(async () => {
  for (const s of started) await s.close()
  await new Promise((resolve) => squatter.close(resolve))
  await services.host.flush()
  await fsp.rm(root, { recursive: true, force: true })
})

describe("the desktop app's web address", () => {
  it('takes the port asked for when it is free, and gives its clean feed address', async () => {
    const probe = createServer()
    await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve))
    const free = (probe.address() as AddressInfo).port
    await new Promise((resolve) => probe.close(resolve))
    const server = await startAppWebServer(services, join(root, 'static'), free)
    started.push(server)
    expect(server.port).toBe(free)
    expect(cleanFeedAddress(server)).toBe(`http://127.0.0.1:${free}/?seat=spectator&clean=1`)
    expect(await (await fetch(server.url)).text()).toContain('<title>table</title>')
  })

  it('takes another free port when the one asked for is held by another program, which is left alone', async () => {
    const server = await startAppWebServer(services, join(root, 'static'), squatted)
    started.push(server)
    expect(server.port).not.toBe(squatted)
    expect(await (await fetch(server.url)).text()).toContain('<title>table</title>')
    expect(await (await fetch(`http://127.0.0.1:${squatted}/`)).text()).toBe('someone else')
  })
})
