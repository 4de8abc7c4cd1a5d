import { useEffect, useMemo, useState } from 'react'
import type { ReplayMark } from '../../src-engine/index'
import { useApp, useMatch } from '../state/context'
import { leaveReplay, seekReplay } from '../state/replay-control'
import type { ReplayMirror } from '../state/stores'
import { isTyping } from './shortcuts'
import { InSlot } from './layout/InSlot'
import { stepPauseMs } from './replay-video/pacing'
import { isRenderingReplay, useReplayRender } from './replay-video/render-store'
import { RenderProgress } from './replay-video/RenderProgress'
import { RenderVideoButton } from './replay-video/RenderVideoButton'

/** The first index of each round on the timeline: round 1 (or set-up) at 0, then each round mark. */
export function roundStarts(marks: readonly ReplayMark[]): { readonly label: string; readonly index: number }[] {
  return [{ label: 'Start', index: 0 }, ...marks.filter((m) => m.kind === 'round')]
}

/** The index to go to for "previous round" / "next round" from `index`. */
export function roundJump(marks: readonly ReplayMark[], index: number, length: number, dir: -1 | 1): number {
  const starts = roundStarts(marks).map((r) => r.index)
  if (dir > 0) return starts.find((i) => i > index) ?? length
  return starts.filter((i) => i < index).at(-1) ?? 0
}

/**
 * The replay's controls, over the table while a replay is shown: the
 * timeline with its round and activation marks, play and pause, a step back
 * or forward, a round back or forward, a round to jump to, and the step's
 * log lines, and the render to video (its progress and Cancel while it runs,
 * the step controls held). Keys: ← → step, Space plays or pauses, PgUp PgDn
 * a round, Home End the ends, Esc leaves (and so ends a render).
 */
export function ReplayBar() {
  const replay = useMatch((s) => s.replay)
  if (!replay) return null
  return <ReplayControls replay={replay} />
}

