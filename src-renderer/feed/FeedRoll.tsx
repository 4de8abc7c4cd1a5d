import { useEffect, useMemo, useRef } from 'react'
import { createDiceSound } from '../dice/dice-sound'
import { rollText } from '../dice/roll-text'
import { TrayTarget } from '../dice/TrayTarget'
import { isPlayable, type ShownRoll, useRollQueue } from '../dice/use-roll-queue'

/** How long a settled roll stays on the feed before its corner clears (when no other roll follows). */
const SHOWN_AFTER_MS = 6000

function sideColourOf(shown: ShownRoll): string | null {
  if (shown.roller) return shown.roller.colour
  if (!shown.event.figureId || !shown.before) return null
  const figure = shown.before.figures[shown.event.figureId]
  return shown.before.sides.find((s) => s.id === figure?.sideId)?.colour ?? null
}

/**
 * The feed's dice corner: while a roll is on, the tray (the recorded physics
 * throw replayed, as in the Dice panel) and under it what the roll is for;
 * once the dice settle, the dice, each modifier with its clause and the
 * outcome. It clears a few seconds after the last roll.
 */
export function FeedRoll() {
  const { shown, settle, close } = useRollQueue()
  const sound = useMemo(() => createDiceSound(), [])
  useEffect(() => () => sound.dispose(), [sound])
  const closeRef = useRef(close)
  closeRef.current = close
  const settled = shown?.settled ?? false
  const rollId = shown?.event.rollId
  useEffect(() => {
    if (!settled) return
    const timer = window.setTimeout(() => closeRef.current(), SHOWN_AFTER_MS)
    return () => window.clearTimeout(timer)
  }, [settled, rollId])
  if (!shown) return null
  const event = shown.roller ? { ...shown.event, purpose: shown.roller.purpose } : shown.event
  const text = rollText(event, shown.before, shown.roller?.name)
  const colour = sideColourOf(shown)
  return (
    <div
      className="feed-roll"
      data-testid="feed-roll"
      data-phase={shown.settled ? 'settled' : 'rolling'}
      style={colour ? { ['--side' as string]: colour } : undefined}
    >
      {shown.replay && isPlayable(shown) ? (
        <TrayTarget
          className="feed-tray"
          replay={shown.replay}
          playKey={shown.playKey}
          sideColour={colour}
          sound={sound}
          onDone={settle}
        />
      ) : null}
      <div className="feed-roll-text">
        <div className="feed-roll-title">{text.title}</div>
        {shown.settled ? (
          <>
            <div className="feed-roll-dice">{text.dice}</div>
            {text.modifiers.length > 0 ? (
              <ul className="feed-roll-mods">
                {text.modifiers.map((m, i) => (
                  <li key={i}>
                    {m.text} <span className="clause">[{m.clause}]</span>
                  </li>
                ))}
              </ul>
            ) : null}
            <div
              className={`feed-roll-outcome ${text.success === undefined ? '' : text.success ? 'success' : 'failure'}`}
            >
              {text.outcome}
            </div>
          </>
        ) : (
          <div className="feed-roll-dice muted">Rolling…</div>
        )}
      </div>
    </div>
  )
}
