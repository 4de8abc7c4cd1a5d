import * as fsp from 'node:fs/promises'
import { join } from 'node:path'
import { parseScenario, type Scenario, smle, stripBom } from '../../src-engine/index'
import type { ScenarioSummary } from '../ipc/types'

/** The built-in scenarios (JSON files in a folder), validated on load. */
export interface ScenarioLibrary {
  list(): Promise<ScenarioSummary[]>
  get(id: string): Promise<Scenario>
}

/** Reads scenarios from `dir`; a broken file is reported by name, never half-loaded. */
export function createScenarioLibrary(dir: string): ScenarioLibrary {
  let cache: Promise<Map<string, Scenario>> | null = null
  async function loadAll(): Promise<Map<string, Scenario>> {
    const out = new Map<string, Scenario>()
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
      // The host and the renderer play SMLE only so far: a scenario of another ruleset this build
      // knows (SMR, played headless by the engine and `npm run sim`) is left out of the list.
      if (parsed.ruleset.id !== smle.id) continue
      const scenario = parsed.scenario as Scenario
      out.set(scenario.id, scenario)
    }
    return out
  }
  const all = (): Promise<Map<string, Scenario>> => (cache ??= loadAll())
  return {
    async list() {
      return [...(await all()).values()].map((s) => ({
        id: s.id,
        name: s.name,
        description: s.description,
        ruleset: s.ruleset,
      }))
    },
    async get(id) {
      const s = (await all()).get(id)
      if (!s) throw new Error(`There is no scenario "${id}".`)
      return s
    },
  }
}

/** A library over scenarios already in memory (tests, tools). */
export function createMemoryScenarioLibrary(scenarios: readonly Scenario[]): ScenarioLibrary {
  const byId = new Map(scenarios.map((s) => [s.id, s]))
  return {
    list: async () =>
      scenarios.map((s) => ({ id: s.id, name: s.name, description: s.description, ruleset: s.ruleset })),
    get: async (id) => {
      const s = byId.get(id)
      if (!s) throw new Error(`There is no scenario "${id}".`)
      return s
    },
  }
}
