import { useLayoutEffect, useMemo } from 'react'
import { BufferGeometry, CylinderGeometry, Float32BufferAttribute, RingGeometry } from 'three'
import { mergeGeometries } from 'three/examples/jsm/utils/BufferGeometryUtils.js'
import type { TableModel } from '../../../src-engine/index'
import { LABEL_RANK } from '../labels/label-layout'
import { TableLabel } from '../labels/TableLabel'
import { useLabelsReady } from '../labels-ready'
import { withWhiteColours } from './white-colours'

/** Objectives: a ring on the ground showing its radius, and a pole with a pennant. One mesh for all. */
export function objectiveGeometry(model: TableModel): BufferGeometry {
  const parts: BufferGeometry[] = []
  for (const o of model.scenario.objectives) {
    const y = model.ground.heightAt(o.x, o.z)
    parts.push(
      new RingGeometry(o.radiusIn - 0.12, o.radiusIn, 48)
        .rotateX(-Math.PI / 2)
        .translate(o.x, y + 0.05, o.z)
        .toNonIndexed(),
    )
    parts.push(new CylinderGeometry(0.05, 0.05, 3, 6).translate(o.x, y + 1.5, o.z).toNonIndexed())
    const flag = new BufferGeometry()
    flag.setAttribute(
      'position',
      new Float32BufferAttribute([o.x, y + 3, o.z, o.x + 1.1, y + 2.7, o.z, o.x, y + 2.4, o.z], 3),
    )
    flag.computeVertexNormals()
    parts.push(flag)
    // The pennant's back face: the mesh is drawn one-sided, like the rest of the table.
    const back = new BufferGeometry()
    back.setAttribute(
      'position',
      new Float32BufferAttribute([o.x, y + 3, o.z, o.x, y + 2.4, o.z, o.x + 1.1, y + 2.7, o.z], 3),
    )
    back.computeVertexNormals()
    parts.push(back)
  }
  if (!parts.length) return new BufferGeometry()
  for (const p of parts) p.deleteAttribute('uv')
  const merged = withWhiteColours(mergeGeometries(parts.map((p) => (p.index ? p.toNonIndexed() : p))))
  for (const p of parts) p.dispose()
  return merged
}

export interface ObjectivesProps {
  readonly model: TableModel
}

const labelStyle = {
  background: 'rgba(20,22,26,0.7)',
  color: '#f2d79a',
  font: '11px/1.2 system-ui, sans-serif',
  padding: '1px 5px',
  borderRadius: 3,
  whiteSpace: 'nowrap',
  pointerEvents: 'none',
} as const

/** The scenario's objectives: ring, pole and pennant (one mesh), and each one's name and points by its flag. */
export function Objectives({ model }: ObjectivesProps) {
  const geometry = useMemo(() => objectiveGeometry(model), [model])
  const labels = useLabelsReady()
  useLayoutEffect(() => () => geometry.dispose(), [geometry])
  return (
    <group name="objective-marks">
      <mesh name="objectives" geometry={geometry} castShadow raycast={() => undefined}>
        <meshLambertMaterial color="#d9b45a" vertexColors />
      </mesh>
      {labels &&
        model.scenario.objectives.map((o) => (
          <TableLabel
            key={o.id}
            id={`objective:${o.id}`}
            at={[o.x, model.ground.heightAt(o.x, o.z) + 3.5, o.z]}
            rank={LABEL_RANK.place}
          >
            <div data-testid="objective-label" data-objective={o.id} style={labelStyle}>
              {o.name}
              {o.points ? ` (${o.points})` : ''}
            </div>
          </TableLabel>
        ))}
    </group>
  )
}
