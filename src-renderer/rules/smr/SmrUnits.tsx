import type { ThreeEvent } from '@react-three/fiber'
import { useThree } from '@react-three/fiber'
import { useEffect, useLayoutEffect, useMemo } from 'react'
import { BoxGeometry, type BufferGeometry, Color, CylinderGeometry } from 'three'
import { mergeGeometries } from 'three/examples/jsm/utils/BufferGeometryUtils.js'
import { smrBaseSizeIn, type SmrContact, type SmrState, type SmrUnit } from '../../../src-engine/index'
import { leaderMarkerGeometry } from '../../scene/figure-geometry'
import {
  footPairGeometry,
  frameGeometry,
  horseGeometry,
  type MedievalWeapon,
  riderGeometry,
  weaponOf,
} from './unit-geometry'

/** How thick a base is drawn, inches (the figures stand on it). */
export const SMR_BASE_IN = 0.08
const WEAPONS: readonly MedievalWeapon[] = ['spear', 'bow', 'sling', 'axe', 'fork']
const ROUTED_GREY = new Color('#8d8d8d')
const HORSE = '#6b4a33'
const FRONT = '#f4ecd2'

/** The geometries every unit is drawn from, built once (two base sizes: foot and cavalry). */
function useUnitGeometry() {
  const geometry = useMemo(() => {
    const foot = smrBaseSizeIn({ profile: { cls: 'L', mount: 'foot', weapon: 'hand' } })
    const cav = smrBaseSizeIn({ profile: { cls: 'L', mount: 'horse', weapon: 'hand' } })
    const sizes = { foot, cav }
    const per = (s: { widthIn: number; depthIn: number }) => ({
      base: new BoxGeometry(s.widthIn, SMR_BASE_IN, s.depthIn),
      front: new BoxGeometry(s.widthIn, SMR_BASE_IN + 0.03, 0.09).translate(0, 0.015, -s.depthIn / 2 + 0.045),
      selected: frameGeometry(s.widthIn + 0.24, s.depthIn + 0.24, 0.07),
      melee: frameGeometry(s.widthIn + 0.1, s.depthIn + 0.1, 0.06),
    })
    return {
      sizes,
      foot: per(foot),
      cav: per(cav),
      pairs: new Map(WEAPONS.map((w) => [w, footPairGeometry(w, foot.widthIn)])),
      riders: new Map(WEAPONS.map((w) => [w, riderGeometry(w)])),
      horse: horseGeometry(),
      leader: leaderMarkerGeometry(),
      flagPole: new CylinderGeometry(0.02, 0.02, 0.9, 5).translate(0, 0.45, 0),
      // Two crossed cloths, so the flag shows from every side.
      flag: mergeGeometries([
        new BoxGeometry(0.36, 0.26, 0.02).translate(0.18, 0.76, 0),
        new BoxGeometry(0.02, 0.26, 0.36).translate(0, 0.76, 0.18),
      ])!,
    }
  }, [])
  useEffect(
    () => () => {
      const all: BufferGeometry[] = [
        ...Object.values(geometry.foot),
        ...Object.values(geometry.cav),
        ...geometry.pairs.values(),
        ...geometry.riders.values(),
        geometry.horse,
        geometry.leader,
        geometry.flagPole,
        geometry.flag,
      ]
      for (const g of all) g.dispose()
    },
    [geometry],
  )
  return geometry
}

export interface SmrUnitsProps {
  readonly state: SmrState
  readonly colours: ReadonlyMap<string, string>
  readonly selectedId: string | null
  /** Units in a melee (SMR-MOVE-07): a red frame round the base. */
  readonly inMelee: ReadonlySet<string>
  readonly onPick: (unitId: string, e: ThreeEvent<MouseEvent>) => void
  /** A press on a unit (the start of a drag that plans its move). */
  readonly onPress?: (unitId: string, e: ThreeEvent<PointerEvent>) => void
}

/**
 * Every unit on the table (SMR-GEN-03, one figure = one unit): a square
 * 20 mm base for foot, 25 × 50 mm for cavalry (SMR-GEN-06), its front edge
 * drawn light so its facing shows (SMR-GEOM-01); two figures on a foot base,
 * a rider on his horse on a cavalry base, in the side's colour with their
 * weapons; a gold diamond over each side's leader; a red frame round units
 * in melee; a routed unit greyed and tilted, with a white flag over it. Units
 * hidden in buildings are not drawn (the view leaves them out for a seat that
 * may not know of them).
 */
