import { expect, test, type WebSocketRoute } from '@playwright/test'
import { hostRequest, shot } from './support'

test('a page the host cut off (1013, reading too slowly) reconnects by itself and shows the game as it now is, with what it missed', async ({
  page,
}, info) => {
  await hostRequest('match:new', { scenarioId: 'smle-ambush', seed: 5 })
  const pageSides: WebSocketRoute[] = []
  // Every socket of the page goes to the real host through this route, so the test can cut the page's side.
  await page.routeWebSocket(/\/ws/, (ws) => {
    pageSides.push(ws)
    ws.connectToServer()
  })
  await page.goto('/')
  await page.waitForSelector('html[data-ready="true"]', { timeout: 60_000 })
  const teams = page.getByRole('region', { name: 'Teams' })
  await expect(teams).toContainText('Column')
  expect(pageSides).toHaveLength(1)

  // The page is cut off, and while it is away another game starts: that push never reaches it.
  await pageSides[0]!.close({ code: 1013, reason: 'the page read too slowly' })
  await hostRequest('match:new', { scenarioId: 'smle-commando', seed: 3 })

  // It comes back on its own, fetches the table afresh and says so.
  await expect.poll(() => pageSides.length, { timeout: 15_000 }).toBeGreaterThanOrEqual(2)
  await expect(teams).toContainText('Commandos', { timeout: 15_000 })
  await expect(teams).not.toContainText('Column')
  await expect(page.getByText('Reconnected to the game host')).toBeVisible()
  await shot(page, info, 'reconnected')
})
