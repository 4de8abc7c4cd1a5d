import { createPortal, useFrame, useThree } from '@react-three/fiber'
import { useEffect, useMemo, useRef, useState } from 'react'
import { PerspectiveCamera, Scene, Vector3 } from 'three'
import { TrayScene } from './TrayScene'
import { type TrayRequest, trayViewport } from './tray-port'

/** Drawn after the table's own frame (a positive priority: the table is then drawn here too). */
const TRAY_PRIORITY = 1
/** How often the tray looks whether its panel moved without anything else redrawing the canvas. */
const PLACE_CHECK_MS = 200

/** The camera's place for a tray element of the original shape (400 × 250); a narrower one draws it from farther. */
const CAMERA_AT = new Vector3(0, 14.5, 6.8)
const FULL_ASPECT = 1.6

const placeKey = (r: DOMRect): string => `${r.left},${r.top},${r.width},${r.height}`

/**
 * The dice tray drawn by the table's canvas into the rectangle of the Dice
 * panel's tray element: the tray's scene and camera are its own, the WebGL
 * context is the table's (a second context cost seconds to create). Each
 * frame draws the table, then the tray over it, cut to its rectangle.
 */
export function TrayView({ request }: { request: TrayRequest }) {
  const { target, props } = request
  const [scene] = useState(() => new Scene())
  const camera = useMemo(() => {
    const c = new PerspectiveCamera(34, 1, 0.5, 100)
    c.position.copy(CAMERA_AT)
    c.lookAt(0, 0, 0)
    return c
  }, [])
  const invalidate = useThree((s) => s.invalidate)
  const drawnAt = useRef('')

  // A panel moved, collapsed or was docked elsewhere: draw the tray where it is now.
  useEffect(() => {
    const id = window.setInterval(() => {
      if (placeKey(target.getBoundingClientRect()) !== drawnAt.current) invalidate()
    }, PLACE_CHECK_MS)
    return () => {
      window.clearInterval(id)
      // The table takes its place back.
      invalidate()
    }
  }, [target, invalidate])

  useFrame((state) => {
    const { gl, size } = state
    gl.render(state.scene, state.camera)
    const t = target.getBoundingClientRect()
    drawnAt.current = placeKey(t)
    const v = trayViewport(gl.domElement.getBoundingClientRect(), t)
    if (!v) return
    if (camera.aspect !== v.width / v.height) {
      camera.aspect = v.width / v.height
      // The whole tray stays in view however narrow its panel's dock.
      camera.position.copy(CAMERA_AT).multiplyScalar(Math.max(1, FULL_ASPECT / camera.aspect))
      camera.lookAt(0, 0, 0)
      camera.updateProjectionMatrix()
    }
    const autoClear = gl.autoClear
    gl.autoClear = false
    gl.setViewport(v.x, v.y, v.width, v.height)
    gl.setScissor(v.x, v.y, v.width, v.height)
    gl.setScissorTest(true)
    // The tray's background colour clears its rectangle only (the scissor holds).
    gl.render(scene, camera)
    gl.setScissorTest(false)
    gl.setViewport(0, 0, size.width, size.height)
    gl.autoClear = autoClear
  }, TRAY_PRIORITY)

  return createPortal(<TrayScene {...props} />, scene, { camera })
}

export default TrayView
