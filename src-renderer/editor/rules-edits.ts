import { type Draft, type Item, list } from './force-draft'

/**
 * The optional rules in force (§14, SMLE-GEN-09) and what the mission makes
 * of each objective (SMLE-SCEN-01..06): each edit takes the draft and gives
 * the changed one, or the same draft when nothing changes.
 */

/** The optional rules a scenario may put in force, in words, with their clauses. */
export const OPTIONAL_RULES: readonly { readonly key: string; readonly label: string }[] = [
  { key: 'heroes', label: 'Heroes and Hollywood rules (§14.1)' },
  { key: 'cameraFodder', label: 'Camera Fodder (§14.2)' },
  { key: 'monsters', label: 'Monsters (§14.3)' },
  { key: 'eliteFanaticMoveBonus', label: 'Elite and Fanatic troops +2" move (SMLE-OPTR-01)' },
  { key: 'unreliableWeapons', label: 'Unreliable weapons (SMLE-SHOOT-28)' },
  { key: 'superiorLeaders', label: 'Superior leaders rolled at the start (SMLE-QUAL-06)' },
  { key: 'vehicleDamageCapacity', label: 'Vehicle damage capacity (SMLE-VEH-17)' },
]

/** Whether an optional rule is in force in a draft. */
export function ruleInForce(draft: Draft, key: string): boolean {
  const optional = ((draft.settings ?? {}) as Item).optional as Item | undefined
  return optional?.[key] === true
}

/** Puts an optional rule in force, or out of it. */
export function setOptionalRule(draft: Draft, key: string, on: boolean): Draft {
  if (ruleInForce(draft, key) === on) return draft
  const settings = (draft.settings ?? {}) as Item
  const optional = (settings.optional ?? {}) as Item
  return { ...draft, settings: { ...settings, optional: { ...optional, [key]: on } } }
}

/** The kinds of objective (SMLE-SCEN-01..06), in words. */
export const OBJECTIVE_KINDS: readonly { readonly value: string; readonly label: string }[] = [
  { value: 'marker', label: 'Marker' },
  { value: 'area', label: 'Area to hold' },
  { value: 'cache', label: 'Weapon cache (SMLE-SCEN-06)' },
]

/** Makes an objective a marker, an area or a weapon cache; one that is no cache holds no weapon. */
export function setObjectiveKind(draft: Draft, objectiveId: string, kind: string): Draft {
  const objectives = list(draft.objectives)
  const o = objectives.find((x) => x.id === objectiveId)
  if (!o || (o.kind ?? 'marker') === kind) return draft
  return {
    ...draft,
    objectives: objectives.map((x) => {
      if (x.id !== objectiveId) return x
      const { weapon: _gone, ...rest } = x
      return kind === 'cache' ? { ...x, kind } : { ...rest, kind }
    }),
  }
}
