import { expect, type Page, test } from '@playwright/test'
import { buildWorld, type SmrCommandInput, type SmrState } from '../../src-engine/index'
import { SmrRandomPlayer } from '../../src-engine/rules/smr/random-player'
import { seedRng } from '../../src-engine/rng/sfc32'
import type { DispatchReply, SmrLegalOptions, SmrSnapshot } from '../../src-main/ipc/contract'
import { HUGH_PLACED, KNIGHT_FIRST_MOVE, playContact } from './smr-contact-script'
import { canvasStats, hostRequest, openApp, openPanel, shot, smrDrawn } from './support'

/**
 * A seed of Contact at which, in the battle turn, Godwin routs in the melee
 * Sir Robert's charge begins (found by playing `playContact` through the
 * engine with the host's physics dice, `tests/e2e/smr-contact-seed.ts`): routed in Event 3, he stays routed
 * until the next turn's rally (SMR-RALLY-04), so the table shows him fled.
 */
const SEED = 19

const smrSnapshot = (): Promise<SmrSnapshot> => hostRequest<SmrSnapshot>('match:snapshot')
const stateNow = async (): Promise<SmrState> => (await smrSnapshot()).state
const seqNow = async (): Promise<number> => (await smrSnapshot()).seq

/** Looks at a table point from the south, close in (the panels leave the upper middle of the page clear). */
async function look(page: Page, x: number, z: number, height = 11, back = 10): Promise<void> {
  await page.evaluate(([x, z, h, b]) => window.smleInspect!.setCamera({ x, y: h, z: z + b }, { x, y: 0, z }), [
    x,
    z,
    height,
    back,
  ] as const)
  await page.waitForTimeout(150)
}

/** Looks at a table point from the east, from above (north to the right, south to the left): the lines meet in the page's clear middle. */
async function lookFromEast(page: Page, x: number, z: number, height = 20, out = 13): Promise<void> {
  await page.evaluate(([x, z, h, o]) => window.smleInspect!.setCamera({ x: x + o, y: h, z }, { x, y: 0, z }), [
    x,
    z,
    height,
    out,
  ] as const)
  await page.waitForTimeout(150)
}

async function clickUnit(page: Page, unitId: string): Promise<void> {
  await smrDrawn(page)
  const p = await page.evaluate((id) => window.smrInspect!.unitPoint(id), unitId)
  if (!p) throw new Error(`${unitId} is not drawn`)
  await page.mouse.click(p.x, p.y)
}

async function clickGround(page: Page, at: { x: number; z: number }): Promise<void> {
  await smrDrawn(page)
  const p = await page.evaluate(([x, z]) => window.smrInspect!.groundPoint(x, z), [at.x, at.z] as const)
  await page.mouse.click(p.x, p.y)
}

/**
 * Runs a UI action and waits for the host to have taken one more command, and for the page to have seen it: until
 * then the page sends nothing more (one command at a time, `sendCommand`).
 */
async function accepted(page: Page, run: () => Promise<void>): Promise<void> {
  const before = await seqNow()
  await run()
  await expect.poll(seqNow).toBeGreaterThan(before)
  await expect(page.locator('.panel.turn[data-sending]')).toHaveCount(0)
}

/** Waits until the dice tray has shown every roll thrown so far, the last one settled. */
async function diceSettled(page: Page): Promise<void> {
  await expect
    .poll(
      async () => {
        const last = (await stateNow()).rollCount - 1
        const tray = await page.evaluate(() => ({ id: window.smleDice?.rollId, phase: window.smleDice?.phase }))
        return tray.id === last && tray.phase === 'settled'
      },
      { timeout: 90_000 },
    )
    .toBe(true)
}

/** Closes the dice tray (it stands over the right of the table), as a player does before clicking there. */
async function closeTray(page: Page): Promise<void> {
  const close = page.getByRole('button', { name: 'Close the dice tray' })
  if (await close.isVisible()) await close.click()
}

