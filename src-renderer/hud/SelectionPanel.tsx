import { moveLeftIn } from '../../src-engine/index'
import { useMatch, useUi } from '../state/context'
import { vehicleSelectionLines } from '../play/vehicle-selection'
import { DockPanel } from './layout/DockPanel'

/** The selected figure and what the player can do with it; with nothing selected, how to select. */
export function SelectionPanel() {
  const id = useUi((s) => s.selectedFigureId)
  const state = useMatch((s) => s.state)
  const figure = id ? state?.figures[id] : undefined
  const team = useMatch((s) => (figure ? s.state?.teams[figure.teamId] : undefined))
  const vehicleId = useUi((s) => s.selectedVehicleId)
  const vehicle = vehicleId ? state?.vehicles[vehicleId] : undefined
  const title = figure ? figure.name : vehicle && state ? vehicle.name : 'No figure selected'
  return (
    <DockPanel id="selection" label="Selection" title={title} className="selection">
      {figure ? (
        <>
          <div>
            {team?.name} · {figure.quality} · {figure.weapons.join(', ')}
            {figure.isLeader ? ' · leader' : ''}
          </div>
          <div data-testid="move-left">Move left: {state ? moveLeftIn(state, figure).toFixed(1) : '0.0'}"</div>
          {figure.movedIn > 0 && <div data-testid="move-used">Moved this activation: {figure.movedIn.toFixed(1)}"</div>}
        </>
      ) : vehicle && state ? (
        vehicleSelectionLines(state, vehicle.id).map((line) => (
          <div key={line} data-testid="vehicle-selection">
            {line}
          </div>
        ))
      ) : (
        // The hint takes room only while it is needed: once something is selected the table has it back.
        <div className="hint">
          Click a figure or a vehicle to select it, then the ground to move it. Click a door to open or close it;
          Shift-click to kick it in. Drag to orbit, right-drag to pan, wheel to zoom.
        </div>
      )}
    </DockPanel>
  )
}
