import { expect, test } from '@playwright/test'
import { hostRequest, openApp, shot, snapshot } from './support'

test('solo: New game against the computer; the person plays the Rangers through the turn bar, the computer plays the Militia by itself', async ({
  page,
}, info) => {
  test.setTimeout(240_000)
  const errors: string[] = []
  page.on('pageerror', (e) => errors.push(e.message))
  // Whatever game the last flow left (a game-over dialog has its own New game button), start from the farmhouse.
  await hostRequest('match:new', { scenarioId: 'farmhouse-skirmish', seed: 1 })
  await openApp(page)
  await page.locator('button[title="New game (N)"]').click()
  const dialog = page.getByRole('dialog', { name: 'New game' })
  await dialog.getByText('The Few Brave Sentients', { exact: true }).click()
  await dialog.getByLabel('Who plays Militia').selectOption('bot:normal')
  await dialog.getByLabel('Seed').fill('5')
  await shot(page, info, '01-new-game-against-the-computer')
  await dialog.getByRole('button', { name: 'Start' }).click()
  await expect(page.getByTestId('message')).toContainText('the computer plays Militia')

  // The page is the Rangers' seat now: the host says so, and records who plays what.
  const first = await snapshot()
  expect(first.players).toEqual({ militia: 'bot:normal' })
  expect(first.seat).toMatchObject({ kind: 'sides', sideIds: ['rangers'] })

  let sawThinking = false
  let computerCommands = 0
  let personSteps = 0
  // A few activations each: the person's steps, and until the computer too has given a few commands.
  for (let i = 0; i < 160 && (personSteps < 14 || computerCommands <= 3); i++) {
    const s = await snapshot()
    if (s.ruleset !== 'smle' || s.state.phase === 'ended') break
    const acting = s.state.pending?.sideId ?? s.state.activeSideId
    if (acting === 'militia') {
      if (await page.getByTestId('computer-thinking').isVisible()) {
        if (!sawThinking) await shot(page, info, '02-the-computer-is-playing')
        sawThinking = true
      }
      // The computer gives its command by itself; the page only watches.
      await expect.poll(async () => (await snapshot()).seq, { timeout: 60_000 }).toBeGreaterThan(s.seq)
      computerCommands += (await snapshot()).seq - s.seq
      continue
    }
    // The person's step, once the page has caught up with the host.
    const step = page
      .locator('[data-panel="turn"]')
      .getByRole('button', { name: /^(End set-up|Roll activation|End activation|Hold fire|No interrupt)$/ })
    await expect(step).toBeVisible({ timeout: 20_000 })
    await step.click()
    personSteps++
    await expect.poll(async () => (await snapshot()).seq, { timeout: 30_000 }).toBeGreaterThan(s.seq)
  }
  await shot(page, info, '03-after-some-activations')
  expect(personSteps).toBeGreaterThan(3)
  expect(computerCommands).toBeGreaterThan(3)
  expect(sawThinking).toBe(true)
  // The log tells the computer's actions like a person's.
  const log = (await snapshot()).seq
  expect(log).toBeGreaterThan(personSteps)
  expect(errors).toEqual([])
})
