import * as fsp from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { CommandInput } from '../../src-engine/rules/smle/commands/index'
import { parseSave } from '../../src-engine/rules/loading'
import { canonicalJson } from '../../src-engine/util/canonical-json'
import { nextCommand } from '../../tests/fixtures/drive'
import { hutScenario } from '../../tests/fixtures/scenarios'
import { packageRoot } from '../web/paths'
import { createAppServices } from './app-services'
import { type AtomicFs, realFs, removeTemporaryFiles } from './atomic-write'
import { createGameHost, type GameHost, HostError, HOT_SEAT } from './game-host'
import { fileJournal, JOURNAL_FILE, type JournalStorage } from './journal-file'
import { AUTOSAVE_ID, createFileSaveStore } from './save-store'
import { createMemoryScenarioLibrary } from './scenario-library'

/** The hut with free deployment: set-up moves are plain commands, and can be undone. */
const scenario = hutScenario({ deployment: 'free' })
const place = (x: number): CommandInput => ({ type: 'placeFigure', figureId: 'b1', at: { x, z: 22.5 } })

let dir: string
let hosts: GameHost[] = []
let journals: JournalStorage[] = []

beforeEach(async () => {
  dir = await fsp.mkdtemp(join(tmpdir(), 'smle-journal-'))
})

afterEach(async () => {
  const made = hosts
  hosts = []
  await Promise.all(made.map((h) => h.flush()))
  await Promise.all(journals.map((j) => j.close()))
  journals = []
  await fsp.rm(dir, { recursive: true, force: true })
})

/** A journaled host on `folder`; `journal` may wrap the file journal to simulate a crash inside a write. */
function makeHost(
  options: {
    folder?: string
    seed?: number
    compactEvery?: number
    journal?: JournalStorage
    fs?: AtomicFs
    errors?: unknown[]
  } = {},
): GameHost {
  const folder = options.folder ?? dir
  const journal = options.journal ?? fileJournal(folder)
  journals.push(journal)
  const host = createGameHost({
    saves: createFileSaveStore(folder, Date.now, options.fs ?? realFs),
    scenarios: createMemoryScenarioLibrary([scenario]),
    defaultScenarioId: 'hut',
    now: Date.now,
    randomSeed: () => options.seed ?? 4242,
    journal,
    compactEvery: options.compactEvery ?? 1000,
    onAutosaveError: (err) => options.errors?.push(err),
  })
  hosts.push(host)
  return host
}

/** Plays `n` commands of the test driver, each acknowledged before the next. */
async function play(host: GameHost, n: number): Promise<void> {
  for (let i = 0; i < n; i++) expect((await host.dispatch(nextCommand(host.match()), HOT_SEAT)).ok).toBe(true)
}

const journalText = (folder = dir): Promise<string> => fsp.readFile(join(folder, JOURNAL_FILE), 'utf8')
const journalKinds = async (folder = dir): Promise<string[]> =>
  (await journalText(folder))
    .split('\n')
    .filter((l) => l !== '')
    .map((l) => (JSON.parse(l) as { kind: string }).kind)

async function autosaveSeq(folder = dir): Promise<number> {
  const parsed = parseSave(await fsp.readFile(join(folder, `${AUTOSAVE_ID}.smle.json`), 'utf8'))
  if (!parsed.ok) throw new Error(parsed.message)
  return parsed.match.entries.length
}

/** Never settles: the process died in the middle of this write. */
const never = (): Promise<never> => new Promise<never>(() => undefined)

