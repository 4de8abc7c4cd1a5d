import { useEffect, useState } from 'react'

/** How long a command's reply must keep the player waiting before the turn bar says so (a usual reply only flickers). */
export const WAITING_SHOWN_AFTER_MS = 300

/** True once `on` has stayed true for `ms`. */
export function useLasting(on: boolean, ms: number): boolean {
  const [lasting, setLasting] = useState(false)
  useEffect(() => {
    if (!on) {
      setLasting(false)
      return
    }
    const timer = setTimeout(() => setLasting(true), ms)
    return () => clearTimeout(timer)
  }, [on, ms])
  return on && lasting
}
