import { useThree } from '@react-three/fiber'
import { useEffect } from 'react'
import { Box3, InstancedMesh, Matrix4, type Object3D, Vector3 } from 'three'
import { type CallFire, hashValue, type MatchState, type Scenario } from '../../src-engine/index'
import { type PanelRect, panelRects } from '../hud/layout/panel-rects'
import { useApp } from '../state/context'
import { lastDirectorMove } from './camera/director-state'
import { lastWarmupWasted } from './program-warmup'
import type { BurstMark, MatchStoreState, SightLine } from '../state/stores'

/** Read-only questions about the drawn scene, for automation (end-to-end tests, stream overlays). */
export interface SceneInspector {
  /** Client (CSS pixel) coordinates of a table point. */
  project(x: number, y: number, z: number): { x: number; y: number }
  /** Client coordinates of a point on a door leaf (its middle, three quarters up). */
  doorPoint(doorId: string): { x: number; y: number } | null
  /** The door's current drawn swing, radians (0 closed). */
  doorAngle(doorId: string): number | null
  /** Client coordinates of a figure's chest. */
  figurePoint(figureId: string): { x: number; y: number } | null
  /**
   * The last frame's draw calls and triangles, how many shader programs are compiled, and how many
   * the start's warm-up built that the table did not use (null until it is let go, after the first frame).
   */
  renderInfo(): { drawCalls: number; triangles: number; programs: number; warmupWasted: number | null }
  /** Where the camera is. */
  cameraPosition(): { x: number; y: number; z: number }
  /** The director's latest shot (what it framed, where it put the camera, whether it cut), null before its first. */
  directorShot(): {
    kind: string
    who: string | null
    cut: boolean
    position: { x: number; y: number; z: number }
    target: { x: number; y: number; z: number }
    atMs: number
  } | null
  /** Draws the scene `frames` times and reports the mean time of a frame, ms (GPU work included). */
  timeFrames(frames: number): { meanMs: number; drawCalls: number; triangles: number }
  /** Draws these sight lines, this burst template and this planned call for fire (null clears), as an attack's preview would. */
  showMarks(marks: {
    sightLines?: readonly SightLine[] | null
    burst?: BurstMark | null
    fireCall?: CallFire | null
  }): void
  /**
   * Draws a given game state (and scenario) in place of the host's, until the
   * host's next change: for pictures of states a short game does not reach
   * (with `recent`, the events taken as just seen: a turret laid on its
   * target). The host's game is untouched.
   */
  showState(view: { state: MatchState; scenario?: Scenario; recent?: MatchStoreState['recent'] }): void
  /** Puts the orbit camera at `position`, looking at `target`. */
  setCamera(position: { x: number; y: number; z: number }, target: { x: number; y: number; z: number }): void
  /** Names of the drawn objects, for checks on what a state turned into. */
  objectNames(): string[]
  /** Every panel and bar over the table (docked or fixed), with its rectangle and whether it is folded to its title. */
  panels(): PanelRect[]
  /** The hash of the game state drawn (the seat's view of the game, or the replay's step), as a save's snapshot hashes a state; null before the first. */
  stateHash(): string | null
  /** The number of the last change of the game this page has been sent (0 before the first). */
  seq(): number
  /** The replay shown, if one is: its id, the step and the timeline's length. */
  replay(): { replayId: string; index: number; length: number } | null
}

declare global {
  interface Window {
    smleInspect?: SceneInspector
  }
}

const _v = new Vector3()
const _box = new Box3()
const _m = new Matrix4()

