import * as fsp from 'node:fs/promises'
import type { SmleSnapshot } from '../ipc/types'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { CommandInput } from '../../src-engine/rules/smle/commands/index'
import type { DiceRolled } from '../../src-engine/dice/dice-event'
import type { MatchState } from '../../src-engine/rules/smle/state/state'
import { parseSave } from '../../src-engine/rules/loading'
import { canonicalJson } from '../../src-engine/util/canonical-json'
import { dispatch } from '../../src-engine/rules/smle/match'
import { nextCommand } from '../../tests/fixtures/drive'
import { newMatch, play } from '../../tests/fixtures/play'
import { hutScenario } from '../../tests/fixtures/scenarios'
import type { MatchChanged } from '../ipc/types'
import { type AtomicFs, realFs } from './atomic-write'
import { createGameHost, type GameHost, HostError, HOT_SEAT, SPECTATOR_SEAT, sideSeat } from './game-host'
import { AUTOSAVE_ID, createFileSaveStore } from './save-store'
import { createMemoryScenarioLibrary } from './scenario-library'

const SEED = 4242
/** The hut with free deployment: set-up commands are plain (undoable); the first activation roll reveals dice. */
const scenario = hutScenario({ deployment: 'free' })
const move: CommandInput = { type: 'placeFigure', figureId: 'b1', at: { x: 13, z: 22.5 } }
const moveB2: CommandInput = { type: 'placeFigure', figureId: 'b2', at: { x: 18, z: 24 } }
/** Both sides end set-up, then Blue rolls activation: the last command throws dice. */
const roll: CommandInput[] = [
  { type: 'endSetup', sideId: 'blue' },
  { type: 'endSetup', sideId: 'red' },
  { type: 'rollActivation', sideId: 'blue' },
]
/** Red may not place a figure in Blue's set-up (CORE-TURN-01). */
const outOfTurn: CommandInput = { type: 'placeFigure', figureId: 'r1', at: { x: 6, z: 6 } }

/** The commands from the start to just past a dice roll, then the first command after it that throws none. */
function rollThenPlain(): { upToRoll: CommandInput[]; plain: CommandInput } {
  let m = newMatch(SEED, scenario, 'physics')
  const upToRoll: CommandInput[] = []
  for (let i = 0; i < 60; i++) {
    const cmd = nextCommand(m)
    const r = dispatch(m, cmd)
    if (!r.decision.ok || !r.entry) throw new Error('the driver was refused')
    if (!r.entry.barrier && m.entries.at(-1)?.barrier === true) return { upToRoll, plain: cmd }
    upToRoll.push(cmd)
    m = r.match
  }
  throw new Error('no plain command after a roll')
}

async function dispatchAll(host: GameHost, commands: readonly CommandInput[]): Promise<void> {
  for (const c of commands) expect((await host.dispatch(c, HOT_SEAT)).ok).toBe(true)
}

let dir: string
let clock: number
/** Every host a test made: their pending autosaves finish before the folder is removed. */
let hosts: GameHost[] = []

beforeEach(async () => {
  dir = await fsp.mkdtemp(join(tmpdir(), 'smle-game-host-'))
  clock = Date.UTC(2024, 5, 1)
})

afterEach(async () => {
  await Promise.all(hosts.map((h) => h.flush()))
  hosts = []
  await fsp.rm(dir, { recursive: true, force: true })
})

const autosavePath = (): string => join(dir, `${AUTOSAVE_ID}.smle.json`)

/** A host on the saves folder `dir`; the clock moves a second per reading so every autosave's bytes differ. */
function makeHost(options: { fs?: AtomicFs; onAutosaveError?: (err: unknown) => void } = {}): {
  host: GameHost
  changes: MatchChanged[]
} {
  const now = (): number => (clock += 1000)
  const host = createGameHost({
    saves: createFileSaveStore(dir, now, options.fs ?? realFs),
    scenarios: createMemoryScenarioLibrary([scenario]),
    defaultScenarioId: 'hut',
    now,
    randomSeed: () => SEED,
    ...(options.onAutosaveError ? { onAutosaveError: options.onAutosaveError } : {}),
  })
  hosts.push(host)
  const changes: MatchChanged[] = []
  host.subscribe(HOT_SEAT, (c) => changes.push(c))
  return { host, changes }
}

