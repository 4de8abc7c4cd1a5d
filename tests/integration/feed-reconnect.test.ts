import * as fsp from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, beforeAll, expect, it, vi } from 'vitest'
import { WebSocket } from 'ws'
import type { MatchChanged, MatchSnapshot } from '../../src-main/ipc/contract'
import { createAppServices } from '../../src-main/services/app-services'
import { startWebServer, type WebServer } from '../../src-main/web/server'
import { createWsBridge } from '../../src-renderer/bridge/ws-bridge'

const repoRoot = fileURLToPath(new URL('../..', import.meta.url))
let root: string
let staticDir: string
const running: { server: WebServer; services: Awaited<ReturnType<typeof createAppServices>> }[] = []

/** Starts a host on `port` (0: any free one) over the same save folder, as `npm run web` would after a restart. */
async function startHost(port: number): Promise<WebServer> {
  const services = await createAppServices({ dataDir: join(root, 'data'), assetsDir: join(repoRoot, 'assets') })
  const server = await startWebServer({ services, staticDir, port })
  running.push({ server, services })
  return server
}

async function stopHost(): Promise<void> {
  const host = running.pop()
  if (!host) return
  await host.services.host.flush()
  await host.server.close()
}

beforeAll(async () => {
  root = await fsp.mkdtemp(join(tmpdir(), 'smle-feed-reconnect-'))
  staticDir = join(root, 'static')
  await fsp.mkdir(staticDir, { recursive: true })
  await fsp.writeFile(join(staticDir, 'index.html'), '<!doctype html><title>feed</title>')
  // The browser's WebSocket, as the page has it (`ws` gives the same events).
  vi.stubGlobal('WebSocket', WebSocket)
})

afterAll(async () => {
  vi.unstubAllGlobals()
  while (running.length > 0) await stopHost()
  await fsp.rm(root, { recursive: true, force: true })
})

it('a spectator feed reconnects by itself when the host is stopped and started again, and follows the game from there', async () => {
  const first = await startHost(0)
  const port = first.port
  const player = createWsBridge(`ws://127.0.0.1:${port}/ws?seat=all`)
  const feed = createWsBridge(`ws://127.0.0.1:${port}/ws?seat=spectator`)
  const pushes: MatchChanged[] = []
  const reconnected = vi.fn()
  feed.onMatchChanged((c) => void pushes.push(c))
  feed.onReconnected?.(reconnected)
  player.onMatchChanged(() => undefined)

  await player.matchNew({ scenarioId: 'smle-ambush', seed: 5 })
  const before = (await feed.matchSnapshot()) as MatchSnapshot
  expect(before.seat.kind).toBe('spectator')

  // The host goes away: the feed's requests fail meanwhile, and it is not yet told it is back.
  await stopHost()
  await expect(feed.matchSnapshot()).rejects.toThrow()
  expect(reconnected).not.toHaveBeenCalled()

  // The host comes back on the same port: the feed reconnects on its own.
  await startHost(port)
  await vi.waitFor(() => expect(reconnected).toHaveBeenCalledTimes(1), { timeout: 20_000, interval: 100 })
  const after = (await feed.matchSnapshot()) as MatchSnapshot
  expect(after.seat.kind).toBe('spectator')

  // Play goes on from the player's page (reconnected too): the feed is pushed the new game.
  await vi.waitFor(() => player.matchNew({ scenarioId: 'smle-commando', seed: 3 }), { timeout: 20_000, interval: 200 })
  await vi.waitFor(() => expect(pushes.some((c) => c.scenario?.name.match(/commando/i))).toBe(true), {
    timeout: 10_000,
  })
})
