import { type BufferGeometry, Color } from 'three'
import { boxSolid, type StructureModel } from '../../../src-engine/index'
import { type ColouredSolid, hash, solidsGeometry } from './hull-geometry'
import type { RoofMode } from '../../state/stores'

const MATERIAL_COLOUR: Record<StructureModel['spec']['material'], Color> = {
  brick: new Color('#9b5b45'),
  stone: new Color('#a9a393'),
  plaster: new Color('#d5c9ad'),
  timber: new Color('#8d6c4b'),
  concrete: new Color('#9a9a92'),
}
const ROOF_TILES = new Color('#a65a40')
const ROOF_SLATE = new Color('#75808f')
const ROOF_FLAT = new Color('#948d80')
const FLOOR = new Color('#7d6f5c')
const FRAME = new Color('#3b2f25')
const STEP = new Color('#6b5440')

/** What the buildings are drawn with: one geometry per part, each one draw call for the whole table. */
export interface BuildingMeshes {
  readonly walls: BufferGeometry
  readonly roofs: BufferGeometry
  /** Ground-floor boards. */
  readonly floors: BufferGeometry
  /** Upper floors (hidden in the cutaway view). */
  readonly upperFloors: BufferGeometry
  readonly frames: BufferGeometry
  readonly stairs: BufferGeometry
}

/** Window frames: a sill and a lintel board across each opening, a little proud of the wall. */
function frameSolids(s: StructureModel): ColouredSolid[] {
  const out: ColouredSolid[] = []
  const t = s.spec.wallThicknessIn
  for (const w of s.windows) {
    const along = { x: -w.outward.z, z: w.outward.x }
    for (const y of [w.sillIn, w.topIn]) {
      out.push({
        shape: boxSolid(w.centre, along, w.widthIn / 2 + 0.08, t / 2 + 0.05, y - 0.06, y + 0.02),
        colour: FRAME,
      })
    }
  }
  return out
}

/** Stairs as a run of steps from the foot up to the floor above. */
function stairSolids(s: StructureModel): ColouredSolid[] {
  const out: ColouredSolid[] = []
  for (const st of s.stairs) {
    const y0 = s.floorYs[st.floor] ?? s.padY
    const y1 = s.floorYs[st.floor + 1] ?? y0 + 2.5
    const steps = Math.max(4, Math.round((y1 - y0) / 0.3))
    for (let k = 0; k < steps; k++) {
      const f = (k + 0.5) / steps
      const c = { x: st.foot.x + (st.top.x - st.foot.x) * f, z: st.foot.z + (st.top.z - st.foot.z) * f }
      out.push({
        shape: boxSolid(
          c,
          st.up,
          st.lengthIn / steps / 2,
          st.widthIn / 2,
          y0 + ((y1 - y0) * k) / steps,
          y0 + ((y1 - y0) * (k + 1)) / steps,
        ),
        colour: STEP,
      })
    }
  }
  return out
}

/**
 * The buildings of a table (pillboxes and bunkers too) from their rules
 * hulls: wall pieces with the holes of doorways and windows, upper floors,
 * roofs; plus what the rules do not need but a player does: ground-floor
 * boards, window frames, steps.
 */
export function buildingMeshes(structures: readonly StructureModel[]): BuildingMeshes {
  const walls: ColouredSolid[] = []
  const roofs: ColouredSolid[] = []
  const floors: ColouredSolid[] = []
  const upperFloors: ColouredSolid[] = []
  const frames: ColouredSolid[] = []
  const stairs: ColouredSolid[] = []
  structures.forEach((s, i) => {
    const colour = MATERIAL_COLOUR[s.spec.material].clone().multiplyScalar(0.9 + 0.2 * hash(i + 3))
    const roof = s.spec.roof.kind === 'gable' ? (hash(i + 11) < 0.7 ? ROOF_TILES : ROOF_SLATE) : ROOF_FLAT
    for (const p of s.parts) {
      if (p.part === 'wall') walls.push({ shape: p.shape, colour })
      else if (p.part === 'roof') roofs.push({ shape: p.shape, colour: roof })
      else if (p.part === 'floor') upperFloors.push({ shape: p.shape, colour: FLOOR })
    }
    const inner = s.interior
    const axis = { x: inner[1]!.x - inner[0]!.x, z: inner[1]!.z - inner[0]!.z }
    const w = Math.hypot(axis.x, axis.z)
    const d = Math.hypot(inner[3]!.x - inner[0]!.x, inner[3]!.z - inner[0]!.z)
    const c = { x: (inner[0]!.x + inner[2]!.x) / 2, z: (inner[0]!.z + inner[2]!.z) / 2 }
    floors.push({
      shape: boxSolid(c, { x: axis.x / w, z: axis.z / w }, w / 2, d / 2, s.padY - 0.02, s.padY + 0.04),
      colour: FLOOR,
    })
    frames.push(...frameSolids(s))
    stairs.push(...stairSolids(s))
  })
  return {
    walls: solidsGeometry(walls, 0.06),
    roofs: solidsGeometry(roofs, 0.1),
    floors: solidsGeometry(floors, 0.08),
    upperFloors: solidsGeometry(upperFloors, 0.08),
    frames: solidsGeometry(frames),
    stairs: solidsGeometry(stairs, 0.1),
  }
}

/** Which parts of the buildings a roof mode shows. */
export function partsShown(mode: RoofMode): { roofs: boolean; upperFloors: boolean } {
  return { roofs: mode === 'shown', upperFloors: mode !== 'cutaway' }
}
