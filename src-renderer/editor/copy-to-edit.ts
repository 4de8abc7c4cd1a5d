/** A scenario as its file holds it. */
type Draft = Readonly<Record<string, unknown>>

/**
 * A copy of a scenario to edit: its own id and name, so that saving it adds
 * one of the player's scenarios and leaves the original as it was.
 */
export function copyToEdit(scenario: Draft): Draft {
  const id = typeof scenario.id === 'string' ? scenario.id : 'scenario'
  const name = typeof scenario.name === 'string' ? scenario.name : 'Scenario'
  return {
    ...scenario,
    id: id.endsWith('-copy') ? id : `${id}-copy`,
    name: name.endsWith('(copy)') ? name : `${name} (copy)`,
  }
}

/**
 * What New game's Edit a copy asks the editor to open (`{ copyOf: <the
 * scenario> }`), as the copy to edit; null for a draft (Back to editor).
 */
export function copyRequested(draft: Draft): Draft | null {
  const raw = draft.copyOf
  return draft.ruleset === undefined && raw !== null && typeof raw === 'object' ? copyToEdit(raw as Draft) : null
}
