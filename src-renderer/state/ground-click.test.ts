import { describe, expect, it } from 'vitest'
import { groundCommand } from './ground-click'
import { createUiStore } from './stores'

describe('a click on the ground', () => {
  it('moves the selected figure there (SMLE-MOVE-01)', () => {
    const ui = createUiStore()
    ui.getState().select('br-r1')
    expect(groundCommand(ui.getState(), { x: 10, z: 12 })).toEqual({
      type: 'moveFigure',
      figureId: 'br-r1',
      to: { x: 10, z: 12 },
    })
  })

  it('drives the selected vehicle there (SMLE-VEH-02), and selecting a vehicle lets go of the figure', () => {
    const ui = createUiStore()
    ui.getState().select('br-r1')
    ui.getState().selectVehicle('carrier')
    expect(ui.getState().selectedFigureId).toBeNull()
    expect(groundCommand(ui.getState(), { x: 30, z: 5 })).toEqual({
      type: 'moveVehicle',
      vehicleId: 'carrier',
      to: { x: 30, z: 5 },
    })
    ui.getState().select('br-r2')
    expect(ui.getState().selectedVehicleId).toBeNull()
  })

  it('asks nothing when nothing is selected, and Esc lets go of a vehicle', () => {
    const ui = createUiStore()
    expect(groundCommand(ui.getState(), { x: 1, z: 1 })).toBeNull()
    ui.getState().selectVehicle('carrier')
    ui.getState().escape()
    expect(groundCommand(ui.getState(), { x: 1, z: 1 })).toBeNull()
  })
})
