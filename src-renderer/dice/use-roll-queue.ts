import { useEffect, useMemo, useRef, useState } from 'react'
import type { GameEvent, GameEventOf, MatchState, SmrEvent, SmrState } from '../../src-engine/index'
import { useApp, useMatch } from '../state/context'
import { loadedReplayCode, loadReplayCode } from './dice-code'
import type { RollReplay } from './dice-replay'

type DiceRolled = GameEventOf<'DiceRolled'>

/** A roll on show in the tray. */
export interface ShownRoll {
  readonly event: DiceRolled
  /** The SMLE state the roll was thrown in (names, side colours); null in a game of another ruleset. */
  readonly before: MatchState | null
  /** Who rolled and his side's colour, when the game is not SMLE's (named from its own state). */
  readonly roller?: { readonly name: string | null; readonly colour: string | null; readonly purpose: string }
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
  const smleRecent = useMatch((s) => s.recent)
  const smrRecent = useMatch((s) => s.smrRecent)
  const smrSides = useMatch((s) => s.smr?.scenario.sides)
  const gameId = useMatch((s) => s.gameId)
  const replayKey = useMatch((s) => s.replay?.stepKey)
  // Every ruleset's rolls are the neutral DiceRolled: SMR's are named from its own state and sides.
  const recent = useMemo<readonly Queued[]>(
    () =>
      smrRecent.length > 0
        ? smrRecent.map((r) => ({
            event: r.event,
            before: null,
            roller: smrRoller(r.event, r.before, smrSides ?? []),
          }))
        : smleRecent,
    [smleRecent, smrRecent, smrSides],
  )
  const { matchStore } = useApp()
  const [shown, setShown] = useState<ShownRoll | null>(null)
  const queue = useRef<Queued[]>([])
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
    // A replay's steps tell their events too, but throw only their own dice (below).
    if (matchStore.getState().replay) return
    const arrived: Queued[] = []
    for (const r of recent) {
      if (r.event.type !== 'DiceRolled' || r.event.rollId <= seen.current.rollId) continue
      seen.current.rollId = r.event.rollId
      arrived.push({ event: r.event, before: r.before, ...(r.roller ? { roller: r.roller } : {}) })
    }
    queue.current = admitRolls(queue.current, arrived)
    setTick((t) => t + 1)
  }, [recent, gameId, matchStore])

  // A replay's step: its dice are thrown again, in place of whatever the tray showed.
  useEffect(() => {
    const { replay: step, state, smr } = matchStore.getState()
    if (!step) return
    // Named from the step's own state (the roll's figure or unit is in it).
    queue.current = step.rolls.map((event) =>
      smr
        ? { event, before: null, roller: smrRoller(event as SmrEvent, smr.state, smr.scenario.sides) }
        : { event, before: state },
    )
    setShown(null)
    setTick((t) => t + 1)
  }, [replayKey, matchStore])

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
      if (next) setShown(start(next))
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

function start(q: Queued): ShownRoll {
  const event = q.event as DiceRolled
  return {
    event,
    before: q.before,
    ...(q.roller ? { roller: q.roller } : {}),
    replay: loadedReplayCode()?.replayRoll(event) ?? null,
    playKey: 0,
    settled: false,
  }
}

/** An event waiting for the tray, with what names its roller. */
interface Queued {
  readonly event: GameEvent | SmrEvent
  readonly before: MatchState | null
  readonly roller?: ShownRoll['roller']
}

/** The SMR unit that rolled and its side's colour. */
function smrRoller(
  event: SmrEvent,
  before: SmrState,
  sides: readonly { readonly id: string; readonly name: string; readonly colour: string }[],
): ShownRoll['roller'] {
  if (event.type !== 'DiceRolled') return undefined
  const unit = event.figureId ? before.units[event.figureId] : undefined
  // The purpose names sides by id ("initiative for normans"): told with their names.
  let purpose = event.purpose
  for (const s of sides)
    purpose = purpose.replace(
      new RegExp(`(?<![\\w-])${s.id.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?![\\w-])`, 'g'),
      s.name,
    )
  const side = sides.find((s) => s.id === unit?.sideId) ?? sides.find((s) => event.purpose.includes(s.id))
  // The purpose often names the roller already ("Guy the bowman shoots at …"): then it is not said twice.
  const name = unit && !purpose.includes(unit.name) ? unit.name : null
  return { name, colour: side?.colour ?? null, purpose }
}
