import { type ThreeEvent, useThree } from '@react-three/fiber'
import { useCallback, useEffect, useMemo } from 'react'
import { CylinderGeometry, TorusGeometry } from 'three'
import { useApp, useMatch, useUi } from '../state/context'
import {
  baseRingGeometry,
  bracedMarkerGeometry,
  leaderMarkerGeometry,
  seriousWoundGeometry,
  soldierGeometry,
  weaponGeometry,
  woundMarkerGeometry,
} from './figure-geometry'
import { BASE_HEIGHT_IN } from './figure-instances'
import { figureLayers, WEAPON_CLASSES } from './figure-layers'
import { InstancedLayer } from './InstancedLayer'

/**
 * Every figure on the table: bases shaded by team, bodies in the side's
 * colour, weapons by silhouette, a diamond over leaders; face down when
 * prone, fallen on its side and darkened when dead (it stays, as cover);
 * a yellow disc for a light wound, a red cross over the seriously wounded,
 * a cyan wedge when braced, a sandbag ring in a prepared position, a white
 * ring around the team whose turn it is. Each layer is one instanced draw.
 */
export function Figures() {
  const state = useMatch((s) => s.state)
  const selected = useUi((s) => s.selectedFigureId)
  const app = useApp()
  const invalidate = useThree((s) => s.invalidate)
  const geometry = useMemo(
    () => ({
      base: new CylinderGeometry(1, 1, BASE_HEIGHT_IN, 28),
      body: soldierGeometry(),
      weapons: new Map(WEAPON_CLASSES.map((k) => [k, weaponGeometry(k)])),
      leader: leaderMarkerGeometry(),
      wound: woundMarkerGeometry(),
      serious: seriousWoundGeometry(),
      braced: bracedMarkerGeometry(),
      sandbags: baseRingGeometry(0.12),
      activeRing: baseRingGeometry(0.035),
      ring: new TorusGeometry(1, 0.06, 6, 40).rotateX(Math.PI / 2),
    }),
    [],
  )
  useEffect(
    () => () => {
      for (const g of [
        geometry.base,
        geometry.body,
        geometry.leader,
        geometry.wound,
        geometry.serious,
        geometry.braced,
        geometry.sandbags,
        geometry.activeRing,
        geometry.ring,
        ...geometry.weapons.values(),
      ])
        g.dispose()
    },
    [geometry],
  )
  const layers = useMemo(() => (state ? figureLayers(state) : null), [state])
  const pick = useCallback(
    (id: string, e: ThreeEvent<MouseEvent>) => {
      if (e.delta > 4) return
      e.stopPropagation()
      const f = app.matchStore.getState().state?.figures[id]
      if (!f) return
      const ui = app.uiStore.getState()
      if (ui.tool === 'measure') ui.measureClick(f.position)
      else ui.select(f.id)
    },
    [app],
  )
  if (!layers) return null
  const sel = selected ? state?.figures[selected] : undefined
  return (
    <group name="figures" userData={{ figureIds: layers.figures.map((f) => f.id) }}>
      <InstancedLayer
        name="figure-bases"
        geometry={geometry.base}
        items={layers.bases}
        receiveShadow
        onPick={pick}
        onUpdated={invalidate}
      />
      <InstancedLayer
        name="figure-bodies"
        geometry={geometry.body}
        items={layers.bodies}
        onPick={pick}
        onUpdated={invalidate}
      />
      {WEAPON_CLASSES.map((k) => (
        <InstancedLayer
          key={k}
          name={`figure-weapons-${k}`}
          geometry={geometry.weapons.get(k)!}
          items={layers.weapons.get(k) ?? []}
          onUpdated={invalidate}
        />
      ))}
      <InstancedLayer
        name="figure-leaders"
        geometry={geometry.leader}
        items={layers.leaders}
        castShadow={false}
        emissive
        onUpdated={invalidate}
      />
      <InstancedLayer
        name="figure-wounds"
        geometry={geometry.wound}
        items={layers.wounds}
        castShadow={false}
        emissive
        onUpdated={invalidate}
      />
      <InstancedLayer
        name="figure-serious-wounds"
        geometry={geometry.serious}
        items={layers.serious}
        castShadow={false}
        emissive
        onUpdated={invalidate}
      />
      <InstancedLayer
        name="figure-braced"
        geometry={geometry.braced}
        items={layers.braced}
        castShadow={false}
        emissive
        onUpdated={invalidate}
      />
      <InstancedLayer
        name="figure-positions"
        geometry={geometry.sandbags}
        items={layers.positions}
        onUpdated={invalidate}
      />
      <InstancedLayer
        name="figure-active"
        geometry={geometry.activeRing}
        items={layers.active}
        castShadow={false}
        emissive
        onUpdated={invalidate}
      />
      {sel && (
        <mesh
          name="selection-ring"
          geometry={geometry.ring}
          position={[sel.position.x, sel.position.y + BASE_HEIGHT_IN, sel.position.z]}
          scale={[sel.baseRadiusIn + 0.12, 1, sel.baseRadiusIn + 0.12]}
        >
          <meshBasicMaterial color="#f2d16b" />
        </mesh>
      )}
    </group>
  )
}
