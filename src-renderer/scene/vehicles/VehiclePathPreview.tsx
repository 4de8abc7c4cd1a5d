import { Html, Line } from '@react-three/drei'
import { useMemo } from 'react'
import { previewVehicleMove } from '../../../src-engine/index'
import { useMatch, useUi } from '../../state/context'
import { worldOf } from '../world-cache'
import { vehiclePathMarks } from './vehicle-path'

const COLOURS = { ok: '#7ddc7a', road: '#f2b84b', refused: '#e0705f' } as const
/** The move label's look for each verdict (styles.css: `.move-label.ok`, `.tooFar`, `.blocked`). */
const LABEL_CLASS = { ok: 'ok', road: 'tooFar', refused: 'blocked' } as const

/**
 * Before a drive is given: the route the picked vehicle would take to the
 * pointer (the engine's `previewVehicleMove`, the very check the command
 * makes), the outline of its hull where it would stop, and the distance
 * against what is left of its move (1" per mph, SMLE-VEH-02), or the
 * refusal and its clause when the host would refuse it.
 */
export function VehiclePathPreview() {
  const vehicleId = useUi((s) => s.selectedVehicleId)
  const hover = useUi((s) => s.hover)
  const tool = useUi((s) => s.tool)
  const state = useMatch((s) => s.state)
  const scenario = useMatch((s) => s.scenario)
  const v = vehicleId ? state?.vehicles[vehicleId] : undefined
  const active = !!v && !!state && state.phase === 'play' && v.sideId === state.activeSideId && tool === 'select'
  const marks = useMemo(() => {
    if (!active || !hover || !scenario || !state || !v) return null
    const p = previewVehicleMove(state, worldOf(scenario), v.id, { x: hover.x, z: hover.z })
    return p ? { p, m: vehiclePathMarks(v, p) } : null
  }, [active, hover, scenario, state, v])
  if (!marks) return null
  const { p, m } = marks
  const colour = COLOURS[m.verdict]
  const end = p.end.position
  return (
    <group name="vehicle-path-preview" userData={{ ok: p.ok, lengthIn: p.lengthIn }}>
      <Line
        name="vehicle-path"
        points={m.route as [number, number, number][]}
        color={colour}
        lineWidth={3}
        dashed={!p.ok}
        dashSize={0.5}
        gapSize={0.3}
      />
      <Line
        name="vehicle-path-footprint"
        points={m.footprint as [number, number, number][]}
        color={colour}
        lineWidth={2}
      />
      <Line name="vehicle-path-nose" points={[...m.nose]} color={colour} lineWidth={2} />
      <Html position={[end.x, end.y + 1.6, end.z]} center zIndexRange={[20, 10]}>
        <div
          className={`move-label ${LABEL_CLASS[m.verdict]}`}
          data-testid="vehicle-move-preview"
          data-ok={p.ok ? 'true' : 'false'}
          data-clause={p.refusal?.clause ?? ''}
          data-length={p.lengthIn.toFixed(1)}
        >
          {m.label}
        </div>
      </Html>
    </group>
  )
}