describe('the autosave journal', () => {
  it('an acknowledged command is in the journal before the reply, and a restart after a crash replays it', async () => {
    const first = makeHost()
    await first.start()
    await play(first, 5)
    // No autosave was rewritten since the game started: the actions are in the journal only.
    expect(await autosaveSeq()).toBe(0)
    expect(await journalKinds()).toEqual(['base', 'entry', 'entry', 'entry', 'entry', 'entry'])
    const entries = canonicalJson(first.match().entries)

    const second = makeHost()
    const snap = await second.start()
    expect(snap).toMatchObject({ seq: 5, notice: null })
    expect(canonicalJson(second.match().entries)).toBe(entries)
    // The start folded the journal into a fresh autosave.
    expect(await autosaveSeq()).toBe(5)
    expect(await journalKinds()).toEqual(['base'])
  })

  it('a torn last line (a write cut short by the crash) is dropped; the lines before it are replayed', async () => {
    const first = makeHost()
    await first.start()
    await play(first, 3)
    const torn = JSON.stringify({ kind: 'entry', gameId: 'x', seq: 4, command: nextCommand(first.match()) })
    await fsp.appendFile(join(dir, JOURNAL_FILE), torn.slice(0, torn.length - 9))

    const snap = await makeHost().start()
    expect(snap).toMatchObject({ seq: 3, notice: null })
    expect(await fsp.readdir(dir)).toEqual([JOURNAL_FILE, `${AUTOSAVE_ID}.smle.json`].sort())
  })

  it('a journal of another game is not applied: the autosave is kept and the journal set aside, with a notice', async () => {
    const other = join(dir, 'other')
    const a = makeHost({ folder: other, seed: 1 })
    await a.start()
    await play(a, 4)
    const b = makeHost({ seed: 2 })
    await b.start()
    await play(b, 2)
    await b.flush()
    // The autosave of b's game as it started (seq 0), with a's journal beside it.
    await fsp.copyFile(join(other, JOURNAL_FILE), join(dir, JOURNAL_FILE))

    const snap = await makeHost().start()
    expect(snap.seed).toBe(2)
    expect(snap.seq).toBe(0)
    expect(snap.notice).toContain('another game')
    expect(snap.notice).toContain('ignored-autosave.journal')
    expect(await fsp.readFile(join(dir, 'ignored-autosave.journal'), 'utf8')).toBe(await journalText(other))
  })

  it('a crash after the autosave is rewritten but before the journal is emptied replays nothing twice', async () => {
    const file = fileJournal(dir)
    const stuck: JournalStorage = { ...file, replace: (text) => (replaces++ === 0 ? file.replace(text) : never()) }
    let replaces = 0
    const first = makeHost({ journal: stuck, compactEvery: 3 })
    hosts = [] // its last write never ends: nothing to wait for
    await first.start()
    await play(first, 3)
    // The third record started a compaction: the autosave holds all three, the journal still has them too.
    await expect.poll(() => autosaveSeq()).toBe(3)
    expect(await journalKinds()).toEqual(['base', 'entry', 'entry', 'entry', 'compact'])

    const snap = await makeHost().start()
    expect(snap).toMatchObject({ seq: 3, notice: null })
    expect(canonicalJson(hosts.at(-1)!.match().entries)).toBe(canonicalJson(first.match().entries))
  })

  it('a crash after the compaction line but before the autosave is renamed into place replays the journal', async () => {
    let renames = 0
    // The first rename (the autosave of the new game) goes through; the next one never happens.
    const fs: AtomicFs = { ...realFs, rename: (from, to) => (renames++ === 0 ? realFs.rename(from, to) : never()) }
    const first = makeHost({ compactEvery: 3, fs })
    hosts = [] // its last write never ends: nothing to wait for
    await first.start()
    await play(first, 3)
    await expect.poll(() => journalKinds()).toEqual(['base', 'entry', 'entry', 'entry', 'compact'])
    expect(await autosaveSeq()).toBe(0)

    const snap = await makeHost().start()
    expect(snap).toMatchObject({ seq: 3, notice: null })
    expect(canonicalJson(hosts.at(-1)!.match().entries)).toBe(canonicalJson(first.match().entries))
  })

  it('an undo is journaled, and the restart takes the action back too', async () => {
    const first = makeHost()
    await first.start()
    for (const x of [10, 11, 12]) expect((await first.dispatch(place(x), HOT_SEAT)).ok).toBe(true)
    expect((await first.undo(HOT_SEAT)).ok).toBe(true)
    expect((await journalKinds()).slice(-2)).toEqual(['entry', 'undo'])
    const entries = canonicalJson(first.match().entries)

    const snap = await makeHost().start()
    expect(snap.seq).toBe(2)
    expect(canonicalJson(hosts.at(-1)!.match().entries)).toBe(entries)
  })

  it('a journal entry whose events differ from what the rules give stops the replay there, with a notice', async () => {
    const first = makeHost()
    await first.start()
    for (const x of [10, 11]) expect((await first.dispatch(place(x), HOT_SEAT)).ok).toBe(true)
    const lines = (await journalText()).split('\n')
    lines[2] = lines[2]!.replace('"x":11', '"x":14')
    await fsp.writeFile(join(dir, JOURNAL_FILE), lines.join('\n'))

    const snap = await makeHost().start()
    expect(snap.seq).toBe(1)
    expect(snap.notice).toContain('other events')
    expect(await fsp.readFile(join(dir, 'ignored-autosave.journal'), 'utf8')).toBe(lines.join('\n'))
  })

  it('commands that arrive while a write is under way share the next fsync; each is answered after it', async () => {
    const file = fileJournal(dir)
    const appends: string[] = []
    const counting: JournalStorage = { ...file, append: (t) => (appends.push(t), file.append(t)) }
    const host = makeHost({ journal: counting })
    await host.start()
    appends.length = 0
    // Ten set-up moves sent at once, as a busy connection would: each is applied at once, written in batches.
    const replies = [10, 11, 12, 13, 14, 15, 16, 17, 18, 19].map((x) => host.dispatch(place(x), HOT_SEAT))
    expect((await Promise.all(replies)).every((d) => d.ok)).toBe(true)
    expect(appends.length).toBeLessThan(10)
    expect(appends.join('').split('\n').length - 1).toBe(10)

    const snap = await makeHost().start()
    expect(snap.seq).toBe(10)
  })

  it('a journal write that fails refuses the reply; the next command rewrites the autosave with both', async () => {
    const file = fileJournal(dir)
    let fail = false
    const flaky: JournalStorage = {
      ...file,
      append: (t) => (fail ? Promise.reject(new Error('disk full')) : file.append(t)),
    }
    const errors: unknown[] = []
    const host = makeHost({ journal: flaky, errors })
    await host.start()
    fail = true
    await expect(host.dispatch(place(10), HOT_SEAT)).rejects.toThrow(HostError)
    expect(errors).toHaveLength(1)
    fail = false
    expect((await host.dispatch(place(11), HOT_SEAT)).ok).toBe(true)
    expect(await autosaveSeq()).toBe(2)
    expect(await journalKinds()).toEqual(['base'])
  })

  it('a journal with no autosave to apply it to is set aside with a notice', async () => {
    const first = makeHost()
    await first.start()
    await play(first, 2)
    await fsp.rm(join(dir, `${AUTOSAVE_ID}.smle.json`))
    const snap = await makeHost().start()
    expect(snap.seq).toBe(0)
    expect(snap.notice).toContain('ignored-autosave.journal')
  })
})

describe('stray temporary files', () => {
  it('are removed from the saves folder when the app starts; saves and the journal stay', async () => {
    const saves = join(dir, 'saves')
    await fsp.mkdir(saves)
    await fsp.writeFile(join(saves, `.${AUTOSAVE_ID}.smle.json.0a1b2c3d4e5f.tmp`), '{"format":')
    await fsp.writeFile(join(saves, '.autosave.journal.ffeeddccbbaa.tmp'), '')
    await fsp.writeFile(join(saves, 'mine.smle.json.tmp'), 'a file of the player, not ours')
    const services = await createAppServices({ dataDir: dir, assetsDir: join(packageRoot(), 'assets') })
    await services.host.flush()
    expect((await fsp.readdir(saves)).sort()).toEqual([JOURNAL_FILE, `${AUTOSAVE_ID}.smle.json`, 'mine.smle.json.tmp'])
  })

  it('removeTemporaryFiles names what it removed and accepts a folder that does not exist', async () => {
    await fsp.writeFile(join(dir, '.a.smle.json.123.tmp'), '')
    expect(await removeTemporaryFiles(dir)).toEqual(['.a.smle.json.123.tmp'])
    expect(await removeTemporaryFiles(join(dir, 'none'))).toEqual([])
  })
})
