import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { BrowserWindow, type WebFrameMain, shell } from 'electron'

const here = fileURLToPath(new URL('.', import.meta.url))

/**
 * The main window: context isolation, sandbox, no Node integration; the
 * renderer's CSP is in its index.html. Navigation away and new windows are
 * refused (web links open in the system browser).
 */
export function createMainWindow(): BrowserWindow {
  const win = new BrowserWindow({
    width: 1440,
    height: 900,
    minWidth: 960,
    minHeight: 600,
    show: false,
    backgroundColor: '#1b1d21',
    title: 'SMLE Table',
    webPreferences: {
      preload: join(here, '../preload/index.cjs'),
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      webSecurity: true,
    },
  })
  win.once('ready-to-show', () => win.show())
  win.webContents.setWindowOpenHandler(({ url }) => {
    if (url.startsWith('https://')) void shell.openExternal(url)
    return { action: 'deny' }
  })
  win.webContents.on('will-navigate', (event) => event.preventDefault())
  const devUrl = process.env.ELECTRON_RENDERER_URL
  if (devUrl) void win.loadURL(devUrl)
  else void win.loadFile(join(here, '../renderer/index.html'))
  return win
}

/** True when a request comes from the top frame of one of our windows (not an iframe, not a stranger). */
export function isOurFrame(frame: WebFrameMain | null, windows: ReadonlySet<BrowserWindow>): boolean {
  if (!frame) return false
  for (const win of windows) if (!win.isDestroyed() && frame === win.webContents.mainFrame) return true
  return false
}
