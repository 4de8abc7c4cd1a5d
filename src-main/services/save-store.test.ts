import * as fsp from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { CommandInput } from '../../src-engine/rules/smle/commands/index'
import { canonicalJson } from '../../src-engine/util/canonical-json'
import { drive } from '../../tests/fixtures/drive'
import { newMatch, play } from '../../tests/fixtures/play'
import { type AtomicFs, realFs } from './atomic-write'
import {
  AUTOSAVE_ID,
  createFileSaveStore,
  createMemorySaveStore,
  isSaveId,
  type SaveStore,
  slugify,
} from './save-store'

/** The seed of every game in these tests. */
const SEED = 77
/** The first four commands of a real game with that seed: both activation rolls, then play. */
const script: CommandInput[] = drive(newMatch(SEED), 4).entries.map((e) => e.command)

/** A clock that moves one minute per reading, so every save has its own `savedAt`. */
function steppingClock(start = Date.UTC(2024, 0, 1)): () => number {
  let t = start
  return () => (t += 60_000)
}

let root: string
let dir: string

beforeEach(async () => {
  root = await fsp.mkdtemp(join(tmpdir(), 'smle-save-store-'))
  dir = join(root, 'saves')
})

afterEach(async () => {
  await fsp.rm(root, { recursive: true, force: true })
})

const fileOf = (id: string): string => join(dir, `${id}.smle.json`)

/** Every file in the saves folder (temporary ones too) with its bytes. */
async function folderContents(): Promise<Record<string, string>> {
  const out: Record<string, string> = {}
  for (const name of (await fsp.readdir(dir)).sort())
    out[name] = (await fsp.readFile(join(dir, name))).toString('base64')
  return out
}

function simulatedCrash(where: string): Error {
  return Object.assign(new Error(`simulated crash in ${where}`), { code: 'EIO' })
}

