import { Line } from '@react-three/drei'
import type { VehicleState } from '../../../src-engine/index'
import { hullHeightIn } from './vehicle-layers'
import { type ArcRay, hullArcRays } from './turret-facing'

export interface VehicleArcsProps {
  readonly vehicle: VehicleState
  /** SMLE-ACT-19's half-angle of the front arc (the game's setting). */
  readonly halfAngleDeg: number
  /** Where its turret's gun points, or null when it has none. */
  readonly turretDeg: number | null
}

const LIFT_IN = 0.12

/**
 * The picked vehicle's arcs on the table (SMLE-VEH-14): the edges of its
 * front arc in white and of its rear arc in red, so the player sees which
 * face a shot from a point strikes; and, for a turret, a dashed line along
 * its gun.
 */
export function VehicleArcs({ vehicle: v, halfAngleDeg, turretDeg }: VehicleArcsProps) {
  const reach = Math.max(6, v.lengthIn * 2.2)
  const rays = hullArcRays(v, halfAngleDeg, reach, v.position.y + LIFT_IN)
  const line = (r: ArcRay) => r as unknown as [number, number, number][]
  const a = ((turretDeg ?? 0) * Math.PI) / 180
  const top = v.position.y + hullHeightIn(v) + 0.3
  return (
    <group name="vehicle-arcs" userData={{ vehicleId: v.id, halfAngleDeg, turretDeg }}>
      {rays.front.map((r, i) => (
        <Line key={`f${i}`} name="vehicle-arc-front" points={line(r)} color="#f4f1e6" lineWidth={2} />
      ))}
      {rays.rear.map((r, i) => (
        <Line key={`r${i}`} name="vehicle-arc-rear" points={line(r)} color="#e0705f" lineWidth={2} />
      ))}
      {turretDeg !== null && (
        <Line
          name="vehicle-gun-line"
          points={[
            [v.position.x, top, v.position.z],
            [v.position.x + Math.sin(a) * reach * 1.3, top, v.position.z - Math.cos(a) * reach * 1.3],
          ]}
          color="#f2d16b"
          lineWidth={2}
          dashed
          dashSize={0.5}
          gapSize={0.3}
        />
      )}
    </group>
  )
}
