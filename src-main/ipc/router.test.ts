import * as fsp from 'node:fs/promises'
import type { SmleSnapshot } from './types'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { canonicalJson } from '../../src-engine/util/canonical-json'
import { newMatch } from '../../tests/fixtures/play'
import { hutScenario } from '../../tests/fixtures/scenarios'
import { createGameHost, type GameHost, HOT_SEAT, SPECTATOR_SEAT, sideSeat } from '../services/game-host'
import { createFileSaveStore, type SaveStore } from '../services/save-store'
import { createMemoryScenarioLibrary } from '../services/scenario-library'
import { methodName, pushChannels, pushMethodName, requestChannels, type RouterReply } from './contract'
import { createRouter, type RouterServices } from './router'
import type { MatchChanged } from './types'

let root: string
let dir: string
let host: GameHost
let saves: SaveStore
let router: ReturnType<typeof createRouter>
let changes: MatchChanged[]

beforeEach(async () => {
  root = await fsp.mkdtemp(join(tmpdir(), 'smle-router-'))
  dir = join(root, 'saves')
  let t = Date.UTC(2024, 2, 3)
  const now = (): number => (t += 1000)
  saves = createFileSaveStore(dir, now)
  const scenarios = createMemoryScenarioLibrary([hutScenario()])
  host = createGameHost({ saves, scenarios, defaultScenarioId: 'hut', now, randomSeed: () => 31337 })
  await host.start()
  await host.dispatch({ type: 'rollActivation', sideId: 'blue' }, HOT_SEAT)
  await host.save('Kept', HOT_SEAT)
  await host.flush()
  router = createRouter({ host, saves, scenarios }, HOT_SEAT)
  changes = []
  host.subscribe(HOT_SEAT, (c) => changes.push(c))
})

afterEach(async () => {
  await host.flush()
  await fsp.rm(root, { recursive: true, force: true })
})

/** Everything that could change: the game, and every file in and beside the saves folder. */
async function world(): Promise<{ state: string; gameId: string; seq: number; files: Record<string, string> }> {
  await host.flush()
  const files: Record<string, string> = {}
  for (const d of [root, dir]) {
    for (const e of await fsp.readdir(d, { withFileTypes: true })) {
      if (e.isFile()) files[join(d, e.name)] = (await fsp.readFile(join(d, e.name))).toString('base64')
    }
  }
  const snap = host.snapshot(HOT_SEAT)
  return { state: canonicalJson(snap.state), gameId: snap.gameId, seq: snap.seq, files }
}

function expectError(reply: RouterReply, code: string): string {
  expect(reply.ok).toBe(false)
  if (reply.ok) throw new Error('expected an error reply')
  expect(reply.error.code).toBe(code)
  return reply.error.message
}

describe('router: channels', () => {
  it('an unknown channel gets "bad-channel" and changes nothing', async () => {
    const before = await world()
    for (const channel of [
      'nope',
      'match:teleport',
      '__proto__',
      'toString',
      'constructor',
      '',
      42,
      null,
      undefined,
      { channel: 'match:snapshot' },
    ]) {
      const message = expectError(await router.handle(channel, undefined), 'bad-channel')
      expect(message).toMatch(/Unknown request/)
    }
    expect(await world()).toEqual(before)
    expect(changes).toEqual([])
  })

  it('methodName and pushMethodName give the bridge names', () => {
    expect(methodName('match:dispatch')).toBe('matchDispatch')
    expect(methodName('save:list')).toBe('saveList')
    expect(pushMethodName('match:changed')).toBe('onMatchChanged')
    // Every channel has its own method name, so no request can shadow another on the bridge.
    const names = [...requestChannels.map(methodName), ...pushChannels.map(pushMethodName)]
    expect(new Set(names).size).toBe(names.length)
  })
})