test('Contact through the UI: initiative, deployment, a move planned and turned, missiles, a charge, a melee and a rout', async ({
  page,
}, info) => {
  test.setTimeout(600_000)
  await hostRequest('match:new', { scenarioId: 'smr-contact', seed: SEED })
  await openApp(page)
  const actions = page.getByRole('region', { name: 'Actions' })
  const turnBar = page.getByLabel('Turn')
  const log = page.getByRole('region', { name: 'Game log' })
  // The first frame may still be on its way when the page says it is ready.
  await expect.poll(async () => (await canvasStats(page)).distinct).toBeGreaterThan(200)
  await expect(page.getByRole('region', { name: 'Units' })).toContainText('Sir Robert')
  await expect(turnBar).toContainText('Initiative')
  await shot(page, info, '00-start')

  let missileRolls = 0
  await playContact(
    {
      state: stateNow,
      send: async (cmd: SmrCommandInput) => (await hostRequest<DispatchReply>('match:dispatch', cmd)).ok,
    },
    {
      async rollInitiative() {
        await accepted(page, () => actions.getByRole('button', { name: 'Roll for initiative (2D6 each side)' }).click())
        await diceSettled(page)
        await openPanel(page, 'log')
        await expect(log).toContainText('wins the initiative (SMR-MOVE-01)')
        await expect(turnBar).toContainText('Deployment')
        await shot(page, info, '01-initiative-dice')
      },
      async deployNormans() {
        await closeTray(page)
        await look(page, 20, 5)
        await clickUnit(page, 'nor-peasant-1')
        await expect(page.getByRole('region', { name: 'Selection' })).toContainText('Hugh')
        // Beyond the Normans' 6" zone the plan is refused before it is given, with the clause (SMR-SETUP-06).
        await clickGround(page, { x: HUGH_PLACED.x, z: 10 })
        await expect(page.getByTestId('smr-plan')).toHaveAttribute('data-ok', 'false')
        await expect(page.getByTestId('smr-plan')).toContainText('CORE-DEPLOY-01')
        await expect(page.getByTestId('smr-plan-label')).toContainText('CORE-DEPLOY-01')
        await shot(page, info, '02-deploy-refused')
        await clickGround(page, HUGH_PLACED)
        await expect(page.getByTestId('smr-plan')).toHaveAttribute('data-ok', 'true')
        await page.keyboard.press('e')
        await expect(page.getByTestId('smr-plan')).toContainText('Place Hugh here, facing 195°')
        await shot(page, info, '02-deploy-plan')
        await accepted(page, () => page.keyboard.press('Enter'))
        const hugh = (await stateNow()).units['nor-peasant-1']!
        expect(hugh.facingDeg).toBe(195)
        expect(hugh.position.x).toBeCloseTo(HUGH_PLACED.x, 0)
        await accepted(page, () => actions.getByRole('button', { name: 'Deployment done' }).click())
      },
      async endSetup() {
        await accepted(page, () => actions.getByRole('button', { name: 'Deployment done' }).click())
      },
      async chooseOrder() {
        await accepted(page, () => actions.getByRole('button', { name: 'Move first this turn' }).click())
      },
      async knightFirstMove() {
        await closeTray(page)
        await look(page, 25, 9, 13, 11)
        await clickUnit(page, 'nor-knight')
        await expect(page.getByRole('region', { name: 'Selection' })).toContainText('heavy cavalry')
        // Through Ralph: the plan shows the engine's refusal with its clause, and nothing is sent.
        const seq = await seqNow()
        await clickGround(page, { x: 30.5, z: 4 })
        await expect(page.getByTestId('smr-plan')).toHaveAttribute('data-ok', 'false')
        await expect(page.getByTestId('smr-plan')).toContainText('SMR-MOVE-06 Sir Robert cannot pass through Ralph.')
        expect(await seqNow()).toBe(seq)
        await shot(page, info, '03-move-refused')
        await clickGround(page, KNIGHT_FIRST_MOVE)
        await page.keyboard.press('q')
        await expect(page.getByTestId('smr-plan')).toHaveAttribute('data-ok', 'true')
        await expect(page.getByTestId('smr-plan')).toContainText('Sir Robert moves 4.9" of 5.0"')
        await shot(page, info, '04-move-plan')
        await accepted(page, () => page.keyboard.press('Enter'))
        const knight = (await stateNow()).units['nor-knight']!
        expect(knight.position.z).toBeCloseTo(KNIGHT_FIRST_MOVE.z, 0)
        await shot(page, info, '05-moved')
      },
      async declare(sideId) {
        await closeTray(page)
        await lookFromEast(page, 25, 27.5)
        await expect(turnBar).toContainText('Event 1: missiles')
        const selects = actions.getByRole('combobox')
        await expect(selects.first()).toBeVisible()
        const n = await selects.count()
        expect(n).toBeGreaterThan(0)
        for (let i = 0; i < n; i++) await selects.nth(i).selectOption({ index: 1 })
        await expect(actions.getByTestId('declare-missiles')).toHaveText(`Declare ${n} shot${n === 1 ? '' : 's'}`)
        await shot(page, info, `06-missiles-${sideId}`)
        await accepted(page, () => actions.getByTestId('declare-missiles').click())
        const s = await stateNow()
        if (s.step !== 'missiles') {
          missileRolls++
          await diceSettled(page)
          await expect(log).toContainText('shoots at')
          await shot(page, info, '07-missile-dice')
        }
      },
      async charge() {
        await diceSettled(page)
        await closeTray(page)
        const legal = await hostRequest<SmrLegalOptions>('match:legal')
        const option = legal.options.find((o) => o.command.type === 'charge' && o.unitId === 'nor-knight')
        if (!option || option.command.type !== 'charge') throw new Error('no charge offered for Sir Robert')
        const s = await stateNow()
        const target = s.units[option.command.targetId]!
        const knight = s.units['nor-knight']!
        await lookFromEast(
          page,
          (knight.position.x + target.position.x) / 2,
          (knight.position.z + target.position.z) / 2,
          15,
          10,
        )
        await clickUnit(page, 'nor-knight')
        await clickUnit(page, target.id)
        await expect(page.getByTestId('smr-plan')).toContainText(`into contact with ${target.name}: a melee begins`)
        await shot(page, info, '08-charge-plan')
        await accepted(page, () => page.keyboard.press('Enter'))
        await expect.poll(async () => (await stateNow()).units['nor-knight']?.faceToFace).toBe(target.id)
        await expect(log).toContainText('are locked face-to-face (SMR-MELEE-03)')
        await shot(page, info, '09-contact')
      },
      async endMovement() {
        await accepted(page, () => actions.getByRole('button', { name: 'End movement' }).click())
      },
    },
  )
  expect(missileRolls).toBe(1)

  // The melee was fought when the second side ended its movement: dice, words, and its outcome on the table.
  await diceSettled(page)
  await expect(log).toContainText('attacks')
  const after = await stateNow()
  const routed = Object.values(after.units).filter((u) => u.status === 'ok' && u.routed)
  expect(routed.map((u) => u.id)).toEqual(['sax-spearman'])
  await expect(log).toContainText('Godwin routs')
  await shot(page, info, '10-melee')
  const fled = routed[0]!
  await closeTray(page)
  await lookFromEast(page, fled.position.x, fled.position.z, 7, 6)
  const drawn = await page.evaluate(() => window.smrInspect!.drawnUnits())
  expect(drawn.find((d) => d.id === fled.id)?.routed).toBe(true)
  expect(drawn.some((d) => after.units[d.id]?.status !== 'ok')).toBe(false)
  await shot(page, info, '11-routed')

  // Played on to the end (a random player through the host): the winner and why.
  const snap = await smrSnapshot()
  const world = buildWorld(snap.scenario)
  const player = new SmrRandomPlayer(seedRng(SEED))
  for (let i = 0; i < 3000; i++) {
    const s = await stateNow()
    if (s.phase === 'ended') break
    const cmd = player.next(s, world as never)
    if (!cmd) break
    const r = await hostRequest<DispatchReply>('match:dispatch', cmd)
    expect(r.ok).toBe(true)
  }
  const end = await stateNow()
  expect(end.phase).toBe('ended')
  // The page draws every change it is sent: after thousands of commands in a row, it may take a while to catch up.
  const lastSeq = (await smrSnapshot()).seq
  await expect.poll(() => page.evaluate(() => window.smleInspect?.seq() ?? -1), { timeout: 120_000 }).toBe(lastSeq)
  const dialog = page.getByRole('dialog', { name: 'Game over' })
  await expect(dialog).toBeVisible()
  await expect(page.getByTestId('winner')).toContainText(
    end.result!.winnerSideId === 'normans'
      ? 'Normans win'
      : end.result!.winnerSideId === 'saxons'
        ? 'Saxons win'
        : 'A draw',
  )
  await expect(page.getByTestId('result-reason')).toHaveText(end.result!.reason)
  await shot(page, info, '12-game-over')
})

