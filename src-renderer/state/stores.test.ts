import { describe, expect, it } from 'vitest'
import { createUiStore } from './stores'

describe('ui store', () => {
  it('tape measure: first click fixes one end, the pointer drags the other, the second click fixes it, a third starts again', () => {
    const ui = createUiStore()
    ui.getState().setTool('measure')
    ui.getState().measureClick({ x: 1, y: 0, z: 1 })
    ui.getState().measureHover({ x: 4, y: 0, z: 5 })
    expect(ui.getState().tape).toEqual({ a: { x: 1, y: 0, z: 1 }, b: { x: 4, y: 0, z: 5 }, fixed: false })
    ui.getState().measureClick({ x: 7, y: 0, z: 5 })
    ui.getState().measureHover({ x: 9, y: 0, z: 9 })
    expect(ui.getState().tape).toEqual({ a: { x: 1, y: 0, z: 1 }, b: { x: 7, y: 0, z: 5 }, fixed: true })
    ui.getState().measureClick({ x: 2, y: 0, z: 2 })
    expect(ui.getState().tape).toEqual({ a: { x: 2, y: 0, z: 2 }, b: { x: 2, y: 0, z: 2 }, fixed: false })
  })
  it('Esc leaves one thing at a time: dialog, eye view, tool, then the selection', () => {
    const ui = createUiStore()
    const s = () => ui.getState()
    s().select('f1')
    s().setTool('measure')
    s().setCameraMode('eye')
    s().setHelpOpen(true)
    s().escape()
    expect([s().helpOpen, s().cameraMode, s().tool, s().selectedFigureId]).toEqual([false, 'eye', 'measure', 'f1'])
    s().escape()
    expect([s().cameraMode, s().tool]).toEqual(['orbit', 'measure'])
    s().escape()
    expect(s().tool).toBe('select')
    s().escape()
    expect(s().selectedFigureId).toBeNull()
  })
  it('each focus request is new, even for the same point', () => {
    const ui = createUiStore()
    ui.getState().focusOn({ x: 1, y: 0, z: 1 })
    const first = ui.getState().focus?.seq
    ui.getState().focusOn({ x: 1, y: 0, z: 1 })
    expect(ui.getState().focus?.seq).toBe((first ?? 0) + 1)
  })
})
