import { useThree } from '@react-three/fiber'
import { useEffect, useRef } from 'react'
import { Raycaster, Vector2 } from 'three'
import type { StoreApi } from 'zustand/vanilla'
import { featureHeightAt, type Scenario } from '../../src-engine/index'
import type { EditorState, TablePoint } from './editor-store'
import { dabSpacingIn, dabsAlong, paintDabs, type PaintMode } from './hill-paint'

export interface HillPaintBrushProps {
  readonly store: StoreApi<EditorState>
  /** The draft as the rules read it: its hills, ridges and slopes are what lowering stops above the table on. */
  readonly scenario: Scenario
}

const _ray = new Raycaster()
const _ndc = new Vector2()

/**
 * The pointer over the table in the editor: where it is (for the height
 * readout), and with the Raise or Lower brush in hand, a drag that paints the
 * ground up or down under it. The dabs of a frame are painted together, and
 * the whole stroke is one step to undo.
 */
export function HillPaintBrush({ store, scenario }: HillPaintBrushProps) {
  const { gl, camera, scene } = useThree()
  const terrain = useRef(scenario.terrain)
  terrain.current = scenario.terrain
  useEffect(() => {
    const el = gl.domElement
    const onTable = (e: PointerEvent): TablePoint | null => {
      const r = el.getBoundingClientRect()
      _ndc.set(((e.clientX - r.left) / r.width) * 2 - 1, -((e.clientY - r.top) / r.height) * 2 + 1)
      _ray.setFromCamera(_ndc, camera)
      const ground = scene.getObjectByName('terrain')
      const hit = ground ? _ray.intersectObject(ground, false)[0] : undefined
      return hit ? { x: hit.point.x, z: hit.point.z } : null
    }
    let last: TablePoint | null = null
    let mode: PaintMode = 'raise'
    let queued: TablePoint[] = []
    let frame = 0
    const flush = (): void => {
      frame = 0
      const dabs = queued
      queued = []
      const s = store.getState()
      // Lowering stops at the table top: the ground from the hills, ridges and slopes alone, without the paint.
      const base = (x: number, z: number): number => featureHeightAt({ ...terrain.current, relief: undefined }, x, z)
      s.stroke((d) => paintDabs(d, dabs, s.brush, mode, base))
    }
    const queue = (points: readonly TablePoint[]): void => {
      queued.push(...points)
      if (!frame) frame = requestAnimationFrame(flush)
    }
    const down = (e: PointerEvent): void => {
      const tool = store.getState().tool
      if (e.button !== 0 || !tool.startsWith('paint:')) return
      const at = onTable(e)
      if (!at) return
      mode = tool === 'paint:lower' ? 'lower' : 'raise'
      el.setPointerCapture(e.pointerId)
      last = at
      queue([at])
    }
    const move = (e: PointerEvent): void => {
      const at = onTable(e)
      store.getState().setPointer(at)
      if (!last || !at) return
      const dabs = dabsAlong(last, at, dabSpacingIn(store.getState().brush))
      if (dabs.length === 0) return
      last = dabs[dabs.length - 1]!
      queue(dabs)
    }
    const up = (e: PointerEvent): void => {
      if (!last) return
      last = null
      if (el.hasPointerCapture(e.pointerId)) el.releasePointerCapture(e.pointerId)
      if (frame) {
        cancelAnimationFrame(frame)
        flush()
      }
      store.getState().endStroke()
    }
    const leave = (): void => store.getState().setPointer(null)
    el.addEventListener('pointerdown', down)
    el.addEventListener('pointermove', move)
    el.addEventListener('pointerup', up)
    el.addEventListener('pointercancel', up)
    el.addEventListener('pointerleave', leave)
    return () => {
      if (frame) cancelAnimationFrame(frame)
      el.removeEventListener('pointerdown', down)
      el.removeEventListener('pointermove', move)
      el.removeEventListener('pointerup', up)
      el.removeEventListener('pointercancel', up)
      el.removeEventListener('pointerleave', leave)
    }
  }, [gl, camera, scene, store])
  return null
}
