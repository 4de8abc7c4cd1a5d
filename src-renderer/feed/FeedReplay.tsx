import { useEffect, useRef, useState } from 'react'
import { stepPauseMs } from '../hud/replay-video/pacing'
import { useApp, useMatch } from '../state/context'
import { openReplay, seekReplay } from '../state/replay-control'
import type { FeedOptions } from './feed-options'

/**
 * A replay played on the clean feed in place of the live game: opened once
 * the page has its game, played from the start at Play's pace (times the
 * feed's speed), its dice thrown again, the director following each step;
 * it stays on its last step at the end. Nothing on the page to press. When
 * the host restarts, the step shown stays until the page has reconnected,
 * then the replay is opened again where it was (the host forgot it).
 */
export function FeedReplay({ from, speed }: { from: NonNullable<FeedOptions['replay']>; speed: number }) {
  const app = useApp()
  const haveGame = useMatch((s) => s.gameId !== null)
  const replay = useMatch((s) => s.replay)
  const showing = replay !== null
  // Grows with each reconnection: a replay opened before one is gone from the host.
  const [connection, setConnection] = useState(0)
  const openedIn = useRef<number | null>(null)
  const opening = useRef(false)
  // The step to come back to: the start at first, then the last step shown; and the one asked for on opening.
  const resumeAt = useRef(0)
  const resuming = useRef<number | null>(null)

  useEffect(() => app.bridge.onReconnected?.(() => setConnection((n) => n + 1)), [app])

  useEffect(() => {
    if (!haveGame || opening.current || (showing && openedIn.current === connection)) return
    opening.current = true
    openedIn.current = null
    resuming.current = null
    const at = resumeAt.current
    void openReplay(app, from).then((ok) => {
      opening.current = false
      if (!ok) return
      openedIn.current = connection
      const r = app.matchStore.getState().replay
      if (!r || r.index === at) return
      resuming.current = at
      seekReplay(app, at, 'stay')
    })
  }, [haveGame, showing, connection, app, from])

  const index = replay?.index ?? 0
  const length = replay?.info.length ?? 0
  const stepKey = replay?.stepKey ?? 0
  const dice = (replay?.rolls.length ?? 0) > 0
  // The step reached is where a reopened replay resumes (not the end a replay of the game opens at).
  useEffect(() => {
    if (!showing || openedIn.current === null) return
    if (resuming.current !== null) {
      if (index !== resuming.current) return
      resuming.current = null
    }
    resumeAt.current = index
  }, [showing, stepKey, index])
  // Each step shown (its key) sets the next one's time; none while a reopened replay goes back to its step.
  useEffect(() => {
    if (!showing || index >= length || resuming.current !== null) return
    const timer = setTimeout(
      () => {
        if (resuming.current === null) seekReplay(app, index + 1, 'stay')
      },
      stepPauseMs(dice, speed),
    )
    return () => clearTimeout(timer)
  }, [app, showing, stepKey, index, length, dice, speed])
  return null
}
