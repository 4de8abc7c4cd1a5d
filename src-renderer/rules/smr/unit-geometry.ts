import {
  BoxGeometry,
  type BufferGeometry,
  CapsuleGeometry,
  CylinderGeometry,
  SphereGeometry,
  TorusGeometry,
} from 'three'
import { mergeGeometries } from 'three/examples/jsm/utils/BufferGeometryUtils.js'
import type { SmrUnitProfile } from '../../../src-engine/index'
import { soldierGeometry } from '../../scene/figure-geometry'

/** What a medieval figure carries, drawn: a spear, a bow, a sling, an axe, or a peasant's pitchfork. */
export type MedievalWeapon = 'spear' | 'bow' | 'sling' | 'axe' | 'fork'

/** How a unit's weapon is drawn, from its profile (SMR-UNIT-01). */
export function weaponOf(p: SmrUnitProfile): MedievalWeapon {
  if (p.weapon === 'bow' || p.weapon === 'crossbow') return 'bow'
  if (p.weapon === 'sling') return 'sling'
  if (p.axe) return 'axe'
  return p.cls === 'P' ? 'fork' : 'spear'
}

function merge(parts: BufferGeometry[]): BufferGeometry {
  const merged = mergeGeometries(parts.map((g) => (g.index ? g.toNonIndexed() : g)))
  for (const g of parts) g.dispose()
  return merged
}

/** A weapon in the frame of a standing soldier (feet at y=0, facing −Z), held on his right. */
function weaponParts(kind: MedievalWeapon): BufferGeometry[] {
  switch (kind) {
    case 'spear':
      return [
        new CylinderGeometry(0.025, 0.025, 1.7, 5).translate(0.22, 0.75, -0.05),
        new CylinderGeometry(0, 0.05, 0.16, 5).translate(0.22, 1.68, -0.05),
      ]
    case 'fork':
      return [
        new CylinderGeometry(0.025, 0.025, 1.4, 5).rotateX(-0.25).translate(0.22, 0.7, -0.12),
        new BoxGeometry(0.14, 0.03, 0.03).translate(0.22, 1.36, -0.3),
      ]
    case 'bow':
      return [new TorusGeometry(0.38, 0.022, 4, 12, Math.PI).rotateZ(Math.PI / 2).translate(-0.24, 0.7, -0.05)]
    case 'sling':
      return [new CylinderGeometry(0.012, 0.012, 0.45, 4).rotateZ(0.5).translate(0.28, 0.9, -0.05)]
    case 'axe':
      return [
        new CylinderGeometry(0.025, 0.025, 0.75, 5).rotateX(-0.4).translate(0.22, 0.65, -0.12),
        new BoxGeometry(0.04, 0.18, 0.14).translate(0.22, 0.98, -0.28),
      ]
  }
}

/** Two foot figures side by side on a 20 mm base (scaled to it), with their weapons, facing −Z. */
export function footPairGeometry(kind: MedievalWeapon, baseWidthIn: number): BufferGeometry {
  const k = 0.78
  const dx = baseWidthIn * 0.24
  const one = (x: number, z: number) =>
    merge([soldierGeometry(), ...weaponParts(kind)])
      .scale(k, k, k)
      .translate(x, 0, z)
  return merge([one(-dx, 0.06), one(dx, -0.06)])
}

/** A rider (without his horse) seated over the horse's back, with his weapon, facing −Z. */
export function riderGeometry(kind: MedievalWeapon): BufferGeometry {
  return merge([
    new CapsuleGeometry(0.17, 0.36, 4, 10).translate(0, 1.22, 0.08),
    new SphereGeometry(0.13, 12, 8).translate(0, 1.66, 0.06),
    new CylinderGeometry(0.15, 0.16, 0.06, 10).translate(0, 1.73, 0.06),
    // Legs astride.
    new CylinderGeometry(0.05, 0.05, 0.42, 5).rotateZ(0.35).translate(-0.2, 0.92, 0.05),
    new CylinderGeometry(0.05, 0.05, 0.42, 5).rotateZ(-0.35).translate(0.2, 0.92, 0.05),
    ...weaponParts(kind).map((g) => g.translate(0, 0.62, 0.08)),
  ])
}

/** A horse on a 25 × 50 mm base: body along Z, head toward −Z (its front). */
export function horseGeometry(): BufferGeometry {
  const legs = [
    [-0.13, -0.42],
    [0.13, -0.42],
    [-0.13, 0.4],
    [0.13, 0.4],
  ].map(([x, z]) => new CylinderGeometry(0.045, 0.04, 0.56, 6).translate(x!, 0.28, z!))
  return merge([
    new CapsuleGeometry(0.2, 0.72, 4, 10).rotateX(Math.PI / 2).translate(0, 0.74, 0),
    new CylinderGeometry(0.09, 0.13, 0.5, 8).rotateX(-0.6).translate(0, 1.0, -0.58),
    new BoxGeometry(0.15, 0.17, 0.38).rotateX(0.5).translate(0, 1.2, -0.78),
    new CylinderGeometry(0.03, 0.06, 0.5, 5).rotateX(0.5).translate(0, 0.65, 0.66),
    ...legs,
  ])
}

/** A thin frame lying round a base (selection, melee), `widthIn` × `depthIn` outside, `barIn` wide. */
export function frameGeometry(widthIn: number, depthIn: number, barIn: number): BufferGeometry {
  const h = 0.03
  return merge([
    new BoxGeometry(widthIn, h, barIn).translate(0, 0, -depthIn / 2 + barIn / 2),
    new BoxGeometry(widthIn, h, barIn).translate(0, 0, depthIn / 2 - barIn / 2),
    new BoxGeometry(barIn, h, depthIn).translate(-widthIn / 2 + barIn / 2, 0, 0),
    new BoxGeometry(barIn, h, depthIn).translate(widthIn / 2 - barIn / 2, 0, 0),
  ])
}
