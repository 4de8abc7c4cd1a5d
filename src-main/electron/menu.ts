import { Menu, type MenuItemConstructorOptions } from 'electron'

/** What the menu does beyond the standard roles. */
export interface MenuActions {
  /** Another window on the same game, in the hot seat (a second screen). */
  readonly newWindow: () => void
  /** The clean feed's web address (README, "Clean feed"), null when the app could not serve one. */
  readonly feedAddress: string | null
  readonly copyFeedAddress: () => void
  readonly openFeed: () => void
}

/** The application menu: standard roles, a new window, and the stream's clean feed. */
export function installMenu(actions: MenuActions): void {
  const feed = actions.feedAddress
  const template: MenuItemConstructorOptions[] = [
    ...(process.platform === 'darwin' ? [{ role: 'appMenu' as const }] : []),
    {
      label: 'File',
      submenu: [
        { label: 'New Window', accelerator: 'CmdOrCtrl+Shift+N', click: actions.newWindow },
        { type: 'separator' },
        { role: process.platform === 'darwin' ? 'close' : 'quit' },
      ],
    },
    {
      label: 'Stream',
      submenu: feed
        ? [
            { label: `Clean feed: ${feed}`, enabled: false },
            { label: 'Copy Clean Feed Address', click: actions.copyFeedAddress },
            { label: 'Open Clean Feed in the Browser', click: actions.openFeed },
          ]
        : [{ label: 'No clean feed: the app could not open a web address', enabled: false }],
    },
    { role: 'editMenu' },
    { role: 'viewMenu' },
    { role: 'windowMenu' },
  ]
  Menu.setApplicationMenu(Menu.buildFromTemplate(template))
}
