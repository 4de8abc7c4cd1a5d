import type { ThreeEvent } from '@react-three/fiber'
import { useLayoutEffect, useMemo } from 'react'
import {
  BufferAttribute,
  BufferGeometry,
  BoxGeometry,
  DataTexture,
  LinearMipmapLinearFilter,
  RGBAFormat,
  SRGBColorSpace,
} from 'three'
import type { TableModel } from '../../src-engine/index'
import { type DrawnScenario, paintedGround } from './table/ground-paint'
import { type GroundImage, paintGround } from './table/ground-texture'
import { withWhiteColours } from './table/white-colours'
import { worldOf } from './world-cache'

export type { DrawnScenario } from './table/ground-paint'

export interface TerrainProps {
  readonly scenario: DrawnScenario
  /** Called with the table point the player clicked (not after a drag). */
  readonly onGroundClick?: (x: number, y: number, z: number) => void
  /** Called as the pointer moves over the ground. */
  readonly onGroundMove?: (x: number, y: number, z: number) => void
  /**
   * The ground as painted aside (a worker) while the page did the rest, if
   * it is (a game's table, shown once it is: `useGroundPainted`); without it,
   * painted here (the editor, whose table changes at each edit).
   */
  readonly paintAside?: boolean
}

/**
 * The ground mesh: the rules' own height field, vertex for vertex and
 * triangle for triangle (each cell cut along the same diagonal), so a figure
 * drawn on a slope stands where the rules put it. UVs map the table onto the
 * painted ground texture.
 */
export function terrainGeometry(model: TableModel): BufferGeometry {
  const g = model.ground
  const w = model.widthIn
  const d = model.depthIn
  const cols = g.nx + 1
  const positions = new Float32Array(cols * (g.nz + 1) * 3)
  const uvs = new Float32Array(cols * (g.nz + 1) * 2)
  for (let j = 0; j <= g.nz; j++) {
    const z = Math.min(j * g.res, d)
    for (let i = 0; i <= g.nx; i++) {
      const k = j * cols + i
      const x = Math.min(i * g.res, w)
      positions[k * 3] = x
      positions[k * 3 + 1] = g.vertex(i, j)
      positions[k * 3 + 2] = z
      uvs[k * 2] = x / w
      uvs[k * 2 + 1] = z / d
    }
  }
  const index = new Uint32Array(g.nx * g.nz * 6)
  let o = 0
  for (let j = 0; j < g.nz; j++) {
    for (let i = 0; i < g.nx; i++) {
      const v00 = j * cols + i
      const v10 = v00 + 1
      const v01 = v00 + cols
      const v11 = v01 + 1
      // The rules cut each cell from its north-west to its south-east corner; wound to face up.
      index[o] = v00
      index[o + 1] = v11
      index[o + 2] = v10
      index[o + 3] = v00
      index[o + 4] = v01
      index[o + 5] = v11
      o += 6
    }
  }
  const geo = new BufferGeometry()
  geo.setAttribute('position', new BufferAttribute(positions, 3))
  geo.setAttribute('normal', new BufferAttribute(vertexNormals(positions, index), 3))
  geo.setAttribute('uv', new BufferAttribute(uvs, 2))
  geo.setIndex(new BufferAttribute(index, 1))
  return geo
}

/**
 * Smooth normals of an indexed mesh: three.js's `computeVertexNormals` and
 * `normalizeNormals`, the same arithmetic in the same order (so the same
 * numbers), on the arrays themselves rather than through vectors and
 * attributes: the ground's ten thousand vertices or more are made while the
 * first frame waits.
 */
export function vertexNormals(positions: Float32Array, index: Uint32Array): Float32Array {
  const n = new Float32Array(positions.length)
  const p = positions
  for (let t = 0; t < index.length; t += 3) {
    const a = index[t]! * 3
    const b = index[t + 1]! * 3
    const c = index[t + 2]! * 3
    const bx = p[b]!
    const by = p[b + 1]!
    const bz = p[b + 2]!
    // cb = C − B, ab = A − B, their cross product (three.js's Vector3.cross).
    const cbx = p[c]! - bx
    const cby = p[c + 1]! - by
    const cbz = p[c + 2]! - bz
    const abx = p[a]! - bx
    const aby = p[a + 1]! - by
    const abz = p[a + 2]! - bz
    const x = cby * abz - cbz * aby
    const y = cbz * abx - cbx * abz
    const z = cbx * aby - cby * abx
    n[a] = n[a]! + x
    n[a + 1] = n[a + 1]! + y
    n[a + 2] = n[a + 2]! + z
    n[b] = n[b]! + x
    n[b + 1] = n[b + 1]! + y
    n[b + 2] = n[b + 2]! + z
    n[c] = n[c]! + x
    n[c + 1] = n[c + 1]! + y
    n[c + 2] = n[c + 2]! + z
  }
  for (let v = 0; v < n.length; v += 3) {
    const x = n[v]!
    const y = n[v + 1]!
    const z = n[v + 2]!
    const s = 1 / (Math.sqrt(x * x + y * y + z * z) || 1)
    n[v] = x * s
    n[v + 1] = y * s
    n[v + 2] = z * s
  }
  return n
}

/** The painted ground (areas, roads, water, deployment zones, base lines) as a texture. */
export function groundTexture(img: GroundImage): DataTexture {
  const tex = new DataTexture(img.data, img.width, img.height, RGBAFormat)
  tex.colorSpace = SRGBColorSpace
  tex.generateMipmaps = true
  tex.minFilter = LinearMipmapLinearFilter
  tex.anisotropy = 4
  tex.needsUpdate = true
  return tex
}

/** How far the wooden frame stands out round the ground, inches. */
const FRAME_RIM_IN = 1.5

/** The table: the ground inside a wooden frame. */
export function Terrain({ scenario, onGroundClick, onGroundMove, paintAside = false }: TerrainProps) {
  const model = worldOf(scenario).model
  const geometry = useMemo(() => terrainGeometry(model), [model])
  const painted = paintAside ? paintedGround(scenario) : undefined
  const texture = useMemo(
    () =>
      groundTexture(
        painted ??
          paintGround(
            model,
            scenario.sides.map((s) => ({ id: s.id, colour: s.colour, zone: s.deploymentZone })),
          ),
      ),
    [painted, scenario, model],
  )
  useLayoutEffect(() => () => geometry.dispose(), [geometry])
  useLayoutEffect(() => () => texture.dispose(), [texture])
  const w = scenario.table.widthIn
  const d = scenario.table.depthIn
  const frame = useMemo(() => withWhiteColours(new BoxGeometry(w + FRAME_RIM_IN * 2, 2, d + FRAME_RIM_IN * 2)), [w, d])
  useLayoutEffect(() => () => frame.dispose(), [frame])
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
        onPointerMove={
          onGroundMove ? (e: ThreeEvent<PointerEvent>) => onGroundMove(e.point.x, e.point.y, e.point.z) : undefined
        }
      >
        <meshLambertMaterial map={texture} />
      </mesh>
      <mesh name="table-frame" geometry={frame} position={[w / 2, -1.1, d / 2]} receiveShadow>
        <meshLambertMaterial color="#6b4a2f" vertexColors />
      </mesh>
    </group>
  )
}
