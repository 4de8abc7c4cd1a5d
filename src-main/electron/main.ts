import { join } from 'node:path'
import { app, BrowserWindow, clipboard, ipcMain, shell } from 'electron'
import { type pushChannels, requestChannels } from '../ipc/contract'
import { createRouter } from '../ipc/router'
import { createAppServices } from '../services/app-services'
import { HOT_SEAT } from '../services/seats'
import { cleanFeedAddress, startAppWebServer } from '../web/app-web-server'
import type { WebServer } from '../web/server'
import { installMenu } from './menu'
import { createMainWindow, isOurFrame } from './windows'

/** The assets folder: beside the app in development, in resources once packaged. */
function assetsDir(): string {
  return app.isPackaged ? join(process.resourcesPath, 'assets') : join(app.getAppPath(), 'assets')
}

async function main(): Promise<void> {
  await app.whenReady()
  // Read once here and passed down: the services never ask Electron where they are.
  const services = await createAppServices({ dataDir: app.getPath('userData'), assetsDir: assetsDir() })
  // The desktop app is one machine at the table: its windows sit in the hot seat (every side of the open game).
  const router = createRouter(services, HOT_SEAT)
  const windows = new Set<BrowserWindow>()

  for (const channel of requestChannels) {
    ipcMain.handle(channel, async (event, payload: unknown) => {
      if (!isOurFrame(event.senderFrame, windows))
        return { ok: false, error: { code: 'refused', message: 'Request from an unknown frame.' } }
      return router.handle(channel, payload)
    })
  }
  services.host.subscribe(HOT_SEAT, (change) => {
    for (const win of windows)
      if (!win.isDestroyed()) win.webContents.send('match:changed' satisfies (typeof pushChannels)[number], change)
  })

  // The same game on the web, for a stream's clean feed (an OBS browser source) and other pages on this machine.
  let web: WebServer | null = null
  try {
    web = await startAppWebServer(services, join(app.getAppPath(), 'out', 'renderer'))
  } catch (err) {
    console.error(`SMLE Table: no web address for a clean feed (${err instanceof Error ? err.message : String(err)})`)
  }
  const feed = web ? cleanFeedAddress(web) : null

  const open = (): void => {
    const win = createMainWindow()
    windows.add(win)
    win.on('closed', () => windows.delete(win))
  }
  installMenu({
    newWindow: open,
    feedAddress: feed,
    copyFeedAddress: () => {
      if (feed) clipboard.writeText(feed)
    },
    openFeed: () => {
      if (feed) void shell.openExternal(feed)
    },
  })
  open()

  app.on('activate', () => {
    if (BrowserWindow.getAllWindows().length === 0) open()
  })
  app.on('window-all-closed', () => {
    void Promise.all([services.host.flush(), web?.close()]).then(() => {
      if (process.platform !== 'darwin') app.quit()
    })
  })
}

void main()
