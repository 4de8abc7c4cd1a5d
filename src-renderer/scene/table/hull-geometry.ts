import { BufferAttribute, BufferGeometry, Color } from 'three'
import type { ConvexSolid } from '../../../src-engine/index'

/** One convex solid to draw, in a colour. */
export interface ColouredSolid {
  readonly shape: ConvexSolid
  readonly colour: Color
}

const _c = new Color()

/**
 * The triangles of convex solids (the rules' own hull pieces) as one
 * non-indexed geometry with flat normals and vertex colours: one draw call
 * for however many pieces, and what is drawn is what the rules use.
 * `jitter` (0..1) varies each solid's colour a little so walls of one
 * colour still read as separate stones, planks or houses.
 */
export function solidsGeometry(solids: readonly ColouredSolid[], jitter = 0): BufferGeometry {
  let triangles = 0
  for (const s of solids) for (const f of s.shape.faces) triangles += f.length - 2
  const positions = new Float32Array(triangles * 9)
  const colours = new Float32Array(triangles * 9)
  let o = 0
  solids.forEach((s, k) => {
    _c.copy(s.colour)
    if (jitter > 0) _c.multiplyScalar(1 - jitter / 2 + jitter * hash(k))
    const v = s.shape.vertices
    for (const f of s.shape.faces) {
      for (let i = 1; i + 1 < f.length; i++) {
        for (const vi of [f[0]!, f[i]!, f[i + 1]!]) {
          positions[o] = v[vi]!.x
          positions[o + 1] = v[vi]!.y
          positions[o + 2] = v[vi]!.z
          colours[o] = _c.r
          colours[o + 1] = _c.g
          colours[o + 2] = _c.b
          o += 3
        }
      }
    }
  })
  const g = new BufferGeometry()
  g.setAttribute('position', new BufferAttribute(positions, 3))
  g.setAttribute('color', new BufferAttribute(colours, 3))
  g.computeVertexNormals()
  return g
}

/** A repeatable pseudo-random number in [0, 1) for an integer (no Math.random in drawing either: the same table looks the same every time). */
export function hash(n: number): number {
  const s = Math.sin(n * 12.9898 + 78.233) * 43758.5453
  return s - Math.floor(s)
}
