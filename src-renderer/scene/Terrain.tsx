import type { ThreeEvent } from '@react-three/fiber'
import { useLayoutEffect, useMemo } from 'react'
import { BufferAttribute, Color, PlaneGeometry } from 'three'
import { type Scenario, terrainHeightAt } from '../../src-engine/index'

export interface TerrainProps {
  readonly scenario: Scenario
  /** Called with the table point the player clicked (not after a drag). */
  readonly onGroundClick?: (x: number, y: number, z: number) => void
  /** Called as the pointer moves over the ground. */
  readonly onGroundMove?: (x: number, y: number, z: number) => void
  /** Grid spacing of the ground mesh, in inches. */
  readonly resolutionIn?: number
}

const GRASS_LOW = new Color('#5f7a3c')
const GRASS_HIGH = new Color('#8a9a52')
const _c = new Color()

/** Deterministic speckle so the felt is not one flat colour. */
function speckle(x: number, z: number): number {
  const s = Math.sin(x * 12.9898 + z * 78.233) * 43758.5453
  return s - Math.floor(s)
}

/** Builds the ground: a height field from the scenario's hills, coloured by height. */
export function terrainGeometry(scenario: Scenario, resolutionIn: number): PlaneGeometry {
  const w = scenario.table.widthIn
  const d = scenario.table.depthIn
  const geo = new PlaneGeometry(w, d, Math.ceil(w / resolutionIn), Math.ceil(d / resolutionIn))
  geo.rotateX(-Math.PI / 2)
  geo.translate(w / 2, 0, d / 2)
  const pos = geo.attributes.position as BufferAttribute
  const colours = new Float32Array(pos.count * 3)
  const maxH = Math.max(1, ...scenario.terrain.hills.map((h) => h.heightIn))
  for (let i = 0; i < pos.count; i++) {
    const x = pos.getX(i)
    const z = pos.getZ(i)
    const h = terrainHeightAt(scenario.terrain.hills, x, z)
    pos.setY(i, h)
    _c.copy(GRASS_LOW).lerp(GRASS_HIGH, h / maxH).multiplyScalar(0.92 + 0.16 * speckle(x, z))
    colours.set([_c.r, _c.g, _c.b], i * 3)
  }
  geo.setAttribute('color', new BufferAttribute(colours, 3))
  geo.computeVertexNormals()
  return geo
}

/** The table: the terrain height field inside a wooden frame. */
export function Terrain({ scenario, onGroundClick, onGroundMove, resolutionIn = 0.5 }: TerrainProps) {
  const geometry = useMemo(() => terrainGeometry(scenario, resolutionIn), [scenario, resolutionIn])
  useLayoutEffect(() => () => geometry.dispose(), [geometry])
  const w = scenario.table.widthIn
  const d = scenario.table.depthIn
  const rim = 1.5
  return (
    <group>
      <mesh
        name="terrain"
        geometry={geometry}
        receiveShadow
        onClick={(e: ThreeEvent<MouseEvent>) => {
          if (e.delta > 4 || !onGroundClick) return
          e.stopPropagation()
          onGroundClick(e.point.x, e.point.y, e.point.z)
        }}
        onPointerMove={onGroundMove ? (e: ThreeEvent<PointerEvent>) => onGroundMove(e.point.x, e.point.y, e.point.z) : undefined}
      >
        <meshStandardMaterial vertexColors roughness={0.95} />
      </mesh>
      <mesh name="table-frame" position={[w / 2, -1.1, d / 2]} receiveShadow>
        <boxGeometry args={[w + rim * 2, 2, d + rim * 2]} />
        <meshStandardMaterial color="#6b4a2f" roughness={0.7} />
      </mesh>
    </group>
  )
}
