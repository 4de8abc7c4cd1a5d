import {
  type ParsedSave,
  parseSave as parseSaveWith,
  readSaveHeading as readSaveHeadingWith,
  type SaveHeading,
} from '../save/format'
import { type ParsedScenario, parseScenario as parseScenarioWith } from '../scenario/load'
import { rulesetFor } from './index'

/** Reads save-file text with the ruleset its header names, from this build's registry (`rederive: false`: see `parseSave` in save/format). */
export function parseSave(text: string, options: { readonly rederive?: boolean } = {}): ParsedSave {
  return parseSaveWith(text, (id) => rulesetFor(id), options)
}

/** Reads a scenario with the ruleset its `ruleset` field names, from this build's registry. */
export function parseScenario(raw: unknown): ParsedScenario {
  return parseScenarioWith(raw, (id) => rulesetFor(id))
}

/** Reads only a save's header and summary (for lists), with this build's registry. */
export function readSaveHeading(text: string): SaveHeading {
  return readSaveHeadingWith(text, (id) => rulesetFor(id))
}
