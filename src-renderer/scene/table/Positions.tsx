import { useLayoutEffect, useMemo } from 'react'
import { BufferAttribute, BufferGeometry, Color, ShapeUtils, Vector2 } from 'three'
import type { Scenario, TableModel } from '../../../src-engine/index'

/** Radius of the drawn arc of fire (the arc itself reaches as far as the weapons do). */
const ARC_RADIUS_IN = 7
const PIT = new Color('#3b3127')

/** Flat triangles as a geometry: positions and colours. */
function flatGeometry(tris: number[], colours: number[]): BufferGeometry {
  const g = new BufferGeometry()
  g.setAttribute('position', new BufferAttribute(new Float32Array(tris), 3))
  g.setAttribute('color', new BufferAttribute(new Float32Array(colours), 3))
  g.computeVertexNormals()
  return g
}

/**
 * SMLE-SHOOT-26 on the table: each prepared position's 90° arc of fire as a
 * translucent fan in its side's colour, and the dug-out floor of pits and
 * trenches. (Parapets are drawn with the linear features, pillboxes and
 * bunkers with the buildings.)
 */
export function positionGeometries(
  model: TableModel,
  scenario: Scenario,
): { arcs: BufferGeometry; pits: BufferGeometry } {
  const arcTris: number[] = []
  const arcCols: number[] = []
  const pitTris: number[] = []
  const pitCols: number[] = []
  const colourOf = (sideId?: string): Color =>
    new Color(scenario.sides.find((s) => s.id === sideId)?.colour ?? '#d9b45a')
  for (const p of model.positions) {
    const y = model.ground.heightAt(p.centre.x, p.centre.z) + 0.04
    const c = colourOf(p.sideId)
    const steps = 12
    for (let k = 0; k < steps; k++) {
      const a0 = ((p.arcDeg - p.arcWidthDeg / 2 + (p.arcWidthDeg * k) / steps) * Math.PI) / 180
      const a1 = ((p.arcDeg - p.arcWidthDeg / 2 + (p.arcWidthDeg * (k + 1)) / steps) * Math.PI) / 180
      // Bearings clockwise from north: direction (sin a, −cos a); wound to face up.
      arcTris.push(
        p.centre.x,
        y,
        p.centre.z,
        p.centre.x + Math.sin(a1) * ARC_RADIUS_IN,
        y,
        p.centre.z - Math.cos(a1) * ARC_RADIUS_IN,
        p.centre.x + Math.sin(a0) * ARC_RADIUS_IN,
        y,
        p.centre.z - Math.cos(a0) * ARC_RADIUS_IN,
      )
      arcCols.push(c.r, c.g, c.b, c.r, c.g, c.b, c.r, c.g, c.b)
    }
    if (p.kind === 'pillbox' || p.kind === 'bunker') continue
    const outline = p.occupancy.map((q) => new Vector2(q.x, q.z))
    for (const [i, j, k] of ShapeUtils.triangulateShape(outline, [])) {
      for (const v of [i, k, j]) {
        const q = p.occupancy[v!]!
        pitTris.push(q.x, model.ground.heightAt(q.x, q.z) + 0.02, q.z)
        pitCols.push(PIT.r, PIT.g, PIT.b)
      }
    }
  }
  return { arcs: flatGeometry(arcTris, arcCols), pits: flatGeometry(pitTris, pitCols) }
}

export interface PositionsProps {
  readonly model: TableModel
  readonly scenario: Scenario
}

/** Arcs of fire and pit floors of the prepared positions. */
export function Positions({ model, scenario }: PositionsProps) {
  const g = useMemo(() => positionGeometries(model, scenario), [model, scenario])
  useLayoutEffect(
    () => () => {
      g.arcs.dispose()
      g.pits.dispose()
    },
    [g],
  )
  return (
    <group name="positions">
      <mesh name="position-arcs" geometry={g.arcs} renderOrder={1} raycast={() => undefined}>
        <meshBasicMaterial vertexColors transparent opacity={0.22} depthWrite={false} />
      </mesh>
      <mesh name="position-pits" geometry={g.pits} receiveShadow raycast={() => undefined}>
        <meshLambertMaterial vertexColors />
      </mesh>
    </group>
  )
}
