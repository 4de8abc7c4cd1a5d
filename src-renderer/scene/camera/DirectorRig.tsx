import { CameraControls } from '@react-three/drei'
import { useFrame, useThree } from '@react-three/fiber'
import { useEffect, useMemo, useRef } from 'react'
import { Vector3 } from 'three'
import { type GameEvent, type MatchState, type SmrEvent, vehicleHulls } from '../../../src-engine/index'
import { useApp, useMatch, useUi } from '../../state/context'
import type { MatchStoreState } from '../../state/stores'
import { worldOf } from '../world-cache'
import { lastCameraTarget, lastDirectorMove } from './director-state'
import {
  type Action,
  Director,
  type DirectorMove,
  frameShot,
  moveClear,
  type Shot,
  smleAction,
  smrAction,
} from './director'
import { lookAt } from './glide'

/** About how long a glide takes (s; the camera controls ease it). */
const GLIDE_S = 0.9
/** An orbit shot is re-framed this often as it circles (ms). */
const ORBIT_STEP_MS = 250
/** A frame asked for after a held-back action's wait comes this much late, so that its tick finds the hold over (ms). */
const WAKE_SLACK_MS = 15

const _p = new Vector3()
const _t = new Vector3()

/** The events a change of the game (or of the replay shown) brought, and the state they led to. */
function newEvents(
  s: MatchStoreState,
  prev: MatchStoreState,
): { events: readonly (GameEvent | SmrEvent)[]; ruleset: 'smle' | 'smr' } | null {
  if (s.replay) {
    if (s.replay.stepKey === prev.replay?.stepKey) return null
    return { events: s.replay.events, ruleset: s.ruleset === 'smr' ? 'smr' : 'smle' }
  }
  if (s.ruleset === 'smr') {
    if (s.smrRecent === prev.smrRecent) return null
    return { events: s.smrRecent.filter((r) => r.seq > prev.seq).map((r) => r.event), ruleset: 'smr' }
  }
  if (s.recent === prev.recent) return null
  return { events: s.recent.filter((r) => r.seq > prev.seq).map((r) => r.event), ruleset: 'smle' }
}

/** The acting team framed whole, else the whole table: the shot the director opens with. */
function openingAction(state: MatchState | null, width: number, depth: number): Action {
  const unit = state?.activeUnit
  const teamId = unit?.teamIds[unit.index]
  const points = state
    ? Object.values(state.figures)
        .filter((f) => f.teamId === teamId && f.offTable === null && f.status !== 'dead')
        .map((f) => f.position)
    : []
  const table = [
    { x: width * 0.2, y: 0, z: depth * 0.2 },
    { x: width * 0.8, y: 0, z: depth * 0.8 },
  ]
  return {
    kind: 'team',
    priority: 1,
    actor: null,
    actorFacingDeg: null,
    points: points.length > 0 ? points : table,
    toward: null,
    who: teamId ?? null,
  }
}

/**
 * The director camera (drei's `CameraControls`): it follows the game on its
 * own, shot by shot (see `Director`): the acting team, the mover, the firer
 * and its target, an explosion, a vehicle on the move; gliding while the
 * same team acts on and cutting when another takes over or a glide would
 * pass through a wall. The dice are the tray's (it comes forward while they
 * roll). The player may still take the camera in hand between shots, unless
 * it is locked.
 */