describe('router: malformed payloads are refused and change nothing', () => {
  const cases: [string, unknown][] = [
    ['match:snapshot', { please: true }],
    ['match:snapshot', null],
    ['match:undo', {}],
    ['match:new', undefined],
    ['match:new', {}],
    ['match:new', { scenarioId: 42 }],
    ['match:new', { scenarioId: '' }],
    ['match:new', { scenarioId: 'hut', seed: -1 }],
    ['match:new', { scenarioId: 'hut', seed: 1.5 }],
    ['match:new', { scenarioId: 'hut', seed: 2 ** 32 }],
    ['match:new', { scenarioId: 'hut', seed: '7' }],
    ['match:new', { scenarioId: 'hut', extra: 1 }],
    ['match:dispatch', 'moveFigure'],
    ['match:dispatch', null],
    ['match:dispatch', undefined],
    ['match:dispatch', 42],
    ['match:dispatch', [{ type: 'endTurn', sideId: 'blue' }]],
    ['match:dispatch', { sideId: 'blue' }],
    ['match:dispatch', { type: 7, sideId: 'blue' }],
    ['save:list', { all: true }],
    ['save:create', undefined],
    ['save:create', {}],
    ['save:create', { name: '' }],
    ['save:create', { name: '    ' }],
    ['save:create', { name: 7 }],
    ['save:create', { name: 'x'.repeat(201) }],
    ['save:create', { name: 'Fine', id: 'autosave' }],
    ['save:load', { id: '../saves/kept' }],
    ['save:load', { id: 'a/b' }],
    ['save:load', { id: 'Kept' }],
    ['save:load', { id: 'kept', also: 'x' }],
    ['save:load', 'kept'],
    ['save:delete', { id: '../outside' }],
    ['save:delete', { id: '' }],
    ['save:delete', {}],
    ['scenario:list', 'hut'],
    ['scenario:get', {}],
    ['scenario:check', {}],
    ['scenario:check', { scenario: [] }],
    ['scenario:save', { scenario: 'hut' }],
    ['scenario:import', { text: 'x'.repeat(512 * 1024 + 1) }],
    ['scenario:export', 'hut'],
    ['scenario:delete', { id: '' }],
    ['match:legal', {}],
    ['match:legal', 'red'],
    ['match:previewFire', null],
    ['match:previewFire', 'directFire'],
    ['match:previewFire', { teamId: 'blue-1' }],
  ]

  for (const [channel, payload] of cases) {
    it(`${channel} with ${JSON.stringify(payload) ?? 'undefined'} → bad-request; game and saves folder unchanged`, async () => {
      // A good save one folder up, which "../outside" would name.
      await fsp.writeFile(join(root, 'outside.smle.json'), await fsp.readFile(join(dir, 'kept.smle.json')))
      const before = await world()
      const message = expectError(await router.handle(channel, payload), 'bad-request')
      expect(message).toMatch(new RegExp(`^Malformed ${channel} request`))
      expect(await world()).toEqual(before)
      expect(changes).toEqual([])
    })
  }

  it('the bad-request message says where the payload is wrong', async () => {
    expect(expectError(await router.handle('save:load', { id: '../x' }), 'bad-request')).toMatch(
      /at "id": a save id is lower-case letters, digits and hyphens/,
    )
    expect(expectError(await router.handle('match:new', { scenarioId: 'hut', extra: 1 }), 'bad-request')).toMatch(
      /extra/,
    )
  })
})

