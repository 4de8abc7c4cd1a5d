import { useLayoutEffect, useMemo, useRef } from 'react'
import {
  type BufferGeometry,
  Color,
  CylinderGeometry,
  IcosahedronGeometry,
  type InstancedMesh,
  Matrix4,
  Quaternion,
  Vector3,
} from 'three'
import { pointInPolygon, type TableModel } from '../../../src-engine/index'
import { hash } from './hull-geometry'

/** A tree or bush to draw. */
export interface Plant {
  readonly x: number
  readonly y: number
  readonly z: number
  readonly heightIn: number
  readonly radiusIn: number
  readonly conifer: boolean
  readonly shade: number
}

/**
 * Where trees stand in woods and bushes in undergrowth: a jittered grid
 * inside each area, tall enough to reach the canopy height the rules use.
 * Repeatable (hashed, not random), so the table looks the same every time.
 */
export function plantsOf(model: TableModel): { trees: Plant[]; bushes: Plant[] } {
  const trees: Plant[] = []
  const bushes: Plant[] = []
  model.areas.forEach((a, ai) => {
    if (a.kind !== 'woods' && a.kind !== 'overgrowth') return
    const woods = a.kind === 'woods'
    const step = woods ? 1.5 : 0.9
    for (let z = a.bounds.minZ + step / 2; z < a.bounds.maxZ; z += step) {
      for (let x = a.bounds.minX + step / 2; x < a.bounds.maxX; x += step) {
        const k = ai * 100003 + Math.round(x * 97) * 31 + Math.round(z * 89)
        const p = { x: x + (hash(k) - 0.5) * step * 0.8, z: z + (hash(k + 1) - 0.5) * step * 0.8 }
        if (!pointInPolygon(p, a.polygon)) continue
        const y = model.ground.heightAt(p.x, p.z)
        const heightIn = Math.max(0.5, a.heightIn * (0.8 + 0.35 * hash(k + 2)))
        const plant = {
          x: p.x,
          y,
          z: p.z,
          heightIn,
          radiusIn: woods ? 0.7 + 0.5 * hash(k + 3) : 0.35 + 0.25 * hash(k + 3),
          conifer: hash(k + 4) < 0.35,
          shade: 0.8 + 0.4 * hash(k + 5),
        }
        if (woods) trees.push(plant)
        else bushes.push(plant)
      }
    }
  })
  return { trees, bushes }
}

const TRUNK = new Color('#4b3826')
const LEAVES = new Color('#35552a')
const NEEDLES = new Color('#24412a')
const BUSH = new Color('#55692f')
const _m = new Matrix4()
const _q = new Quaternion()
const _p = new Vector3()
const _s = new Vector3()
const _c = new Color()

/**
 * A crown's faceted ball: each face with its own normal, so it looks cut
 * without the material's flat shading (one shader program fewer to compile
 * before the first frame: it is the instanced figures' own).
 */
function facetedCrown(): BufferGeometry {
  const g = new IcosahedronGeometry(1, 1)
  g.computeVertexNormals()
  return g
}

export interface WoodsProps {
  readonly model: TableModel
}

/** The trees of every wood and the bushes of undergrowth, instanced: three draw calls for the whole table. */
export function Woods({ model }: WoodsProps) {
  const plants = useMemo(() => plantsOf(model), [model])
  const geo = useMemo(
    () => ({ trunk: new CylinderGeometry(0.5, 0.7, 1, 6).translate(0, 0.5, 0), crown: facetedCrown() }),
    [],
  )
  useLayoutEffect(() => () => Object.values(geo).forEach((g) => g.dispose()), [geo])
  const trunks = useRef<InstancedMesh>(null)
  const crowns = useRef<InstancedMesh>(null)
  const bushes = useRef<InstancedMesh>(null)
  useLayoutEffect(() => {
    plants.trees.forEach((t, i) => {
      const trunkH = t.heightIn * (t.conifer ? 0.2 : 0.4)
      trunks.current?.setMatrixAt(i, _m.compose(_p.set(t.x, t.y, t.z), _q.identity(), _s.set(0.18, trunkH, 0.18)))
      trunks.current?.setColorAt(i, _c.copy(TRUNK))
      // A crown from the top of the trunk to the canopy height the rules use: narrow and tall for conifers.
      const crownH = t.heightIn - trunkH
      const r = t.radiusIn * (t.conifer ? 0.65 : 1)
      crowns.current?.setMatrixAt(
        i,
        _m.compose(_p.set(t.x, t.y + trunkH + crownH / 2, t.z), _q.identity(), _s.set(r, crownH / 2, r)),
      )
      crowns.current?.setColorAt(i, _c.copy(t.conifer ? NEEDLES : LEAVES).multiplyScalar(t.shade))
    })
    plants.bushes.forEach((b, i) => {
      bushes.current?.setMatrixAt(
        i,
        _m.compose(
          _p.set(b.x, b.y + b.heightIn * 0.35, b.z),
          _q.identity(),
          _s.set(b.radiusIn, b.heightIn * 0.45, b.radiusIn),
        ),
      )
      bushes.current?.setColorAt(i, _c.copy(BUSH).multiplyScalar(b.shade))
    })
    for (const m of [trunks.current, crowns.current, bushes.current]) {
      if (!m) continue
      m.instanceMatrix.needsUpdate = true
      if (m.instanceColor) m.instanceColor.needsUpdate = true
      m.computeBoundingSphere()
    }
  }, [plants])
  const nTrees = Math.max(1, plants.trees.length)
  const nBushes = Math.max(1, plants.bushes.length)
  return (
    <group name="woods">
      <instancedMesh
        key={`trunks-${nTrees}`}
        ref={trunks}
        args={[geo.trunk, undefined, nTrees]}
        count={plants.trees.length}
        visible={plants.trees.length > 0}
        castShadow
      >
        <meshLambertMaterial />
      </instancedMesh>
      <instancedMesh
        key={`crowns-${nTrees}`}
        ref={crowns}
        name="tree-crowns"
        args={[geo.crown, undefined, nTrees]}
        count={plants.trees.length}
        visible={plants.trees.length > 0}
        castShadow
        receiveShadow
      >
        <meshLambertMaterial />
      </instancedMesh>
      <instancedMesh
        key={`bushes-${nBushes}`}
        ref={bushes}
        args={[geo.crown, undefined, nBushes]}
        count={plants.bushes.length}
        visible={plants.bushes.length > 0}
        castShadow
        receiveShadow
      >
        <meshLambertMaterial />
      </instancedMesh>
    </group>
  )
}
