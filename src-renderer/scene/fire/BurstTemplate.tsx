import { Html, Line } from '@react-three/drei'
import { useMemo } from 'react'
import { DoubleSide } from 'three'
import { useMatch, useUi } from '../../state/context'
import { worldOf } from '../world-cache'
import { burstShape } from './burst'
import { NO_POINTER, useLabelsReady } from '../labels-ready'

const labelStyle = {
  background: 'rgba(20,22,26,0.82)',
  color: '#ffd9b0',
  font: '11px/1.3 system-ui, sans-serif',
  padding: '2px 6px',
  borderRadius: 4,
  whiteSpace: 'nowrap',
  pointerEvents: 'none',
} as const
const BURST = '#ff7a2f'

/**
 * The burst template of a grenade or shell: a translucent disc and ring of
 * its radius where it lands; when it deviated (SMLE-EXP-11..14), a cross at
 * the aim point and a dashed arrow from there to where it landed.
 */
export function BurstTemplate() {
  const burst = useUi((s) => s.burst)
  const labels = useLabelsReady()
  const scenario = useMatch((s) => s.scenario)
  const shape = useMemo(() => {
    if (!burst) return null
    const ground = scenario ? worldOf(scenario).model.ground : null
    return burstShape(burst, ground ? (x, z) => ground.heightAt(x, z) : undefined)
  }, [burst, scenario])
  if (!shape) return null
  const [cx, cy, cz] = shape.centre
  const d = shape.deviation
  return (
    <group name="burst-template" userData={{ radiusIn: shape.radiusIn, deviationIn: d?.lengthIn ?? 0 }}>
      <mesh
        name="burst-disc"
        position={[cx, cy, cz]}
        rotation={[-Math.PI / 2, 0, 0]}
        scale={[shape.radiusIn, shape.radiusIn, 1]}
        renderOrder={2}
        raycast={() => undefined}
      >
        <circleGeometry args={[1, 48]} />
        <meshBasicMaterial color={BURST} transparent opacity={0.22} depthWrite={false} side={DoubleSide} />
      </mesh>
      <Line name="burst-ring" points={shape.ring as [number, number, number][]} color={BURST} lineWidth={2.5} />
      {d && (
        <>
          <Line
            name="burst-aim"
            points={[
              [d.from[0] - 0.4, d.from[1], d.from[2] - 0.4],
              [d.from[0] + 0.4, d.from[1], d.from[2] + 0.4],
              [d.from[0], d.from[1], d.from[2]],
              [d.from[0] - 0.4, d.from[1], d.from[2] + 0.4],
              [d.from[0] + 0.4, d.from[1], d.from[2] - 0.4],
            ]}
            color="#ffffff"
            lineWidth={2}
          />
          <Line
            name="burst-deviation"
            points={[d.from, d.to]}
            color="#ffffff"
            dashed
            dashSize={0.3}
            gapSize={0.2}
            lineWidth={2}
          />
          <mesh
            name="burst-arrowhead"
            position={d.to}
            rotation={[-Math.PI / 2, (-d.bearingDeg * Math.PI) / 180, 0, 'YXZ']}
            raycast={() => undefined}
          >
            <coneGeometry args={[0.28, 0.7, 3]} />
            <meshBasicMaterial color="#ffffff" />
          </mesh>
        </>
      )}
      {labels && (
        <Html position={[cx, cy + 1.2, cz]} center zIndexRange={[0, 0]} style={NO_POINTER}>
          <div
            data-testid="burst-label"
            data-radius={shape.radiusIn}
            data-deviation={d ? d.lengthIn.toFixed(1) : '0'}
            style={labelStyle}
          >
            {`Burst ${shape.radiusIn}"`}
            {d ? ` · deviated ${d.lengthIn.toFixed(1)}"` : ''}
          </div>
        </Html>
      )}
    </group>
  )
}