describe('save store: round trip, list, ids, delete', () => {
  it('save then load gives the same state (canonical JSON), the same log and the same header', async () => {
    const store = createFileSaveStore(dir, steppingClock())
    const match = play(newMatch(SEED), script)
    const summary = await store.save(match, 'Kicked the door')
    const loaded = await store.load(summary.id)
    if (!loaded.ok) throw new Error(loaded.message)
    expect(canonicalJson(loaded.match.state)).toBe(canonicalJson(match.state))
    expect(canonicalJson(loaded.match.entries)).toBe(canonicalJson(match.entries))
    expect(canonicalJson(loaded.match.header)).toBe(canonicalJson(match.header))
    expect(loaded.summary).toEqual(summary)
    expect(summary).toMatchObject({
      id: 'kicked-the-door',
      name: 'Kicked the door',
      scenarioId: 'hut',
      scenarioName: 'Hut',
      commands: 4,
      isAutosave: false,
    })
  })

  it('a loaded game plays on exactly like the original (same dice after the load)', async () => {
    const store = createFileSaveStore(dir, steppingClock())
    const before = play(newMatch(SEED), script.slice(0, 1))
    await store.save(before, 'Half way')
    const loaded = await store.load('half-way')
    if (!loaded.ok) throw new Error(loaded.message)
    const rest = script.slice(1)
    expect(canonicalJson(play(loaded.match, rest).state)).toBe(canonicalJson(play(before, rest).state))
  })

  it('the memory store round-trips the same way (the host tests rely on it)', async () => {
    const store = createMemorySaveStore()
    const match = play(newMatch(SEED), script)
    await store.save(match, 'In memory')
    const loaded = await store.load('in-memory')
    expect(loaded.ok && canonicalJson(loaded.match.state)).toBe(canonicalJson(match.state))
  })

  it('list() puts the autosave first, then the newest save first', async () => {
    const store = createFileSaveStore(dir, steppingClock())
    const m = newMatch(SEED)
    await store.save(m, 'Oldest')
    await store.save(m, 'Autosave: Hut', AUTOSAVE_ID)
    await store.save(m, 'Middle')
    await store.save(play(m, script.slice(0, 1)), 'Newest')
    const list = await store.list()
    expect(list.map((s) => s.id)).toEqual([AUTOSAVE_ID, 'newest', 'middle', 'oldest'])
    expect(list.map((s) => s.isAutosave)).toEqual([true, false, false, false])
    expect(list[1]).toMatchObject({ name: 'Newest', commands: 1, round: m.state.round, scenarioName: 'Hut' })
    expect(list.every((s) => s.problem === undefined)).toBe(true)
  })

  it('ids come from names (slugify) and a taken id gets -2, -3…', async () => {
    const store = createFileSaveStore(dir, steppingClock())
    const m = newMatch(SEED)
    const ids = [
      (await store.save(m, 'Ambush at Dawn')).id,
      (await store.save(m, 'Ambush at dawn!')).id,
      (await store.save(m, 'AMBUSH  AT  DAWN')).id,
    ]
    expect(ids).toEqual(['ambush-at-dawn', 'ambush-at-dawn-2', 'ambush-at-dawn-3'])
    // The first one was not overwritten by the later ones.
    const first = await store.load('ambush-at-dawn')
    expect(first.ok && first.summary.name).toBe('Ambush at Dawn')
    expect((await store.list()).map((s) => s.id).sort()).toEqual(ids)
  })

  it('slugify: lower-case words joined by hyphens, accents dropped, never empty and never "autosave"', () => {
    expect(slugify('My Game!')).toBe('my-game')
    expect(slugify('  Été à Paris  ')).toBe('ete-a-paris')
    expect(slugify('../../etc/passwd')).toBe('etc-passwd')
    expect(slugify('***')).toBe('save')
    expect(slugify('')).toBe('save')
    expect(slugify('Autosave')).toBe('save')
    expect(slugify('x'.repeat(100))).toHaveLength(48)
    for (const name of ['My Game!', '../../etc/passwd', '***', 'x'.repeat(100), 'Ünïcödé — ☃'])
      expect(isSaveId(slugify(name))).toBe(true)
  })

  it('a save named "Autosave" never overwrites the autosave', async () => {
    const store = createFileSaveStore(dir, steppingClock())
    await store.save(play(newMatch(SEED), script.slice(0, 1)), 'Autosave: Hut', AUTOSAVE_ID)
    const mine = await store.save(newMatch(SEED), 'Autosave')
    expect(mine.id).not.toBe(AUTOSAVE_ID)
    const auto = await store.load(AUTOSAVE_ID)
    expect(auto.ok && auto.summary.commands).toBe(1)
  })

  it('isSaveId refuses paths, dots, capitals, empty and over-long ids', () => {
    for (const good of ['a', 'autosave', 'ambush-2', '0-day', 'a'.repeat(64)]) expect(isSaveId(good), good).toBe(true)
    for (const bad of ['../x', 'a/b', 'a\\b', 'A', '', '-a', 'a.b', '.hidden', 'a b', 'a'.repeat(65), 'x\n'])
      expect(isSaveId(bad), JSON.stringify(bad)).toBe(false)
  })

  it('invalid ids are refused by save, load and remove, and never touch a file outside the folder', async () => {
    const store = createFileSaveStore(dir, steppingClock())
    const m = newMatch(SEED)
    // A perfectly good save one folder up: "../outside" would name it.
    await createFileSaveStore(root, steppingClock()).save(m, 'Outside')
    const outsideBytes = await fsp.readFile(join(root, 'outside.smle.json'))
    for (const bad of ['../outside', 'a/b', 'A']) {
      await expect(store.save(m, 'x', bad)).rejects.toThrow(/not a valid save id/)
      const loaded = await store.load(bad)
      expect(loaded).toEqual({ ok: false, message: `"${bad}" is not a valid save id.`, missing: false })
      await expect(store.remove(bad)).rejects.toThrow(/not a valid save id/)
    }
    expect(await fsp.readFile(join(root, 'outside.smle.json'))).toEqual(outsideBytes)
    expect(await store.list()).toEqual([])
  })

  it('load of an id with no file says so and marks it missing', async () => {
    const store = createFileSaveStore(dir, steppingClock())
    expect(await store.load('nothing-here')).toEqual({
      ok: false,
      message: 'There is no save called "nothing-here".',
      missing: true,
    })
  })

  it('remove deletes the file and only that file', async () => {
    const store = createFileSaveStore(dir, steppingClock())
    await store.save(newMatch(SEED), 'Keep')
    await store.save(newMatch(SEED), 'Drop')
    await store.remove('drop')
    expect((await store.list()).map((s) => s.id)).toEqual(['keep'])
    await expect(fsp.stat(fileOf('drop'))).rejects.toMatchObject({ code: 'ENOENT' })
    expect((await store.load('drop')).ok).toBe(false)
    expect((await store.load('keep')).ok).toBe(true)
  })
})

