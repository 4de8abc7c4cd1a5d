import { useThree } from '@react-three/fiber'
import { useLayoutEffect } from 'react'
import { Object3D } from 'three'

/**
 * Counts the scene's lights before its first frame. three.js draws a frame's
 * shadows before it counts that frame's lights, so on the first frame the
 * shadow programs would be built for no lights and built again on the second:
 * two shader programs more to wait for before the table shows. Compiling
 * an empty object against the scene counts its lights and builds nothing.
 */
export function CountLightsFirst() {
  const gl = useThree((s) => s.gl)
  const scene = useThree((s) => s.scene)
  const camera = useThree((s) => s.camera)
  useLayoutEffect(() => {
    gl.compile(new Object3D(), camera, scene)
  }, [gl, scene, camera])
  return null
}
