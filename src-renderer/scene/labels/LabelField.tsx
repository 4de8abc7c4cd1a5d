import { useFrame, useThree } from '@react-three/fiber'
import { type ReactNode, useMemo, useRef } from 'react'
import { Matrix4, Vector3 } from 'three'
import { vehicleHulls, type World } from '../../../src-engine/index'
import { afterFirstFrame } from '../../first-frame'
import { useApp } from '../../state/context'
import { type LabelSlot, layoutLabels, OcclusionSweep } from './label-layout'
import { labelOccluded } from './label-occlusion'
import { LabelRegistry, LabelRegistryContext, writeLabelState } from './label-registry'

/** Anchors checked against the walls per frame: the rest wait for the next frames (each one BVH ray). */
export const LABEL_CHECKS_PER_FRAME = 12
/** Labels farther than this many times the distance to what the camera looks at are dropped… */
const REACH_FACTOR = 1.6
/** …but never closer than this, inches. */
const MIN_REACH_IN = 40

const _v = new Vector3()
const _eye = new Vector3()
const _target = new Vector3()

export interface LabelFieldProps {
  /** The rules' world of the table: its hull is what the anchors are checked against. */
  readonly world: World
  readonly children: ReactNode
}

/**
 * Lays out the labels of its children each frame (see `layoutLabels`): a
 * label behind a wall, roof, hill or vehicle from the camera is hidden (faded when
 * pinned), far ones are dropped and crowded ones thinned. Anchors are
 * checked against the rules' hull a few per frame, again after the camera
 * moves; a new frame is asked for until all are checked.
 */
export function LabelField({ world, children }: LabelFieldProps) {
  const invalidate = useThree((s) => s.invalidate)
  const registry = useMemo(() => new LabelRegistry(invalidate), [invalidate])
  const sweep = useMemo(() => new OcclusionSweep(), [])
  const app = useApp()
  const seen = useRef({
    version: -1,
    view: new Matrix4(),
    roofs: '',
    doors: null as unknown,
    vehicles: null as unknown,
  })
  const hull = useRef<'none' | 'waiting' | 'built'>('none')

  useFrame(({ camera, size, controls, gl }) => {
    const entries = registry.entries
    if (entries.size === 0) return
    const matchState = app.matchStore.getState().state
    const doors = matchState?.doors ?? {}
    // The vehicles and wrecks (SMLE-VEH-15) hide the labels behind them as walls do; they move, so they are rechecked.
    const vehicles = matchState?.vehicles ?? null
    const roofs = app.uiStore.getState().roofs
    camera.updateMatrixWorld()
    const last = seen.current
    if (
      last.version !== registry.version ||
      !last.view.equals(camera.matrixWorld) ||
      last.roofs !== roofs ||
      last.doors !== doors ||
      last.vehicles !== vehicles
    ) {
      last.version = registry.version
      last.view.copy(camera.matrixWorld)
      last.roofs = roofs
      last.doors = doors
      last.vehicles = vehicles
      // Nearest and most important first.
      _eye.setFromMatrixPosition(camera.matrixWorld)
      const ids = [...entries.entries()]
        .sort(([, a], [, b]) => b.rank - a.rank || dist(a.anchor) - dist(b.anchor))
        .map(([id]) => id)
      sweep.recheck(ids)
    }
    _eye.setFromMatrixPosition(camera.matrixWorld)
    const eye = { x: _eye.x, y: _eye.y, z: _eye.z }
    const hulls = matchState ? vehicleHulls(matchState) : []
    // The first check would build the rules' hull (tens of milliseconds): it is built once the table's
    // first frame is drawn and the page is idle, and the checks start then (labels show once checked).
    if (hull.current === 'built')
      sweep.step(LABEL_CHECKS_PER_FRAME, (id) => {
        const e = entries.get(id)
        return e ? labelOccluded(world, doors, roofs, eye, e.anchor, hulls) : false
      })
    else if (hull.current === 'none') {
      hull.current = 'waiting'
      afterFirstFrame(() => {
        world.rayBlocker({ x: 0, y: 0, z: 0 }, { x: 0, y: 1, z: 0 }, {})
        hull.current = 'built'
        invalidate()
      })
    }
    const target = (controls as unknown as { target?: Vector3 } | null)?.target
    const focusIn = target ? _eye.distanceTo(_target.copy(target)) : MIN_REACH_IN
    const under = forwardTrayRect(gl.domElement)
    const slots: LabelSlot[] = []
    for (const [id, e] of entries) {
      if (!e.element) continue
      _v.set(e.anchor.x, e.anchor.y, e.anchor.z).project(camera)
      const onScreen = _v.z < 1 && Math.abs(_v.x) <= 1.05 && Math.abs(_v.y) <= 1.05
      const screen = onScreen ? { x: ((_v.x + 1) / 2) * size.width, y: ((1 - _v.y) / 2) * size.height } : null
      // The dice tray brought forward over the table hides the labels under it.
      const underTray =
        under !== null &&
        screen !== null &&
        screen.x >= under.left &&
        screen.x <= under.right &&
        screen.y >= under.top &&
        screen.y <= under.bottom
      slots.push({
        id,
        rank: e.rank,
        distanceIn: dist(e.anchor),
        screen,
        widthPx: e.element.offsetWidth,
        heightPx: e.element.offsetHeight,
        occluded: sweep.occluded(id) || underTray,
      })
    }
    const states = layoutLabels(slots, { maxDistanceIn: Math.max(MIN_REACH_IN, REACH_FACTOR * focusIn) })
    for (const [id, state] of states) {
      const e = entries.get(id)
      if (!e?.element || e.state === state) continue
      e.state = state
      writeLabelState(e.element, state)
    }
    if (!sweep.done && hull.current === 'built') invalidate()
  })

  return <LabelRegistryContext.Provider value={registry}>{children}</LabelRegistryContext.Provider>
}

const dist = (p: { x: number; y: number; z: number }): number => Math.hypot(p.x - _eye.x, p.y - _eye.y, p.z - _eye.z)

/** The dice tray's rectangle while it is brought forward over the table (in the canvas's pixels), or null. */
function forwardTrayRect(
  canvas: HTMLCanvasElement,
): { left: number; top: number; right: number; bottom: number } | null {
  const tray = document.querySelector<HTMLElement>('.tray-spotlight')
  if (!tray) return null
  const r = tray.getBoundingClientRect()
  const c = canvas.getBoundingClientRect()
  return { left: r.left - c.left, top: r.top - c.top, right: r.right - c.left, bottom: r.bottom - c.top }
}
