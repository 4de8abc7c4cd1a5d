import { moveLeftIn } from '../../src-engine/index'
import { useMatch, useUi } from '../state/context'
import { vehicleSelectionLines } from '../play/vehicle-selection'

/** The selected figure and what the player can do with it. */
export function SelectionPanel() {
  const id = useUi((s) => s.selectedFigureId)
  const state = useMatch((s) => s.state)
  const figure = id ? state?.figures[id] : undefined
  const team = useMatch((s) => (figure ? s.state?.teams[figure.teamId] : undefined))
  const vehicleId = useUi((s) => s.selectedVehicleId)
  const vehicle = vehicleId ? state?.vehicles[vehicleId] : undefined
  return (
    <section className="panel selection" aria-label="Selection">
      {figure ? (
        <>
          <h2>{figure.name}</h2>
          <div>
            {team?.name} · {figure.quality} · {figure.weapons.join(', ')}
            {figure.isLeader ? ' · leader' : ''}
          </div>
          <div data-testid="move-left">Move left: {state ? moveLeftIn(state, figure).toFixed(1) : '0.0'}"</div>
          {figure.movedIn > 0 && <div data-testid="move-used">Moved this activation: {figure.movedIn.toFixed(1)}"</div>}
        </>
      ) : vehicle && state ? (
        <>
          <h2>{vehicle.name}</h2>
          {vehicleSelectionLines(state, vehicle.id).map((line) => (
            <div key={line} data-testid="vehicle-selection">
              {line}
            </div>
          ))}
        </>
      ) : (
        <h2>No figure selected</h2>
      )}
      <div className="hint">
        Click a figure or a vehicle to select it, then the ground to move it. Click a door to open or close it;
        Shift-click to kick it in. Drag to orbit, right-drag to pan, wheel to zoom.
      </div>
    </section>
  )
}
