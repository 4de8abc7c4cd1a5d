import { type BufferGeometry, CircleGeometry, Color, Quaternion, Vector3 } from 'three'
import { RoundedBoxGeometry } from 'three/examples/jsm/geometries/RoundedBoxGeometry.js'
import { mergeGeometries } from 'three/examples/jsm/utils/BufferGeometryUtils.js'
import { DIE_SIZE_IN, FACE_NORMALS, PIP_RADIUS_IN, pipCentres } from '../../src-engine/index'

/** The die's body: the engine's cube with slightly rounded edges (drawing only; the physics cube is sharp). */
export function dieBodyGeometry(): BufferGeometry {
  return new RoundedBoxGeometry(DIE_SIZE_IN, DIE_SIZE_IN, DIE_SIZE_IN, 3, DIE_SIZE_IN * 0.11)
}

const _z = new Vector3(0, 0, 1)
const _n = new Vector3()
const _q = new Quaternion()

/**
 * All 21 pips as flat discs just proud of the faces, placed by the engine's
 * own pip layout (`pipCentres`), so the face the renderer shows on top is the
 * face the physics read.
 */
export function diePipGeometry(): BufferGeometry {
  const discs: BufferGeometry[] = []
  for (let face = 1; face <= 6; face++) {
    const n = FACE_NORMALS[face]!
    _n.set(n.x, n.y, n.z)
    _q.setFromUnitVectors(_z, _n)
    for (const c of pipCentres(face)) {
      const disc = new CircleGeometry(PIP_RADIUS_IN, 16)
      disc.applyQuaternion(_q)
      disc.translate(c.x + n.x * 0.002, c.y + n.y * 0.002, c.z + n.z * 0.002)
      discs.push(disc)
    }
  }
  const merged = mergeGeometries(discs)
  for (const d of discs) d.dispose()
  return merged
}

/** Dice in the rolling figure's side colour; pips white on dark dice, near-black on light ones. */
export function diceColours(sideColour: string | null): { body: Color; pips: Color } {
  const body = new Color(sideColour ?? '#ece6d6')
  const luminance = 0.2126 * body.r + 0.7152 * body.g + 0.0722 * body.b
  return { body, pips: new Color(luminance > 0.45 ? '#1a1a1a' : '#f8f6f0') }
}
