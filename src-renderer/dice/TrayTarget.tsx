import { invalidate } from '@react-three/fiber'
import { useEffect, useLayoutEffect, useRef, useState } from 'react'
import { useUi } from '../state/context'
import type { TraySceneProps } from './TrayScene'
import { trayPort } from './tray-port'

export interface TrayTargetProps extends TraySceneProps {
  readonly className?: string
}

/** How long the tray stays forward after its dice have come to rest (ms), and the most it stays forward at all. */
const SPOTLIGHT_LINGER_MS = 900
const SPOTLIGHT_MAX_MS = 8000

/**
 * The tray's place on the page (in the Dice panel, on the table while the
 * panel is folded or hidden, or in a corner of the clean feed): the table's
 * canvas draws the tray into this element's rectangle (see `TrayView`), seen
 * through it. While the director has the
 * camera, a throw brings the tray forward, large in the middle of the
 * window, until its dice have come to rest.
 */
export function TrayTarget({ className = 'dice-canvas', ...props }: TrayTargetProps) {
  const ref = useRef<HTMLDivElement>(null)
  const directed = useUi((s) => s.director !== null)
  const [spotlight, setSpotlight] = useState(false)
  const { playKey, onDone } = props
  useEffect(() => {
    if (!directed || props.replay === null) return
    setSpotlight(true)
    const most = setTimeout(() => setSpotlight(false), SPOTLIGHT_MAX_MS)
    return () => clearTimeout(most)
  }, [directed, playKey, props.replay])
  useEffect(() => {
    if (!directed) setSpotlight(false)
  }, [directed])
  // The table's labels under the tray hide and show again with it: a frame for each change.
  useEffect(() => invalidate(), [spotlight])
  const done = (key: number): void => {
    onDone?.(key)
    setTimeout(() => setSpotlight(false), SPOTLIGHT_LINGER_MS)
  }
  useLayoutEffect(() => {
    if (ref.current) trayPort.setState({ request: { target: ref.current, props: { ...props, onDone: done } } })
  })
  // Only its own request: a tray moving to another place (the panel folded mid-throw) keeps the one made there.
  useEffect(() => {
    const el = ref.current
    return () => {
      if (trayPort.getState().request?.target === el) trayPort.setState({ request: null })
    }
  }, [])
  return (
    <div className={`${className} tray-slot`}>
      <div
        className={spotlight ? 'tray-target tray-spotlight' : 'tray-target'}
        data-testid="dice-tray"
        data-spotlight={spotlight ? 'on' : 'off'}
        ref={ref}
      />
    </div>
  )
}