describe('router: good requests', () => {
  it('a valid dispatch returns the Decision and the game moves on', async () => {
    const before = host.snapshot(HOT_SEAT)
    const reply = await router.handle('match:dispatch', { type: 'rollActivation', sideId: 'red' })
    expect(reply.ok).toBe(true)
    if (!reply.ok) return
    expect(reply.value).toMatchObject({ ok: true })
    const decision = reply.value as { ok: true; events: { type: string }[] }
    expect(decision.events.length).toBeGreaterThan(0)
    expect(host.snapshot(HOT_SEAT).seq).toBe(before.seq + 1)
    expect((host.snapshot(HOT_SEAT) as SmleSnapshot).state.phase).toBe('play')
    expect(changes.map((c) => c.reason)).toEqual(['dispatch'])
  })

  it('a rules refusal is a good reply carrying the refusal: {ok:true, value:{ok:false, reason:{clause}}}', async () => {
    const before = await world()
    const reply = await router.handle('match:dispatch', { type: 'rollActivation', sideId: 'blue' })
    expect(reply).toMatchObject({ ok: true, value: { ok: false, reason: { clause: 'CORE-TURN-01' } } })
    if (reply.ok) expect(typeof (reply.value as { reason: { message: string } }).reason.message).toBe('string')
    expect(await world()).toEqual(before)
  })

  it('a well-formed object that is not a command is refused by the rules (CORE-CMD-02), not by the router', async () => {
    const reply = await router.handle('match:dispatch', { type: 'teleport', figureId: 'b1' })
    expect(reply).toMatchObject({ ok: true, value: { ok: false, reason: { clause: 'CORE-CMD-02' } } })
  })

  it('snapshot, list, create, load, delete and scenario:list work through the router', async () => {
    const snap = await router.handle('match:snapshot', undefined)
    expect(snap.ok && (snap.value as { seq: number }).seq).toBe(1)

    const created = await router.handle('save:create', { name: '  Second save  ' })
    expect(created).toMatchObject({ ok: true, value: { id: 'second-save', name: 'Second save' } })

    const list = await router.handle('save:list', undefined)
    expect(list.ok && (list.value as { id: string }[]).map((s) => s.id)).toEqual(['autosave', 'second-save', 'kept'])

    const loaded = await router.handle('save:load', { id: 'kept' })
    expect(loaded.ok && (loaded.value as { seq: number }).seq).toBe(1)

    expect(await router.handle('save:delete', { id: 'second-save' })).toEqual({
      ok: true,
      value: { deleted: 'second-save' },
    })
    expect(await fsp.readdir(dir)).not.toContain('second-save.smle.json')

    const scenarios = await router.handle('scenario:list', undefined)
    expect(scenarios).toEqual({
      ok: true,
      value: [
        {
          id: 'hut',
          name: 'Hut',
          description: '',
          ruleset: 'smle',
          sides: [
            { id: 'blue', name: 'Blue' },
            { id: 'red', name: 'Red' },
          ],
          source: 'builtin',
        },
      ],
    })
  })

  it('match:new with a seed starts that game; undo through the router', async () => {
    const reply = await router.handle('match:new', { scenarioId: 'hut', seed: 5 })
    expect(reply).toMatchObject({ ok: true, value: { seed: 5, seq: 0 } })
    expect(await router.handle('match:undo', undefined)).toMatchObject({
      ok: true,
      value: { ok: false, clause: 'CORE-UNDO-02' },
    })
  })
})

describe('router: options and fire previews', () => {
  it('match:legal gives the side to act its labelled options, and changes nothing', async () => {
    const before = await world()
    const reply = await router.handle('match:legal', undefined)
    expect(reply).toMatchObject({
      ok: true,
      value: {
        sideId: 'red',
        seq: 1,
        options: [
          { group: 'activation', label: 'Roll activation', command: { type: 'rollActivation', sideId: 'red' } },
        ],
      },
    })
    expect(await world()).toEqual(before)
    expect(changes).toEqual([])
  })

  it("match:previewFire answers a fire the rules refuse with its clause, and a legal one with each firer's to-hit breakdown; nothing changes", async () => {
    const before = await world()
    expect(
      await router.handle('match:previewFire', { type: 'directFire', teamId: 'blue-1', targetTeamId: 'red-1' }),
    ).toMatchObject({ ok: true, value: { ok: false, clause: expect.stringMatching(/^(CORE|SMLE)-/) } })
    expect(await router.handle('match:previewFire', { type: 'holdFire', sideId: 'red' })).toMatchObject({
      ok: true,
      value: { ok: false, clause: 'CORE-CMD-02' },
    })
    expect(await world()).toEqual(before)
    await host.dispatch({ type: 'rollActivation', sideId: 'red' }, HOT_SEAT)
    const legal = await router.handle('match:legal', undefined)
    const fire = legal.ok
      ? (legal.value as { options: { command: { type: string } }[] }).options.find(
          (o) => o.command.type === 'panicFire' || o.command.type === 'directFire',
        )
      : undefined
    if (!fire) throw new Error('the hut game offers a fire option once both sides have rolled')
    const reply = await router.handle('match:previewFire', fire.command)
    expect(reply).toMatchObject({
      ok: true,
      value: {
        ok: true,
        preview: {
          firers: expect.arrayContaining([
            expect.objectContaining({ toHit: expect.any(Number), modifiers: expect.any(Array) }),
          ]),
        },
      },
    })
  })
})

