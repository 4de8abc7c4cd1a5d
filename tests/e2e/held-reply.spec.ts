import { expect, test } from '@playwright/test'
import { hostRequest, openApp, shot, snapshot } from './support'

test('one command at a time: while the host holds a command’s reply the turn bar says so, and a second command is not sent', async ({
  page,
}, info) => {
  test.setTimeout(120_000)
  await hostRequest('match:new', { scenarioId: 'smle-few-brave-sentients', seed: 5 })
  // The page's connection to the host, with what the host sends it held while `holding`, as the host holds a
  // command's reply and change while another seat, or the computer, takes a decision the command opened and this
  // seat is not shown.
  let holding = false
  const dispatches: number[] = []
  const held: (() => void)[] = []
  await page.routeWebSocket(/.*/, (ws) => {
    const server = ws.connectToServer()
    ws.onMessage((m) => {
      const msg = JSON.parse(String(m)) as { id: number; channel: string }
      if (msg.channel === 'match:dispatch') dispatches.push(msg.id)
      server.send(m)
    })
    server.onMessage((m) => {
      if (holding) held.push(() => ws.send(m))
      else ws.send(m)
    })
  })
  await openApp(page)
  const before = await snapshot()
  const step = page.locator('[data-panel="turn"]').getByRole('button', { name: /^(End set-up|Roll activation)$/ })
  await expect(step).toBeEnabled({ timeout: 20_000 })
  holding = true
  await step.click()
  await expect.poll(() => held.length, { timeout: 20_000 }).toBeGreaterThanOrEqual(2)
  // The host has decided it (the game moved on); the page has not been told yet.
  await expect.poll(async () => (await snapshot()).seq).toBeGreaterThan(before.seq)
  const waiting = page.getByTestId('command-waiting')
  await expect(waiting).toHaveText('Waiting for your command to be decided…')
  await expect(
    page.locator('[data-panel="turn"]').getByRole('button', { name: /^(End set-up|Roll activation)$/ }),
  ).toBeDisabled()
  await shot(page, info, '01-waiting-for-the-reply')
  // The step's key (E) gives no second command: the player is told why, and nothing more is sent.
  const sent = dispatches.length
  const seq = (await snapshot()).seq
  await page.keyboard.press('e')
  await expect(page.getByTestId('message')).toContainText('Your last command is still being decided')
  await shot(page, info, '02-second-command-refused')
  expect(dispatches.length).toBe(sent)
  expect((await snapshot()).seq).toBe(seq)
  // The reply comes: the page may act again.
  holding = false
  for (const send of held.splice(0)) send()
  await expect(waiting).toHaveCount(0)
  await expect(page.locator('[data-panel="turn"] button:not([title^="Undo"])').first()).toBeEnabled()
  await shot(page, info, '03-reply-come')
})
