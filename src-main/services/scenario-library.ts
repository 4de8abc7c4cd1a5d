import * as fsp from 'node:fs/promises'
import { join } from 'node:path'
import {
  hasErrors,
  problemsInWords,
  parseScenario,
  SAVE_MAGIC,
  type ScenarioProblem,
  stripBom,
  type TableScenario,
  validateScenario,
} from '../../src-engine/index'
import type { ScenarioSummary } from '../ipc/types'
import { removeTemporaryFiles, writeFileAtomic } from './atomic-write'

/** A scenario of any ruleset, validated by its ruleset's schema. */
export type AnyScenario = TableScenario & { readonly description: string }

/** The scenario file format this version writes and the newest it reads (every ruleset's `formatVersion`). */
export const SCENARIO_FORMAT_VERSION = 1

/** The largest scenario file that is saved or imported (the reference town, 100 figures a side, is about 100 KB). */
export const MAX_SCENARIO_BYTES = 512 * 1024

/** A scenario refused for saving, importing, exporting or deleting, with why in words; nothing was changed. */
export class ScenarioRefused extends Error {
  constructor(
    message: string,
    readonly problems: readonly ScenarioProblem[] = [],
  ) {
    super(message)
    this.name = 'ScenarioRefused'
  }
}

/**
 * The built-in scenarios (JSON files in a folder, of every ruleset this
 * build plays) and the player's own (`<save folder>/scenarios/*.json`),
 * listed together; the player's can be saved, imported, exported and
 * deleted. Every file is validated on load.
 */
export interface ScenarioLibrary {
  list(): Promise<ScenarioSummary[]>
  get(id: string): Promise<AnyScenario>
  /** Writes a player's scenario under its id (atomically), replacing one of theirs with that id; refused while it has errors. */
  save(raw: unknown): Promise<ScenarioSummary>
  /** Adds a scenario file's text to the player's scenarios; a foreign file, a newer format, an invalid scenario or a taken id is refused. */
  import(text: string): Promise<ScenarioSummary>
  /** A scenario (built-in or the player's) as the text of a file, and a name for that file. */
  export(id: string): Promise<{ fileName: string; text: string }>
  /** Deletes one of the player's scenarios (built-in ones cannot be). */
  remove(id: string): Promise<void>
}

/** What a scenario file holds before its ruleset reads it: JSON, from this program, of a format this version reads. */
export function readScenarioText(text: string): unknown {
  if (Buffer.byteLength(text, 'utf8') > MAX_SCENARIO_BYTES)
    throw new ScenarioRefused(`The file is larger than a scenario can be (${MAX_SCENARIO_BYTES / 1024} KB).`)
  let raw: unknown
  try {
    raw = JSON.parse(stripBom(text))
  } catch {
    throw new ScenarioRefused('The file is not a scenario: it is not JSON text.')
  }
  if (raw === null || typeof raw !== 'object' || Array.isArray(raw))
    throw new ScenarioRefused('The file is not a scenario of SMLE Table.')
  const o = raw as Record<string, unknown>
  if (o.format === SAVE_MAGIC)
    throw new ScenarioRefused('The file is a saved game, not a scenario: open it with Load instead.')
  if (typeof o.ruleset !== 'string' || typeof o.formatVersion !== 'number' || !Array.isArray(o.sides))
    throw new ScenarioRefused('The file is not a scenario of SMLE Table (it has no ruleset, format version and sides).')
  if (o.formatVersion > SCENARIO_FORMAT_VERSION)
    throw new ScenarioRefused(
      `The scenario was made by a newer version of SMLE Table (scenario format ${o.formatVersion}; this version reads format ${SCENARIO_FORMAT_VERSION}). Update the program to use it.`,
    )
  return raw
}

/** The first few errors of a scenario, in a sentence. */
/** Ids that can name a file in the player's folder (no paths, no dots). */
const USER_ID = /^[a-z0-9][a-z0-9-]{0,63}$/

/**
 * Reads built-in scenarios from `dir` (a broken file is reported by name,
 * never half-loaded) and the player's from `userDir` (created on the first
 * save; a broken one is listed with its problem and cannot be played).
 */
