import { useMemo } from 'react'
import { buildingDoors, buildingWallPieces, type Scenario, terrainHeightAt } from '../../src-engine/index'
import { useMatch } from '../state/context'
import { Door } from './Door'
import { useDoorActivation } from './use-door-activation'

export interface BuildingsProps {
  readonly scenario: Scenario
}

const WALL_COLOUR = '#cbbfa6'
const FLOOR_COLOUR = '#8d8170'

/** Every building of the scenario: floor, walls with their doorways, lintels and doors. */
export function Buildings({ scenario }: BuildingsProps) {
  const doorStates = useMatch((s) => s.state?.doors)
  const activate = useDoorActivation()
  const parts = useMemo(
    () =>
      scenario.buildings.map((b) => {
        const groundY = terrainHeightAt(scenario.terrain.hills, b.x + b.widthIn / 2, b.z + b.depthIn / 2)
        return { b, groundY, walls: buildingWallPieces(b), doors: buildingDoors(b) }
      }),
    [scenario],
  )
  return (
    <group name="buildings">
      {parts.map(({ b, groundY, walls, doors }) => (
        <group key={b.id} name={`building:${b.id}`}>
          <mesh position={[b.x + b.widthIn / 2, groundY + 0.03, b.z + b.depthIn / 2]} receiveShadow>
            <boxGeometry args={[b.widthIn, 0.06, b.depthIn]} />
            <meshStandardMaterial color={FLOOR_COLOUR} roughness={0.9} />
          </mesh>
          {walls.map((w, i) => {
            const len = Math.hypot(w.b.x - w.a.x, w.b.z - w.a.z)
            const alongX = Math.abs(w.b.x - w.a.x) >= Math.abs(w.b.z - w.a.z)
            return (
              <mesh key={i} castShadow receiveShadow position={[(w.a.x + w.b.x) / 2, groundY + w.heightIn / 2, (w.a.z + w.b.z) / 2]}>
                <boxGeometry args={alongX ? [len + w.thicknessIn, w.heightIn, w.thicknessIn] : [w.thicknessIn, w.heightIn, len + w.thicknessIn]} />
                <meshStandardMaterial color={WALL_COLOUR} roughness={0.85} />
              </mesh>
            )
          })}
          {doors.map((d) => {
            const alongX = d.side === 'north' || d.side === 'south'
            const lintel = b.wallHeightIn - d.heightIn
            return (
              <group key={d.id}>
                {lintel > 0 && (
                  <mesh castShadow position={[d.centre.x, groundY + d.heightIn + lintel / 2, d.centre.z]}>
                    <boxGeometry args={alongX ? [d.widthIn, lintel, b.wallThicknessIn] : [b.wallThicknessIn, lintel, d.widthIn]} />
                    <meshStandardMaterial color={WALL_COLOUR} roughness={0.85} />
                  </mesh>
                )}
                <Door door={d} groundY={groundY} state={doorStates?.[d.id]?.state ?? d.spec.state} onActivate={activate} />
              </group>
            )
          })}
        </group>
      ))}
    </group>
  )
}
