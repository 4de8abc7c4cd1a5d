import * as fsp from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { canonicalJson } from '../../src-engine/util/canonical-json'
import { hutScenario } from '../../tests/fixtures/scenarios'
import { createGameHost, type GameHost, HOT_SEAT } from '../services/game-host'
import { createFileSaveStore } from '../services/save-store'
import { createMemoryScenarioLibrary } from '../services/scenario-library'
import { commandBoundsProblem, REQUEST_LIMITS, waypointProblem } from './bounds'
import type { LegalOptions, RouterReply } from './contract'
import { createRouter, type Router } from './router'
import type { MatchChanged } from './types'

let root: string
let host: GameHost
let router: Router
let changes: MatchChanged[]

beforeEach(async () => {
  root = await fsp.mkdtemp(join(tmpdir(), 'smle-bounds-'))
  let t = Date.UTC(2024, 2, 3)
  const now = (): number => (t += 1000)
  const saves = createFileSaveStore(join(root, 'saves'), now)
  const scenarios = createMemoryScenarioLibrary([hutScenario()])
  host = createGameHost({ saves, scenarios, defaultScenarioId: 'hut', now, randomSeed: () => 31337 })
  await host.start()
  await host.dispatch({ type: 'rollActivation', sideId: 'blue' }, HOT_SEAT)
  await host.dispatch({ type: 'rollActivation', sideId: 'red' }, HOT_SEAT)
  router = createRouter({ host, saves, scenarios }, HOT_SEAT)
  changes = []
  host.subscribe(HOT_SEAT, (c) => changes.push(c))
})

afterEach(async () => {
  await host.flush()
  await fsp.rm(root, { recursive: true, force: true })
})

const game = (): { seq: number; state: string } => {
  const s = host.snapshot(HOT_SEAT)
  return { seq: s.seq, state: canonicalJson(s.state) }
}

function badRequest(reply: RouterReply): string {
  if (reply.ok) throw new Error(`expected a refusal, got ${JSON.stringify(reply).slice(0, 200)}`)
  expect(reply.error.code).toBe('bad-request')
  expect(reply.error.message.length).toBeLessThanOrEqual(300)
  return reply.error.message
}

/** A fire the hut game offers now (both sides have rolled). */
async function fireCommand(): Promise<{ type: string; teamId: string } & Record<string, unknown>> {
  const legal = await router.handle('match:legal', undefined)
  if (!legal.ok) throw new Error('legal failed')
  const fire = (legal.value as LegalOptions).options.find((o) => /Fire$/.test(o.command.type))
  if (!fire) throw new Error('the hut game offers a fire once both sides have rolled')
  return fire.command as { type: string; teamId: string } & Record<string, unknown>
}