/** Publishes `window.smleInspect` while the scene is mounted. */
export function Inspector() {
  const { camera, gl, scene, size, invalidate, controls } = useThree()
  const app = useApp()
  useEffect(() => {
    const project = (x: number, y: number, z: number) => {
      // Where the camera is now, not where the last drawn frame had it (a frame may be slow to come on a busy machine).
      camera.updateMatrixWorld()
      _v.set(x, y, z).project(camera)
      const rect = gl.domElement.getBoundingClientRect()
      return { x: rect.left + ((_v.x + 1) / 2) * rect.width, y: rect.top + ((1 - _v.y) / 2) * rect.height }
    }
    const find = (name: string): Object3D | undefined => scene.getObjectByName(name)
    window.smleInspect = {
      project,
      doorPoint(doorId) {
        const pivot = find(`door:${doorId}`)
        const leaf = pivot?.children[0]
        if (!leaf) return null
        leaf.updateWorldMatrix(true, false)
        _box.setFromObject(leaf)
        const c = _box.getCenter(new Vector3())
        return project(c.x, _box.min.y + (_box.max.y - _box.min.y) * 0.75, c.z)
      },
      doorAngle(doorId) {
        const pivot = find(`door:${doorId}`)
        return pivot ? Number(pivot.userData.openAngle ?? 0) : null
      },
      figurePoint(figureId) {
        const group = find('figures')
        const ids = (group?.userData.figureIds ?? []) as string[]
        const bodies = find('figure-bodies')
        const i = ids.indexOf(figureId)
        if (i < 0 || !(bodies instanceof InstancedMesh)) return null
        bodies.getMatrixAt(i, _m)
        _v.setFromMatrixPosition(_m)
        return project(_v.x, _v.y + 0.6, _v.z)
      },
      renderInfo: () => ({
        drawCalls: gl.info.render.calls,
        triangles: gl.info.render.triangles,
        programs: gl.info.programs?.length ?? 0,
        warmupWasted: lastWarmupWasted(),
      }),
      cameraPosition: () => ({ x: camera.position.x, y: camera.position.y, z: camera.position.z }),
      directorShot: () => {
        const m = lastDirectorMove.current
        return m
          ? {
              kind: m.action.kind,
              who: m.action.who,
              cut: m.cut,
              position: m.shot.position,
              target: m.shot.target,
              atMs: m.atMs,
            }
          : null
      },
      timeFrames(frames) {
        const ctx = gl.getContext()
        gl.render(scene, camera)
        ctx.finish()
        const t0 = performance.now()
        for (let i = 0; i < frames; i++) gl.render(scene, camera)
        ctx.finish()
        const meanMs = (performance.now() - t0) / frames
        return { meanMs, drawCalls: gl.info.render.calls, triangles: gl.info.render.triangles }
      },
      showMarks(marks) {
        const ui = app.uiStore.getState()
        if (marks.sightLines !== undefined) ui.showSightLines(marks.sightLines)
        if (marks.burst !== undefined) ui.showBurst(marks.burst)
        if (marks.fireCall !== undefined) ui.planFireCall(marks.fireCall)
        invalidate()
      },
      showState(view) {
        app.matchStore.setState({
          state: view.state,
          ...(view.scenario ? { scenario: view.scenario } : {}),
          ...(view.recent ? { recent: view.recent } : {}),
        })
        invalidate()
      },
      setCamera(position, target) {
        // Set directly: a glide to a focused point (a panel's click) stops here.
        app.uiStore.setState({ focus: null })
        camera.position.set(position.x, position.y, position.z)
        const orbit = controls as unknown as {
          target?: Vector3
          update?: (delta?: number) => void
          setLookAt?: (...a: [number, number, number, number, number, number, boolean]) => Promise<void>
        } | null
        if (orbit?.setLookAt) {
          void orbit.setLookAt(position.x, position.y, position.z, target.x, target.y, target.z, false)
          // Put the camera there now: what is projected or clicked next sees it there before a frame is drawn.
          orbit.update?.(0)
        } else if (orbit?.target) {
          orbit.target.set(target.x, target.y, target.z)
          orbit.update?.()
        } else camera.lookAt(target.x, target.y, target.z)
        camera.updateMatrixWorld()
        invalidate()
      },
      objectNames() {
        const names: string[] = []
        scene.traverseVisible((o) => {
          if (o.name) names.push(o.name)
        })
        return names
      },
      panels: () => panelRects(document),
      seq: () => app.matchStore.getState().seq,
      stateHash() {
        const m = app.matchStore.getState()
        const state = m.state ?? m.smr?.state ?? null
        return state === null ? null : hashValue(state)
      },
      replay() {
        const r = app.matchStore.getState().replay
        return r ? { replayId: r.info.replayId, index: r.index, length: r.info.length } : null
      },
    }
    return () => {
      delete window.smleInspect
    }
  }, [camera, gl, scene, size, invalidate, app, controls])
  return null
}
