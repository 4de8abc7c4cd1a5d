import { describe, expect, it } from 'vitest'
import { DIE_HALF_IN, type DieQuat, type DieVec, FACE_NORMALS, PIP_RADIUS_IN, pipCentres, readFace } from './die'

const dot = (a: DieVec, b: DieVec) => a.x * b.x + a.y * b.y + a.z * b.z
const cross = (a: DieVec, b: DieVec): DieVec => ({
  x: a.y * b.z - a.z * b.y,
  y: a.z * b.x - a.x * b.z,
  z: a.x * b.y - a.y * b.x,
})

/** The rotation taking unit vector `from` onto unit vector `to` (shortest arc). */
function arc(from: DieVec, to: DieVec): DieQuat {
  const c = cross(from, to)
  const d = dot(from, to)
  if (d < -0.999999) return { x: 1, y: 0, z: 0, w: 0 }
  const w = 1 + d
  const n = Math.hypot(c.x, c.y, c.z, w)
  return { x: c.x / n, y: c.y / n, z: c.z / n, w: w / n }
}

/** Rotation about a unit axis by `deg`. */
function about(axis: DieVec, deg: number): DieQuat {
  const h = (deg * Math.PI) / 360
  return { x: axis.x * Math.sin(h), y: axis.y * Math.sin(h), z: axis.z * Math.sin(h), w: Math.cos(h) }
}

function mul(a: DieQuat, b: DieQuat): DieQuat {
  return {
    w: a.w * b.w - a.x * b.x - a.y * b.y - a.z * b.z,
    x: a.w * b.x + a.x * b.w + a.y * b.z - a.z * b.y,
    y: a.w * b.y - a.x * b.z + a.y * b.w + a.z * b.x,
    z: a.w * b.z + a.x * b.y - a.y * b.x + a.z * b.w,
  }
}

const UP = { x: 0, y: 1, z: 0 }

describe('SMLE-GEN-02: the die is a D6', () => {
  it('has six faces with unit normals along its axes, opposite faces summing to 7', () => {
    for (let f = 1; f <= 6; f++) {
      const n = FACE_NORMALS[f]!
      expect(Math.hypot(n.x, n.y, n.z)).toBe(1)
      const opposite = FACE_NORMALS[7 - f]!
      expect(dot(n, opposite)).toBe(-1)
    }
  })

  it('runs 1, 2, 3 counter-clockwise round their shared corner (seen from outside), as Western dice do', () => {
    const [one, two, three] = [FACE_NORMALS[1]!, FACE_NORMALS[2]!, FACE_NORMALS[3]!]
    const corner = { x: one.x + two.x + three.x, y: one.y + two.y + three.y, z: one.z + two.z + three.z }
    expect(dot(corner, cross(one, two))).toBeGreaterThan(0)
    expect(dot(corner, cross(two, three))).toBeGreaterThan(0)
  })

  it('shows n pips on face n, every pip on its own face and inside it', () => {
    for (let f = 1; f <= 6; f++) {
      const pips = pipCentres(f)
      expect(pips).toHaveLength(f)
      const n = FACE_NORMALS[f]!
      for (const p of pips) {
        expect(dot(p, n)).toBeCloseTo(DIE_HALF_IN, 12)
        // In the face plane, the pip and its rim stay inside the face.
        const inPlane = [p.x, p.y, p.z].map((c, i) => ([n.x, n.y, n.z][i] === 0 ? Math.abs(c) : 0))
        for (const c of inPlane) expect(c + PIP_RADIUS_IN).toBeLessThan(DIE_HALF_IN)
      }
      // No two pips of a face overlap.
      for (let i = 0; i < pips.length; i++) {
        for (let j = i + 1; j < pips.length; j++) {
          const a = pips[i]!
          const b = pips[j]!
          expect(Math.hypot(a.x - b.x, a.y - b.y, a.z - b.z)).toBeGreaterThan(2 * PIP_RADIUS_IN)
        }
      }
    }
    expect(() => pipCentres(0)).toThrow()
    expect(() => pipCentres(7)).toThrow()
  })
})

describe('reading the face from the orientation', () => {
  it('reads face 2 on an unturned die (its +y face is up)', () => {
    expect(readFace({ x: 0, y: 0, z: 0, w: 1 })).toEqual({ face: 2, flatness: 1 })
  })

  it('reads every face when that face is turned to the top, whatever the spin about the vertical', () => {
    for (let f = 1; f <= 6; f++) {
      const toTop = arc(FACE_NORMALS[f]!, UP)
      for (const spin of [0, 37, 90, 200]) {
        const r = readFace(mul(about(UP, spin), toTop))
        expect(r.face).toBe(f)
        expect(r.flatness).toBeCloseTo(1, 12)
      }
    }
  })

  it('gives the tilt: a die tipped 15° still reads its top face, at cos 15° from flat', () => {
    const tipped = mul(about({ x: 1, y: 0, z: 0 }, 15), arc(FACE_NORMALS[5]!, UP))
    const r = readFace(tipped)
    expect(r.face).toBe(5)
    expect(r.flatness).toBeCloseTo(Math.cos((15 * Math.PI) / 180), 12)
  })

  it('past 45° the next face is the top one', () => {
    const over = mul(about({ x: 0, y: 0, z: 1 }, 50), arc(FACE_NORMALS[2]!, UP))
    expect(readFace(over).face).not.toBe(2)
  })
})