export function SmrUnits({ state, colours, selectedId, inMelee, onPick, onPress }: SmrUnitsProps) {
  const g = useUnitGeometry()
  const invalidate = useThree((s) => s.invalidate)
  const units = useMemo(
    () =>
      state.unitOrder
        .map((id) => state.units[id])
        .filter((u): u is SmrUnit => u !== undefined && u.status === 'ok' && u.hiddenIn === null),
    [state],
  )
  const leaders = useMemo(() => new Set(Object.values(state.leaders)), [state.leaders])
  useLayoutEffect(() => invalidate(), [units, selectedId, inMelee, invalidate])
  return (
    <group name="smr-units" userData={{ unitIds: units.map((u) => u.id) }}>
      {units.map((u) => {
        const cav = u.profile.mount !== 'foot' || u.profile.creature !== undefined
        const shape = cav ? g.cav : g.foot
        const side = new Color(colours.get(u.sideId) ?? '#888888')
        const body = u.routed ? side.clone().lerp(ROUTED_GREY, 0.65) : side
        const baseColour = side.clone().multiplyScalar(0.45)
        const weapon = weaponOf(u.profile)
        const size = cav ? g.sizes.cav : g.sizes.foot
        return (
          <group
            key={u.id}
            name={`unit:${u.id}`}
            position={[u.position.x, u.position.y, u.position.z]}
            rotation={[0, (-u.facingDeg * Math.PI) / 180, 0]}
            userData={{ unitId: u.id, routed: u.routed, facingDeg: u.facingDeg }}
            onClick={(e: ThreeEvent<MouseEvent>) => onPick(u.id, e)}
            onPointerDown={onPress ? (e: ThreeEvent<PointerEvent>) => onPress(u.id, e) : undefined}
          >
            <mesh geometry={shape.base} position={[0, SMR_BASE_IN / 2, 0]} receiveShadow castShadow>
              <meshLambertMaterial color={baseColour} />
            </mesh>
            <mesh name="front-edge" geometry={shape.front} position={[0, SMR_BASE_IN / 2, 0]}>
              <meshLambertMaterial color={FRONT} emissive={FRONT} emissiveIntensity={0.25} />
            </mesh>
            {/* A routed unit has turned its back (SMR-ROUT-03): its figures lean away, greyed. */}
            <group position={[0, SMR_BASE_IN, 0]} rotation={[u.routed ? 0.32 : 0, 0, 0]}>
              {cav ? (
                <>
                  <mesh geometry={g.horse} castShadow>
                    <meshLambertMaterial color={u.routed ? '#7d746c' : HORSE} />
                  </mesh>
                  <mesh geometry={g.riders.get(weapon)} castShadow>
                    <meshLambertMaterial color={body} />
                  </mesh>
                </>
              ) : (
                <mesh geometry={g.pairs.get(weapon)} castShadow>
                  <meshLambertMaterial color={body} />
                </mesh>
              )}
            </group>
            {leaders.has(u.id) && (
              <mesh name="leader-mark" geometry={g.leader} position={[0, cav ? 2.35 : 1.55, 0]}>
                <meshBasicMaterial color="#f2d16b" />
              </mesh>
            )}
            {u.routed && (
              <group name="routed-mark" position={[size.widthIn / 2 - 0.05, SMR_BASE_IN, size.depthIn / 2 - 0.05]}>
                <mesh geometry={g.flagPole}>
                  <meshBasicMaterial color="#d9d3c4" />
                </mesh>
                <mesh geometry={g.flag}>
                  <meshBasicMaterial color="#ffffff" />
                </mesh>
              </group>
            )}
            {inMelee.has(u.id) && (
              <mesh name="melee-frame" geometry={shape.melee} position={[0, SMR_BASE_IN + 0.02, 0]}>
                <meshBasicMaterial color="#e0413a" />
              </mesh>
            )}
            {selectedId === u.id && (
              <mesh name="selection-frame" geometry={shape.selected} position={[0, 0.03, 0]}>
                <meshBasicMaterial color="#f2d16b" />
              </mesh>
            )}
          </group>
        )
      })}
    </group>
  )
}

/** The units of every pair in a melee (touching, neither routed). */
export function unitsInMelee(contacts: readonly SmrContact[]): Set<string> {
  const out = new Set<string>()
  for (const c of contacts) {
    if (c.routed) continue
    out.add(c.aId)
    out.add(c.bId)
  }
  return out
}
