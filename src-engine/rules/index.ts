import type { Checked } from '../core/decision'
import { rejectCore } from '../core/decision'
import type { AnyRuleset } from '../core/ruleset'
import { smle } from './smle/ruleset'
import { smr } from './smr/ruleset'

/** Every ruleset this build plays, by id: the `ruleset` field of a scenario or a save picks one. */
export const rulesets: Readonly<Record<string, AnyRuleset>> = { smle, smr }

/** The ruleset an id names, or a refusal saying this build does not have it (CORE-RULESET-01). */
export function rulesetFor(id: string, registry: Readonly<Record<string, AnyRuleset>> = rulesets): Checked<AnyRuleset> {
  const r = Object.hasOwn(registry, id) ? registry[id] : undefined
  if (r) return { ok: true, value: r }
  const known = Object.keys(registry).join(', ')
  return rejectCore(
    'CORE-RULESET-01',
    `The ruleset "${id}" is not one this version of SMLE Table plays (it plays: ${known}); the game was not opened.`,
  )
}
