import { BufferAttribute, type BufferGeometry } from 'three'

/**
 * Gives every vertex of a geometry the colour white, so a mesh of one colour
 * can use a vertex-coloured material (its own colour then tints the white):
 * it shares the buildings' and walls' shader program instead of compiling one
 * more before the table's first frame.
 */
export function withWhiteColours<G extends BufferGeometry>(geometry: G): G {
  const count = geometry.getAttribute('position').count
  geometry.setAttribute('color', new BufferAttribute(new Float32Array(count * 3).fill(1), 3))
  return geometry
}
