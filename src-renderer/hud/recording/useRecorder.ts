import { useEffect, useState } from 'react'
import { useStore } from 'zustand'
import { useApp } from '../../state/context'
import { type RecorderState, recorderFor } from './table-recorder'

/** The recorder's phase, and the time recorded so far (ms, ticking while recording). */
export function useRecorder(): { phase: RecorderState['phase']; elapsedMs: number } {
  const store = recorderFor(useApp().bridge).store
  const phase = useStore(store, (s) => s.phase)
  const startedAtMs = useStore(store, (s) => s.startedAtMs)
  const [nowMs, setNowMs] = useState(() => performance.now())
  useEffect(() => {
    if (startedAtMs === null) return
    setNowMs(performance.now())
    const tick = setInterval(() => setNowMs(performance.now()), 250)
    return () => clearInterval(tick)
  }, [startedAtMs])
  return { phase, elapsedMs: startedAtMs === null ? 0 : Math.max(0, nowMs - startedAtMs) }
}