async function started(
  options: Parameters<typeof makeHost>[0] = {},
): Promise<{ host: GameHost; changes: MatchChanged[] }> {
  const h = makeHost(options)
  await h.host.start()
  await h.host.flush()
  h.changes.length = 0
  return h
}

/** The autosave file, parsed; fails the test when it is not a readable save. */
async function readAutosave(): Promise<ReturnType<typeof parseSave> & { ok: true }> {
  const parsed = parseSave(await fsp.readFile(autosavePath(), 'utf8'))
  if (!parsed.ok) throw new Error(parsed.message)
  return parsed
}

/** The game itself, as the host holds it (the referee's view: generator state included). */
const stateJson = (host: GameHost): string => canonicalJson(host.match().state)
/** A state as the hot seat is sent it: the game, without the generator's state. */
const seatJson = (state: MatchState | undefined): string => canonicalJson(state && { ...state, rng: [0, 0, 0, 0] })

describe('game host: options and fire previews', () => {
  it('legal() offers the side to act every option the rules accept, each accepted on dispatch', async () => {
    const { host, changes } = await started()
    for (let i = 0; i < 3; i++) {
      const legal = host.legal(HOT_SEAT)
      expect(legal.sideId).toBe(
        (host.snapshot(HOT_SEAT) as SmleSnapshot).state.pending?.sideId ??
          (host.snapshot(HOT_SEAT) as SmleSnapshot).state.activeSideId,
      )
      expect(legal.seq).toBe(host.snapshot(HOT_SEAT).seq)
      expect(legal.options.length).toBeGreaterThan(0)
      const first = legal.options[0]!
      expect(dispatch(host.match(), first.command).decision.ok).toBe(true)
      expect((await host.dispatch(first.command, HOT_SEAT)).ok).toBe(true)
    }
    expect(changes).toHaveLength(3)
  })
  it('previewFire() never changes the game, and refuses what dispatch would refuse', async () => {
    const { host, changes } = await started()
    const before = stateJson(host)
    const r = host.previewFire({ type: 'directFire', teamId: 'blue-1', targetTeamId: 'red-1' }, HOT_SEAT)
    const d = dispatch(host.match(), { type: 'directFire', teamId: 'blue-1', targetTeamId: 'red-1' })
    expect(r.ok).toBe(false)
    expect(!r.ok && !d.decision.ok && r.clause === d.decision.reason.clause).toBe(true)
    expect(stateJson(host)).toBe(before)
    expect(changes).toEqual([])
  })
})