describe('save store: atomic writes', () => {
  /** A store whose next writes fail the given way; reads and the first save use the real file system. */
  async function storeWithPreviousSave(): Promise<{ before: Buffer; good: SaveStore; newer: ReturnType<typeof play> }> {
    const good = createFileSaveStore(dir, steppingClock())
    await good.save(newMatch(SEED), 'Slot', 'slot')
    return { before: await fsp.readFile(fileOf('slot')), good, newer: play(newMatch(SEED), script) }
  }

  it('a crash between write and rename leaves the previous save byte for byte intact and loadable', async () => {
    const { before, good, newer } = await storeWithPreviousSave()
    let renames = 0
    const crashingRename: AtomicFs = {
      ...realFs,
      rename: async () => {
        renames++
        throw simulatedCrash('rename')
      },
    }
    const store = createFileSaveStore(dir, steppingClock(), crashingRename)
    await expect(store.save(newer, 'Slot', 'slot')).rejects.toThrow(/simulated crash in rename/)
    expect(renames).toBe(1)
    expect(await fsp.readFile(fileOf('slot'))).toEqual(before)
    const loaded = await good.load('slot')
    expect(loaded.ok && loaded.summary.commands).toBe(0)
    // The failed write cleaned its temporary file up: only the real save is in the folder.
    expect(await fsp.readdir(dir)).toEqual(['slot.smle.json'])
    expect((await good.list()).map((s) => s.id)).toEqual(['slot'])
  })

  it('a process that dies before the rename leaves a temp file that list() ignores and the old save still loads', async () => {
    const { before, good, newer } = await storeWithPreviousSave()
    // The process "dies": the rename never happens and neither does the clean-up.
    const dead: AtomicFs = {
      ...realFs,
      rename: async () => {
        throw simulatedCrash('rename')
      },
      rm: async () => {
        throw simulatedCrash('rm')
      },
    }
    await expect(createFileSaveStore(dir, steppingClock(), dead).save(newer, 'Slot', 'slot')).rejects.toThrow(
      /simulated crash/,
    )
    const names = await fsp.readdir(dir)
    const temps = names.filter((n) => n !== 'slot.smle.json')
    expect(temps).toHaveLength(1)
    expect(temps[0]).toMatch(/^\.slot\.smle\.json\.[0-9a-f]+\.tmp$/)
    // The temp file holds the complete new save, yet it is not a save anyone sees.
    const tempText = await fsp.readFile(join(dir, temps[0] ?? ''), 'utf8')
    expect(tempText).toContain('"smle-table-save"')
    expect(await fsp.readFile(fileOf('slot'))).toEqual(before)
    expect((await good.list()).map((s) => s.id)).toEqual(['slot'])
    const loaded = await good.load('slot')
    expect(loaded.ok && loaded.summary.commands).toBe(0)
    // And the next good save of the same id works and replaces the old one.
    await good.save(newer, 'Slot', 'slot')
    const again = await good.load('slot')
    expect(again.ok && again.summary.commands).toBe(script.length)
  })

  /** An `open` that gives the temp file's handle a failing method (the folder handle stays real). */
  function failingHandle(method: 'sync' | 'writeFile'): AtomicFs {
    const open: typeof fsp.open = async (path, flags, mode) => {
      const handle = await fsp.open(path, flags, mode)
      if (flags === 'wx') {
        if (method === 'sync') {
          handle.sync = async () => {
            throw simulatedCrash('sync')
          }
        } else {
          const realWrite = handle.writeFile.bind(handle)
          // Half the text reaches the disk, then the disk fills up.
          handle.writeFile = async (data) => {
            await realWrite(String(data).slice(0, String(data).length / 2), 'utf8')
            throw Object.assign(new Error('simulated crash in write: no space left'), { code: 'ENOSPC' })
          }
        }
      }
      return handle
    }
    return { ...realFs, open }
  }

  for (const method of ['sync', 'writeFile'] as const) {
    it(`a failure in handle.${method}() leaves the previous save intact, loadable, and no temp file behind`, async () => {
      const { before, good, newer } = await storeWithPreviousSave()
      const store = createFileSaveStore(dir, steppingClock(), failingHandle(method))
      await expect(store.save(newer, 'Slot', 'slot')).rejects.toThrow(/simulated crash/)
      expect(await fsp.readFile(fileOf('slot'))).toEqual(before)
      const loaded = await good.load('slot')
      expect(loaded.ok && loaded.summary.commands).toBe(0)
      expect(await fsp.readdir(dir)).toEqual(['slot.smle.json'])
      expect((await good.list()).map((s) => s.id)).toEqual(['slot'])
    })
  }

  it('a failed first save of a new id leaves nothing that looks like a save', async () => {
    const store = createFileSaveStore(dir, steppingClock(), failingHandle('sync'))
    await expect(store.save(newMatch(SEED), 'Fresh')).rejects.toThrow(/simulated crash/)
    expect(await store.list()).toEqual([])
    expect(await store.load('fresh')).toMatchObject({ ok: false, missing: true })
  })
})

