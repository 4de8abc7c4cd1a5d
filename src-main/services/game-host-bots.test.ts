import * as fsp from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { createRequire } from 'node:module'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import ambushJson from '../../assets/scenarios/smle-ambush.json'
import contactJson from '../../assets/scenarios/smr-contact.json'
import { createBotBrain } from '../../src-engine/ai/brain'
import { parseScenario } from '../../src-engine/rules/loading'
import type { Match } from '../../src-engine/rules/smle/match'
import { sideToAct } from '../../src-engine/rules/smle/queries/legal-commands'
import { viewState } from '../../src-engine/rules/smle/view'
import { sidesViewer } from '../../src-engine/core/viewer'
import { nextCommand } from '../../tests/fixtures/drive'
import { type BotRunner, createLocalBotRunner, createWorkerBotRunner } from './bot-runner'
import { createGameHost, type GameHost, HostError, HOT_SEAT, sideSeat } from './game-host'
import { createFileSaveStore } from './save-store'
import { type AnyScenario, createMemoryScenarioLibrary } from './scenario-library'

const scenarioOf = (json: unknown): AnyScenario => {
  const r = parseScenario(json)
  if (!r.ok) throw new Error(r.message)
  return r.scenario as AnyScenario
}
const ambush = scenarioOf(ambushJson)
const contact = scenarioOf(contactJson)

let dir: string
let hosts: GameHost[] = []
const errors: unknown[] = []

beforeEach(async () => {
  dir = await fsp.mkdtemp(join(tmpdir(), 'smle-host-bots-'))
  errors.length = 0
})
afterEach(async () => {
  for (const h of hosts) {
    await h.botsIdle()
    await h.flush()
  }
  hosts = []
  await fsp.rm(dir, { recursive: true, force: true })
})

function makeHost(bots: BotRunner = createLocalBotRunner()): GameHost {
  let clock = Date.UTC(2024, 5, 1)
  const now = (): number => (clock += 1000)
  const host = createGameHost({
    saves: createFileSaveStore(dir, now),
    scenarios: createMemoryScenarioLibrary([ambush, contact]),
    defaultScenarioId: 'smle-ambush',
    now,
    randomSeed: () => 4,
    prepareWhenIdle: false,
    bots,
    botPaceMs: 0,
    onBotError: (err) => errors.push(err),
  })
  hosts.push(host)
  return host
}

const smleMatch = (host: GameHost): Match => host.match() as unknown as Match

/**
 * Plays the column's side of "Ambush!" from `seat` (at most `commands` of its commands) while another seat, the
 * computer or a person, plays the hidden partisans (`othersTurn` waits for it when the column's view shows it the
 * partisans to act). A window only the partisans' hidden teams may fire in is not the column's to see
 * (SMLE-SCEN-05): while one is decided, the column's view and options stay its own turn's (`midWindow` runs then
 * too), its command waits instead of being refused as "not your turn" (CORE-SEAT-01), and a move the partisans let
 * pass reaches it in one change. How often each was seen.
 */
