import type { ThreeEvent } from '@react-three/fiber'
import { useThree } from '@react-three/fiber'
import { useCallback, useEffect, useRef } from 'react'
import { Plane, Raycaster, Vector2, Vector3 } from 'three'
import type { AppContextValue } from '../../state/context'
import { useApp } from '../../state/context'
import { seatMayAct } from '../../state/seat'
import { turnPlanBy } from './plan-preview'
import { smrGameOf } from './smr-game'
import { DRAG_START_IN, dragPlan, mayDragUnit, WHEEL_BIG_STEP_DEG, WHEEL_STEP_DEG } from './unit-drag'

const _ray = new Raycaster()
const _ndc = new Vector2()
const _plane = new Plane(new Vector3(0, 1, 0), 0)
const _hit = new Vector3()

/** Controls that may be switched off while a unit is dragged (the orbit camera). */
interface Switchable {
  enabled: boolean
}

/**
 * Dragging one of the acting side's units on the table plans its order:
 * the ghost follows the pointer and the engine measures the move as it goes
 * (the plan's label and the Actions panel give the distance of the
 * allowance and the facing, or the clause that refuses it); the wheel (and
 * Q/E) turns it while dragging; over an enemy's base it becomes a charge.
 * Letting go leaves the plan on the table for Enter (or the panel's
 * button), as a click-planned one. The orbit camera holds still meanwhile.
 * Returns the handler for a press on a unit; true when it began a drag.
 */
export function useUnitDrag(): (unitId: string, e: ThreeEvent<PointerEvent>) => boolean {
  const app = useApp()
  const camera = useThree((s) => s.camera)
  const gl = useThree((s) => s.gl)
  const controls = useThree((s) => s.controls) as unknown as Switchable | null
  const stop = useRef<(() => void) | null>(null)
  useEffect(() => () => stop.current?.(), [])
  return useCallback(
    (unitId: string, e: ThreeEvent<PointerEvent>) => {
      const ui = app.uiStore.getState()
      const game = smrGameOf(app)
      if (e.button !== 0 || ui.tool !== 'select' || ui.cameraMode !== 'orbit' || !game) return false
      const u = game.state.units[unitId]
      if (!u || !mayDragUnit(game, unitId, mayActNow(app))) return false
      e.stopPropagation()
      stop.current?.()
      if (controls) controls.enabled = false
      ui.setSmrDrag(unitId)
      _plane.constant = -u.position.y
      let started = false
      const groundAt = (clientX: number, clientY: number): Vector3 | null => {
        const rect = gl.domElement.getBoundingClientRect()
        _ndc.set(((clientX - rect.left) / rect.width) * 2 - 1, -((clientY - rect.top) / rect.height) * 2 + 1)
        _ray.setFromCamera(_ndc, camera)
        return _ray.ray.intersectPlane(_plane, _hit)
      }
      const move = (ev: PointerEvent) => {
        const p = groundAt(ev.clientX, ev.clientY)
        const now = smrGameOf(app)
        if (!p || !now) return
        if (!started && Math.hypot(p.x - u.position.x, p.z - u.position.z) < DRAG_START_IN) return
        const s = app.uiStore.getState()
        if (!started) {
          started = true
          s.select(unitId)
        }
        s.planSmr(dragPlan(now, unitId, { x: p.x, y: p.y, z: p.z }, s.smrPlan))
      }
      const wheel = (ev: WheelEvent) => {
        ev.preventDefault()
        const now = smrGameOf(app)
        const s = app.uiStore.getState()
        if (!started || !now || !s.smrPlan || s.smrPlan.kind === 'charge') return
        turnPlanBy(s, now, Math.sign(ev.deltaY) * (ev.shiftKey ? WHEEL_BIG_STEP_DEG : WHEEL_STEP_DEG))
      }
      const end = () => {
        window.removeEventListener('pointermove', move)
        window.removeEventListener('pointerup', end)
        window.removeEventListener('pointercancel', end)
        gl.domElement.removeEventListener('wheel', wheel)
        stop.current = null
        const s = app.uiStore.getState()
        if (controls) controls.enabled = s.cameraMode === 'orbit'
        s.setSmrDrag(null)
      }
      window.addEventListener('pointermove', move)
      window.addEventListener('pointerup', end)
      window.addEventListener('pointercancel', end)
      gl.domElement.addEventListener('wheel', wheel, { passive: false })
      stop.current = end
      return true
    },
    [app, camera, gl, controls],
  )
}

/** This page's seat holds the SMR side to act. */
function mayActNow(app: AppContextValue): boolean {
  const game = smrGameOf(app)
  const side = game && game.state.phase !== 'ended' ? game.state.actingSide : null
  return side !== null && seatMayAct(app.matchStore.getState().seat, side)
}
