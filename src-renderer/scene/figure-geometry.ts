import {
  BoxGeometry,
  type BufferGeometry,
  CapsuleGeometry,
  ConeGeometry,
  CylinderGeometry,
  OctahedronGeometry,
  SphereGeometry,
  TorusGeometry,
} from 'three'
import { mergeGeometries } from 'three/examples/jsm/utils/BufferGeometryUtils.js'
import type { WeaponClass } from './figure-instances'

function merge(parts: BufferGeometry[]): BufferGeometry {
  const merged = mergeGeometries(parts.map((g) => g.toNonIndexed()))
  for (const g of parts) g.dispose()
  return merged
}

/** A stylised soldier, feet at y=0, facing −Z: torso and helmeted head. */
export function soldierGeometry(): BufferGeometry {
  return merge([
    new CapsuleGeometry(0.2, 0.5, 4, 10).translate(0, 0.45, 0),
    new SphereGeometry(0.15, 12, 8).translate(0, 1.03, 0),
    new CylinderGeometry(0.2, 0.22, 0.06, 12).translate(0, 1.1, 0),
  ])
}

/** What the soldier carries, in the same frame as the body, held at the port. */
export function weaponGeometry(kind: WeaponClass): BufferGeometry {
  switch (kind) {
    case 'longarm':
      return new CylinderGeometry(0.03, 0.035, 0.85, 6).rotateX(Math.PI / 2.6).translate(0.17, 0.62, -0.2)
    case 'short':
      return merge([
        new CylinderGeometry(0.035, 0.035, 0.45, 6).rotateX(Math.PI / 2.3).translate(0.17, 0.6, -0.18),
        new CylinderGeometry(0.02, 0.02, 0.16, 4).translate(0.17, 0.5, -0.2),
      ])
    case 'support':
      return merge([
        new CylinderGeometry(0.055, 0.06, 1.0, 8).rotateX(Math.PI / 2.2).translate(0.19, 0.62, -0.3),
        new CylinderGeometry(0.015, 0.015, 0.3, 4).rotateZ(0.5).translate(0.26, 0.62, -0.7),
        new CylinderGeometry(0.015, 0.015, 0.3, 4).rotateZ(-0.5).translate(0.12, 0.62, -0.7),
      ])
    case 'tube':
      return new CylinderGeometry(0.08, 0.08, 0.9, 10).rotateX(Math.PI / 2).translate(0.16, 1.0, 0)
  }
}

/** The leader's diamond. */
export function leaderMarkerGeometry(): BufferGeometry {
  return new OctahedronGeometry(0.16).scale(1, 1.5, 1)
}

/** The wound marker disc (scaled to the base for the stain under the dead). */
export function woundMarkerGeometry(): BufferGeometry {
  return new CylinderGeometry(0.2, 0.2, 0.04, 16)
}

/** The serious-wound cross: two flat bars, lying in the XZ plane. */
export function seriousWoundGeometry(): BufferGeometry {
  return merge([new BoxGeometry(0.5, 0.06, 0.16), new BoxGeometry(0.16, 0.06, 0.5)])
}

/** The braced wedge: a flat cone pointing −Z (the figure's front). */
export function bracedMarkerGeometry(): BufferGeometry {
  return new ConeGeometry(0.16, 0.42, 3).rotateX(-Math.PI / 2).scale(1, 0.4, 1)
}

/** A unit ring lying on the table (scaled to the base): sandbags of a prepared position, or the active team's ring. */
export function baseRingGeometry(tube: number): BufferGeometry {
  return new TorusGeometry(1, tube, 6, 32).rotateX(Math.PI / 2)
}