async function playColumnPastUnseenWindows(
  host: GameHost,
  seat: ReturnType<typeof sideSeat>,
  commands: number,
  othersTurn: () => Promise<unknown>,
  midWindow?: () => Promise<void>,
): Promise<{ midWindow: number; heldMoves: number }> {
  const column = sidesViewer('column')
  const told: { events: readonly { type: string }[]; state: { pending: unknown } }[] = []
  host.subscribe(seat, (c) => told.push(c as never))
  let seenMidWindow = 0
  let heldMoves = 0
  for (let i = 0; i < commands && smleMatch(host).state.phase !== 'ended'; i++) {
    const m = smleMatch(host)
    const seen = viewState(m.state, column, m.header.scenario)
    if (sideToAct(seen) !== 'column') {
      await othersTurn()
      continue
    }
    const cmd =
      seen.pending?.kind === 'fireReaction'
        ? { type: 'reactToFire' as const, sideId: 'column', prone: [] }
        : nextCommand({ ...m, state: seen })
    const before = { entries: m.entries.length, told: told.length }
    let settled = false
    const reply = host.dispatch(cmd, seat).finally(() => (settled = true))
    while (!settled) {
      const now = smleMatch(host)
      if (sideToAct(now.state) === 'partisans' && now.state.pending?.kind === 'opportunity') {
        seenMidWindow++
        expect(host.snapshot(seat).state).toMatchObject({ pending: null })
        expect(host.legal(seat)).toMatchObject({ sideId: 'column', options: [] })
        await midWindow?.()
      }
      await new Promise((r) => setTimeout(r, 2))
    }
    const r = await reply
    // Judged once the other side is done: the rules' answer, never "not your turn" (CORE-SEAT-01).
    if (!r.ok) expect(r.reason.clause).not.toBe('CORE-SEAT-01')
    // A move the hidden partisans let pass (they held their fire at one of its points) is told in one change.
    const added = smleMatch(host).entries.slice(before.entries)
    const helds = added.filter((e) => (e.command as { type: string }).type === 'holdFire').length
    if (r.ok && cmd.type === 'moveFigure' && helds > 0 && added.length === helds + 1) {
      heldMoves++
      expect(told.length - before.told).toBe(1)
      expect(told.at(-1)!.state.pending).toBeNull()
    }
    // A window the column is told of names a partisan team it may see.
    for (const c of told.slice(before.told))
      for (const e of c.events as { type: string; pending?: { kind: string; eligibleTeamIds?: string[] } }[])
        if (e.type === 'PendingSet' && e.pending?.kind === 'opportunity')
          expect(e.pending.eligibleTeamIds?.length).toBeGreaterThan(0)
  }
  return { midWindow: seenMidWindow, heldMoves }
}

