import { rollText } from './roll-text'
import type { ShownRoll } from './use-roll-queue'

export interface RollResultProps {
  readonly shown: ShownRoll
}

/** Under the tray: what the roll is for while the dice fly; once they settle, the dice, each modifier with its clause, and the outcome. */
export function RollResult({ shown }: RollResultProps) {
  const event = shown.roller ? { ...shown.event, purpose: shown.roller.purpose } : shown.event
  const text = rollText(event, shown.before, shown.roller?.name)
  const problem = shown.replay?.problem ?? null
  if (!shown.settled) {
    return (
      <div className="dice-result" data-testid="dice-result" data-phase="rolling">
        <div className="dice-title">{text.title}</div>
        <div className="muted">Rolling…</div>
      </div>
    )
  }
  return (
    <div className="dice-result" data-testid="dice-result" data-phase="settled">
      <div className="dice-title">{text.title}</div>
      <div className="dice-faces">{text.dice}</div>
      {text.modifiers.length > 0 ? (
        <ul className="dice-mods">
          {text.modifiers.map((m, i) => (
            <li key={i}>
              {m.text} <span className="clause">[{m.clause}]</span>
            </li>
          ))}
        </ul>
      ) : null}
      <div className={`dice-outcome ${text.success === undefined ? '' : text.success ? 'success' : 'failure'}`}>
        {text.outcome}
      </div>
      {[...text.notes, ...(problem ? [problem] : [])].map((n, i) => (
        <div key={i} className="dice-note">
          {n}
        </div>
      ))}
    </div>
  )
}
