import { useEffect, useState } from 'react'
import { isRecordKey, isTyping } from '../hud/shortcuts'
import { RecordingIndicator } from '../hud/recording/RecordingIndicator'
import { toggleRecording } from '../hud/recording/toggle-recording'
import { useApp } from '../state/context'
import type { UiMessage } from '../state/stores'

/** How long the feed says where a recording went (or why it failed), ms. */
const SAID_FOR_MS = 10_000

/**
 * Recording on the clean feed: Shift+R starts recording the table (the
 * canvas, as in a player's window) and again stops it and has it saved; the
 * indicator and where the file went show over the page, never in the video.
 * The feed's only key: a viewer's page has nothing else to press.
 */
export function FeedRecording() {
  const app = useApp()
  const [said, setSaid] = useState<UiMessage | null>(null)
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (isTyping(e.target) || !isRecordKey(e)) return
      e.preventDefault()
      void toggleRecording(app, setSaid)
    }
    window.addEventListener('keydown', onKey)
    return () => window.removeEventListener('keydown', onKey)
  }, [app])
  useEffect(() => {
    if (!said) return
    const timer = setTimeout(() => setSaid(null), SAID_FOR_MS)
    return () => clearTimeout(timer)
  }, [said])
  return (
    <>
      <RecordingIndicator />
      {said ? (
        <div
          className={`feed-box feed-notice ${said.kind}`}
          data-testid="feed-notice"
          role={said.kind === 'error' ? 'alert' : 'status'}
        >
          {said.text}
        </div>
      ) : null}
    </>
  )
}
