import { useEffect, useMemo } from 'react'
import { BoxGeometry, CylinderGeometry } from 'three'
import type { SmrContact, SmrState } from '../../../src-engine/index'

export interface SmrContactsProps {
  readonly state: SmrState
  readonly contacts: readonly SmrContact[]
}

/**
 * Every melee on the table (SMR-GEOM-02: bases touching): a bar between the
 * two bases' centres and crossed swords over the middle, orange for a pair
 * locked face-to-face (SMR-MELEE-04), red for a unit that joined on a flank
 * or the rear (SMR-MELEE-05); a pair in which one has routed is no melee and
 * shows nothing.
 */
export function SmrContacts({ state, contacts }: SmrContactsProps) {
  const g = useMemo(
    () => ({
      bar: new CylinderGeometry(0.045, 0.045, 1, 6).rotateX(Math.PI / 2),
      blade: new BoxGeometry(0.06, 0.75, 0.02),
    }),
    [],
  )
  useEffect(() => () => Object.values(g).forEach((x) => x.dispose()), [g])
  return (
    <group name="smr-contacts">
      {contacts
        .filter((c) => !c.routed)
        .map((c) => {
          const a = state.units[c.aId]
          const b = state.units[c.bId]
          if (!a || !b) return null
          const dx = b.position.x - a.position.x
          const dz = b.position.z - a.position.z
          const len = Math.hypot(dx, dz)
          const yaw = Math.atan2(dx, dz)
          const mid: [number, number, number] = [
            (a.position.x + b.position.x) / 2,
            (a.position.y + b.position.y) / 2,
            (a.position.z + b.position.z) / 2,
          ]
          const colour = c.faceToFace ? '#f0913a' : '#e0413a'
          return (
            <group key={`${c.aId}|${c.bId}`} name={`melee:${c.aId}|${c.bId}`} position={mid} rotation={[0, yaw, 0]}>
              <mesh geometry={g.bar} position={[0, 0.2, 0]} scale={[1, 1, len]}>
                <meshBasicMaterial color={colour} />
              </mesh>
              <group position={[0, 2.1, 0]}>
                <mesh geometry={g.blade} rotation={[0, Math.PI / 2, 0.6]}>
                  <meshBasicMaterial color={colour} />
                </mesh>
                <mesh geometry={g.blade} rotation={[0, Math.PI / 2, -0.6]}>
                  <meshBasicMaterial color={colour} />
                </mesh>
              </group>
            </group>
          )
        })}
    </group>
  )
}