describe('game host: seats (CORE-SEAT-01)', () => {
  it('the hot seat plays every side of the open game; a side seat one; a spectator none', async () => {
    const { host } = await started()
    expect(host.snapshot(HOT_SEAT).seat).toEqual({ kind: 'sides', sideIds: ['blue', 'red'], hotSeat: true })
    expect(host.snapshot(sideSeat('red')).seat).toEqual({ kind: 'sides', sideIds: ['red'], hotSeat: false })
    expect(host.snapshot(SPECTATOR_SEAT).seat).toEqual({ kind: 'spectator', sideIds: [], hotSeat: false })
  })
  it('a spectator and the other side are refused with CORE-SEAT-01: no push, state unchanged; the side to act is accepted', async () => {
    const { host, changes } = await started()
    const before = stateJson(host)
    for (const seat of [SPECTATOR_SEAT, sideSeat('red')]) {
      const d = await host.dispatch(move, seat)
      expect(d).toMatchObject({ ok: false, reason: { clause: 'CORE-SEAT-01' } })
      expect(!d.ok && d.reason.message).toMatch(seat.kind === 'spectator' ? /spectator/ : /does not play Blue/)
    }
    expect(stateJson(host)).toBe(before)
    expect(changes).toEqual([])
    expect((await host.dispatch(move, sideSeat('blue'))).ok).toBe(true)
    expect(changes).toHaveLength(1)
  })
  it('legal() offers nothing to a seat that does not play the side to act; previewFire() refuses it', async () => {
    const { host } = await started()
    expect(host.legal(sideSeat('blue')).options.length).toBeGreaterThan(0)
    for (const seat of [SPECTATOR_SEAT, sideSeat('red')]) {
      expect(host.legal(seat)).toMatchObject({ sideId: 'blue', options: [] })
      expect(host.previewFire({ type: 'directFire', teamId: 'blue-1', targetTeamId: 'red-1' }, seat)).toMatchObject({
        ok: false,
        clause: 'CORE-SEAT-01',
      })
    }
  })
  it('undo is refused to a spectator and to a seat that did not give the command; the giver may undo', async () => {
    const { host } = await started()
    await host.dispatch(move, sideSeat('blue'))
    expect(await host.undo(SPECTATOR_SEAT)).toMatchObject({ ok: false, clause: 'CORE-SEAT-01' })
    expect(await host.undo(sideSeat('red'))).toMatchObject({ ok: false, clause: 'CORE-SEAT-01' })
    expect(host.snapshot(HOT_SEAT).seq).toBe(1)
    expect((await host.undo(sideSeat('blue'))).ok).toBe(true)
  })
  it('a spectator cannot start, load or save a game', async () => {
    const { host } = await started()
    const saved = await host.save('Kept', HOT_SEAT)
    const before = host.snapshot(HOT_SEAT)
    await expect(host.newMatch({ scenarioId: 'hut' }, SPECTATOR_SEAT)).rejects.toThrow(/spectator.*CORE-SEAT-01/)
    await expect(host.load(saved.id, SPECTATOR_SEAT)).rejects.toThrow(HostError)
    await expect(host.save('Mine', SPECTATOR_SEAT)).rejects.toThrow(HostError)
    expect(host.snapshot(HOT_SEAT)).toEqual(before)
  })
  it('each subscriber hears every change with its own seat', async () => {
    const { host } = await started()
    const heard: MatchChanged[] = []
    host.subscribe(SPECTATOR_SEAT, (c) => heard.push(c))
    await host.dispatch(move, HOT_SEAT)
    expect(heard).toHaveLength(1)
    expect(heard[0]?.seat.kind).toBe('spectator')
    expect(heard[0]?.events.length).toBeGreaterThan(0)
  })
})

