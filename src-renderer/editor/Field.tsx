import { useEffect, useState } from 'react'

export interface FieldProps {
  readonly label: string
  /** The label read out (and the field's tooltip); the label by default. */
  readonly ariaLabel?: string
  readonly value: string
  readonly numeric?: boolean
  readonly onCommit: (value: string) => void
}

/** A text field that edits the draft when the player leaves it or presses Enter (one step to undo, not one per key). */
export function Field({ label, ariaLabel = label, value, numeric = false, onCommit }: FieldProps) {
  const [text, setText] = useState(value)
  useEffect(() => setText(value), [value])
  const commit = (): void => {
    if (text !== value) onCommit(text)
  }
  return (
    <label className="editor-field">
      {label}
      <input
        aria-label={ariaLabel}
        title={ariaLabel}
        value={text}
        inputMode={numeric ? 'decimal' : undefined}
        onChange={(e) => setText(e.target.value)}
        onBlur={commit}
        onKeyDown={(e) => {
          if (e.key === 'Enter') commit()
        }}
      />
    </label>
  )
}