describe('the computer plays a side (solo play)', () => {
  it('plays the partisans by itself while a person plays the column, who sees only the column’s view; the computer’s side is not the person’s to command', async () => {
    const host = makeHost()
    await host.start()
    const snap = await host.newMatch(
      { scenarioId: 'smle-ambush', seed: 4, players: { partisans: 'bot:normal' } },
      HOT_SEAT,
    )
    expect(snap.players).toEqual({ partisans: 'bot:normal' })
    // The hot seat is the column's seat now: it is told no hidden partisan.
    expect(snap.seat).toEqual({ kind: 'sides', sideIds: ['column'], hotSeat: true })
    expect(JSON.stringify(snap.state)).not.toContain('"pt-a"')
    let byComputer = 0
    let refused = false
    for (let i = 0; i < 300 && smleMatch(host).state.phase !== 'ended'; i++) {
      await host.botsIdle()
      const m = smleMatch(host)
      const side = m.state.pending?.sideId ?? m.state.activeSideId
      if (m.state.phase === 'ended') break
      if (side === 'partisans') {
        // CORE-SEAT-01: the person cannot give the computer's side a command.
        if (!refused) {
          const r = await host.dispatch(nextCommand(m), HOT_SEAT)
          expect(r).toMatchObject({ ok: false, reason: { clause: 'CORE-SEAT-01' } })
          refused = true
        }
        continue
      }
      const before = m.entries.length
      // The driver holds fire and declines; fired on, the column does not drop prone (SMLE-COMBAT-05).
      const cmd =
        m.state.pending?.kind === 'fireReaction'
          ? { type: 'reactToFire' as const, sideId: 'column', prone: [] }
          : nextCommand(m)
      const r = await host.dispatch(cmd, HOT_SEAT)
      expect(r.ok ? 'accepted' : { cmd, reason: r.reason }).toBe('accepted')
      await host.botsIdle()
      const after = smleMatch(host)
      for (const e of after.entries.slice(before + 1)) {
        const cmd = e.command as { sideId?: string; teamId?: string }
        const sideOf = cmd.sideId ?? (cmd.teamId ? after.state.teams[cmd.teamId]?.sideId : undefined)
        if (sideOf === 'partisans') byComputer++
      }
    }
    expect(errors).toEqual([])
    expect(byComputer).toBeGreaterThan(3)
  }, 120_000)

  it('a save keeps who plays what; loaded, the computer plays on', async () => {
    const host = makeHost()
    await host.start()
    await host.newMatch({ scenarioId: 'smle-ambush', seed: 4, players: { column: 'bot:easy' } }, HOT_SEAT)
    // The column sets up first: the computer does it at once.
    await host.botsIdle()
    const saved = await host.save('Against the computer', HOT_SEAT)
    const other = makeHost()
    await other.start()
    const loaded = await other.load(saved.id, HOT_SEAT)
    expect(loaded.players).toEqual({ column: 'bot:easy' })
    await other.botsIdle()
    expect(errors).toEqual([])
  }, 180_000)

  it('refuses a side the scenario does not have and a player it does not know', async () => {
    const host = makeHost()
    await host.start()
    const bad: { scenarioId: string; players: Record<string, string> }[] = [
      { scenarioId: 'smle-ambush', players: { nobody: 'bot' } },
      { scenarioId: 'smle-ambush', players: { column: 'bot:great' } },
      { scenarioId: 'smr-contact', players: { vikings: 'bot' } },
      { scenarioId: 'smr-contact', players: { normans: 'computer' } },
    ]
    for (const options of bad) await expect(host.newMatch(options, HOT_SEAT)).rejects.toThrow(HostError)
    // A person named as such is just a person.
    const ok = await host.newMatch({ scenarioId: 'smle-ambush', players: { column: 'person' } }, HOT_SEAT)
    expect(ok.players).toEqual({})
  })

  it('an SMR game: the computer plays the Saxons by itself while a person plays the Normans, and every command of its is accepted', async () => {
    const host = makeHost()
    await host.start()
    const snap = await host.newMatch(
      { scenarioId: 'smr-contact', seed: 4, players: { saxons: 'bot:normal' } },
      HOT_SEAT,
    )
    expect(snap.players).toEqual({ saxons: 'bot:normal' })
    expect(snap.seat).toEqual({ kind: 'sides', sideIds: ['normans'], hotSeat: true })
    const smrState = () => (host.match() as { state: { phase: string; actingSide: string | null } }).state
    let byComputer = 0
    for (let i = 0; i < 30 && smrState().phase !== 'ended'; i++) {
      await host.botsIdle()
      const m = host.match()
      if (smrState().phase === 'ended') break
      expect(smrState().actingSide).toBe('normans')
      const before = m.entries.length
      // The person ends each step at once: the Normans hold fire and stay put.
      const legal = m.ruleset.legalCommands(m.state, m.world as never, 'normans') as { type: string }[]
      const cmd = legal.find((c) => c.type !== 'moveUnit' && c.type !== 'charge') ?? legal[0]!
      const r = await host.dispatch(cmd, HOT_SEAT)
      expect(r.ok ? 'accepted' : { cmd, reason: r.reason }).toBe('accepted')
      await host.botsIdle()
      for (const e of host.match().entries.slice(before + 1)) {
        const c = e.command as { sideId?: string; unitId?: string }
        if (c.sideId === 'saxons' || c.unitId?.startsWith('sax-')) byComputer++
      }
    }
    expect(errors).toEqual([])
    expect(byComputer).toBeGreaterThan(10)
  }, 120_000)

  it('the computer watching both sides: the hot seat is a spectator, and the game plays itself', async () => {
    const host = makeHost()
    await host.start()
    const snap = await host.newMatch(
      { scenarioId: 'smle-ambush', seed: 6, players: { column: 'bot:easy', partisans: 'bot:easy' } },
      sideSeat('column'),
    )
    expect(host.snapshot(HOT_SEAT).seat.kind).toBe('spectator')
    expect(snap.seq).toBe(0)
    await host.botsIdle()
    expect(smleMatch(host).state.phase).toBe('ended')
    expect(errors).toEqual([])
  }, 120_000)

  it('SMLE-SCEN-05: a window only the computer’s hidden partisans may fire in is not the person’s to see: the column’s turn goes on, its command waits for the computer instead of being refused, and its move reaches it whole', async () => {
    // A computer that takes a little while over each decision, as the app's does, so that it is seen deciding.
    const local = createLocalBotRunner()
    const host = makeHost({
      choose: async (request) => {
        await new Promise((r) => setTimeout(r, 20))
        return local.choose(request)
      },
      close: () => local.close(),
    })
    await host.start()
    await host.newMatch({ scenarioId: 'smle-ambush', seed: 4, players: { partisans: 'bot:normal' } }, HOT_SEAT)
    const seen = await playColumnPastUnseenWindows(host, HOT_SEAT, 400, () => host.botsIdle())
    expect(errors).toEqual([])
    expect(seen.heldMoves).toBeGreaterThan(0)
    expect(seen.midWindow).toBeGreaterThan(0)
  }, 180_000)
})