describe('game host: dispatch and undo', () => {
  it('an accepted command pushes match:changed with its events to every subscriber', async () => {
    const { host, changes } = await started()
    const second: MatchChanged[] = []
    host.subscribe(HOT_SEAT, (c) => second.push(c))
    const decision = await host.dispatch(move, HOT_SEAT)
    expect(decision.ok).toBe(true)
    if (!decision.ok) return
    expect(decision.events.length).toBeGreaterThan(0)
    expect(changes).toHaveLength(1)
    expect(changes[0]).toMatchObject({
      reason: 'dispatch',
      seq: 1,
      canUndo: true,
      gameId: host.snapshot(HOT_SEAT).gameId,
    })
    expect(changes[0]?.events).toEqual(decision.events)
    expect(canonicalJson(changes[0]?.state)).toBe(seatJson(host.match().state))
    expect(second).toEqual(changes)
    expect((host.snapshot(HOT_SEAT) as SmleSnapshot).state.figures.b1?.position.z).toBeCloseTo(22.5)
  })

  it('the host plays exactly what the engine plays for the same seed and commands', async () => {
    const { host } = await started()
    const commands = [move, moveB2, ...roll]
    await dispatchAll(host, commands)
    expect(stateJson(host)).toBe(canonicalJson(play(newMatch(SEED, scenario, 'physics'), commands).state))
  })

  it('no seat is sent the generator state (it would tell every die to come): not in snapshots, pushes or replies', async () => {
    const { host, changes } = await started()
    const replies = []
    for (const c of [move, moveB2, ...roll]) replies.push(await host.dispatch(c, HOT_SEAT))
    expect(host.match().state.rng).not.toEqual([0, 0, 0, 0])
    expect(host.snapshot(HOT_SEAT).state.rng).toEqual([0, 0, 0, 0])
    const events: { readonly type: string }[] = []
    for (const c of changes) events.push(...(c.events as readonly { readonly type: string }[]))
    for (const r of replies) if (r.ok) events.push(...(r.events as readonly { readonly type: string }[]))
    const rolls = events.filter((e): e is DiceRolled => e.type === 'DiceRolled')
    expect(rolls.length).toBeGreaterThan(0)
    for (const e of rolls) expect(e.rng).toEqual([0, 0, 0, 0])
    for (const c of changes) expect(c.state.rng).toEqual([0, 0, 0, 0])
    // The throws still replay: each carries its own start, never the game's generator.
    const generator = new Set(host.match().state.rng)
    for (const e of rolls)
      for (const t of e.physics?.throws ?? []) expect(t.rng.some((w) => generator.has(w))).toBe(false)
  })

  it('an unsubscribed listener hears nothing more', async () => {
    const { host } = await started()
    const heard: MatchChanged[] = []
    const off = host.subscribe(HOT_SEAT, (c) => heard.push(c))
    await host.dispatch(move, HOT_SEAT)
    off()
    await host.dispatch(moveB2, HOT_SEAT)
    expect(heard.map((c) => c.seq)).toEqual([1])
  })

  it('a refused command: no push, state unchanged, autosave not rewritten', async () => {
    const { host, changes } = await started()
    await host.dispatch(move, HOT_SEAT)
    await host.flush()
    changes.length = 0
    const stateBefore = stateJson(host)
    const autosaveBefore = await fsp.readFile(autosavePath())

    const decision = await host.dispatch(outOfTurn, HOT_SEAT)
    await host.flush()

    expect(decision).toMatchObject({ ok: false, reason: { clause: 'CORE-TURN-01' } })
    expect(changes).toEqual([])
    expect(stateJson(host)).toBe(stateBefore)
    expect(host.snapshot(HOT_SEAT).seq).toBe(1)
    // Every write has a new savedAt (the clock moves), so equal bytes mean no write.
    expect(await fsp.readFile(autosavePath())).toEqual(autosaveBefore)
  })

  it('a malformed command is refused by the rules (CORE-CMD-02) and changes nothing', async () => {
    const { host, changes } = await started()
    const before = stateJson(host)
    for (const bad of [null, 'moveFigure', { type: 'teleport' }, { type: 'moveFigure', figureId: 'b1' }]) {
      expect(await host.dispatch(bad, HOT_SEAT)).toMatchObject({ ok: false, reason: { clause: 'CORE-CMD-02' } })
    }
    expect(changes).toEqual([])
    expect(stateJson(host)).toBe(before)
  })

  it('the autosave exists after each command and loads to the current state', async () => {
    const { host } = await started()
    const start = await readAutosave()
    expect(start.match.entries).toHaveLength(0)
    expect(start.meta.name).toBe('Autosave: Hut')
    for (const [i, c] of [move, moveB2, ...roll].entries()) {
      expect((await host.dispatch(c, HOT_SEAT)).ok).toBe(true)
      await host.flush()
      const saved = await readAutosave()
      expect(saved.match.entries).toHaveLength(i + 1)
      expect(canonicalJson(saved.match.state)).toBe(stateJson(host))
      expect(canonicalJson(saved.match.entries)).toBe(canonicalJson(host.match().entries))
    }
  })

  it('undo pushes reason "undo" with the undone events and returns to the earlier state (autosave too)', async () => {
    const { host, changes } = await started()
    const initial = stateJson(host)
    const decision = await host.dispatch(move, HOT_SEAT)
    const r = await host.undo(HOT_SEAT)
    await host.flush()
    expect(r.ok).toBe(true)
    if (!r.ok || !decision.ok) return
    expect(r.snapshot.seq).toBe(0)
    expect(canonicalJson(r.snapshot.state)).toBe(seatJson(JSON.parse(initial) as MatchState))
    expect(changes.map((c) => c.reason)).toEqual(['dispatch', 'undo'])
    expect(changes[1]).toMatchObject({ reason: 'undo', seq: 0, canUndo: false })
    expect(changes[1]?.events).toEqual(decision.events)
    expect(canonicalJson(changes[1]?.state)).toBe(seatJson(JSON.parse(initial) as MatchState))
    const saved = await readAutosave()
    expect(saved.match.entries).toHaveLength(0)
    expect(canonicalJson(saved.match.state)).toBe(initial)
  })

  it('undo with nothing to undo is refused (CORE-UNDO-02) without a push', async () => {
    const { host, changes } = await started()
    expect(await host.undo(HOT_SEAT)).toMatchObject({ ok: false, clause: 'CORE-UNDO-02' })
    expect(changes).toEqual([])
  })

  it('CORE-UNDO-01: a dice roll (the activation roll) cannot be undone, so undo never buys a re-roll', async () => {
    const { host, changes } = await started()
    await dispatchAll(host, [move, ...roll.slice(0, -1)])
    const decision = await host.dispatch(roll.at(-1), HOT_SEAT)
    expect(decision.ok).toBe(true)
    if (!decision.ok) return
    expect(decision.events.some((e) => e.type === 'DiceRolled')).toBe(true)
    expect(changes.at(-1)?.canUndo).toBe(false)
    expect(host.snapshot(HOT_SEAT).canUndo).toBe(false)
    await host.flush()
    const before = stateJson(host)
    const autosaveBefore = await fsp.readFile(autosavePath())
    changes.length = 0

    const r = await host.undo(HOT_SEAT)
    await host.flush()

    expect(r.ok).toBe(false)
    if (r.ok) return
    expect(r.clause).toBe('CORE-UNDO-01')
    expect(r.message).toMatch(/cannot be undone/)
    expect(changes).toEqual([])
    expect(stateJson(host)).toBe(before)
    expect(host.snapshot(HOT_SEAT).seq).toBe(4)
    expect(await fsp.readFile(autosavePath())).toEqual(autosaveBefore)
  })

  it('a command after the roll can be undone, but only back to the roll', async () => {
    const { host } = await started()
    const { upToRoll, plain } = rollThenPlain()
    await dispatchAll(host, upToRoll)
    const afterRoll = stateJson(host)
    await dispatchAll(host, [plain])
    expect((await host.undo(HOT_SEAT)).ok).toBe(true)
    expect(stateJson(host)).toBe(afterRoll)
    expect(await host.undo(HOT_SEAT)).toMatchObject({ ok: false, clause: 'CORE-UNDO-01' })
  })

  it('an autosave that fails is reported, and the game goes on', async () => {
    const failures: unknown[] = []
    const noRename: AtomicFs = {
      ...realFs,
      rename: async () => {
        throw new Error('disk gone')
      },
    }
    const { host } = makeHost({ fs: noRename, onAutosaveError: (err) => failures.push(err) })
    await host.start()
    expect((await host.dispatch(move, HOT_SEAT)).ok).toBe(true)
    await host.flush()
    expect(failures).toHaveLength(2)
    expect(String(failures[0])).toMatch(/disk gone/)
    expect(host.snapshot(HOT_SEAT).seq).toBe(1)
  })
})

