import * as fsp from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import farmhouse from '../../assets/scenarios/farmhouse-skirmish.json'
import { createGameHost, type GameHost, HOT_SEAT, SPECTATOR_SEAT } from '../services/game-host'
import { createMemorySaveStore } from '../services/save-store'
import { createScenarioLibrary, type ScenarioLibrary } from '../services/scenario-library'
import type { EditorCheck, RouterReply } from './contract'
import { createRouter } from './router'

let root: string
let scenarios: ScenarioLibrary
let host: GameHost

beforeEach(async () => {
  root = await fsp.mkdtemp(join(tmpdir(), 'smle-router-scenarios-'))
  scenarios = createScenarioLibrary(
    join(import.meta.dirname, '..', '..', 'assets', 'scenarios'),
    join(root, 'scenarios'),
  )
  host = createGameHost({
    saves: createMemorySaveStore(),
    scenarios,
    defaultScenarioId: 'farmhouse-skirmish',
    now: () => 0,
    randomSeed: () => 7,
  })
  await host.start()
})

afterEach(async () => {
  await host.flush()
  await fsp.rm(root, { recursive: true, force: true })
})

const value = <T>(reply: RouterReply): T => {
  if (!reply.ok) throw new Error(reply.error.message)
  return reply.value as T
}
const mine = { ...farmhouse, id: 'my-farm', name: 'My farm' }

describe("router: the editor's requests", () => {
  it('scenario:check answers problems in words at their place and each side’s points, and changes nothing', async () => {
    const router = createRouter({ host, saves: createMemorySaveStore(), scenarios }, HOT_SEAT)
    const edited = structuredClone(mine)
    edited.teams[0]!.figures[0]!.position = { x: -3, z: 5 }
    const check = value<EditorCheck>(await router.handle('scenario:check', { scenario: edited }))
    const off = check.problems.find((p) => p.code === 'figure-off-table')
    expect(off).toMatchObject({ severity: 'error', at: { x: -3, z: 5 } })
    expect(off!.message).toMatch(/stands off the table/)
    expect(check.points?.map((p) => p.sideId)).toEqual(['british', 'german'])
    expect(check.points?.every((p) => p.total > 0)).toBe(true)
    expect(await fsp.readdir(root)).toEqual([])
  })

  it('scenario:save writes the player’s scenario, which New game then lists and plays', async () => {
    const router = createRouter({ host, saves: createMemorySaveStore(), scenarios }, HOT_SEAT)
    expect(value(await router.handle('scenario:save', { scenario: mine }))).toMatchObject({ source: 'user' })
    const list = value<{ id: string; source?: string }[]>(await router.handle('scenario:list', undefined))
    expect(list.find((s) => s.id === 'my-farm')?.source).toBe('user')
    expect(value(await router.handle('match:new', { scenarioId: 'my-farm', seed: 3 }))).toMatchObject({
      scenario: { id: 'my-farm', name: 'My farm' },
    })
  })

  it('a refused import is a "refused" reply with its message; a malformed request is a bad request', async () => {
    const router = createRouter({ host, saves: createMemorySaveStore(), scenarios }, HOT_SEAT)
    const reply = await router.handle('scenario:import', {
      text: '{"formatVersion": 9, "ruleset": "smle", "sides": []}',
    })
    expect(reply).toMatchObject({
      ok: false,
      error: { code: 'refused', message: expect.stringMatching(/newer version/) },
    })
    expect(await router.handle('scenario:import', { text: 42 })).toMatchObject({
      ok: false,
      error: { code: 'bad-request' },
    })
    expect(await router.handle('scenario:save', { scenario: 'x'.repeat(10) })).toMatchObject({
      ok: false,
      error: { code: 'bad-request' },
    })
  })

  it('a spectator may check and export but not save, import or delete (CORE-SEAT-01)', async () => {
    const watching = createRouter({ host, saves: createMemorySaveStore(), scenarios }, SPECTATOR_SEAT)
    expect((await watching.handle('scenario:check', { scenario: mine })).ok).toBe(true)
    expect((await watching.handle('scenario:export', { id: 'farmhouse-skirmish' })).ok).toBe(true)
    for (const [channel, payload] of [
      ['scenario:save', { scenario: mine }],
      ['scenario:import', { text: JSON.stringify(mine) }],
      ['scenario:delete', { id: 'my-farm' }],
    ] as const)
      expect(await watching.handle(channel, payload)).toMatchObject({ ok: false, error: { code: 'refused' } })
    expect(await fsp.readdir(root)).toEqual([])
  })
})
