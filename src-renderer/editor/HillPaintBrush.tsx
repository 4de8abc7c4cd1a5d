import { useThree } from '@react-three/fiber'
import { useEffect, useMemo, useRef } from 'react'
import { BufferGeometry, Float32BufferAttribute, Plane, Raycaster, Vector2, Vector3 } from 'three'
import { useStore } from 'zustand'
import type { StoreApi } from 'zustand/vanilla'
import { featureHeightAt, type Scenario } from '../../src-engine/index'
import type { EditorState, TablePoint } from './editor-store'
import { dabSpacingIn, dabsAlong, paintDabs, type PaintMode } from './hill-paint'

export interface HillPaintBrushProps {
  readonly store: StoreApi<EditorState>
  /** The draft as the rules read it: its hills, ridges and slopes are what lowering stops above the table on. */
  readonly scenario: Scenario
  /** The ground's height at a point, as the rules have it (the ring of the brush lies on it). */
  readonly heightAt: (p: TablePoint) => number
}

const _ray = new Raycaster()
const _ndc = new Vector2()
const _up = new Vector3(0, 1, 0)
const _onPlane = new Vector3()

/**
 * The pointer over the table in the editor: where it is (for the height
 * readout), and with the Raise or Lower brush in hand, a drag that paints the
 * ground up or down under it: a dab where it is pressed, then one every
 * third of the brush's radius along the drag. The dabs of a frame are painted together, and the whole stroke is
 * one step to undo. The brush's reach is drawn as a ring on the ground.
 */
export function HillPaintBrush({ store, scenario, heightAt }: HillPaintBrushProps) {
  const { gl, camera, scene } = useThree()
  const terrain = useRef(scenario.terrain)
  terrain.current = scenario.terrain
  useEffect(() => {
    const el = gl.domElement
    const aim = (e: PointerEvent): void => {
      const r = el.getBoundingClientRect()
      _ndc.set(((e.clientX - r.left) / r.width) * 2 - 1, -((e.clientY - r.top) / r.height) * 2 + 1)
      _ray.setFromCamera(_ndc, camera)
    }
    /** The ground under the pointer (after `aim`). */
    const onGround = (): { x: number; y: number; z: number } | null => {
      const ground = scene.getObjectByName('terrain')
      const hit = ground ? _ray.intersectObject(ground, false)[0] : undefined
      return hit ? { x: hit.point.x, y: hit.point.y, z: hit.point.z } : null
    }
    // A stroke follows the pointer over the level where it began, not over the ground it raises: on the
    // ground, the brush would creep toward the camera up the near side of the hill it is making.
    const level = new Plane()
    const onLevel = (): TablePoint | null => {
      const p = _ray.ray.intersectPlane(level, _onPlane)
      return p ? { x: p.x, z: p.z } : null
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
      aim(e)
      const hit = onGround()
      if (!hit) return
      level.setFromNormalAndCoplanarPoint(_up, _onPlane.set(hit.x, hit.y, hit.z))
      mode = tool === 'paint:lower' ? 'lower' : 'raise'
      el.setPointerCapture(e.pointerId)
      last = { x: hit.x, z: hit.z }
      queue([last])
    }
    const move = (e: PointerEvent): void => {
      aim(e)
      const under = onGround()
      store.getState().setPointer(under ? { x: under.x, z: under.z } : null)
      const at = last ? onLevel() : null
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
  return <BrushRing store={store} heightAt={heightAt} />
}

/** Points round the brush's ring. */
const RING_POINTS = 48

/** The brush's reach where the pointer is, lying on the ground, while a brush is in hand. */
function BrushRing({ store, heightAt }: Pick<HillPaintBrushProps, 'store' | 'heightAt'>) {
  const painting = useStore(store, (s) => s.tool.startsWith('paint:'))
  const pointer = useStore(store, (s) => s.pointer)
  const radiusIn = useStore(store, (s) => s.brush.radiusIn)
  const ring = useMemo(() => {
    if (!painting || !pointer) return null
    const pts: number[] = []
    for (let k = 0; k <= RING_POINTS; k++) {
      const a = (k / RING_POINTS) * Math.PI * 2
      const p = { x: pointer.x + Math.cos(a) * radiusIn, z: pointer.z + Math.sin(a) * radiusIn }
      pts.push(p.x, heightAt(p) + 0.1, p.z)
    }
    const g = new BufferGeometry()
    g.setAttribute('position', new Float32BufferAttribute(pts, 3))
    return g
  }, [painting, pointer, radiusIn, heightAt])
  useEffect(() => () => ring?.dispose(), [ring])
  if (!ring) return null
  return (
    <line name="editor-brush">
      <primitive object={ring} attach="geometry" />
      <lineBasicMaterial color="#ffd24a" />
    </line>
  )
}