export default function DirectorRig({ fallbackTarget }: { fallbackTarget: [number, number, number] }) {
  const controls = useRef<CameraControls>(null)
  const app = useApp()
  const preset = useUi((s) => s.director) ?? 'auto'
  const locked = useUi((s) => s.cameraLocked)
  const scenario = useMatch((s) => s.scenario ?? s.smr?.scenario ?? null)
  const world = useMemo(() => (scenario ? worldOf(scenario) : null), [scenario])
  const director = useMemo(() => (world ? new Director(world, {}) : null), [world])
  const settings = useRef({ preset, locked })
  settings.current = { preset, locked }
  const orbitAt = useRef(0)
  const invalidate = useThree((s) => s.invalidate)
  const wake = useRef<ReturnType<typeof setTimeout> | null>(null)
  useEffect(
    () => () => {
      if (wake.current !== null) clearTimeout(wake.current)
      wake.current = null
    },
    [],
  )

  const current = (): Shot => {
    const c = controls.current
    if (!c) {
      const [x, y, z] = fallbackTarget
      return { position: { x, y: y + 30, z: z + 30 }, target: { x, y, z } }
    }
    c.getPosition(_p)
    c.getTarget(_t)
    return { position: { x: _p.x, y: _p.y, z: _p.z }, target: { x: _t.x, y: _t.y, z: _t.z } }
  }
  const apply = (move: DirectorMove | null): void => {
    const c = controls.current
    if (!move) {
      wakeForWaiting()
      return
    }
    if (!c) return
    lastDirectorMove.current = { ...move, atMs: performance.now() }
    lastCameraTarget.current = move.shot.target
    lookAt(c, move.shot, !move.cut)
    // A glide asks for frames itself (camera-controls' transition start); a cut does not, and on a canvas that draws on demand the camera would wait for some other change to get there.
    invalidate()
  }
  // An action held back gets the camera in a frame (`tick`), and the canvas draws only on demand: ask for one when its wait is over.
  const wakeForWaiting = (): void => {
    const waitMs = director?.waitMs(performance.now()) ?? null
    if (waitMs === null || settings.current.locked || wake.current !== null) return
    wake.current = setTimeout(() => {
      wake.current = null
      invalidate()
    }, waitMs + WAKE_SLACK_MS)
  }

  // Unlocked, an action that waited while the camera was locked takes it.
  useEffect(() => {
    if (!locked) wakeForWaiting()
    // `wakeForWaiting` reads this director and refs.
  }, [locked, director])

  // Taking the camera: from where it looked last, then the opening shot (again at each change of shots).
  useEffect(() => {
    const c = controls.current
    if (!c || !director || !world) return
    const start = lastCameraTarget.current ?? { x: fallbackTarget[0], y: fallbackTarget[1], z: fallbackTarget[2] }
    c.getPosition(_p)
    lookAt(c, { position: { x: _p.x, y: _p.y, z: _p.z }, target: start }, false)
    invalidate()
    const s = app.matchStore.getState()
    director.setDoors(s.state?.doors ?? {})
    director.setHulls(s.state ? vehicleHulls(s.state) : [])
    apply(
      director.offer(
        openingAction(s.state, world.widthIn, world.depthIn),
        performance.now(),
        current(),
        preset,
        settings.current.locked,
      ),
    )
    // Once per director and per change of shots.
  }, [director, preset])

  // Each change of the game (or step of a replay): what happened, and the shot for it.
  useEffect(() => {
    if (!director) return
    return app.matchStore.subscribe((s, prev) => {
      const got = newEvents(s, prev)
      if (!got || got.events.length === 0) return
      director.setDoors(s.state?.doors ?? {})
      director.setHulls(s.state ? vehicleHulls(s.state) : [])
      const action =
        got.ruleset === 'smr'
          ? s.smr
            ? smrAction(got.events as readonly SmrEvent[], s.smr.state)
            : null
          : s.state
            ? smleAction(got.events as readonly GameEvent[], s.state)
            : null
      if (!action) return
      const { preset: p, locked: l } = settings.current
      apply(director.offer(action, performance.now(), current(), p, l))
    })
    // `apply` and `current` read refs only.
  }, [app, director])

  useFrame(() => {
    if (!director || !world) return
    const { preset: p, locked: l } = settings.current
    const now = performance.now()
    apply(director.tick(now, current(), p, l))
    // An orbit circles what it holds, a step at a time, never through a wall.
    const held = director.action
    if (p === 'orbit' && !l && held && now - orbitAt.current > ORBIT_STEP_MS) {
      orbitAt.current = now
      const c = controls.current
      const from = current()
      const state = app.matchStore.getState().state
      const doors = state?.doors ?? {}
      const hulls = state ? vehicleHulls(state) : []
      const shot = frameShot(world, doors, held, 'orbit', from, now, hulls)
      if (c && moveClear(world, doors, from, shot, hulls)) lookAt(c, shot, true)
    }
  })

  return (
    <CameraControls
      ref={controls}
      makeDefault
      enabled={!locked}
      smoothTime={GLIDE_S}
      minDistance={0.2}
      maxDistance={220}
      maxPolarAngle={Math.PI * 0.495}
    />
  )
}