export function createScenarioLibrary(dir: string, userDir?: string): ScenarioLibrary {
  let builtInCache: Promise<Map<string, AnyScenario>> | null = null
  let userCache: Promise<UserScenarios> | null = null
  async function loadBuiltIn(): Promise<Map<string, AnyScenario>> {
    const out = new Map<string, AnyScenario>()
    const names = (await fsp.readdir(dir)).filter((n) => n.endsWith('.json')).sort()
    for (const name of names) {
      const text = await fsp.readFile(join(dir, name), 'utf8')
      let raw: unknown
      try {
        raw = JSON.parse(stripBom(text))
      } catch {
        throw new Error(`Scenario file ${name} is not valid JSON.`)
      }
      // The file's `ruleset` picks the rules from the registry; an unknown one is refused (CORE-RULESET-01).
      const parsed = parseScenario(raw)
      if (!parsed.ok) throw new Error(`Scenario file ${name}: ${parsed.message}`)
      const scenario = parsed.scenario as AnyScenario
      out.set(scenario.id, scenario)
    }
    return out
  }
  const builtIn = (): Promise<Map<string, AnyScenario>> => (builtInCache ??= loadBuiltIn())
  const user = (): Promise<UserScenarios> => (userCache ??= userDir ? loadUser(userDir) : Promise.resolve(EMPTY_USER))

  /** Checks a scenario for saving under the player's scenarios: valid, no errors, an id of its own. */
  async function admit(raw: unknown, replacing: boolean): Promise<AnyScenario> {
    if (!userDir) throw new ScenarioRefused('This program keeps no scenarios of its own here.')
    const problems = validateScenario(raw)
    if (hasErrors(problems)) throw new ScenarioRefused(problemsInWords(problems), problems)
    const parsed = parseScenario(raw)
    if (!parsed.ok) throw new ScenarioRefused(parsed.message)
    const scenario = parsed.scenario as AnyScenario
    if (!USER_ID.test(scenario.id))
      throw new ScenarioRefused(
        `A scenario id is at most 64 lower-case letters, digits and hyphens; "${scenario.id}" is not.`,
      )
    if ((await builtIn()).has(scenario.id))
      throw new ScenarioRefused(
        `A built-in scenario already has the id "${scenario.id}": give yours an id of its own (for example "${scenario.id}-2").`,
      )
    if (!replacing && (await user()).scenarios.has(scenario.id))
      throw new ScenarioRefused(
        `Your scenarios already have one with the id "${scenario.id}": delete it first, or change the id of the file.`,
      )
    return scenario
  }
  async function write(raw: unknown, scenario: AnyScenario): Promise<ScenarioSummary> {
    await fsp.mkdir(userDir!, { recursive: true })
    let text: string
    try {
      text = `${JSON.stringify(raw, null, 2)}\n`
    } catch (err) {
      // Kept as given (its unknown fields too): one nested deeper than can be written out is refused, nothing written.
      throw new ScenarioRefused(
        `The scenario cannot be written out: ${err instanceof Error ? err.message : String(err)}. Nothing was saved.`,
      )
    }
    await writeFileAtomic(join(userDir!, `${scenario.id}.json`), text)
    userCache = null
    return summaryOf(scenario, 'user')
  }

  return {
    async list() {
      const mine = await user()
      return [...[...(await builtIn()).values()].map((s) => summaryOf(s, 'builtin')), ...mine.summaries]
    },
    async get(id) {
      const s = (await builtIn()).get(id) ?? (await user()).scenarios.get(id)
      if (!s) throw new Error(`There is no scenario "${id}".`)
      return s
    },
    async save(raw) {
      return write(raw, await admit(raw, true))
    },
    async import(text) {
      const raw = readScenarioText(text)
      return write(raw, await admit(raw, false))
    },
    async export(id) {
      const mine = (await user()).raw.get(id)
      const s = mine ?? (await builtIn()).get(id)
      if (!s) throw new ScenarioRefused(`There is no scenario "${id}" to export.`)
      return { fileName: `${id}.json`, text: `${JSON.stringify(s, null, 2)}\n` }
    },
    async remove(id) {
      if ((await builtIn()).has(id)) throw new ScenarioRefused('A built-in scenario cannot be deleted.')
      if (!userDir || !USER_ID.test(id) || !(await user()).summaries.some((s) => s.id === id))
        throw new ScenarioRefused(`There is no scenario "${id}" of yours to delete.`)
      await fsp.rm(join(userDir, `${id}.json`), { force: true })
      userCache = null
    },
  }
}