describe('game host: start and crash recovery', () => {
  it('start() with no autosave opens the default scenario, pushes "new" and writes an autosave', async () => {
    const { host, changes } = makeHost()
    const snap = await host.start()
    await host.flush()
    expect(snap).toMatchObject({ seq: 0, seed: SEED, notice: null, canUndo: false })
    expect(snap.scenario.id).toBe('hut')
    expect(changes.map((c) => c.reason)).toEqual(['new'])
    expect(changes[0]?.scenario?.id).toBe('hut')
    expect((await readAutosave()).match.header.seed).toBe(SEED)
  })

  it('a second host on the same folder resumes the same game (state, log, seed, undo) after a crash', async () => {
    const first = await started()
    const { upToRoll, plain } = rollThenPlain()
    await dispatchAll(first.host, [...upToRoll, plain])
    await first.host.flush()
    const before = first.host.snapshot(HOT_SEAT)
    // The first host is simply dropped, as if the process had died.

    const second = makeHost()
    const snap = await second.host.start()
    expect(canonicalJson(snap.state)).toBe(canonicalJson(before.state))
    expect(snap).toMatchObject({ seq: upToRoll.length + 1, seed: SEED, canUndo: true, notice: null })
    expect(snap.gameId).not.toBe('')
    expect(second.changes.map((c) => c.reason)).toEqual(['load'])
    expect(canonicalJson(second.host.match().entries)).toBe(canonicalJson(first.host.match().entries))
    // The log came back, not just the state: the last move can still be undone, the roll cannot.
    expect((await second.host.undo(HOT_SEAT)).ok).toBe(true)
    expect(await second.host.undo(HOT_SEAT)).toMatchObject({ ok: false, clause: 'CORE-UNDO-01' })
  })

  it('the resumed game rolls the same dice as the uninterrupted one would have', async () => {
    const first = await started()
    await dispatchAll(first.host, [move, ...roll.slice(0, -1)])
    await first.host.flush()
    const second = makeHost()
    await second.host.start()
    await dispatchAll(second.host, roll.slice(-1))
    expect(stateJson(second.host)).toBe(canonicalJson(play(newMatch(SEED, scenario, 'physics'), [move, ...roll]).state))
  })

  it('start() with an unreadable autosave keeps its bytes under another id, starts the default scenario and returns a notice', async () => {
    await fsp.mkdir(dir, { recursive: true })
    const garbage = Buffer.from('{"format":"smle-table-save","formatVersion":1,"header":{"na')
    await fsp.writeFile(autosavePath(), garbage)

    const { host, changes } = makeHost()
    const snap = await host.start()
    await host.flush()

    expect(snap.notice).toMatch(/could not be read/)
    expect(snap.notice).toMatch(/not valid JSON/)
    expect(snap.notice).toContain('"damaged-autosave"')
    expect(host.snapshot(HOT_SEAT).notice).toBe(snap.notice)
    expect(snap).toMatchObject({ seq: 0, seed: SEED })
    expect(snap.scenario.id).toBe('hut')
    expect(changes.map((c) => c.reason)).toEqual(['new'])

    expect(await fsp.readFile(join(dir, 'damaged-autosave.smle.json'))).toEqual(garbage)
    // A fresh, readable autosave replaced it.
    expect((await readAutosave()).match.entries).toHaveLength(0)

    // The next start finds the fresh autosave: no notice, and the damaged file is still there.
    const again = makeHost()
    expect((await again.host.start()).notice).toBeNull()
    expect(await fsp.readFile(join(dir, 'damaged-autosave.smle.json'))).toEqual(garbage)
  })

  it('a second unreadable autosave does not overwrite the first damaged one', async () => {
    await fsp.mkdir(dir, { recursive: true })
    await fsp.writeFile(autosavePath(), 'first damage')
    const first = makeHost().host
    await first.start()
    await first.flush()
    await fsp.writeFile(autosavePath(), 'second damage')
    const snap = await makeHost().host.start()
    expect(snap.notice).toContain('"damaged-autosave-2"')
    expect(await fsp.readFile(join(dir, 'damaged-autosave.smle.json'), 'utf8')).toBe('first damage')
    expect(await fsp.readFile(join(dir, 'damaged-autosave-2.smle.json'), 'utf8')).toBe('second damage')
  })

  it('a new game clears the start-up notice', async () => {
    await fsp.mkdir(dir, { recursive: true })
    await fsp.writeFile(autosavePath(), 'junk')
    const { host } = makeHost()
    expect((await host.start()).notice).not.toBeNull()
    expect((await host.newMatch({ scenarioId: 'hut', seed: 1 }, HOT_SEAT)).notice).toBeNull()
  })

  it('snapshot() before start() is a HostError, not a crash', () => {
    const { host } = makeHost()
    expect(() => host.snapshot(HOT_SEAT)).toThrow(HostError)
  })
})

