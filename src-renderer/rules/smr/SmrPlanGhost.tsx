import { Html } from '@react-three/drei'
import { useEffect, useMemo } from 'react'
import { BoxGeometry } from 'three'
import { smrBaseSizeIn, type SmrScenario, type SmrState, type World } from '../../../src-engine/index'
import type { SmrPlan } from '../../state/stores'
import { NO_POINTER, useLabelsReady } from '../../scene/labels-ready'
import { planLabel, planView } from './plan-preview'
import { SMR_BASE_IN } from './SmrUnits'

export interface SmrPlanGhostProps {
  readonly state: SmrState
  readonly world: World<SmrScenario>
  readonly plan: SmrPlan
  /** Show the engine's measure over the ghost (distance of allowance, facing, or the refusal's clause). */
  readonly labelled?: boolean
}

/**
 * A planned move before it is given: the unit's base where the engine says
 * it would end (its front edge showing the facing), green when the rules
 * accept it and red when they refuse, and the line it takes there; with
 * `labelled`, the engine's measure in a few words over it.
 */
export function SmrPlanGhost({ state, world, plan, labelled = false }: SmrPlanGhostProps) {
  const view = useMemo(() => planView(state, world, plan), [state, world, plan])
  const ready = useLabelsReady()
  const u = state.units[plan.unitId]
  const size = u ? smrBaseSizeIn(u) : { widthIn: 0.8, depthIn: 0.8 }
  const g = useMemo(
    () => ({
      base: new BoxGeometry(size.widthIn, SMR_BASE_IN * 1.5, size.depthIn),
      front: new BoxGeometry(size.widthIn, SMR_BASE_IN * 2, 0.12).translate(0, 0, -size.depthIn / 2 + 0.06),
      path: new BoxGeometry(0.06, 0.03, 1),
    }),
    [size.widthIn, size.depthIn],
  )
  useEffect(() => () => Object.values(g).forEach((x) => x.dispose()), [g])
  if (!view || !u) return null
  const ok = view.ok
  const colour = ok ? '#5fd16b' : '#e0413a'
  const y = world.groundHeightAt(view.end.x, view.end.z)
  const dx = view.end.x - view.from.x
  const dz = view.end.z - view.from.z
  const len = Math.hypot(dx, dz)
  return (
    <group name="smr-plan" userData={{ ok, end: view.end, facingDeg: view.facingDeg }}>
      <group position={[view.end.x, y + 0.02, view.end.z]} rotation={[0, (-view.facingDeg * Math.PI) / 180, 0]}>
        <mesh geometry={g.base} position={[0, SMR_BASE_IN * 0.75, 0]}>
          <meshBasicMaterial color={colour} transparent opacity={0.45} depthWrite={false} />
        </mesh>
        <mesh geometry={g.front} position={[0, SMR_BASE_IN, 0]}>
          <meshBasicMaterial color="#ffffff" transparent opacity={0.9} />
        </mesh>
      </group>
      {labelled && ready && (
        <Html position={[view.end.x, y + 1.9, view.end.z]} center zIndexRange={[0, 0]} style={NO_POINTER}>
          <div className={`smr-plan-label ${ok ? 'ok' : 'refused'}`} data-testid="smr-plan-label">
            {planLabel(state, view, plan)}
          </div>
        </Html>
      )}
      {len > 0.05 && (
        <mesh
          geometry={g.path}
          position={[(view.from.x + view.end.x) / 2, (view.from.y + y) / 2 + 0.06, (view.from.z + view.end.z) / 2]}
          rotation={[0, Math.atan2(dx, dz), 0]}
          scale={[1, 1, len]}
        >
          <meshBasicMaterial color={colour} transparent opacity={0.8} />
        </mesh>
      )}
    </group>
  )
}
