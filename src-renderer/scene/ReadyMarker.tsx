import { useFrame } from '@react-three/fiber'
import { useRef } from 'react'

/** Sets `data-ready` on <html> once the first frame has been drawn (tests and stream tools wait for it). */
export function ReadyMarker() {
  const done = useRef(false)
  useFrame(() => {
    if (done.current) return
    done.current = true
    // useFrame runs before the frame is drawn; the next animation frame comes after it.
    requestAnimationFrame(() => document.documentElement.setAttribute('data-ready', 'true'))
  })
  return null
}
