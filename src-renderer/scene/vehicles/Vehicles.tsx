import { type ThreeEvent, useThree } from '@react-three/fiber'
import { useCallback, useEffect, useMemo } from 'react'
import {
  BoxGeometry,
  type BufferGeometry,
  ConeGeometry,
  CylinderGeometry,
  IcosahedronGeometry,
  TorusGeometry,
} from 'three'
import { mergeGeometries } from 'three/examples/jsm/utils/BufferGeometryUtils.js'
import { useApp, useMatch, useUi } from '../../state/context'
import { InstancedLayer } from '../InstancedLayer'
import { type VehicleLabel, vehicleLayers } from './vehicle-layers'
import { turretBearings } from './turret-facing'
import { VehicleArcs } from './VehicleArcs'
import { LABEL_RANK } from '../labels/label-layout'
import { TableLabel } from '../labels/TableLabel'
import { useLabelsReady } from '../labels-ready'

/** A turret with its gun, radius 1, gun along −Z (the front). */
function turretGeometry(): BufferGeometry {
  const parts = [
    new CylinderGeometry(0.9, 1, 0.55, 16).translate(0, 0.275, 0),
    new CylinderGeometry(0.1, 0.1, 2.2, 8).rotateX(Math.PI / 2).translate(0, 0.3, -1.9),
  ]
  const merged = mergeGeometries(parts.map((g) => g.toNonIndexed()))
  for (const g of parts) g.dispose()
  return merged
}

/** Two rotor blades crossing, radius 1. */
function rotorGeometry(): BufferGeometry {
  const parts = [
    new BoxGeometry(2, 0.04, 0.09),
    new BoxGeometry(0.09, 0.04, 2),
    new CylinderGeometry(0.08, 0.08, 0.3, 8).translate(0, -0.15, 0),
  ]
  const merged = mergeGeometries(parts.map((g) => g.toNonIndexed()))
  for (const g of parts) g.dispose()
  return merged
}

const STATUS_WORDS = { ok: '', VLW: 'VLW', VSW: 'VSW', killed: 'knocked out' } as const

const labelStyle = {
  background: 'rgba(20,22,26,0.78)',
  color: '#f4f1e6',
  font: '11px/1.3 system-ui, sans-serif',
  padding: '2px 6px',
  borderRadius: 4,
  whiteSpace: 'nowrap',
  pointerEvents: 'none',
} as const

/** What a vehicle's label says: its name, speed state, who is aboard and its damage. */
export function labelText(l: VehicleLabel): string {
  const aboard =
    l.crew + l.passengers > 0 ? ` · crew ${l.crew}${l.passengers ? ` + ${l.passengers} aboard` : ''}` : ' · no crew'
  const damage = l.status !== 'ok' && l.status !== 'killed' ? ` · ${STATUS_WORDS[l.status]}` : ''
  return `${l.name}: ${l.speed}${aboard}${damage}`
}

/**
 * The vehicles of the game (§13): hull in the side's drab over dark tracks or
 * wheels (rotor blades over a helicopter), a white arrow on
 * the front deck (its facing, SMLE-VEH-11's faces follow from it), a turret
 * with its gun where it has one (laid on its last target, see
 * `turretBearings`), a yellow (VLW) or orange (VSW) block on the
 * rear deck, smoke over a knocked-out wreck; a label with its speed state
 * (1" = 1 mph, SMLE-VEH-02), crew and passengers aboard and its damage.
 * Each part is one instanced draw for all vehicles. A click on a hull picks
 * the vehicle to drive (a click on the ground then moves it), or measures
 * from it with the tape; the picked vehicle has a gold ring and its front
 * and rear arcs drawn (SMLE-VEH-14).
 */