describe('save store: damaged and foreign files are refused, listed and never changed', () => {
  async function goodSaveText(): Promise<string> {
    const store = createFileSaveStore(dir, steppingClock())
    await store.save(play(newMatch(SEED), script), 'Good', 'good')
    return fsp.readFile(fileOf('good'), 'utf8')
  }

  /** `foundAtLoad`: a damage past the header, which the list (headers only) cannot see; loading finds it. */
  const cases: { name: string; text: (good: string) => string; message: RegExp[]; foundAtLoad?: boolean }[] = [
    {
      name: 'garbage bytes',
      text: () => '\u0000\u0001garbage\uFFFD not a save',
      message: [/not a readable save/, /not valid JSON/],
    },
    {
      name: 'truncated JSON (cut in half)',
      text: (good) => good.slice(0, Math.floor(good.length / 2)),
      message: [/damaged or was cut short/, /not valid JSON/],
    },
    { name: 'an empty file', text: () => '', message: [/not valid JSON/] },
    {
      name: 'foreign JSON',
      text: () => JSON.stringify({ name: 'package', version: '1.0.0' }),
      message: [/not an SMLE Table save/],
    },
    { name: 'a JSON array', text: () => '[1, 2, 3]', message: [/not an SMLE Table save/] },
    {
      name: 'a newer formatVersion',
      text: (good) => JSON.stringify({ ...JSON.parse(good), formatVersion: 2 }),
      message: [/newer version of SMLE Table/, /save format 2/, /reads up to 1/, /Update the program/],
    },
    {
      name: 'a log that does not lead to the recorded state',
      text: (good) => {
        const raw = JSON.parse(good) as { snapshot: { stateHash: string } }
        raw.snapshot.stateHash = '00000000000000'
        return JSON.stringify(raw)
      },
      message: [/damaged/, /does not lead to the state recorded/],
      foundAtLoad: true,
    },
    {
      name: 'a save of a ruleset this version does not play',
      text: (good) => good.replace('"ruleset": "smle"', '"ruleset": "chess"'),
      message: [
        /CORE-RULESET-01|ruleset "chess" is not one this version of SMLE Table plays/,
        /the game was not opened/,
      ],
    },
    {
      name: 'a damaged header',
      text: (good) => {
        const raw = JSON.parse(good) as { header: { seed: unknown } }
        raw.header.seed = 'forty-two'
        return JSON.stringify(raw)
      },
      message: [/The save is damaged/, /header\.seed/],
    },
  ]

  for (const c of cases) {
    it(`${c.name}: load refuses with a clear message, the bytes stay the same, list() shows it with a problem`, async () => {
      const text = c.text(await goodSaveText())
      await fsp.writeFile(fileOf('broken'), text)
      const before = await fsp.readFile(fileOf('broken'))
      const store = createFileSaveStore(dir, steppingClock())

      const loaded = await store.load('broken')
      expect(loaded.ok).toBe(false)
      if (loaded.ok) return
      expect(loaded.missing).toBe(false)
      for (const fragment of c.message) expect(loaded.message).toMatch(fragment)

      const listed = await store.list()
      const entry = listed.find((s) => s.id === 'broken')
      if (c.foundAtLoad) {
        // Listed from its header (as it was saved); the load refused it above.
        expect(entry).toMatchObject({ name: 'Good', isAutosave: false, commands: script.length })
        expect(entry?.problem).toBeUndefined()
      } else {
        expect(entry?.problem).toBe(loaded.message)
        expect(entry).toMatchObject({ name: 'broken', isAutosave: false, commands: 0 })
        // The good save is still listed next to it, and listed first (the damaged one has no date).
        expect(listed.map((s) => s.id)).toEqual(['good', 'broken'])
      }

      expect(await fsp.readFile(fileOf('broken'))).toEqual(before)
    })
  }

  it('the list reads headers only: a file written before summaries is listed by replaying it, with the same line', async () => {
    const store = createFileSaveStore(dir, steppingClock())
    const summary = await store.save(play(newMatch(SEED), script), 'Old', 'old')
    const raw = JSON.parse(await fsp.readFile(fileOf('old'), 'utf8')) as { summary?: unknown }
    expect(raw.summary).toEqual({
      scenarioId: summary.scenarioId,
      scenarioName: summary.scenarioName,
      round: summary.round,
      commands: script.length,
    })
    delete raw.summary
    await fsp.writeFile(fileOf('old'), JSON.stringify(raw))
    expect(await store.list()).toEqual([summary])
    expect((await store.load('old')).ok).toBe(true)
  })

  it('a damaged autosave is still listed first, with its problem', async () => {
    await goodSaveText()
    await fsp.writeFile(fileOf(AUTOSAVE_ID), '{"format":"smle-table-save"')
    const listed = await createFileSaveStore(dir, steppingClock()).list()
    expect(listed.map((s) => [s.id, s.isAutosave, s.problem !== undefined])).toEqual([
      [AUTOSAVE_ID, true, true],
      ['good', false, false],
    ])
  })

  it('files that are not saves (wrong suffix, bad ids, temp files) are not listed', async () => {
    await goodSaveText()
    await fsp.writeFile(join(dir, 'notes.txt'), 'hello')
    await fsp.writeFile(join(dir, 'Capital.smle.json'), 'x')
    await fsp.writeFile(join(dir, '.good.smle.json.abcdef.tmp'), 'x')
    expect((await createFileSaveStore(dir, steppingClock()).list()).map((s) => s.id)).toEqual(['good'])
  })
})