describe('game host: new, save and load', () => {
  it('newMatch with an unknown scenario is a HostError and leaves the game as it was', async () => {
    const { host, changes } = await started()
    await host.dispatch(move, HOT_SEAT)
    const before = host.snapshot(HOT_SEAT)
    changes.length = 0
    await expect(host.newMatch({ scenarioId: 'nowhere' }, HOT_SEAT)).rejects.toThrow(HostError)
    await expect(host.newMatch({ scenarioId: 'nowhere' }, HOT_SEAT)).rejects.toThrow(/There is no scenario "nowhere"/)
    expect(host.snapshot(HOT_SEAT)).toEqual(before)
    expect(changes).toEqual([])
  })

  it('newMatch uses the given seed and starts a new game id', async () => {
    const { host } = await started()
    const old = host.snapshot(HOT_SEAT).gameId
    const snap = await host.newMatch({ scenarioId: 'hut', seed: 7 }, HOT_SEAT)
    expect(snap.seed).toBe(7)
    expect(snap.gameId).not.toBe(old)
  })

  it('save by name then load gives back that game, pushes "load" and autosaves it', async () => {
    const { host, changes } = await started()
    await dispatchAll(host, [move, ...roll])
    const saved = stateJson(host)
    const summary = await host.save('  Before the flank  ', HOT_SEAT)
    expect(summary).toMatchObject({ id: 'before-the-flank', name: 'Before the flank', commands: 4, isAutosave: false })

    await host.dispatch({ type: 'rollActivation', sideId: 'red' }, HOT_SEAT)
    expect(stateJson(host)).not.toBe(saved)
    const gameBefore = host.snapshot(HOT_SEAT).gameId
    changes.length = 0

    const snap = await host.load('before-the-flank', HOT_SEAT)
    await host.flush()
    expect(canonicalJson(snap.state)).toBe(seatJson(JSON.parse(saved) as MatchState))
    expect(snap.seq).toBe(4)
    expect(snap.gameId).not.toBe(gameBefore)
    expect(changes.map((c) => c.reason)).toEqual(['load'])
    expect(changes[0]?.scenario?.id).toBe('hut')
    expect(canonicalJson((await readAutosave()).match.state)).toBe(saved)
  })

  it('saving twice under the same name keeps both saves', async () => {
    const { host } = await started()
    const a = await host.save('Turn one', HOT_SEAT)
    await host.dispatch(move, HOT_SEAT)
    const b = await host.save('Turn one', HOT_SEAT)
    expect([a.id, b.id]).toEqual(['turn-one', 'turn-one-2'])
    expect((await host.load('turn-one', HOT_SEAT)).seq).toBe(0)
    expect((await host.load('turn-one-2', HOT_SEAT)).seq).toBe(1)
  })

  it('a save needs a name', async () => {
    const { host } = await started()
    await expect(host.save('   ', HOT_SEAT)).rejects.toThrow(HostError)
    await expect(host.save('', HOT_SEAT)).rejects.toThrow(/needs a name/)
    expect((await fsp.readdir(dir)).sort()).toEqual(['autosave.smle.json'])
  })

  it('loading a corrupt save throws a HostError with the reason and leaves the current game, the file and the autosave unchanged', async () => {
    const { host, changes } = await started()
    await host.dispatch(move, HOT_SEAT)
    await host.flush()
    const before = host.snapshot(HOT_SEAT)
    const autosaveBefore = await fsp.readFile(autosavePath())
    const corrupt = Buffer.from('{"format":"smle-table-save","formatVersion":99}')
    await fsp.writeFile(join(dir, 'corrupt.smle.json'), corrupt)
    changes.length = 0

    const err = await host.load('corrupt', HOT_SEAT).then(
      () => null,
      (e: unknown) => e,
    )
    await host.flush()

    expect(err).toBeInstanceOf(HostError)
    expect((err as HostError).message).toMatch(/newer version of SMLE Table/)
    expect(host.snapshot(HOT_SEAT)).toEqual(before)
    expect(changes).toEqual([])
    expect(await fsp.readFile(join(dir, 'corrupt.smle.json'))).toEqual(corrupt)
    expect(await fsp.readFile(autosavePath())).toEqual(autosaveBefore)
  })

  it('loading a save that does not exist, or with a bad id, is a HostError', async () => {
    const { host } = await started()
    await expect(host.load('no-such-save', HOT_SEAT)).rejects.toThrow(/There is no save called "no-such-save"/)
    await expect(host.load('../autosave', HOT_SEAT)).rejects.toThrow(HostError)
  })
})
