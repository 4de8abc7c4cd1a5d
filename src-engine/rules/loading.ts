import {
  type ParsedSave,
  parseSave as parseSaveWith,
  readSaveHeading as readSaveHeadingWith,
  type SaveHeading,
} from '../save/format'
import { type ParsedScenario, parseScenario as parseScenarioWith } from '../scenario/load'
import { rulesetFor } from './index'
import { problemsInWords, validateScenario } from './validate-scenario'

/** Reads save-file text with the ruleset its header names, from this build's registry (`rederive: false`: see `parseSave` in save/format). */
export function parseSave(text: string, options: { readonly rederive?: boolean } = {}): ParsedSave {
  return parseSaveWith(text, (id) => rulesetFor(id), options)
}

/**
 * Reads a scenario with the ruleset its `ruleset` field names, from this
 * build's registry, and refuses it when the editor's check finds an error
 * (a side with no teams, buildings overlapping, a door in no wall, an
 * objective off the table...): a file that the editor would not save is not
 * played either, from whichever door it comes in. Warnings do not refuse.
 */
export function parseScenario(raw: unknown): ParsedScenario {
  const parsed = parseScenarioWith(raw, (id) => rulesetFor(id))
  if (!parsed.ok) return parsed
  const problems = validateScenario(raw)
  if (problems.some((p) => p.severity === 'error')) return { ok: false, message: problemsInWords(problems) }
  return parsed
}

/** Reads only a save's header and summary (for lists), with this build's registry. */
export function readSaveHeading(text: string): SaveHeading {
  return readSaveHeadingWith(text, (id) => rulesetFor(id))
}