describe('save store: setAside', () => {
  it('keeps the bytes identical under a new damaged-… id, and a second one gets -2', async () => {
    const store = createFileSaveStore(dir, steppingClock())
    const first = Buffer.from([0x7b, 0x00, 0xff, 0xfe, 0x22, 0x0a, 0x80])
    await fsp.mkdir(dir, { recursive: true })
    await fsp.writeFile(fileOf(AUTOSAVE_ID), first)

    const keptAs = await store.setAside(AUTOSAVE_ID)
    expect(keptAs).toBe('damaged-autosave')
    expect(await fsp.readFile(fileOf(keptAs))).toEqual(first)
    await expect(fsp.stat(fileOf(AUTOSAVE_ID))).rejects.toMatchObject({ code: 'ENOENT' })

    const second = Buffer.from('{"truncated":')
    await fsp.writeFile(fileOf(AUTOSAVE_ID), second)
    const keptAs2 = await store.setAside(AUTOSAVE_ID)
    expect(keptAs2).toBe('damaged-autosave-2')
    expect(await fsp.readFile(fileOf(keptAs2))).toEqual(second)
    // The first damaged file was not overwritten.
    expect(await fsp.readFile(fileOf(keptAs))).toEqual(first)

    const listed = await store.list()
    expect(listed.map((s) => s.id).sort()).toEqual(['damaged-autosave', 'damaged-autosave-2'])
    expect(listed.every((s) => s.problem !== undefined && !s.isAutosave)).toBe(true)
  })

  it('fails loudly (and changes nothing) when there is no such file', async () => {
    const store = createFileSaveStore(dir, steppingClock())
    await store.save(newMatch(SEED), 'Other')
    const before = await folderContents()
    await expect(store.setAside(AUTOSAVE_ID)).rejects.toMatchObject({ code: 'ENOENT' })
    expect(await folderContents()).toEqual(before)
  })
})
