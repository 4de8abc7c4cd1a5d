import { useEffect, useRef } from 'react'
import { stepPauseMs } from '../hud/replay-video/pacing'
import { useApp, useMatch } from '../state/context'
import { openReplay, seekReplay } from '../state/replay-control'
import type { FeedOptions } from './feed-options'

/**
 * A replay played on the clean feed in place of the live game: opened once
 * the page has its game, played from the start at Play's pace (times the
 * feed's speed), its dice thrown again, the director following each step;
 * it stays on its last step at the end. Nothing on the page to press.
 */
export function FeedReplay({ from, speed }: { from: NonNullable<FeedOptions['replay']>; speed: number }) {
  const app = useApp()
  const haveGame = useMatch((s) => s.gameId !== null)
  const replay = useMatch((s) => s.replay)
  const opened = useRef(false)

  useEffect(() => {
    if (!haveGame || opened.current) return
    opened.current = true
    void openReplay(app, from).then((ok) => {
      const r = app.matchStore.getState().replay
      if (ok && r && r.index !== 0) seekReplay(app, 0)
    })
  }, [haveGame, app, from])

  const index = replay?.index ?? 0
  const length = replay?.info.length ?? 0
  const stepKey = replay?.stepKey ?? 0
  const dice = (replay?.rolls.length ?? 0) > 0
  const showing = replay !== null
  // Each step shown (its key) sets the next one's time.
  useEffect(() => {
    if (!showing || index >= length) return
    const timer = setTimeout(() => seekReplay(app, index + 1), stepPauseMs(dice, speed))
    return () => clearTimeout(timer)
  }, [app, showing, stepKey, index, length, dice, speed])
  return null
}
