import { expect, test } from '@playwright/test'
import { dispatch } from '../../src-engine/index'
import { openApp, openingFor, shot, snapshot, startAt } from './support'

// "Armour on the Farm Lane": the carrier's crew gets its turn; the carrier starts halted (SMLE-VEH-03).
const SCENARIO = 'farm-lane-armour'
const AHEAD_IN = 4
const opening = openingFor(SCENARIO, 'br-carrier-crew', (m) => {
  const v = m.state.vehicles['br-carrier']!
  return dispatch(m, { type: 'moveVehicle', vehicleId: v.id, to: { x: v.position.x, z: v.position.z - AHEAD_IN } })
    .decision.ok
})

test('drive a vehicle: click it, read its speeds, click the ground; a drive beyond half speed from a halt is refused with its clause', async ({
  page,
}, info) => {
  await startAt(SCENARIO, opening)
  await openApp(page)
  const before = (await snapshot()).state.vehicles['br-carrier']!
  const at = (x: number, y: number, z: number) =>
    page.evaluate(([x, y, z]) => window.smleInspect!.project(x, y, z), [x, y, z] as const)

  // Look down at the carrier from behind, framed above the Actions panel.
  const c = before.position
  await page.evaluate(([x, y, z]) => window.smleInspect!.setCamera({ x, y: y + 22, z: z + 26 }, { x, y, z: z + 5 }), [
    c.x,
    c.y,
    c.z,
  ] as const)
  // A point inside the hull that the panels leave in view (the front of its deck, facing 0: toward −z).
  const onCanvas = (p: { x: number; y: number }) =>
    page.evaluate(([x, y]) => document.elementFromPoint(x, y)?.tagName === 'CANVAS', [p.x, p.y] as const)
  const inside = async () => {
    for (const f of [0.4, 0.3, 0.2, 0.1, 0])
      for (const h of [0.7, 0.5]) {
        const p = await at(before.position.x, before.position.y + h, before.position.z - before.lengthIn * f)
        if (await onCanvas(p)) return p
      }
    throw new Error('the carrier is hidden under the panels')
  }
  // The new view is drawn on the next frame: wait until the carrier's place on screen holds still.
  let hull = { x: -1, y: -1 }
  await expect
    .poll(async () => {
      const now = await inside().catch(() => ({ x: -100, y: -100 }))
      const still = now.x >= 0 && Math.hypot(now.x - hull.x, now.y - hull.y) < 0.5
      hull = now
      return still
    })
    .toBe(true)
  await page.mouse.click(hull.x, hull.y)
  const selection = page.getByRole('region', { name: 'Selection' })
  await expect(selection).toContainText('Carrier')
  await expect(selection).toContainText(`Combat speed ${before.combatSpeedIn}"`)
  await expect(selection).toContainText(/From a halt: half speed this round, at most [\d.]+" \(SMLE-VEH-03\)/)
  await shot(page, info, '01-carrier-picked')

  // Before any click, the pointer over the ground previews the drive as the host would judge it.
  // A point beyond half speed that no panel covers (the turn bar may sit over the far ground on a narrow window).
  let far = { x: -1, y: -1 }
  for (const extra of [4, 3, 2, 1.5, 1]) {
    far = await at(before.position.x, before.position.y, before.position.z - (before.combatSpeedIn / 2 + extra))
    if (await onCanvas(far)) break
  }
  const near = await at(before.position.x, before.position.y, before.position.z - AHEAD_IN)
  const preview = page.getByTestId('vehicle-move-preview')
  await page.mouse.move(far.x, far.y)
  await expect(preview).toHaveAttribute('data-ok', 'false')
  await expect(preview).toHaveAttribute('data-clause', /^SMLE-VEH-0[23]$/)
  await expect(preview).toContainText('SMLE-VEH')
  await shot(page, info, '01b-drive-preview-refused')
  await page.mouse.move(near.x, near.y)
  await expect(preview).toHaveAttribute('data-ok', 'true')
  await expect(preview).toContainText(/Drive [34]\.\d" of [\d.]+" left/)
  await expect.poll(() => page.evaluate(() => window.smleInspect!.objectNames())).toContain('vehicle-path-footprint')
  await shot(page, info, '01c-drive-preview')

  // Too far for a vehicle starting from a halt: refused, nothing moves.
  const seq = (await snapshot()).seq
  await page.mouse.click(far.x, far.y)
  await expect(page.getByRole('alert')).toContainText('SMLE-VEH')
  expect((await snapshot()).seq).toBe(seq)

  // Within half speed: it drives (the move may stop at an interrupt point; the other side holds fire).
  await page.mouse.click(near.x, near.y)
  await expect.poll(async () => (await snapshot()).state.vehicles['br-carrier']!.movedIn).toBeGreaterThan(0)
  for (let i = 0; i < 10 && (await snapshot()).state.pending?.kind === 'opportunity'; i++) {
    const s = (await snapshot()).seq
    await page.locator('.panel.turn').getByRole('button', { name: 'Hold fire', exact: true }).click()
    await expect.poll(async () => (await snapshot()).seq).toBeGreaterThan(s)
  }
  const after = (await snapshot()).state.vehicles['br-carrier']!
  expect(after.position.z).toBeLessThan(before.position.z - 1)
  await expect(page.locator('[data-vehicle="br-carrier"]')).toContainText('combat speed')
  await shot(page, info, '02-carrier-driven')
})