describe('two people at two seats (SMLE-SCEN-05)', () => {
  it('a window only the partisans’ hidden teams may fire in is not the column’s to see: the column’s command waits for the person at the partisans’ seat instead of being refused, and its move reaches it whole', async () => {
    const host = makeHost()
    await host.start()
    await host.newMatch({ scenarioId: 'smle-ambush', seed: 4 }, sideSeat('column'))
    const partisans = sidesViewer('partisans')
    // The person at the partisans' seat takes a little while over each decision, and holds fire at every window.
    let deciding: Promise<unknown> = Promise.resolve()
    const partisansDecide = (): void => {
      deciding = deciding.then(async () => {
        await new Promise((r) => setTimeout(r, 15))
        const m = smleMatch(host)
        const seen = viewState(m.state, partisans, m.header.scenario)
        if (sideToAct(seen) !== 'partisans') return
        const cmd =
          seen.pending?.kind === 'opportunity'
            ? { type: 'holdFire' as const, sideId: 'partisans', until: 'move' as const }
            : nextCommand({ ...m, state: seen })
        await host.dispatch(cmd, sideSeat('partisans'))
      })
    }
    host.subscribe(sideSeat('partisans'), partisansDecide)
    const column = sidesViewer('column')
    const seen = await playColumnPastUnseenWindows(
      host,
      sideSeat('column'),
      300,
      async () => {
        partisansDecide()
        await deciding
      },
      async () => {
        // A second command of the column's, given while the person decides (one the rules refuse, so that it changes
        // nothing), waits too: it is refused as "not your turn" (CORE-SEAT-01) only when the column's own view
        // shows the partisans to act by then.
        const again = await Promise.race([
          host.dispatch({ type: 'endActivation', teamId: 'no-such-team' }, sideSeat('column')),
          new Promise<'waiting'>((r) => setTimeout(() => r('waiting'), 5)),
        ])
        if (again !== 'waiting' && !again.ok && again.reason.clause === 'CORE-SEAT-01') {
          const later = smleMatch(host)
          expect(sideToAct(viewState(later.state, column, later.header.scenario))).not.toBe('column')
        }
      },
    )
    expect(seen.heldMoves).toBeGreaterThan(0)
    expect(seen.midWindow).toBeGreaterThan(0)
  }, 180_000)
})

describe('the computer’s thread', () => {
  it('a worker thread answers as the host’s own thread would', async () => {
    // The worker's own source, loaded through tsx (the app runs the built bot-worker.js).
    const boot = join(dir, 'boot.mjs')
    await fsp.writeFile(
      boot,
      `import { register } from ${JSON.stringify(
        pathToFileURL(
          createRequire(import.meta.url)
            .resolve('tsx/esm/api')
            .replace(/\.cjs$/, '.mjs'),
        ).href,
      )}\nregister()\nawait import(${JSON.stringify(pathToFileURL(join(import.meta.dirname, 'bot-worker.ts')).href)})\n`,
    )
    const worker = createWorkerBotRunner(boot)
    try {
      const host = makeHost()
      await host.start()
      await host.newMatch(
        { scenarioId: 'smle-ambush', seed: 4, players: { column: 'bot:normal' } },
        sideSeat('partisans'),
      )
      const m = host.match()
      const request = { gameId: 'g', header: m.header, entries: m.entries, sideId: 'column' }
      const here = createBotBrain().choose(request as never)
      expect(await worker.choose(request as never)).toEqual(here)
    } finally {
      await worker.close()
    }
  }, 180_000)
})
