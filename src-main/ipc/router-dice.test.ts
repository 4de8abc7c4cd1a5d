import { describe, expect, it } from 'vitest'
import { canonicalJson } from '../../src-engine/util/canonical-json'
import type { DiceReport } from '../../src-engine/dice/fairness'
import { diceReport } from '../../src-engine/dice/fairness'
import { hutScenario } from '../../tests/fixtures/scenarios'
import { createGameHost, HOT_SEAT } from '../services/game-host'
import { createMemorySaveStore } from '../services/save-store'
import { createMemoryScenarioLibrary } from '../services/scenario-library'
import { createRouter } from './router'

async function setup() {
  const scenarios = createMemoryScenarioLibrary([hutScenario()])
  const host = createGameHost({
    saves: createMemorySaveStore(),
    scenarios,
    defaultScenarioId: 'hut',
    now: () => 0,
    randomSeed: () => 7,
    autosave: false,
  })
  await host.start()
  return { host, router: createRouter({ host, saves: createMemorySaveStore(), scenarios }, HOT_SEAT) }
}

describe('dice:report', () => {
  it(
    'throws a seeded report on the host, the same as the engine gives, and leaves the game alone',
    { timeout: 60_000 },
    async () => {
      const { host, router } = await setup()
      const before = canonicalJson(host.snapshot(HOT_SEAT))
      const reply = await router.handle('dice:report', { dice: 120, seed: 99 })
      expect(reply.ok).toBe(true)
      if (!reply.ok) return
      const report = reply.value as DiceReport
      expect(report).toEqual(diceReport({ dice: 120, seed: 99 }))
      expect(report.method).toBe('physics')
      expect(canonicalJson(host.snapshot(HOT_SEAT))).toBe(before)
    },
  )

  it('answers other requests while it throws', { timeout: 60_000 }, async () => {
    const { router } = await setup()
    const order: string[] = []
    const report = router.handle('dice:report', { dice: 400, seed: 1 }).then(() => order.push('report'))
    const snapshot = router.handle('match:snapshot', undefined).then(() => order.push('snapshot'))
    await Promise.all([report, snapshot])
    expect(order).toEqual(['snapshot', 'report'])
  })

  it('without a seed, picks one and says which', { timeout: 60_000 }, async () => {
    const { router } = await setup()
    const reply = await router.handle('dice:report', { dice: 60 })
    expect(reply.ok && Number.isInteger((reply.value as DiceReport).seed)).toBe(true)
  })

  for (const payload of [
    { dice: 10 },
    { dice: 1e6 },
    { dice: 100.5 },
    { seed: -1 },
    { dice: 100, extra: true },
    'many',
    42,
  ]) {
    it(`refuses ${JSON.stringify(payload)} as a bad request`, async () => {
      const { router } = await setup()
      const reply = await router.handle('dice:report', payload)
      expect(reply).toMatchObject({ ok: false, error: { code: 'bad-request' } })
    })
  }
})