describe('request bounds at the door', () => {
  it('match:previewFire with 60,000 firer ids is refused at once, naming the bound; the game is unchanged', async () => {
    const before = game()
    const fire = await fireCommand()
    const firerIds = Array.from({ length: 60_000 }, (_, i) => `${fire.teamId}-${i}`)
    const t0 = performance.now()
    const reply = await router.handle('match:previewFire', { ...fire, firerIds })
    const ms = performance.now() - t0
    expect(badRequest(reply)).toMatch(/firerIds has 60000 entries; at most 64 are allowed/)
    // Refused before the engine looks: far under the one-second budget even on a busy machine.
    expect(ms).toBeLessThan(1000)
    expect(badRequest(await router.handle('match:dispatch', { ...fire, firerIds }))).toMatch(/at most 64/)
    expect(game()).toEqual(before)
    expect(changes).toEqual([])
  })

  it('the same firer named twice is refused; 64 distinct ids (most unknown) are answered by the rules', async () => {
    const fire = await fireCommand()
    const firer = `${fire.teamId}-1`
    expect(badRequest(await router.handle('match:previewFire', { ...fire, firerIds: [firer, firer] }))).toMatch(
      /names ".*" more than once/,
    )
    const ids = Array.from({ length: 64 }, (_, i) => `${fire.teamId}-${i + 1}`)
    const reply = await router.handle('match:previewFire', { ...fire, firerIds: ids })
    expect(reply.ok).toBe(true)
  })

  it.each([
    [
      'an id over 128 characters',
      { type: 'endActivation', teamId: 'x'.repeat(129) },
      /129 characters long; at most 128/,
    ],
    ['a type over 128 characters', { type: 't'.repeat(5000) }, /5000 characters long/],
    [
      '17 waypoints',
      {
        type: 'moveFigure',
        figureId: 'blue-1-1',
        to: { x: 1, z: 1 },
        via: Array.from({ length: 17 }, () => ({ x: 1, z: 1 })),
      },
      /via has 17 waypoints; at most 16/,
    ],
    [
      "17 waypoints in a close assault's mover",
      {
        type: 'closeAssault',
        teamId: 'blue-1',
        targetTeamId: 'red-1',
        movers: [{ figureId: 'blue-1-1', to: { x: 1, z: 1 }, via: Array.from({ length: 17 }, () => ({ x: 1, z: 1 })) }],
      },
      /movers\.0\.via has 17 waypoints/,
    ],
    [
      '65 figures going prone',
      { type: 'reactToFire', sideId: 'red', prone: Array.from({ length: 65 }, (_, i) => `f${i}`) },
      /at most 64/,
    ],
    [
      '65 weapons',
      {
        type: 'directFire',
        teamId: 'a',
        targetTeamId: 'b',
        weapons: Object.fromEntries(Array.from({ length: 65 }, (_, i) => [`f${i}`, 'rifle'])),
      },
      /weapons has 65 fields; at most 64/,
    ],
    [
      'nesting 9 levels deep',
      { type: 'endSetup', sideId: 'blue', x: [[[[[[[[[1]]]]]]]]] },
      /nested more than 8 levels/,
    ],
    [
      'a command over 16 KB',
      {
        type: 'endSetup',
        sideId: 'blue',
        ...Object.fromEntries(
          ['a', 'b', 'c'].map((k) => [k, Array.from({ length: 64 }, (_, i) => `${i}`.padEnd(120, 'v'))]),
        ),
      },
      /over 16 KB/,
    ],
  ])('a command with %s is refused as bad-request naming the bound', async (_what, command, message) => {
    const before = game()
    expect(badRequest(await router.handle('match:dispatch', command))).toMatch(message)
    expect(badRequest(await router.handle('match:previewFire', command))).toMatch(message)
    expect(game()).toEqual(before)
    expect(changes).toEqual([])
  })

  it('a non-finite number (possible over Electron IPC) and a cycle are refused', () => {
    expect(commandBoundsProblem({ type: 'moveFigure', to: { x: Number.NaN, z: 0 } })).toMatch(
      /payload.to.x is not a finite number/,
    )
    const cyclic: Record<string, unknown> = { type: 'endSetup' }
    cyclic.self = cyclic
    expect(commandBoundsProblem(cyclic)).toMatch(/nested more than 8 levels/)
  })

  it('a deep value 100,000 levels down is refused without recursion', () => {
    let deep: unknown = 1
    for (let i = 0; i < 100_000; i++) deep = [deep]
    expect(commandBoundsProblem({ type: 'x', deep })).toMatch(/nested more than/)
  })

  it('match:new and save:create bound their strings', async () => {
    expect(badRequest(await router.handle('match:new', { scenarioId: 's'.repeat(129) }))).toMatch(/128/)
    expect(badRequest(await router.handle('save:create', { name: 'n'.repeat(201) }))).toMatch(/200|too big|<=/i)
  })

  it('an unknown channel of 1 MB is named in at most 64 characters', async () => {
    const reply = await router.handle('c'.repeat(1 << 20), undefined)
    if (reply.ok) throw new Error('expected a refusal')
    expect(reply.error.code).toBe('bad-channel')
    expect(reply.error.message.length).toBeLessThan(100)
  })

  it('every command the rules offer in a game is within the bounds', async () => {
    for (let step = 0; step < 30; step++) {
      const legal = await router.handle('match:legal', undefined)
      if (!legal.ok) throw new Error('legal failed')
      const options = (legal.value as LegalOptions).options
      for (const o of options) {
        expect(commandBoundsProblem(o.command)).toBeNull()
        expect(waypointProblem(o.command)).toBeNull()
      }
      const next = options.find((o) => o.command.type !== 'endActivation') ?? options[0]
      if (!next) break
      await router.handle('match:dispatch', next.command)
    }
    expect(REQUEST_LIMITS.listItems).toBe(64)
  })
})

describe('expensive requests', () => {
  it('match:legal is worked out once per game position and seat: a repeat from any connection costs nothing, a change works it out anew', async () => {
    const legal = vi.spyOn(host, 'legal')
    const first = await router.handle('match:legal', undefined)
    const again = await createRouter(
      { host, saves: undefined as never, scenarios: undefined as never },
      HOT_SEAT,
    ).handle('match:legal', undefined)
    expect(again).toEqual(first)
    expect(legal).toHaveBeenCalledTimes(1)
    const fire = await fireCommand()
    await router.handle('match:dispatch', { type: 'endActivation', teamId: fire.teamId })
    const seq = host.snapshot(HOT_SEAT).seq
    const after = await router.handle('match:legal', undefined)
    expect(after.ok && (after.value as LegalOptions).seq).toBe(seq)
    expect(legal).toHaveBeenCalledTimes(2)
  })
})
