import { OrbitControls } from '@react-three/drei'
import { useFrame, useThree } from '@react-three/fiber'
import { type ComponentRef, lazy, Suspense, useEffect, useMemo, useRef, useState } from 'react'
import { type PerspectiveCamera, Vector3 } from 'three'
import { useApp, useMatch, useUi } from '../../state/context'
import { smrUnitBody } from '../../../src-engine/index'
import { worldOf } from '../world-cache'
import { lastCameraTarget } from './director-state'
import { draggedLook, eyeView, type Look, type Viewer } from './eye-view'
import { focusGoal } from './focus-goal'

export interface CameraRigProps {
  readonly target: [number, number, number]
}

const _goal = new Vector3()
const _offset = new Vector3()
/** How far from a focused point the orbit camera settles, inches. */
const FOCUS_DISTANCE_IN = 26
const ORBIT_FOV = 40
const EYE_FOV = 62

/**
 * The camera: the director's (it follows the action on its own, see
 * `DirectorRig`), or the player's own.
 */
export function CameraRig({ target }: CameraRigProps) {
  const director = useUi((s) => s.director !== null)
  return director ? (
    <Suspense fallback={null}>
      <DirectorRig fallbackTarget={target} />
    </Suspense>
  ) : (
    <FreeCameraRig target={target} />
  )
}

/** The director's camera controls are loaded when first asked for. */
const DirectorRig = lazy(() => import('./DirectorRig'))

/**
 * The player's cameras: orbit/pan/zoom around the table, turning smoothly to
 * a focus request; or the figure's-eye view from the selected figure (drag to
 * look around, Esc to return). Locked, neither moves at a drag.
 */
function FreeCameraRig({ target }: CameraRigProps) {
  const controls = useRef<ComponentRef<typeof OrbitControls>>(null)
  const camera = useThree((s) => s.camera) as PerspectiveCamera
  const gl = useThree((s) => s.gl)
  const invalidate = useThree((s) => s.invalidate)
  const mode = useUi((s) => s.cameraMode)
  // A unit dragged on the table holds the camera still.
  const dragging = useUi((s) => s.smrDragId !== null)
  const locked = useUi((s) => s.cameraLocked)
  // Where the camera looked last when it comes back from the director; else the table's middle (which follows the game).
  const [handedBack] = useState<[number, number, number] | null>(() => {
    const t = lastCameraTarget.current
    return t ? [t.x, t.y, t.z] : null
  })
  const focus = useUi((s) => s.focus)
  const selectedId = useUi((s) => s.selectedFigureId)
  const smleFigure = useMatch((s) => (selectedId ? s.state?.figures[selectedId] : undefined))
  const smr = useMatch((s) => s.smr)
  // An SMR unit's eye: its figure (foot or rider) at its base, facing its front edge (SMR-GEOM-01).
  const figure = useMemo<Viewer | undefined>(() => {
    if (smleFigure) return smleFigure
    const u = smr && selectedId ? smr.state.units[selectedId] : undefined
    if (!smr || !u || u.status !== 'ok' || u.hiddenIn !== null) return undefined
    return smrUnitBody(worldOf(smr.scenario), u)
  }, [smleFigure, smr, selectedId])
  const app = useApp()
  const goal = useRef<Vector3 | null>(null)
  const saved = useRef<{ position: Vector3; target: Vector3 } | null>(null)
  const look = useRef<Look>({ yaw: 0, pitch: 0 })

  // A focus request: move the orbit target there, keeping the viewing direction, closer in (not when locked).
  useEffect(() => {
    const to = focusGoal(focus, mode, locked)
    if (!to) return
    goal.current = new Vector3(to.x, to.y, to.z)
    invalidate()
    // The lock is read as the request comes: unlocking later does not take up a request dropped while locked.
  }, [focus, mode, invalidate])

  // Entering and leaving the figure's-eye view (not again each time the game changes under it).
  const hasFigure = figure !== undefined
  useEffect(() => {
    const c = controls.current
    if (mode === 'eye') {
      if (!hasFigure) {
        app.uiStore.getState().setCameraMode('orbit')
        app.uiStore
          .getState()
          .say({ kind: 'info', text: 'Select a figure or unit on the table first to see it through its eyes.' })
        return
      }
      if (!saved.current && c) saved.current = { position: camera.position.clone(), target: c.target.clone() }
      look.current = { yaw: 0, pitch: 0 }
      camera.fov = EYE_FOV
      camera.updateProjectionMatrix()
    } else if (saved.current) {
      camera.position.copy(saved.current.position)
      c?.target.copy(saved.current.target)
      saved.current = null
      camera.fov = ORBIT_FOV
      camera.updateProjectionMatrix()
      c?.update()
    }
    invalidate()
  }, [mode, hasFigure, selectedId, camera, app, invalidate])

  // A person taking the camera in hand stops a glide to a focused point.
  useEffect(() => {
    const c = controls.current
    if (!c) return
    const stop = () => app.uiStore.setState({ focus: null })
    c.addEventListener('start', stop)
    return () => c.removeEventListener('start', stop)
  }, [app])

  // Drag to look around in the figure's-eye view (not when locked, even mid-drag).
  useEffect(() => {
    if (mode !== 'eye') return
    const el = gl.domElement
    let dragging = false
    const down = () => (dragging = true)
    const up = () => (dragging = false)
    const move = (e: PointerEvent) => {
      if (!dragging) return
      const next = draggedLook(look.current, e.movementX, e.movementY, app.uiStore.getState().cameraLocked)
      if (next === look.current) return
      look.current = next
      invalidate()
    }
    el.addEventListener('pointerdown', down)
    window.addEventListener('pointerup', up)
    window.addEventListener('pointermove', move)
    return () => {
      el.removeEventListener('pointerdown', down)
      window.removeEventListener('pointerup', up)
      window.removeEventListener('pointermove', move)
    }
  }, [mode, gl, app, invalidate])

  useFrame(() => {
    if (mode === 'eye' && figure) {
      const v = eyeView(figure, look.current.yaw, look.current.pitch)
      camera.position.set(v.eye.x, v.eye.y, v.eye.z)
      camera.lookAt(v.lookAt.x, v.lookAt.y, v.lookAt.z)
      return
    }
    const c = controls.current
    // The glide stops when the focus is dropped (the camera taken in hand, or set directly) or the camera is locked.
    const ui = app.uiStore.getState()
    if (goal.current && focusGoal(ui.focus, mode, ui.cameraLocked) === null) goal.current = null
    if (!c || !goal.current) return
    _offset
      .copy(camera.position)
      .sub(c.target)
      .setLength(Math.min(FOCUS_DISTANCE_IN, camera.position.distanceTo(c.target)))
    _goal.copy(goal.current)
    c.target.lerp(_goal, 0.18)
    camera.position.lerp(_goal.add(_offset), 0.18)
    c.update()
    if (c.target.distanceTo(goal.current) < 0.02) {
      goal.current = null
      app.uiStore.setState({ focus: null })
    }
    invalidate()
  })

  return (
    <OrbitControls
      ref={controls}
      makeDefault
      enabled={mode === 'orbit' && !dragging && !locked}
      target={handedBack ?? target}
      onChange={(e) => {
        const t = (e?.target as { target?: Vector3 } | undefined)?.target
        if (t) lastCameraTarget.current = { x: t.x, y: t.y, z: t.z }
      }}
      maxPolarAngle={Math.PI * 0.49}
      minDistance={2}
      maxDistance={220}
    />
  )
}