export function Vehicles() {
  const state = useMatch((s) => s.state)
  const invalidate = useThree((s) => s.invalidate)
  const labels = useLabelsReady()
  const geometry = useMemo(
    () => ({
      hull: new BoxGeometry(1, 1, 1),
      rotor: rotorGeometry(),
      turret: turretGeometry(),
      front: new ConeGeometry(0.5, 1, 3).rotateX(-Math.PI / 2).scale(1, 0.12, 1),
      damage: new IcosahedronGeometry(1, 0),
      ring: new TorusGeometry(1, 0.05, 6, 48).rotateX(Math.PI / 2),
    }),
    [],
  )
  useEffect(() => () => Object.values(geometry).forEach((g) => g.dispose()), [geometry])
  const recent = useMatch((s) => s.recent)
  const turrets = useMemo(() => (state ? turretBearings(state, recent) : new Map<string, number>()), [state, recent])
  const layers = useMemo(() => (state ? vehicleLayers(state, turrets) : null), [state, turrets])
  const app = useApp()
  const selectedId = useUi((s) => s.selectedVehicleId)
  const pick = useCallback(
    (id: string, e: ThreeEvent<MouseEvent>) => {
      if (e.delta > 4) return
      e.stopPropagation()
      const v = app.matchStore.getState().state?.vehicles[id]
      if (!v) return
      const ui = app.uiStore.getState()
      if (ui.tool === 'measure') ui.measureClick(v.position)
      else ui.selectVehicle(v.id)
    },
    [app],
  )
  if (!layers || layers.vehicles.length === 0) return null
  const sel = selectedId ? state?.vehicles[selectedId] : undefined
  return (
    <group name="vehicles" userData={{ vehicleIds: layers.vehicles.map((v) => v.id) }}>
      <InstancedLayer
        name="vehicle-hulls"
        geometry={geometry.hull}
        items={layers.hulls}
        receiveShadow
        onPick={pick}
        onUpdated={invalidate}
      />
      <InstancedLayer name="vehicle-gear" geometry={geometry.hull} items={layers.gear} onUpdated={invalidate} />
      <InstancedLayer name="vehicle-rotors" geometry={geometry.rotor} items={layers.rotors} onUpdated={invalidate} />
      <InstancedLayer name="vehicle-turrets" geometry={geometry.turret} items={layers.turrets} onUpdated={invalidate} />
      <InstancedLayer
        name="vehicle-fronts"
        geometry={geometry.front}
        items={layers.fronts}
        castShadow={false}
        emissive
        onUpdated={invalidate}
      />
      <InstancedLayer
        name="vehicle-damage"
        geometry={geometry.damage}
        items={layers.damage}
        castShadow={false}
        onUpdated={invalidate}
      />
      {sel && !sel.offTable && (
        <mesh
          name="vehicle-selection-ring"
          geometry={geometry.ring}
          position={[sel.position.x, sel.position.y + 0.1, sel.position.z]}
          scale={[Math.hypot(sel.lengthIn, sel.widthIn) / 2 + 0.3, 1, Math.hypot(sel.lengthIn, sel.widthIn) / 2 + 0.3]}
        >
          <meshBasicMaterial color="#f2d16b" />
        </mesh>
      )}
      {sel && !sel.offTable && state && (
        <VehicleArcs
          vehicle={sel}
          halfAngleDeg={state.settings.frontArcHalfAngle}
          turretDeg={turrets.get(sel.id) ?? null}
        />
      )}
      {labels &&
        layers.labels.map((l) => (
          <TableLabel
            key={l.id}
            id={`vehicle:${l.id}`}
            at={l.at}
            rank={l.id === selectedId ? LABEL_RANK.pinned : LABEL_RANK.vehicle}
          >
            <div
              data-testid="vehicle-label"
              data-vehicle={l.id}
              data-speed={l.speed}
              data-status={l.status}
              data-crew={l.crew}
              data-passengers={l.passengers}
              style={labelStyle}
            >
              {labelText(l)}
            </div>
          </TableLabel>
        ))}
    </group>
  )
}