function ReplayControls({ replay }: { replay: ReplayMirror }) {
  const app = useApp()
  const [playing, setPlaying] = useState(false)
  const rendering = useReplayRender((s) => s.phase !== 'idle')
  const { info, index } = replay
  const { length, marks } = info
  const go = (i: number) => seekReplay(app, i)
  const rounds = useMemo(() => roundStarts(marks), [marks])

  // Playing: the next step after a pause (longer when this step threw dice); stops at the end or for a render.
  useEffect(() => {
    if (!playing) return
    if (index >= length || rendering) {
      setPlaying(false)
      return
    }
    const timer = setTimeout(() => seekReplay(app, index + 1), stepPauseMs(replay.rolls.length > 0))
    return () => clearTimeout(timer)
  }, [playing, rendering, replay.stepKey, replay.rolls.length, index, length, app])

  // The replay's keys come before the table's (the arrows and Space mean nothing else here).
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      // The timeline's own slider takes the same keys: the replay answers them (once) there too.
      const onSlider = (e.target as HTMLInputElement | null)?.type === 'range'
      if ((isTyping(e.target) && !onSlider && e.key !== 'Escape') || e.ctrlKey || e.metaKey || e.altKey) return
      const s = app.matchStore.getState().replay
      if (!s) return
      const ui = app.uiStore.getState()
      const keys: Record<string, () => void> = {
        ArrowLeft: () => seekReplay(app, s.index - 1),
        ArrowRight: () => seekReplay(app, s.index + 1),
        ' ': () => setPlaying((p) => !p),
        PageUp: () => seekReplay(app, roundJump(s.info.marks, s.index, s.info.length, -1)),
        PageDown: () => seekReplay(app, roundJump(s.info.marks, s.index, s.info.length, 1)),
        Home: () => seekReplay(app, 0),
        End: () => seekReplay(app, s.info.length),
        Escape: () => void leaveReplay(app),
      }
      const run = keys[e.key]
      if (!run || (e.key === 'Escape' && (ui.helpOpen || ui.newGameOpen))) return
      e.preventDefault()
      e.stopPropagation()
      // A render steps the replay itself: only Esc (leave, and so cancel) is heard meanwhile.
      if (e.key !== 'Escape' && isRenderingReplay(app)) return
      run()
    }
    window.addEventListener('keydown', onKey, { capture: true })
    return () => window.removeEventListener('keydown', onKey, { capture: true })
  }, [app])

  const roundNow = rounds.filter((r) => r.index <= index).at(-1)
  return (
    <InSlot slot="center">
      <div
        className="panel replay-bar"
        data-panel="replay"
        aria-label="Replay"
        data-testid="replay-bar"
        data-rendering={rendering ? 'true' : undefined}
      >
        <div className="replay-row">
          <strong className="replay-title" title={info.title}>
            Replay: {info.title}
          </strong>
          <span className="muted" data-testid="replay-shows">
            {info.shows === 'everything' ? 'Game over: shown in full' : 'As your seat saw it'}
          </span>
          <span data-testid="replay-index" data-index={index} data-length={length}>
            Command {index} of {length} · Round {replay.round}
          </span>
          <span className="replay-buttons">
            <button
              type="button"
              onClick={() => go(0)}
              disabled={rendering || index === 0}
              title="To the start (Home)"
              aria-label="To the start"
            >
              |◀
            </button>
            <button
              type="button"
              onClick={() => go(roundJump(marks, index, length, -1))}
              disabled={rendering || index === 0}
              title="A round back (Page Up)"
              aria-label="A round back"
            >
              ◀◀
            </button>
            <button
              type="button"
              onClick={() => go(index - 1)}
              disabled={rendering || index === 0}
              title="A step back (←)"
              aria-label="Step back"
            >
              ◀
            </button>
            <button
              type="button"
              onClick={() => setPlaying((p) => !p)}
              disabled={rendering || (index >= length && !playing)}
              title="Play or pause (Space)"
              aria-label={playing ? 'Pause' : 'Play'}
              data-testid="replay-play"
            >
              {playing ? '▮▮ Pause' : '▶ Play'}
            </button>
            <button
              type="button"
              onClick={() => go(index + 1)}
              disabled={rendering || index >= length}
              title="A step forward (→)"
              aria-label="Step forward"
            >
              ▶
            </button>
            <button
              type="button"
              onClick={() => go(roundJump(marks, index, length, 1))}
              disabled={rendering || index >= length}
              title="A round forward (Page Down)"
              aria-label="A round forward"
            >
              ▶▶
            </button>
            <button
              type="button"
              onClick={() => go(length)}
              disabled={rendering || index >= length}
              title="To the end (End)"
              aria-label="To the end"
            >
              ▶|
            </button>
          </span>
          <select
            aria-label="Jump to round"
            value={roundNow?.index ?? 0}
            disabled={rendering}
            onChange={(e) => go(Number(e.target.value))}
          >
            {rounds.map((r) => (
              <option key={r.index} value={r.index}>
                {r.label}
              </option>
            ))}
          </select>
          <RenderVideoButton />
          <button type="button" onClick={() => void leaveReplay(app)} title="Back to the game (Esc)">
            Leave replay
          </button>
        </div>
        <RenderProgress />
        <Timeline marks={marks} index={index} length={length} disabled={rendering} onSeek={go} />
        <ol className="replay-lines" data-testid="replay-lines" aria-live="polite">
          {index === 0 ? <li className="muted">The start of the game.</li> : null}
          {index > 0 && replay.lines.length === 0 ? (
            <li className="muted">Nothing to tell: bookkeeping only.</li>
          ) : null}
          {replay.lines.map((line, i) => (
            <li key={`${replay.stepKey}-${i}`}>{line}</li>
          ))}
        </ol>
      </div>
    </InSlot>
  )
}

/** The timeline: a slider over the commands, with a tall mark at each round and a short one at each activation. */
function Timeline({
  marks,
  index,
  length,
  disabled = false,
  onSeek,
}: {
  marks: readonly ReplayMark[]
  index: number
  length: number
  disabled?: boolean
  onSeek: (i: number) => void
}) {
  const at = (i: number) => `${length === 0 ? 0 : (i / length) * 100}%`
  return (
    <div className="replay-timeline">
      <div className="replay-marks" aria-hidden="true">
        {marks.map((m) => (
          <span
            key={`${m.kind}-${m.index}`}
            className={`replay-mark ${m.kind}`}
            style={{ left: at(m.index) }}
            title={`${m.label} (command ${m.index})`}
          >
            {m.kind === 'round' ? m.label.replace('Round ', 'R') : null}
          </span>
        ))}
      </div>
      <input
        type="range"
        min={0}
        max={length}
        step={1}
        value={index}
        disabled={disabled}
        aria-label="Replay timeline"
        data-testid="replay-timeline"
        onChange={(e) => onSeek(Number(e.target.value))}
      />
    </div>
  )
}
