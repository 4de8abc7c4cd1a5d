import type { CommandInput } from '../../src-engine/index'
import type { UiStoreState } from './stores'

/**
 * What a click on the ground asks of the host: the selected figure walks
 * there (§6), or the selected vehicle drives there at 1" per mph (SMLE-VEH-02;
 * the host refuses a route beyond its speed with the clause). Null when
 * nothing is selected; the tape measure takes the click before this is asked.
 */
export function groundCommand(
  ui: Pick<UiStoreState, 'selectedFigureId' | 'selectedVehicleId'>,
  at: { x: number; z: number },
): CommandInput | null {
  const to = { x: at.x, z: at.z }
  if (ui.selectedFigureId) return { type: 'moveFigure', figureId: ui.selectedFigureId, to }
  if (ui.selectedVehicleId) return { type: 'moveVehicle', vehicleId: ui.selectedVehicleId, to }
  return null
}