describe('router: refusals by the host', () => {
  it('a HostError comes back as "refused" with its message, and changes nothing', async () => {
    const before = await world()
    expect(expectError(await router.handle('save:load', { id: 'missing' }), 'refused')).toBe(
      'There is no save called "missing".',
    )
    expect(expectError(await router.handle('match:new', { scenarioId: 'nowhere' }), 'refused')).toMatch(
      /There is no scenario "nowhere"/,
    )
    await fsp.writeFile(join(dir, 'junk.smle.json'), 'not json')
    const junkBefore = await world()
    expect(expectError(await router.handle('save:load', { id: 'junk' }), 'refused')).toMatch(/not valid JSON/)
    expect(await world()).toEqual(junkBefore)
    expect(junkBefore.state).toBe(before.state)
    expect(changes).toEqual([])
  })

  it('any other error comes back as "failed" with its message', async () => {
    const broken: RouterServices = {
      host,
      scenarios: createMemoryScenarioLibrary([]),
      saves: {
        ...saves,
        list: async () => {
          throw new Error('the disk is on fire')
        },
      },
    }
    expect(expectError(await createRouter(broken, HOT_SEAT).handle('save:list', undefined), 'failed')).toBe(
      'the disk is on fire',
    )
  })

  it('the router passes what the schema produced (a trimmed name), not the raw payload', async () => {
    const reply = await router.handle('save:create', { name: '\t Padded \n' })
    expect(reply).toMatchObject({ ok: true, value: { name: 'Padded', id: 'padded' } })
    const loaded = await saves.load('padded')
    expect(loaded.ok && loaded.summary.name).toBe('Padded')
    expect(canonicalJson(loaded.ok && loaded.match.state)).not.toBe(canonicalJson(newMatch(31337).state))
  })
})

describe('router: one seat per connection (CORE-SEAT-01)', () => {
  it("a spectator's router answers with its view, refuses its commands and changes nothing: no game, no file, no push", async () => {
    const scenarios = createMemoryScenarioLibrary([hutScenario()])
    const watching = createRouter({ host, saves, scenarios }, SPECTATOR_SEAT)
    const before = await world()
    const snap = await watching.handle('match:snapshot', undefined)
    expect(snap).toMatchObject({ ok: true, value: { seat: { kind: 'spectator' } } })
    const side = (host.snapshot(HOT_SEAT) as SmleSnapshot).state.activeSideId
    expect(await watching.handle('match:dispatch', { type: 'endActivation', teamId: 'x', sideId: side })).toMatchObject(
      { ok: true, value: { ok: false, reason: { clause: 'CORE-SEAT-01' } } },
    )
    expect(await watching.handle('match:legal', undefined)).toMatchObject({ ok: true, value: { options: [] } })
    expect(await watching.handle('match:undo', undefined)).toMatchObject({
      ok: true,
      value: { ok: false, clause: 'CORE-SEAT-01' },
    })
    expectError(await watching.handle('match:new', { scenarioId: 'hut' }), 'refused')
    expectError(await watching.handle('save:create', { name: 'Mine' }), 'refused')
    const kept = (await saves.list()).find((x) => x.name === 'Kept')
    expectError(await watching.handle('save:load', { id: kept?.id ?? 'kept' }), 'refused')
    expectError(await watching.handle('save:delete', { id: kept?.id ?? 'kept' }), 'refused')
    expect(await world()).toEqual(before)
    expect(changes).toEqual([])
  })
  it("a side's router acts for that side only", async () => {
    const scenarios = createMemoryScenarioLibrary([hutScenario()])
    const side = (host.snapshot(HOT_SEAT) as SmleSnapshot).state.activeSideId
    const other = side === 'blue' ? 'red' : 'blue'
    const legal = (await router.handle('match:legal', undefined)) as {
      ok: true
      value: { options: { command: unknown }[] }
    }
    const command = legal.value.options[0]?.command
    expect(
      await createRouter({ host, saves, scenarios }, sideSeat(other)).handle('match:dispatch', command),
    ).toMatchObject({ ok: true, value: { ok: false, reason: { clause: 'CORE-SEAT-01' } } })
    expect(
      await createRouter({ host, saves, scenarios }, sideSeat(side)).handle('match:dispatch', command),
    ).toMatchObject({ ok: true, value: { ok: true } })
  })
})
