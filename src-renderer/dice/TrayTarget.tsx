import { useEffect, useLayoutEffect, useRef } from 'react'
import type { TraySceneProps } from './TrayScene'
import { trayPort } from './tray-port'

export interface TrayTargetProps extends TraySceneProps {
  readonly className?: string
}

/**
 * The tray's place on the page (in the Dice panel, or in a corner of the
 * clean feed): the table's canvas draws the tray into this element's
 * rectangle (see `TrayView`), seen through it.
 */
export function TrayTarget({ className = 'dice-canvas', ...props }: TrayTargetProps) {
  const ref = useRef<HTMLDivElement>(null)
  useLayoutEffect(() => {
    if (ref.current) trayPort.setState({ request: { target: ref.current, props } })
  })
  useEffect(() => () => trayPort.setState({ request: null }), [])
  return <div className={className} data-testid="dice-tray" ref={ref} />
}
