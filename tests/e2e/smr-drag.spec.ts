import { expect, type Page, test } from '@playwright/test'
import type { SmrState } from '../../src-engine/index'
import type { DispatchReply, SmrSnapshot } from '../../src-main/ipc/contract'
import { canvasStats, hostRequest, openApp, shot, smrDrawn } from './support'

const stateNow = async (): Promise<SmrState> => (await hostRequest<SmrSnapshot>('match:snapshot')).state

/** Client point of a table point on the ground. */
const ground = async (page: Page, x: number, z: number) => {
  await smrDrawn(page)
  return page.evaluate(([x, z]) => window.smrInspect!.groundPoint(x, z), [x, z] as const)
}

/** Gives the quiet answer to every step until a side's Movement Event (SMR-TURN-01). */
async function toMovement(): Promise<SmrState> {
  let s = await stateNow()
  await hostRequest<DispatchReply>('match:dispatch', { type: 'rollInitiative', sideId: s.actingSide })
  for (let i = 0; i < 10 && (s = await stateNow()).step !== 'movement'; i++) {
    const side = s.actingSide
    const cmd =
      s.phase === 'setup'
        ? { type: 'endSetup', sideId: side }
        : s.step === 'order'
          ? { type: 'chooseOrder', sideId: side, firstSideId: side }
          : { type: 'declareMissiles', sideId: side, shots: [] }
    expect((await hostRequest<DispatchReply>('match:dispatch', cmd)).ok).toBe(true)
  }
  return s
}

test('SMR: dragging a unit plans its move, measured by the engine as it goes; the wheel turns it; a refused move shows its clause; Enter gives it', async ({
  page,
}, info) => {
  test.setTimeout(240_000)
  await hostRequest('match:new', { scenarioId: 'smr-contact', seed: 19 })
  const s = await toMovement()
  const unit = s.unitOrder
    .map((id) => s.units[id]!)
    .find((u) => u.sideId === s.actingSide && u.profile.mount === 'foot')!
  const f = (unit.facingDeg * Math.PI) / 180
  const along = (d: number) => ({ x: unit.position.x + Math.sin(f) * d, z: unit.position.z - Math.cos(f) * d })
  await openApp(page)
  const close = page.getByRole('button', { name: 'Close the dice tray' })
  if (await close.isVisible()) await close.click()
  await page.evaluate(
    ([x, z]) => window.smleInspect!.setCamera({ x, y: 12, z: z + (z < 24 ? -10 : 10) }, { x, y: 0, z }),
    [unit.position.x, unit.position.z] as const,
  )
  await page.waitForTimeout(200)
  // Where a table point is drawn: unchanged while the camera holds still.
  const anchor = await ground(page, unit.position.x, unit.position.z)

  const from = await page.evaluate((id) => window.smrInspect!.unitPoint(id), unit.id)
  const to = await ground(page, along(2).x, along(2).z)
  const far = await ground(page, along(5.5).x, along(5.5).z)
  await page.mouse.move(from!.x, from!.y)
  await page.mouse.down()
  await page.mouse.move((from!.x + to.x) / 2, (from!.y + to.y) / 2, { steps: 4 })
  await page.mouse.move(to.x, to.y, { steps: 4 })
  const label = page.getByTestId('smr-plan-label')
  await expect(label).toContainText(`of ${unit.profile.cls === 'H' ? '3.0' : '4.0'}"`)
  await expect(page.getByTestId('smr-plan')).toHaveAttribute('data-ok', 'true')
  await expect(page.getByRole('region', { name: 'Selection' })).toContainText(unit.name)
  // The wheel turns the unit being dragged (SMR-MOVE-05), not the camera.
  await page.mouse.wheel(0, 120)
  await expect(label).toContainText('turned +15°')
  await shot(page, info, '00-dragging')
  // Beyond Table V: red, with the clause.
  await page.mouse.move(far.x, far.y, { steps: 6 })
  await expect(page.getByTestId('smr-plan')).toHaveAttribute('data-ok', 'false')
  await expect(label).toContainText('SMR-MOVE-04')
  await shot(page, info, '01-drag-refused')
  await page.mouse.move(to.x, to.y, { steps: 6 })
  await expect(page.getByTestId('smr-plan')).toHaveAttribute('data-ok', 'true')
  await page.mouse.up()
  // Let go: the plan waits for Enter; the camera did not move.
  const after = await ground(page, unit.position.x, unit.position.z)
  expect(Math.hypot(after.x - anchor.x, after.y - anchor.y)).toBeLessThan(1)
  await expect(page.getByTestId('smr-plan')).toContainText(`${unit.name} moves 2.0"`)
  await shot(page, info, '02-drag-released')
  const seq = (await hostRequest<SmrSnapshot>('match:snapshot')).seq
  await page.keyboard.press('Enter')
  await expect.poll(async () => (await hostRequest<SmrSnapshot>('match:snapshot')).seq).toBeGreaterThan(seq)
  const moved = (await stateNow()).units[unit.id]!
  expect(Math.hypot(moved.position.x - along(2).x, moved.position.z - along(2).z)).toBeLessThan(0.2)
  expect(Math.abs(((moved.facingDeg - unit.facingDeg - 15 + 540) % 360) - 180)).toBeLessThan(2)
  await shot(page, info, '03-moved')

  // The figure's-eye view from the unit just moved: at its figure's eye, looking along its new facing.
  const before = await canvasStats(page)
  await page.keyboard.press('v')
  await expect(page.getByTestId('camera-choice')).toHaveValue('eyeview')
  await page.waitForTimeout(400)
  const eye = await canvasStats(page)
  await shot(page, info, '04-eye-view')
  // Sky, the ground's grain, woods and figures: well over a hundred colours (a blank or one-colour frame has a
  // handful; a software renderer draws without multisampling, so edges add no blended shades).
  expect(eye.distinct).toBeGreaterThan(100)
  expect(Math.abs(eye.mean - before.mean)).toBeGreaterThan(1)
  await page.keyboard.press('Escape')
  await expect(page.getByTestId('camera-choice')).toHaveValue('free')
})
