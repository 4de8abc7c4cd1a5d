import { useFrame, useThree } from '@react-three/fiber'
import { useEffect, useMemo, useRef } from 'react'
import { type Group, Quaternion, Vector3 } from 'three'
import { poseAt, TRAY } from '../../src-engine/index'
import { diceColours, dieBodyGeometry, diePipGeometry } from './die-geometry'
import type { DiceSound } from './dice-sound'
import { type RollReplay, replayPosition } from './dice-replay'

/** Outside control of the tray: hold it at one frame of one throw (scrubbing, stream tools, tests). */
export interface TrayControl {
  seek: { throwIndex: number; frame: number } | null
  invalidate: () => void
}

export interface TraySceneProps {
  readonly control?: { current: TrayControl }
  readonly replay: RollReplay | null
  /** Changing it plays the replay again from the start. */
  readonly playKey: number
  readonly sideColour: string | null
  readonly sound: DiceSound | null
  /** Reports where the replay is, for automation (`window.smleDice`). */
  readonly onProgress?: (throwIndex: number, frame: number) => void
  /** Called once when the dice of the last throw have come to rest on screen. */
  readonly onDone?: (playKey: number) => void
}

const MAX_DICE = 12
const WALL_IN = 0.45
const _p0 = new Vector3()
const _p1 = new Vector3()
const _q0 = new Quaternion()
const _q1 = new Quaternion()

/** The tray's felt floor and wooden rim (the physics walls are the rim's inner faces). */
function TrayModel() {
  const L = TRAY.lengthIn
  const W = TRAY.widthIn
  const h = TRAY.rimIn
  // Each wall: centre x, centre z, length along x, length along z.
  const walls: [number, number, number, number][] = [
    [-(L + WALL_IN) / 2, 0, WALL_IN, W + 2 * WALL_IN],
    [(L + WALL_IN) / 2, 0, WALL_IN, W + 2 * WALL_IN],
    [0, -(W + WALL_IN) / 2, L, WALL_IN],
    [0, (W + WALL_IN) / 2, L, WALL_IN],
  ]
  return (
    <group name="dice-tray">
      <mesh rotation-x={-Math.PI / 2} receiveShadow>
        <planeGeometry args={[L, W]} />
        <meshStandardMaterial color="#2d5a3d" roughness={0.95} />
      </mesh>
      {walls.map(([x, z, sx, sz], i) => (
        <mesh key={i} position={[x, h / 2, z]} castShadow receiveShadow>
          <boxGeometry args={[sx, h, sz]} />
          <meshStandardMaterial color="#6b4a2b" roughness={0.7} />
        </mesh>
      ))}
    </group>
  )
}

/**
 * The dice tray in its own small canvas: replays a recorded throw frame by
 * frame (60 Hz, interpolated for smoother screens) and leaves the dice
 * exactly where the physics left them.
 */
export function TrayScene({ replay, playKey, sideColour, sound, onProgress, onDone, control }: TraySceneProps) {
  const invalidate = useThree((s) => s.invalidate)
  const geometry = useMemo(() => ({ body: dieBodyGeometry(), pips: diePipGeometry() }), [])
  useEffect(
    () => () => {
      geometry.body.dispose()
      geometry.pips.dispose()
    },
    [geometry],
  )
  const colours = useMemo(() => diceColours(sideColour), [sideColour])
  const dice = useRef<(Group | null)[]>([])
  const heard = useRef({ throwIndex: -1, frame: -1 })
  // The clock starts at the first frame drawn, so a slow first frame does not skip the throw.
  const clock = useRef<{ startMs: number | null; done: boolean }>({ startMs: null, done: false })

  useEffect(() => {
    if (control) control.current.invalidate = invalidate
  }, [control, invalidate])

  useEffect(() => {
    heard.current = { throwIndex: -1, frame: -1 }
    clock.current = { startMs: null, done: false }
    invalidate()
  }, [replay, playKey, invalidate])

  useFrame(() => {
    if (!replay || replay.throws.length === 0) {
      for (const g of dice.current) if (g) g.visible = false
      return
    }
    const now = performance.now()
    const c = clock.current
    c.startMs ??= now
    const held = control?.current.seek
    const pos = held
      ? { throwIndex: Math.min(held.throwIndex, replay.throws.length - 1), frame: held.frame, done: true }
      : replayPosition(replay, (now - c.startMs) / 1000)
    const current = replay.throws[pos.throwIndex]!
    const t = current.trajectory
    const f0 = Math.floor(pos.frame)
    const k = pos.frame - f0
    for (let i = 0; i < MAX_DICE; i++) {
      const g = dice.current[i]
      if (!g) continue
      g.visible = i < t.dice
      if (!g.visible) continue
      const a = poseAt(t, f0, i)
      const b = poseAt(t, f0 + 1, i)
      g.position.copy(_p0.set(a.x, a.y, a.z).lerp(_p1.set(b.x, b.y, b.z), k))
      g.quaternion.copy(_q0.set(a.qx, a.qy, a.qz, a.qw).slerp(_q1.set(b.qx, b.qy, b.qz, b.qw), k))
    }
    if (held) return
    playImpacts(current.impacts, pos.throwIndex, pos.frame)
    onProgress?.(pos.throwIndex, pos.frame)
    if (!pos.done) invalidate()
    else if (!c.done) {
      c.done = true
      // Tell the panel after this frame, not during it.
      queueMicrotask(() => onDone?.(playKey))
    }
  })

  const playImpacts = (impacts: RollReplay['throws'][number]['impacts'], throwIndex: number, frame: number): void => {
    const h = heard.current
    if (h.throwIndex !== throwIndex) {
      h.throwIndex = throwIndex
      h.frame = -1
    }
    for (const im of impacts) if (im.frame > h.frame && im.frame <= frame) sound?.click(im.strength, im.pan)
    h.frame = Math.max(h.frame, Math.floor(frame))
  }

  return (
    <>
      <color attach="background" args={['#15171a']} />
      <hemisphereLight args={['#e8eeff', '#3a3226', 0.9]} />
      <directionalLight
        castShadow
        position={[-4, 14, 6]}
        intensity={2.4}
        shadow-mapSize={[1024, 1024]}
        shadow-camera-left={-8}
        shadow-camera-right={8}
        shadow-camera-top={6}
        shadow-camera-bottom={-6}
        shadow-camera-near={1}
        shadow-camera-far={40}
        shadow-bias={-0.0005}
      />
      <TrayModel />
      {Array.from({ length: MAX_DICE }, (_, i) => (
        <group key={i} name={`die-${i}`} ref={(g) => void (dice.current[i] = g)} visible={false}>
          <mesh geometry={geometry.body} castShadow receiveShadow>
            <meshStandardMaterial color={colours.body} roughness={0.35} />
          </mesh>
          <mesh geometry={geometry.pips}>
            <meshStandardMaterial color={colours.pips} roughness={0.5} />
          </mesh>
        </group>
      ))}
    </>
  )
}