test('Village Invasion: the raiders see no hidden peasant; the villagers see who hides in each cottage', async ({
  page,
}, info) => {
  await hostRequest('match:new', { scenarioId: 'smr-village-invasion', seed: 5 })
  let s = await stateNow()
  await hostRequest('match:dispatch', { type: 'rollInitiative', sideId: s.actingSide })
  for (s = await stateNow(); s.phase === 'setup'; s = await stateNow())
    await hostRequest('match:dispatch', { type: 'endSetup', sideId: s.actingSide })
  const hidden = Object.values(s.units).filter((u) => u.hiddenIn !== null)
  expect(hidden.length).toBe(10)

  await page.goto('/?seat=raiders')
  await page.waitForSelector('html[data-ready="true"]', { timeout: 60_000 })
  await expect(page.getByTestId('seat')).toHaveText('You play Raiders')
  const drawn = await page.evaluate(() => window.smrInspect!.drawnUnits().map((d) => d.id))
  expect(drawn.length).toBe(Object.values(s.units).length - hidden.length)
  for (const h of hidden) expect(drawn).not.toContain(h.id)
  await expect(page.getByRole('region', { name: 'Units' })).not.toContainText('Hidden archer')
  await expect(page.locator('.smr-building-label')).toHaveCount(0)
  await lookFromEast(page, 22, 12, 26, 16)
  await shot(page, info, '00-raiders-seat')

  await page.goto('/?seat=villagers')
  await page.waitForSelector('html[data-ready="true"]', { timeout: 60_000 })
  await expect(page.getByRole('region', { name: 'Units' })).toContainText('Hidden archer 1')
  await expect(page.getByTestId('building-cottage-mill')).toHaveText('2 hidden')
  await lookFromEast(page, 22, 12, 26, 16)
  await shot(page, info, '01-villagers-seat')
})