/** The player's scenarios: the playable ones, their file text as written, and a line for each file. */
interface UserScenarios {
  readonly scenarios: ReadonlyMap<string, AnyScenario>
  readonly raw: ReadonlyMap<string, unknown>
  readonly summaries: readonly ScenarioSummary[]
}

const EMPTY_USER: UserScenarios = { scenarios: new Map(), raw: new Map(), summaries: [] }

async function loadUser(userDir: string): Promise<UserScenarios> {
  // Left by a save a crash interrupted.
  await removeTemporaryFiles(userDir)
  let names: string[]
  try {
    names = (await fsp.readdir(userDir)).filter((n) => n.endsWith('.json') && !n.startsWith('.')).sort()
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return EMPTY_USER
    throw err
  }
  const scenarios = new Map<string, AnyScenario>()
  const raws = new Map<string, unknown>()
  const summaries: ScenarioSummary[] = []
  for (const name of names) {
    const id = name.slice(0, -'.json'.length)
    try {
      const raw = readScenarioText(await fsp.readFile(join(userDir, name), 'utf8'))
      // A file edited by hand is checked as an imported one is (`admit`): one the editor finds wrong is listed with
      // its problems, not offered to play.
      const problems = validateScenario(raw)
      if (hasErrors(problems)) throw new ScenarioRefused(problemsInWords(problems), problems)
      const parsed = parseScenario(raw)
      if (!parsed.ok) throw new ScenarioRefused(parsed.message)
      const s = parsed.scenario as AnyScenario
      if (s.id !== id) throw new ScenarioRefused(`The file ${name} holds the scenario "${s.id}"; its name must match.`)
      scenarios.set(id, s)
      raws.set(id, raw)
      summaries.push(summaryOf(s, 'user'))
    } catch (err) {
      const message = err instanceof Error ? err.message : String(err)
      summaries.push({ id, name: name, description: '', ruleset: '', source: 'user', problem: message })
    }
  }
  return { scenarios, raw: raws, summaries }
}

/** What the picker shows of a scenario: its name and words, its ruleset, its sides and where it comes from. */
function summaryOf(s: AnyScenario, source: 'builtin' | 'user'): ScenarioSummary {
  const sides = (s as { sides?: readonly { id: string; name?: string }[] }).sides ?? []
  return {
    id: s.id,
    name: s.name,
    description: s.description,
    ruleset: s.ruleset,
    sides: sides.map((side) => ({ id: side.id, name: side.name ?? side.id })),
    source,
  }
}

/** A library over scenarios already in memory (tests, tools); it keeps no scenarios of the player's. */
export function createMemoryScenarioLibrary(scenarios: readonly AnyScenario[]): ScenarioLibrary {
  const byId = new Map(scenarios.map((s) => [s.id, s]))
  const refuse = async (): Promise<never> => {
    throw new ScenarioRefused('This program keeps no scenarios of its own here.')
  }
  return {
    list: async () => scenarios.map((s) => summaryOf(s, 'builtin')),
    get: async (id) => {
      const s = byId.get(id)
      if (!s) throw new Error(`There is no scenario "${id}".`)
      return s
    },
    save: refuse,
    import: refuse,
    export: async (id) => {
      const s = byId.get(id)
      if (!s) throw new ScenarioRefused(`There is no scenario "${id}" to export.`)
      return { fileName: `${id}.json`, text: `${JSON.stringify(s, null, 2)}\n` }
    },
    remove: refuse,
  }
}
