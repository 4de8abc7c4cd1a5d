import { useEffect, useRef, useState } from 'react'
import type { GameEventOf, MatchState } from '../../src-engine/index'
import { useMatch } from '../state/context'
import { loadedReplayCode, loadReplayCode } from './dice-code'
import type { RollReplay } from './dice-replay'

type DiceRolled = GameEventOf<'DiceRolled'>

/** A roll on show in the tray. */
export interface ShownRoll {
  readonly event: DiceRolled
  /** The state the roll was thrown in (names, side colours). */
  readonly before: MatchState
  /** The recomputed throws, or null for quick dice. */
  readonly replay: RollReplay | null
  /** Bumped to play the replay again from the start. */
  readonly playKey: number
  readonly settled: boolean
}

/** Seconds a settled roll stays before the next queued roll is thrown (shorter while more wait). */
const HOLD_S = 1.2
const HOLD_BUSY_S = 0.5

/** At most this many rolls wait for the tray; older ones are left to the log so the tray keeps up with play. */
export const MAX_WAITING = 3

/** The waiting line after new rolls join it: the newest `max`, in order (the rest are in the game log). */
export function admitRolls<T>(waiting: readonly T[], arrived: readonly T[], max = MAX_WAITING): T[] {
  const all = [...waiting, ...arrived]
  return all.slice(Math.max(0, all.length - max))
}

/**
 * Watches the match mirror for new dice rolls and shows them one after the
 * other: each is replayed until its dice settle, then its result is shown.
 * Rolls already in the mirror when the view opened are not replayed; when
 * play runs ahead of the tray, only the newest few wait (every roll is in
 * the game log with its modifiers).
 */
export function useRollQueue(): {
  shown: ShownRoll | null
  replayAgain: () => void
  settle: (playKey: number) => void
  close: () => void
} {
  const recent = useMatch((s) => s.recent)
  const gameId = useMatch((s) => s.gameId)
  const [shown, setShown] = useState<ShownRoll | null>(null)
  const queue = useRef<{ event: DiceRolled; before: MatchState }[]>([])
  const seen = useRef<{ gameId: string | null; rollId: number }>({ gameId: null, rollId: Number.POSITIVE_INFINITY })
  const [tick, setTick] = useState(0)
  // The replay code could not be loaded: rolls show their results without the tray.
  const replayCodeFailed = useRef(false)

  useEffect(() => {
    if (seen.current.gameId !== gameId) {
      // A new or loaded game: remember where its rolls stand now, and show only rolls made from here on.
      const last = recent.filter((r) => r.event.type === 'DiceRolled').at(-1)
      seen.current = { gameId, rollId: last?.event.type === 'DiceRolled' ? last.event.rollId : -1 }
      queue.current = []
      setShown(null)
      return
    }
    const arrived: { event: DiceRolled; before: MatchState }[] = []
    for (const r of recent) {
      if (r.event.type !== 'DiceRolled' || r.event.rollId <= seen.current.rollId) continue
      seen.current.rollId = r.event.rollId
      arrived.push({ event: r.event, before: r.before })
    }
    queue.current = admitRolls(queue.current, arrived)
    setTick((t) => t + 1)
  }, [recent, gameId])

  const busy = shown !== null && !shown.settled
  useEffect(() => {
    if (busy || queue.current.length === 0) return
    // The replay code comes with the first roll (or earlier, when the page was idle); the queue waits for it.
    if (!loadedReplayCode() && !replayCodeFailed.current) {
      let live = true
      loadReplayCode()
        .catch(() => void (replayCodeFailed.current = true))
        .finally(() => live && setTick((t) => t + 1))
      return () => void (live = false)
    }
    const holdMs = shown ? (queue.current.length > 1 ? HOLD_BUSY_S : HOLD_S) * 1000 : 0
    const timer = setTimeout(() => {
      const next = queue.current.shift()
      if (next) setShown(start(next.event, next.before))
    }, holdMs)
    return () => clearTimeout(timer)
  }, [busy, shown, tick])

  // A roll the tray cannot replay (quick dice, or a throw this computer replays differently) shows its result at once.
  const playable = isPlayable(shown)
  useEffect(() => {
    if (shown && !shown.settled && !playable) setShown({ ...shown, settled: true })
  }, [shown, playable])

  return {
    shown,
    replayAgain: () => setShown((s) => (s ? { ...s, playKey: s.playKey + 1, settled: false } : s)),
    settle: (playKey) => setShown((s) => (s && s.playKey === playKey ? { ...s, settled: true } : s)),
    close: () => setShown(null),
  }
}

/** The tray can replay this roll: physics dice whose throws were recomputed exactly. */
export function isPlayable(shown: ShownRoll | null): boolean {
  return shown?.replay?.verified === true && shown.replay.throws.length > 0
}

function start(event: DiceRolled, before: MatchState): ShownRoll {
  return { event, before, replay: loadedReplayCode()?.replayRoll(event) ?? null, playKey: 0, settled: false }
}
