import { useThree } from '@react-three/fiber'
import { useEffect } from 'react'
import { Vector3 } from 'three'
import type { SmrView } from './smr-game'

/** Read-only questions about the drawn SMR table, for automation (end-to-end tests, stream overlays). */
export interface SmrSceneInspector {
  /** Client (CSS pixel) coordinates of a unit's figures, or null when it is not drawn. */
  unitPoint(unitId: string): { x: number; y: number } | null
  /** Client coordinates of a table point on the ground. */
  groundPoint(x: number, z: number): { x: number; y: number }
  /** The drawn units and how each is drawn: where, facing which way, routed or not. */
  drawnUnits(): { id: string; x: number; y: number; z: number; facingDeg: number; routed: boolean }[]
}

declare global {
  interface Window {
    smrInspect?: SmrSceneInspector
  }
}

const _v = new Vector3()

/** Publishes `window.smrInspect` while an SMR table is drawn. */
export function SmrInspector({ game }: { game: SmrView }) {
  const { camera, gl, scene } = useThree()
  useEffect(() => {
    const project = (x: number, y: number, z: number) => {
      // The camera may have been moved since the last frame (a focus, a test's setCamera).
      camera.updateMatrixWorld()
      _v.set(x, y, z).project(camera)
      const rect = gl.domElement.getBoundingClientRect()
      return { x: rect.left + ((_v.x + 1) / 2) * rect.width, y: rect.top + ((1 - _v.y) / 2) * rect.height }
    }
    window.smrInspect = {
      unitPoint(unitId) {
        const o = scene.getObjectByName(`unit:${unitId}`)
        if (!o) return null
        o.getWorldPosition(_v)
        return project(_v.x, _v.y + 0.5, _v.z)
      },
      groundPoint: (x, z) => project(x, game.world.groundHeightAt(x, z), z),
      drawnUnits() {
        const out: ReturnType<SmrSceneInspector['drawnUnits']> = []
        scene.getObjectByName('smr-units')?.children.forEach((o) => {
          o.getWorldPosition(_v)
          const d = o.userData as { unitId: string; routed: boolean; facingDeg: number }
          out.push({ id: d.unitId, x: _v.x, y: _v.y, z: _v.z, facingDeg: d.facingDeg, routed: d.routed })
        })
        return out
      },
    }
    return () => {
      delete window.smrInspect
    }
  }, [camera, gl, scene, game])
  return null
}
