/**
 * The die itself (SMLE-GEN-02: every die is a D6): a true cube with standard pips. Everything here is in the
 * die's own frame (inches), shared by the physics (which reads the face that
 * ends up on top) and the renderer (which draws the pips where the physics
 * says the faces are).
 */

/** Edge of the die: 16 mm, the common wargaming D6 (0.63"). */
export const DIE_SIZE_IN = 0.63

/** Half the edge: the die's half-extent on every axis. */
export const DIE_HALF_IN = DIE_SIZE_IN / 2

/** A direction or point in the die's frame. */
export interface DieVec {
  readonly x: number
  readonly y: number
  readonly z: number
}

/**
 * The outward normal of each face in the die's frame, by face value (index 0
 * is unused). Opposite faces sum to 7; 1, 2 and 3 run counter-clockwise round
 * their shared corner, as on most Western dice.
 */
export const FACE_NORMALS: readonly DieVec[] = [
  { x: 0, y: 0, z: 0 },
  { x: 1, y: 0, z: 0 },
  { x: 0, y: 1, z: 0 },
  { x: 0, y: 0, z: 1 },
  { x: 0, y: 0, z: -1 },
  { x: 0, y: -1, z: 0 },
  { x: -1, y: 0, z: 0 },
]

/** How far a corner pip sits from the face centre, as a fraction of the half-edge. */
const PIP_SPREAD = 0.52

/** Pip layouts on a face, in face coordinates (u, v) from −1 to 1. */
const LAYOUTS: readonly (readonly (readonly [number, number])[])[] = [
  [],
  [[0, 0]],
  [
    [-1, -1],
    [1, 1],
  ],
  [
    [-1, -1],
    [0, 0],
    [1, 1],
  ],
  [
    [-1, -1],
    [1, -1],
    [-1, 1],
    [1, 1],
  ],
  [
    [-1, -1],
    [1, -1],
    [0, 0],
    [-1, 1],
    [1, 1],
  ],
  [
    [-1, -1],
    [-1, 0],
    [-1, 1],
    [1, -1],
    [1, 0],
    [1, 1],
  ],
]

/** Two axes spanning a face, perpendicular to its normal. */
function faceAxes(n: DieVec): [DieVec, DieVec] {
  if (n.x !== 0)
    return [
      { x: 0, y: 1, z: 0 },
      { x: 0, y: 0, z: 1 },
    ]
  if (n.y !== 0)
    return [
      { x: 1, y: 0, z: 0 },
      { x: 0, y: 0, z: 1 },
    ]
  return [
    { x: 1, y: 0, z: 0 },
    { x: 0, y: 1, z: 0 },
  ]
}

/** Centres of the pips of one face, on the face's surface, in the die's frame. */
export function pipCentres(face: number): DieVec[] {
  const n = FACE_NORMALS[face]
  const layout = LAYOUTS[face]
  if (!n || !layout || face < 1) throw new RangeError(`a D6 has no face ${face}`)
  const [u, v] = faceAxes(n)
  const s = DIE_HALF_IN * PIP_SPREAD
  return layout.map(([a, b]) => ({
    x: n.x * DIE_HALF_IN + (u.x * a + v.x * b) * s,
    y: n.y * DIE_HALF_IN + (u.y * a + v.y * b) * s,
    z: n.z * DIE_HALF_IN + (u.z * a + v.z * b) * s,
  }))
}

/** Pip radius, so the drawn pips and the tests agree on their size. */
export const PIP_RADIUS_IN = DIE_HALF_IN * 0.17

/** A rotation as a unit quaternion `(x, y, z, w)`. */
export interface DieQuat {
  readonly x: number
  readonly y: number
  readonly z: number
  readonly w: number
}

/** What lies uppermost on a resting die. */
export interface FaceReading {
  /** The face whose normal is closest to straight up. */
  readonly face: number
  /** Cosine of the angle between that normal and vertical (1 = perfectly flat). */
  readonly flatness: number
}

/**
 * Reads the die: which face points up for an orientation. World up expressed
 * in the die's frame is the second row of the rotation matrix; the face whose
 * normal is nearest to it is on top. Only arithmetic and comparisons, so the
 * reading is the same on every machine.
 */
export function readFace(q: DieQuat): FaceReading {
  const ux = 2 * (q.x * q.y + q.w * q.z)
  const uy = 1 - 2 * (q.x * q.x + q.z * q.z)
  const uz = 2 * (q.y * q.z - q.w * q.x)
  let face = 1
  let best = -Infinity
  for (let f = 1; f <= 6; f++) {
    const n = FACE_NORMALS[f]!
    const dot = n.x * ux + n.y * uy + n.z * uz
    if (dot > best) {
      best = dot
      face = f
    }
  }
  return { face, flatness: Math.min(1, best) }
}
