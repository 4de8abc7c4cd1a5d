import type { Choice } from './force-options'

export interface ChoiceSelectProps {
  /** The short label shown above it (none: only read out). */
  readonly label?: string
  /** The label read out (and the tooltip). */
  readonly ariaLabel: string
  readonly value: string
  readonly choices: readonly Choice[]
  /** Further choices under a heading (melee weapons under the guns). */
  readonly more?: { readonly label: string; readonly choices: readonly Choice[] }
  /** A first choice that is no value (`Add a vehicle…`): picking something else calls `onPick`, and it shows again. */
  readonly prompt?: string
  readonly onPick: (value: string) => void
}

/**
 * A list to choose from, each change one edit of the draft; a value the
 * lists do not have (an alias a file wrote) is shown as it is.
 */
export function ChoiceSelect({ label, ariaLabel, value, choices, more, prompt, onPick }: ChoiceSelectProps) {
  const known = prompt !== undefined || [...choices, ...(more?.choices ?? [])].some((c) => c.value === value)
  const select = (
    <select
      aria-label={ariaLabel}
      title={ariaLabel}
      value={prompt !== undefined ? '' : value}
      onChange={(e) => {
        if (e.target.value !== '') onPick(e.target.value)
      }}
    >
      {prompt !== undefined ? <option value="">{prompt}</option> : null}
      {known ? null : <option value={value}>{value}</option>}
      {choices.map((c) => (
        <option key={c.value} value={c.value}>
          {c.label}
        </option>
      ))}
      {more ? (
        <optgroup label={more.label}>
          {more.choices.map((c) => (
            <option key={c.value} value={c.value}>
              {c.label}
            </option>
          ))}
        </optgroup>
      ) : null}
    </select>
  )
  return label ? (
    <label className="editor-field">
      {label}
      {select}
    </label>
  ) : (
    select
  )
}
