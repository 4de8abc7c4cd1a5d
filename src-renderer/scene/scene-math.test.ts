import { type BufferAttribute, BufferGeometry, Color, Matrix4, Vector3 } from 'three'
import { describe, expect, it } from 'vitest'
import { buildingDoors, buildWorld, type FigureState, initialState } from '../../src-engine/index'
import { hutScenario } from '../../tests/fixtures/scenarios'
import { doorOpenAngle, doorYaw } from './Door'
import { BASE_HEIGHT_IN, baseMatrix, bodyMatrix, figureColour, isLyingDown } from './figure-instances'
import { terrainGeometry, vertexNormals } from './Terrain'

const base = initialState(hutScenario(), 1).figures.b1 as FigureState
const figure = (patch: Partial<FigureState> = {}): FigureState => ({
  ...base,
  position: { x: 10, y: 2, z: 5 },
  facingDeg: 90,
  baseRadiusIn: 0.5,
  ...patch,
})

describe('doors as drawn', () => {
  it('a door swings into its building', () => {
    const door = buildingDoors(hutScenario().buildings[0]!)[0]!
    const { closedYaw, swing } = doorYaw(door)
    // The leaf's far edge when fully open must lie inside the hut (z < south wall).
    const a = closedYaw + swing * doorOpenAngle('open')
    const tip = new Vector3(1, 0, 0).applyAxisAngle(new Vector3(0, 1, 0), a).multiplyScalar(door.widthIn)
    expect(door.hinge.z + tip.z).toBeLessThan(door.centre.z - 0.5)
    // Closed, it spans the doorway from hinge to latch.
    const closedTip = new Vector3(1, 0, 0).applyAxisAngle(new Vector3(0, 1, 0), closedYaw).multiplyScalar(door.widthIn)
    expect(door.hinge.x + closedTip.x).toBeCloseTo(door.latch.x)
    expect(door.hinge.z + closedTip.z).toBeCloseTo(door.latch.z)
  })
  it('shows closed and locked doors shut, open and broken ones open', () => {
    expect(doorOpenAngle('closed')).toBe(0)
    expect(doorOpenAngle('locked')).toBe(0)
    expect(doorOpenAngle('open')).toBeCloseTo(Math.PI / 2)
    expect(doorOpenAngle('broken')).toBeGreaterThan(Math.PI / 2)
  })
})

describe('figures as drawn', () => {
  it('a base sits on the ground at the figure, scaled to its radius', () => {
    const m = baseMatrix(figure(), new Matrix4())
    const p = new Vector3().setFromMatrixPosition(m)
    expect(p.toArray()).toEqual([10, 2 + BASE_HEIGHT_IN / 2, 5])
    expect(new Vector3().setFromMatrixScale(m).x).toBeCloseTo(0.5)
  })
  it('a standing body faces its facing; a dead or prone one lies down', () => {
    const m = bodyMatrix(figure({ facingDeg: 90 }), new Matrix4())
    // Local −Z (the figure's front) points east (+X) for facing 90°.
    const front = new Vector3(0, 0, -1).transformDirection(m)
    expect(front.x).toBeCloseTo(1)
    const up = new Vector3(0, 1, 0).transformDirection(bodyMatrix(figure({ status: 'dead' }), new Matrix4()))
    expect(Math.abs(up.y)).toBeLessThan(0.01)
    expect(isLyingDown(figure({ prone: true }))).toBe(true)
    expect(isLyingDown(figure())).toBe(false)
  })
  it('takes its side\u2019s colour, darker when dead', () => {
    const sides = [
      { id: 'blue', name: 'Blue', colour: '#0000ff', baseEdge: 'south' as const, level: 'section' as const },
    ]
    expect(figureColour(figure(), sides, new Color()).getHexString()).toBe('0000ff')
    expect(figureColour(figure({ status: 'dead' }), sides, new Color()).b).toBeLessThan(0.5)
  })
})

describe('terrain as drawn', () => {
  it('the ground mesh follows the hills of the scenario', () => {
    const s = hutScenario({ terrain: { hills: [{ id: 'h', x: 10, z: 20, radiusIn: 5, heightIn: 3 }] } })
    const geo = terrainGeometry(buildWorld(s).model)
    const pos = geo.attributes.position!
    let top = 0
    for (let i = 0; i < pos.count; i++)
      if (Math.abs(pos.getX(i) - 10) < 1e-6 && Math.abs(pos.getZ(i) - 20) < 1e-6) top = pos.getY(i)
    expect(top).toBeCloseTo(3)
    geo.computeBoundingBox()
    expect(geo.boundingBox?.min.x).toBeCloseTo(0)
    expect(geo.boundingBox?.max.x).toBeCloseTo(30)
  })
  it("has three.js's own smooth normals, number for number, and they face up the ground and away from a hill", () => {
    const s = hutScenario({
      terrain: {
        hills: [
          { id: 'h', x: 10, z: 20, radiusIn: 5, heightIn: 3 },
          { id: 'k', x: 22, z: 8, radiusIn: 3.5, heightIn: 1.5 },
        ],
      },
    })
    const geo = terrainGeometry(buildWorld(s).model)
    const ours = geo.attributes.normal!.array as Float32Array
    const theirs = new BufferGeometry()
    theirs.setAttribute('position', geo.attributes.position!)
    theirs.setIndex(geo.index)
    theirs.computeVertexNormals()
    expect(Array.from(ours)).toEqual(Array.from(theirs.attributes.normal!.array))
    const pos = geo.attributes.position!
    const at = (x: number, z: number): Vector3 => {
      for (let i = 0; i < pos.count; i++)
        if (Math.abs(pos.getX(i) - x) < 1e-6 && Math.abs(pos.getZ(i) - z) < 1e-6)
          return new Vector3().fromBufferAttribute(geo.attributes.normal as BufferAttribute, i)
      throw new Error(`no vertex at ${x}, ${z}`)
    }
    // Flat table: straight up. The hill's east flank leans east, its north flank north (toward −z).
    expect(at(28, 28).toArray()).toEqual([0, 1, 0])
    expect(at(13, 20).x).toBeGreaterThan(0.2)
    expect(at(10, 17).z).toBeLessThan(-0.2)
    for (let i = 0; i < pos.count; i++) expect(geo.attributes.normal!.getY(i)).toBeGreaterThan(0)
  })
  it('leaves a normal of no length (a vertex of no triangle) at zero, as three.js does', () => {
    const positions = new Float32Array([0, 0, 0, 1, 0, 0, 0, 0, 1, 5, 5, 5])
    expect(Array.from(vertexNormals(positions, new Uint32Array([0, 2, 1])))).toEqual([
      0, 1, 0, 0, 1, 0, 0, 1, 0, 0, 0, 0,
    ])
  })
})
