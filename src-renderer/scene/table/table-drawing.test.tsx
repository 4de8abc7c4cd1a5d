import { Color, Vector3 } from 'three'
import { describe, expect, it } from 'vitest'
import { boxSolid, buildWorld, pointInPolygon } from '../../../src-engine/index'
import { yardScenario } from '../../../tests/fixtures/world-tables'
import { buildingMeshes, partsShown } from './building-meshes'
import { GROUND_PPI, paintGround } from './ground-texture'
import { solidsGeometry } from './hull-geometry'
import { positionGeometries } from './Positions'
import { createUiStore } from '../../state/stores'
import { plantsOf } from './Woods'

const scenario = yardScenario()
const model = buildWorld(scenario).model

describe('drawing the table from the rules\u2019 model', () => {
  it('hull pieces become triangles that face out (lit on the outside, culled inside)', () => {
    const g = solidsGeometry([
      { shape: boxSolid({ x: 5, z: 5 }, { x: 0.6, z: 0.8 }, 2, 1, 0, 3), colour: new Color('#ffffff') },
    ])
    const pos = g.attributes.position!
    const nor = g.attributes.normal!
    expect(pos.count).toBe(36)
    for (let i = 0; i < pos.count; i += 3) {
      const c = new Vector3(0, 0, 0)
      for (let k = 0; k < 3; k++) c.add(new Vector3(pos.getX(i + k), pos.getY(i + k), pos.getZ(i + k)).divideScalar(3))
      const out = c.sub(new Vector3(5, 1.5, 5))
      expect(out.dot(new Vector3(nor.getX(i), nor.getY(i), nor.getZ(i)))).toBeGreaterThan(0)
    }
  })

  it('the ground is painted by area: the road, the woods floor and the deployment zones\u2019 borders', () => {
    const img = paintGround(
      model,
      scenario.sides.map((s) => ({ id: s.id, colour: s.colour, zone: s.deploymentZone })),
    )
    expect(img.width).toBe(40 * GROUND_PPI)
    const px = (x: number, z: number): [number, number, number] => {
      const o = (Math.floor(z * GROUND_PPI) * img.width + Math.floor(x * GROUND_PPI)) * 4
      return [img.data[o]!, img.data[o + 1]!, img.data[o + 2]!]
    }
    const [rr, , rb] = px(30, 1.6)
    const [gr, gg, gb] = px(30, 20)
    const [wr, wg] = px(5, 23)
    // Road: brownish, redder than the grass; grass: green above red; woods floor: darker than grass.
    expect(rr).toBeGreaterThan(gr)
    expect(gg).toBeGreaterThan(gr)
    expect(wr + wg).toBeLessThan(gr + gg)
    expect(rb + gb).toBeGreaterThan(0)
    // The red zone's border (z 0..6) is red.
    const [br, bg, bb] = px(20, 5.95)
    expect(br).toBeGreaterThan(bg)
    expect(br).toBeGreaterThan(bb)
  })

  it('trees stand inside the woods and reach the canopy height the rules use', () => {
    const { trees } = plantsOf(model)
    const wood = model.areas.find((a) => a.id === 'wood')!
    expect(trees.length).toBeGreaterThan(15)
    for (const t of trees) {
      expect(pointInPolygon(t, wood.polygon)).toBe(true)
      expect(t.heightIn).toBeGreaterThan(wood.heightIn * 0.75)
    }
  })

  it('each prepared position gets its arc of fire drawn, and pits their floor', () => {
    const g = positionGeometries(model, scenario)
    expect(g.arcs.attributes.position!.count).toBe(12 * 3 * model.positions.length)
    expect(g.pits.attributes.position!.count).toBeGreaterThan(0)
  })

  it('buildings: every wall, floor and roof piece of the rules is drawn, in one mesh per part', () => {
    const m = buildingMeshes(model.structures)
    const tris = (part: string) =>
      model.structures
        .flatMap((s) => s.parts)
        .filter((p) => p.part === part)
        .reduce((n, p) => n + p.shape.faces.reduce((k, f) => k + f.length - 2, 0), 0)
    expect(m.walls.attributes.position!.count).toBe(tris('wall') * 3)
    expect(m.roofs.attributes.position!.count).toBe(tris('roof') * 3)
    expect(m.upperFloors.attributes.position!.count).toBe(tris('floor') * 3)
    expect(m.stairs.attributes.position!.count).toBeGreaterThan(0)
  })

  it('the roof toggle cycles: roofs hidden, then upper floors too, then everything shown again', () => {
    const view = createUiStore()
    const seen = () => partsShown(view.getState().roofs)
    expect(seen()).toEqual({ roofs: true, upperFloors: true })
    view.getState().cycleRoofs()
    expect(seen()).toEqual({ roofs: false, upperFloors: true })
    view.getState().cycleRoofs()
    expect(seen()).toEqual({ roofs: false, upperFloors: false })
    view.getState().cycleRoofs()
    expect(seen()).toEqual({ roofs: true, upperFloors: true })
  })
})
