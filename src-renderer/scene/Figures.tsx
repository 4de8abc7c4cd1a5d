import { type ThreeEvent, useThree } from '@react-three/fiber'
import { useCallback, useEffect, useMemo } from 'react'
import { Color, CylinderGeometry, Matrix4, TorusGeometry } from 'three'
import type { FigureState, MatchState } from '../../src-engine/index'
import { useApp, useMatch, useUi } from '../state/context'
import { leaderMarkerGeometry, soldierGeometry, weaponGeometry, woundMarkerGeometry } from './figure-geometry'
import {
  BASE_HEIGHT_IN,
  baseMatrix,
  bodyMatrix,
  figureColour,
  leaderMarkerMatrix,
  teamShade,
  type WeaponClass,
  weaponClass,
  woundMarkerColour,
  woundMarkerMatrix,
} from './figure-instances'
import { InstancedLayer, type LayerItem } from './InstancedLayer'

const WEAPON_CLASSES: readonly WeaponClass[] = ['longarm', 'short', 'support', 'tube']
const WEAPON_COLOUR = new Color('#2a2622')
const LEADER_COLOUR = new Color('#f2d16b')

/** The instances of every layer of the figures, from the match state. */
export function figureLayers(state: MatchState) {
  const figures = Object.values(state.figures)
  const teamIndex = new Map<string, number>()
  for (const side of state.sides) {
    Object.values(state.teams)
      .filter((t) => t.sideId === side.id)
      .forEach((t, i) => teamIndex.set(t.id, i))
  }
  const sideColour = new Map(state.sides.map((s) => [s.id, s.colour]))
  const item = (f: FigureState, matrix: Matrix4, colour: Color): LayerItem => ({ id: f.id, matrix, colour })
  const weapons = new Map<WeaponClass, LayerItem[]>(WEAPON_CLASSES.map((k) => [k, []]))
  for (const f of figures) {
    if (f.status !== 'dead') weapons.get(weaponClass(f.weapon))?.push(item(f, bodyMatrix(f, new Matrix4()), WEAPON_COLOUR))
  }
  return {
    figures,
    bases: figures.map((f) => item(f, baseMatrix(f, new Matrix4()), f.status === 'dead' ? new Color('#3a3a3a') : teamShade(sideColour.get(f.sideId) ?? '#888888', teamIndex.get(f.teamId) ?? 0, new Color()))),
    bodies: figures.map((f) => item(f, bodyMatrix(f, new Matrix4()), figureColour(f, state.sides, new Color()))),
    weapons,
    leaders: figures.filter((f) => f.isLeader && f.status !== 'dead').map((f) => item(f, leaderMarkerMatrix(f, new Matrix4()), LEADER_COLOUR)),
    wounds: figures.flatMap((f) => {
      const c = woundMarkerColour(f)
      return c ? [item(f, woundMarkerMatrix(f, new Matrix4()), new Color(c))] : []
    }),
  }
}

/**
 * Every figure: bases shaded by team, bodies in the side's colour, weapons by
 * silhouette, a diamond over leaders, a disc on the base for wounds; lying
 * down when prone, seriously wounded or dead. Each layer is one instanced draw.
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
      ring: new TorusGeometry(1, 0.06, 6, 40).rotateX(Math.PI / 2),
    }),
    [],
  )
  useEffect(
    () => () => {
      for (const g of [geometry.base, geometry.body, geometry.leader, geometry.wound, geometry.ring, ...geometry.weapons.values()]) g.dispose()
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
      <InstancedLayer name="figure-bases" geometry={geometry.base} items={layers.bases} receiveShadow onPick={pick} onUpdated={invalidate} />
      <InstancedLayer name="figure-bodies" geometry={geometry.body} items={layers.bodies} roughness={0.55} onPick={pick} onUpdated={invalidate} />
      {WEAPON_CLASSES.map((k) => (
        <InstancedLayer key={k} name={`figure-weapons-${k}`} geometry={geometry.weapons.get(k)!} items={layers.weapons.get(k) ?? []} roughness={0.4} onUpdated={invalidate} />
      ))}
      <InstancedLayer name="figure-leaders" geometry={geometry.leader} items={layers.leaders} castShadow={false} emissive onUpdated={invalidate} />
      <InstancedLayer name="figure-wounds" geometry={geometry.wound} items={layers.wounds} castShadow={false} emissive onUpdated={invalidate} />
      {sel && (
        <mesh name="selection-ring" geometry={geometry.ring} position={[sel.position.x, sel.position.y + BASE_HEIGHT_IN, sel.position.z]} scale={[sel.baseRadiusIn + 0.12, 1, sel.baseRadiusIn + 0.12]}>
          <meshBasicMaterial color="#f2d16b" />
        </mesh>
      )}
    </group>
  )
}
