import { useCallback } from 'react'
import { type FigureState, reachesDoor } from '../../src-engine/index'
import { sendCommand } from '../state/actions'
import { useApp } from '../state/context'
import { worldOf } from './world-cache'

/**
 * What clicking a door does: open or close it (Shift: kick it in), acted by
 * the selected figure, else the nearest figure of the team acting that can
 * reach it. The engine has the last word and explains any refusal.
 */
export function useDoorActivation(): (doorId: string, force: boolean) => void {
  const app = useApp()
  return useCallback(
    (doorId: string, force: boolean) => {
      const { state, scenario } = app.matchStore.getState()
      if (!state || !scenario) return
      const door = worldOf(scenario).door(doorId)
      const record = state.doors[doorId]
      if (!door || !record) return
      const selected = app.uiStore.getState().selectedFigureId
      const unit = state.activeUnit
      const actingTeamId = unit?.teamIds[unit.index]
      const candidates = Object.values(state.figures).filter(
        (f) =>
          (actingTeamId ? f.teamId === actingTeamId : f.sideId === state.activeSideId) &&
          f.status !== 'dead' &&
          f.offTable === null,
      )
      const distance = (f: FigureState) => Math.hypot(f.position.x - door.centre.x, f.position.z - door.centre.z)
      const chosen =
        candidates.find((f) => f.id === selected) ??
        candidates.filter((f) => reachesDoor(f, door)).sort((a, b) => distance(a) - distance(b))[0] ??
        candidates.sort((a, b) => distance(a) - distance(b))[0]
      if (!chosen) return
      const type = force ? 'kickDoor' : record.state === 'open' ? 'closeDoor' : 'openDoor'
      void sendCommand(app, { type, figureId: chosen.id, doorId })
    },
    [app],
  )
}
