import { useMemo } from 'react'
import { useMatch } from '../state/context'
import type { FeedOptions } from './feed-options'
import { type FeedTurn, replayLogLines, smleCasualties, smleFeedTurn, smrCasualties, smrFeedTurn } from './feed-text'
import { FeedRecording } from './FeedRecording'
import { FeedRoll } from './FeedRoll'

/** The scenario's name, top left. */
function FeedTitle() {
  const name = useMatch((s) => s.scenario?.name ?? s.smr?.scenario.name ?? null)
  if (!name) return null
  return (
    <div className="feed-box feed-title" data-testid="feed-title">
      {name}
    </div>
  )
}

/** The round, and the side to act with its colour, top centre. */
function FeedTurnBadge() {
  const state = useMatch((s) => s.state)
  const smr = useMatch((s) => s.smr)
  const turn: FeedTurn | null = smr ? smrFeedTurn(smr.state, smr.scenario) : state ? smleFeedTurn(state) : null
  if (!turn) return null
  return (
    <div className="feed-box feed-turn">
      <span className="feed-round" data-testid="feed-round">
        {turn.round}
      </span>
      {turn.acting ? (
        <span className="feed-acting" data-testid="feed-acting">
          {turn.acting.colour ? <span className="swatch" style={{ background: turn.acting.colour }} /> : null}
          {turn.acting.text}
        </span>
      ) : null}
    </div>
  )
}

/** The latest losses, bottom left, newest last. */
function FeedCasualties() {
  const recent = useMatch((s) => s.recent)
  const smrRecent = useMatch((s) => s.smrRecent)
  const smrScenario = useMatch((s) => s.smr?.scenario ?? null)
  const lines = useMemo(
    () => (smrScenario ? smrCasualties(smrRecent, smrScenario) : smleCasualties(recent)),
    [recent, smrRecent, smrScenario],
  )
  if (lines.length === 0) return null
  return (
    <ol className="feed-box feed-casualties" data-testid="feed-casualties" aria-label="Casualties">
      {lines.map((l) => (
        <li key={l.key}>
          {l.colour ? <span className="swatch" style={{ background: l.colour }} /> : null}
          {l.text}
        </li>
      ))}
    </ol>
  )
}

/** A replay's step in the log's words, under the turn overlay (nothing while the live game is shown). */
function FeedReplayLog() {
  const lines = useMatch((s) => s.replay?.lines)
  const stepKey = useMatch((s) => s.replay?.stepKey)
  const shown = useMemo(() => replayLogLines(lines ?? []), [lines])
  if (shown.length === 0) return null
  return (
    <ol className="feed-box feed-log" data-testid="feed-log" aria-label="Replay log" aria-live="polite">
      {shown.map((line, i) => (
        <li key={`${stepKey}-${i}`}>{line}</li>
      ))}
    </ol>
  )
}

/**
 * What a clean feed shows over the table, for viewers only: no buttons and
 * no panels, each overlay switched on or off from the page's address; and,
 * while Shift+R records the table, the recording indicator.
 */
export function FeedOverlays({ options }: { options: FeedOptions }) {
  const on = (o: FeedOptions['overlays'][number]) => options.overlays.includes(o)
  return (
    <div className="feed" data-testid="feed" data-overlays={options.overlays.join(',')}>
      {on('title') ? <FeedTitle /> : null}
      {on('round') ? <FeedTurnBadge /> : null}
      {on('casualties') ? <FeedCasualties /> : null}
      {on('log') ? <FeedReplayLog /> : null}
      {on('roll') ? <FeedRoll /> : null}
      <FeedRecording />
    </div>
  )
}
