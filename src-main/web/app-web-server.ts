import type { RouterServices } from '../ipc/router'
import { startWebServer, type WebServer } from './server'
import { DEFAULT_PORT } from './web-mode'

/**
 * The desktop app's own web address, beside its windows: the same game for a
 * stream's clean feed (an OBS browser source) and for other pages on this
 * machine, each in the seat its address names. On browser mode's port when
 * it is free, so a feed's address stays the same from one session to the
 * next; on any free port when it is taken (browser mode running too).
 */
export async function startAppWebServer(
  services: RouterServices,
  staticDir: string,
  preferredPort = DEFAULT_PORT,
): Promise<WebServer> {
  try {
    return await startWebServer({ services, staticDir, port: preferredPort })
  } catch (err) {
    if ((err as NodeJS.ErrnoException | undefined)?.code !== 'EADDRINUSE') throw err
    return startWebServer({ services, staticDir, port: 0 })
  }
}

/** A web server's clean feed: the spectator's seat, no panels. */
export function cleanFeedAddress(server: WebServer): string {
  return new URL('/?seat=spectator&clean=1', server.url).href
}
