import { useLayoutEffect, useMemo } from 'react'
import { Color } from 'three'
import type { LinearModel, TableModel } from '../../../src-engine/index'
import { type ColouredSolid, solidsGeometry } from './hull-geometry'

const COLOUR: Record<LinearModel['kind'], Color> = {
  stoneWall: new Color('#8e897c'),
  sandbags: new Color('#b19d74'),
  hedge: new Color('#5b8a3c'),
  fence: new Color('#7a5a3a'),
}

export interface LinearFeaturesProps {
  readonly model: TableModel
}

/**
 * Stone walls, sandbags and parapets (hard), hedges and fences (soft), drawn
 * from the very pieces the rules use: one merged mesh for the hard ones, one
 * for the soft.
 */
export function LinearFeatures({ model }: LinearFeaturesProps) {
  const geometries = useMemo(() => {
    const kindOf = new Map(model.linear.map((f) => [f.id, f.kind]))
    const hard: ColouredSolid[] = model.hard.flatMap((s) =>
      s.featureId ? [{ shape: s.shape, colour: COLOUR[kindOf.get(s.featureId) ?? 'stoneWall'] }] : [],
    )
    const soft: ColouredSolid[] = model.soft.flatMap((v) =>
      v.convex && kindOf.has(v.id) ? [{ shape: v.convex, colour: COLOUR[kindOf.get(v.id)!] }] : [],
    )
    return { hard: solidsGeometry(hard, 0.18), soft: solidsGeometry(soft, 0.22) }
  }, [model])
  useLayoutEffect(
    () => () => {
      geometries.hard.dispose()
      geometries.soft.dispose()
    },
    [geometries],
  )
  return (
    <group name="linear-features">
      <mesh name="hard-features" geometry={geometries.hard} castShadow receiveShadow>
        <meshLambertMaterial vertexColors />
      </mesh>
      <mesh name="soft-features" geometry={geometries.soft} castShadow receiveShadow>
        <meshLambertMaterial vertexColors />
      </mesh>
    </group>
  )
}
