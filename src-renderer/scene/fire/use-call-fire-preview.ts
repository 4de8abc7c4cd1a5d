import { useMemo } from 'react'
import { type CallFirePreview, previewCallFire } from '../../../src-engine/index'
import { useMatch, useUi } from '../../state/context'
import { worldOf } from '../world-cache'

/** The planned call for fire (if any) as the rules would take it now: the engine's `previewCallFire` on this seat's view. */
export function useCallFirePreview(): CallFirePreview | null {
  const call = useUi((s) => s.fireCall)
  const state = useMatch((s) => s.state)
  const scenario = useMatch((s) => s.scenario)
  return useMemo(
    () => (call && state && scenario ? previewCallFire(state, worldOf(scenario), call) : null),
    [call, state, scenario],
  )
}
