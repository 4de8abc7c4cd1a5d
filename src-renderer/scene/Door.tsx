import { type ThreeEvent, useFrame, useThree } from '@react-three/fiber'
import { useMemo, useRef } from 'react'
import { Color, type Group, type Mesh } from 'three'
import type { DoorGeometry, DoorState } from '../../src-engine/index'
import { useDoorLeafSlots } from './table/DoorLeaves'

export interface DoorProps {
  readonly door: DoorGeometry
  readonly state: DoorState
  readonly groundY?: number
  /** Called when the player clicks the door; `force` with Shift held (kick it in). */
  readonly onActivate?: (doorId: string, force: boolean) => void
}

/** How far a door swings open, radians; a kicked-in door swings further and hangs askew. */
const OPEN_RAD = Math.PI / 2
const BROKEN_RAD = Math.PI * 0.62
/** Swing speed, radians per second. */
const SWING_RAD_PER_S = 3.2
const LEAF_THICKNESS_IN = 0.12
const LEAF_COLOUR = new Color('#6e4527')
const LOCKED_COLOUR = new Color('#4a2e1a')

/** The leaf's yaw when closed (local +X along hinge→latch) and the swing direction (into the building). */
export function doorYaw(door: DoorGeometry): { closedYaw: number; swing: 1 | -1 } {
  const dx = door.latch.x - door.hinge.x
  const dz = door.latch.z - door.hinge.z
  const closedYaw = Math.atan2(-dz, dx)
  const a = closedYaw + OPEN_RAD
  // Local +X after yawing by `a` is (cos a, −sin a); swing the way that points inside (−outward).
  const inward = Math.cos(a) * -door.outward.x + -Math.sin(a) * -door.outward.z
  return { closedYaw, swing: inward > 0 ? 1 : -1 }
}

/** The open angle a door state shows. */
export function doorOpenAngle(state: DoorState): number {
  return state === 'open' ? OPEN_RAD : state === 'broken' ? BROKEN_RAD : 0
}

/**
 * A door that swings on its hinge to show its state; the swing is animated.
 * Inside `DoorLeaves` its leaf is drawn by the shared instanced mesh and its
 * own leaf only catches clicks; alone, it draws its own leaf.
 */
export function Door({ door, state, groundY = 0, onActivate }: DoorProps) {
  const pivot = useRef<Group>(null)
  const leaf = useRef<Mesh>(null)
  const angle = useRef(doorOpenAngle(state))
  const invalidate = useThree((s) => s.invalidate)
  const slots = useDoorLeafSlots()
  const { closedYaw, swing } = useMemo(() => doorYaw(door), [door])
  const target = doorOpenAngle(state)
  const width = door.widthIn - 0.06
  const colour = state === 'locked' ? LOCKED_COLOUR : LEAF_COLOUR

  useFrame((_, dt) => {
    const g = pivot.current
    if (!g) return
    const diff = target - angle.current
    if (Math.abs(diff) > 1e-4) {
      const step = Math.sign(diff) * Math.min(Math.abs(diff), SWING_RAD_PER_S * Math.min(dt, 0.1))
      angle.current += step
      invalidate()
    }
    g.rotation.y = closedYaw + swing * angle.current
    g.rotation.z = state === 'broken' ? 0.08 * (angle.current / BROKEN_RAD) : 0
    g.userData.openAngle = angle.current
    const l = leaf.current
    if (slots && l) {
      l.updateWorldMatrix(true, false)
      slots.put(door.id, l.matrixWorld, colour)
    }
  })

  const onClick = (e: ThreeEvent<MouseEvent>) => {
    if (e.delta > 4) return
    e.stopPropagation()
    onActivate?.(door.id, e.shiftKey)
  }

  return (
    <group
      ref={pivot}
      name={`door:${door.id}`}
      position={[door.hinge.x, groundY, door.hinge.z]}
      rotation={[0, closedYaw + swing * angle.current, 0]}
      userData={{ doorId: door.id, openAngle: angle.current }}
    >
      <mesh
        ref={leaf}
        castShadow={!slots}
        receiveShadow={!slots}
        position={[width / 2 + 0.03, door.heightIn / 2, 0]}
        scale={[width, door.heightIn, LEAF_THICKNESS_IN]}
        onClick={onClick}
      >
        <boxGeometry args={[1, 1, 1]} />
        <meshLambertMaterial color={colour} visible={!slots} />
      </mesh>
    </group>
  )
}
