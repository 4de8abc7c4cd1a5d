import { lazy, Suspense } from 'react'
import { useStore } from 'zustand'
import { loadTrayView } from './dice-code'
import { trayPort } from './tray-port'

const LazyTrayView = lazy(loadTrayView)

/** In the table's canvas: draws the dice tray where the Dice panel asks for it (its code loaded with the first roll). */
export function TrayPort() {
  const request = useStore(trayPort, (s) => s.request)
  return request ? (
    <Suspense fallback={null}>
      <LazyTrayView request={request} />
    </Suspense>
  ) : null
}
