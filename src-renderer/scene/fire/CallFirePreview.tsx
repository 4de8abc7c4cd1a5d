import { Html, Line } from '@react-three/drei'
import { useMemo } from 'react'
import { DoubleSide } from 'three'
import { useMatch } from '../../state/context'
import { NO_POINTER, useLabelsReady } from '../labels-ready'
import { callFireMarks } from './call-fire-marks'
import { useCallFirePreview } from './use-call-fire-preview'

const FIRE = '#ff7a2f'
const STRAY = '#f2d16b'
const REFUSED = '#e0705f'

const labelStyle = {
  background: 'rgba(20,22,26,0.86)',
  color: '#ffd9b0',
  font: '11px/1.3 system-ui, sans-serif',
  padding: '2px 6px',
  borderRadius: 4,
  whiteSpace: 'nowrap',
  pointerEvents: 'none',
} as const

function circle(c: readonly [number, number, number], r: number, n = 48): [number, number, number][] {
  const pts: [number, number, number][] = []
  for (let i = 0; i <= n; i++) {
    const a = (i / n) * Math.PI * 2
    pts.push([c[0] + Math.cos(a) * r, c[1], c[2] + Math.sin(a) * r])
  }
  return pts
}

/**
 * A call for indirect fire before it is made (SMLE-IND-01..06): a cross on
 * the target point and its burst template (SMLE-EXP-03); a thin ring where
 * each face of the deviation die would put a miss (SMLE-EXP-12, doubled for
 * indirect fire) and the gun's line it is measured along (SMLE-EXP-13); red
 * rings round the figures the burst would catch on target, yellow dashed
 * ones round those only a stray round would reach; and a line of words. A
 * refused call shows its point in red with the refusal and its clause.
 */
export function CallFirePreview() {
  const preview = useCallFirePreview()
  const state = useMatch((s) => s.state)
  const labels = useLabelsReady()
  const marks = useMemo(
    () => (preview && state ? callFireMarks(preview, state, state.activeSideId) : null),
    [preview, state],
  )
  if (!preview || !marks) return null
  const [x, y, z] = marks.point
  const colour = preview.ok ? FIRE : REFUSED
  return (
    <group
      name="call-fire-preview"
      userData={{ ok: preview.ok, radiusIn: marks.radiusIn, caught: marks.caught.map((c) => c.figureId) }}
    >
      <Line
        name="call-fire-aim"
        points={[
          [x - 0.6, y, z - 0.6],
          [x + 0.6, y, z + 0.6],
          [x, y, z],
          [x - 0.6, y, z + 0.6],
          [x + 0.6, y, z - 0.6],
        ]}
        color={colour}
        lineWidth={3}
      />
      {marks.radiusIn > 0 && (
        <>
          <mesh
            name="call-fire-disc"
            position={[x, y, z]}
            rotation={[-Math.PI / 2, 0, 0]}
            scale={[marks.radiusIn, marks.radiusIn, 1]}
            renderOrder={2}
            raycast={() => undefined}
          >
            <circleGeometry args={[1, 48]} />
            <meshBasicMaterial color={FIRE} transparent opacity={0.22} depthWrite={false} side={DoubleSide} />
          </mesh>
          <Line name="call-fire-ring" points={circle(marks.point, marks.radiusIn)} color={FIRE} lineWidth={2.5} />
        </>
      )}
      {marks.axis && (
        <Line
          name="call-fire-axis"
          points={[...marks.axis]}
          color="#ffffff"
          lineWidth={1}
          dashed
          dashSize={0.4}
          gapSize={0.4}
          transparent
          opacity={0.6}
        />
      )}
      {marks.landings.map((l) => (
        <Line
          key={l.face}
          name="call-fire-stray"
          points={circle(l.at, marks.radiusIn, 32)}
          color="#ffffff"
          lineWidth={1}
          transparent
          opacity={0.55}
        />
      ))}
      {marks.caught.map((c) => (
        <Line
          key={c.figureId}
          name={c.attacks > 0 ? 'call-fire-caught' : 'call-fire-caught-if-stray'}
          points={circle(c.at, c.radiusIn, 24)}
          color={c.attacks > 0 ? FIRE : STRAY}
          lineWidth={c.attacks > 0 ? 3 : 2}
          dashed={c.attacks === 0}
          dashSize={0.2}
          gapSize={0.15}
        />
      ))}
      {labels && (
        <Html position={[x, y + 2, z]} center zIndexRange={[20, 10]} style={NO_POINTER}>
          <div
            data-testid="call-fire-preview"
            data-ok={preview.ok ? 'true' : 'false'}
            data-clause={preview.refusal?.clause ?? ''}
            data-radius={marks.radiusIn}
            data-caught={marks.caught.filter((c) => c.attacks > 0).length}
            data-strays={marks.caught.filter((c) => c.attacks === 0).length}
            style={{ ...labelStyle, color: preview.ok ? labelStyle.color : REFUSED }}
          >
            {marks.label}
          </div>
        </Html>
      )}
    </group>
  )
}
