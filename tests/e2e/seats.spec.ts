import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { expect, test } from '@playwright/test'
import { hostRequest, shot } from './support'

interface AmbushFile {
  teams: { id: string; hidden?: boolean; figures: { id: string; name: string }[] }[]
}
const ambush = JSON.parse(
  readFileSync(join(import.meta.dirname, '..', '..', 'assets', 'scenarios', 'smle-ambush.json'), 'utf8'),
) as AmbushFile
const hiddenTeams = ambush.teams.filter((t) => t.hidden)
/** Every id and name of the partisans set up hidden (SMLE-SCEN-05), as words. */
const secrets = hiddenTeams.flatMap((t) => [t.id, ...t.figures.flatMap((f) => [f.id, f.name])])
const asWord = (s: string): RegExp =>
  new RegExp(`(^|[^A-Za-z0-9-])${s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}($|[^A-Za-z0-9-])`)

test('seats: a spectator and the column are sent no hidden partisan, in any frame or on the page; the spectator is offered nothing', async ({
  page,
}, info) => {
  await hostRequest('match:new', { scenarioId: 'smle-ambush', seed: 5 })
  for (const seat of ['spectator', 'column'] as const) {
    const frames: string[] = []
    page.on('websocket', (ws) => ws.on('framereceived', (f) => void frames.push(String(f.payload))))
    await page.goto(`/?seat=${seat}`)
    await page.waitForSelector('html[data-ready="true"]', { timeout: 60_000 })
    await expect(page.getByTestId('seat')).toHaveText(seat === 'spectator' ? 'Watching' : 'You play Column')
    await expect(page.getByRole('region', { name: 'Teams' })).toContainText('Column')
    await shot(page, info, `${seat}-seat`)
    expect(frames.length).toBeGreaterThan(0)
    const seen = `${frames.join('\n')}\n${await page.content()}`
    for (const s of secrets) expect(seen, `"${s}" reached the ${seat} seat`).not.toMatch(asWord(s))
    page.removeAllListeners('websocket')
  }

  // The spectator may not act: the Actions panel offers no button, and a command sent anyway is refused (CORE-SEAT-01).
  await page.goto('/?seat=spectator')
  await page.waitForSelector('html[data-ready="true"]', { timeout: 60_000 })
  const offered = page.getByRole('region', { name: 'Actions' })
  await expect(offered).toContainText('to act')
  // Its title bar folds or docks the panel; no command is offered in it.
  await expect(offered.locator('.panel-body')).toContainText('a spectator gives no commands')
  await expect(offered.locator('.panel-body').getByRole('button')).toHaveCount(0)

  // The hot seat (the default) holds both sides: the partisans' own hidden teams are in its view.
  const frames: string[] = []
  page.on('websocket', (ws) => ws.on('framereceived', (f) => void frames.push(String(f.payload))))
  await page.goto('/')
  await page.waitForSelector('html[data-ready="true"]', { timeout: 60_000 })
  await expect.poll(() => frames.join('\n')).toContain(hiddenTeams[0]!.figures[0]!.id)
  await shot(page, info, 'hot-seat')
})
