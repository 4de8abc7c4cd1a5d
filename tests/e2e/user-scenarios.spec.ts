import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { expect, test } from '@playwright/test'
import { dataDir, hostRequest, openApp, shot } from './support'

test("the player's scenarios: saved beside the saves, listed in New game as theirs, imported (a newer one refused with a message), played", async ({
  page,
}, info) => {
  const errors: string[] = []
  page.on('pageerror', (e) => errors.push(e.message))
  await hostRequest('match:new', { scenarioId: 'farmhouse-skirmish', seed: 1 })
  const farm = await hostRequest<Record<string, unknown>>('scenario:get', { id: 'farmhouse-skirmish' })
  await hostRequest('scenario:save', { scenario: { ...farm, id: 'my-farm', name: 'My farm' } })
  expect(existsSync(join(dataDir, 'scenarios', 'my-farm.json'))).toBe(true)

  await openApp(page)
  await page.locator('button[title="New game (N)"]').click()
  const dialog = page.getByRole('dialog', { name: 'New game' })
  await expect(dialog.getByRole('heading', { name: 'Your scenarios' })).toBeVisible()
  const mine = dialog.locator('li[data-source="user"]', { hasText: 'My farm' })
  await expect(mine.locator('.tag')).toHaveText('yours')
  await expect(dialog.locator('li[data-source="builtin"]', { hasText: 'Farmhouse' }).locator('.tag')).toHaveCount(0)

  // A file from a newer version is refused, with why, and nothing is added.
  const chooser = dialog.getByLabel('Scenario file to import')
  await chooser.setInputFiles({
    name: 'future.json',
    mimeType: 'application/json',
    buffer: Buffer.from(JSON.stringify({ ...farm, id: 'future-farm', formatVersion: 2 })),
  })
  await expect(dialog.getByRole('status', { name: 'Scenario files' })).toContainText('made by a newer version')
  await dialog.getByRole('status', { name: 'Scenario files' }).scrollIntoViewIfNeeded()
  await shot(page, info, '01-newer-scenario-refused')
  await expect(dialog.locator('li', { hasText: 'future-farm' })).toHaveCount(0)

  // A good file is imported into the player's scenarios.
  await chooser.setInputFiles({
    name: 'shared.json',
    mimeType: 'application/json',
    buffer: Buffer.from(JSON.stringify({ ...farm, id: 'shared-farm', name: 'Shared farm' })),
  })
  await expect(dialog.getByRole('status', { name: 'Scenario files' })).toContainText('Imported "Shared farm"')
  await expect(dialog.locator('li[data-source="user"]', { hasText: 'Shared farm' })).toBeVisible()
  expect(existsSync(join(dataDir, 'scenarios', 'shared-farm.json'))).toBe(true)
  await mine.getByText('My farm', { exact: true }).click()
  await shot(page, info, '02-your-scenarios-in-new-game')

  await dialog.getByRole('button', { name: 'Start' }).click()
  await expect(page.getByTestId('message')).toContainText('New game: My farm')

  // Leave the scenario list as the other flows know it.
  await hostRequest('match:new', { scenarioId: 'farmhouse-skirmish', seed: 1 })
  await hostRequest('scenario:delete', { id: 'my-farm' })
  await hostRequest('scenario:delete', { id: 'shared-farm' })
  expect(errors).toEqual([])
})
