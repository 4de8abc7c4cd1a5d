import * as fsp from 'node:fs/promises'
import { join } from 'node:path'
import { parseScenario, stripBom, type TableScenario } from '../../src-engine/index'
import type { ScenarioSummary } from '../ipc/types'

/** A scenario of any ruleset, validated by its ruleset's schema. */
export type AnyScenario = TableScenario & { readonly description: string }

/** The built-in scenarios (JSON files in a folder, of every ruleset this build plays), validated on load. */
export interface ScenarioLibrary {
  list(): Promise<ScenarioSummary[]>
  get(id: string): Promise<AnyScenario>
}

/** Reads scenarios from `dir`; a broken file is reported by name, never half-loaded. */
export function createScenarioLibrary(dir: string): ScenarioLibrary {
  let cache: Promise<Map<string, AnyScenario>> | null = null
  async function loadAll(): Promise<Map<string, AnyScenario>> {
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
  const all = (): Promise<Map<string, AnyScenario>> => (cache ??= loadAll())
  return {
    async list() {
      return [...(await all()).values()].map(summaryOf)
    },
    async get(id) {
      const s = (await all()).get(id)
      if (!s) throw new Error(`There is no scenario "${id}".`)
      return s
    },
  }
}

/** What the picker shows of a scenario: its name and words, its ruleset and its sides. */
function summaryOf(s: AnyScenario): ScenarioSummary {
  const sides = (s as { sides?: readonly { id: string; name?: string }[] }).sides ?? []
  return {
    id: s.id,
    name: s.name,
    description: s.description,
    ruleset: s.ruleset,
    sides: sides.map((side) => ({ id: side.id, name: side.name ?? side.id })),
  }
}

/** A library over scenarios already in memory (tests, tools). */
export function createMemoryScenarioLibrary(scenarios: readonly AnyScenario[]): ScenarioLibrary {
  const byId = new Map(scenarios.map((s) => [s.id, s]))
  return {
    list: async () => scenarios.map(summaryOf),
    get: async (id) => {
      const s = byId.get(id)
      if (!s) throw new Error(`There is no scenario "${id}".`)
      return s
    },
  }
}
