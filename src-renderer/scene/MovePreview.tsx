import { Html, Line } from '@react-three/drei'
import { useMemo } from 'react'
import { useMatch, useUi } from '../state/context'
import { movePreview, rangeRings } from './move-preview'
import { worldOf } from './world-cache'

const COLOURS = { ok: '#7ddc7a', tooFar: '#f2b84b', blocked: '#e0705f' } as const
const LIFT_IN = 0.06

function ring(cx: number, cy: number, cz: number, r: number): [number, number, number][] {
  const pts: [number, number, number][] = []
  for (let i = 0; i <= 64; i++) {
    const a = (i / 64) * Math.PI * 2
    pts.push([cx + Math.cos(a) * r, cy + LIFT_IN, cz + Math.sin(a) * r])
  }
  return pts
}

/** Range rings around the selected figure (half and full move left) and the measured path to the pointer. */
export function MovePreview() {
  const selectedId = useUi((s) => s.selectedFigureId)
  const hover = useUi((s) => s.hover)
  const tool = useUi((s) => s.tool)
  const state = useMatch((s) => s.state)
  const scenario = useMatch((s) => s.scenario)
  const figure = selectedId ? state?.figures[selectedId] : undefined
  const active =
    !!figure && !!state && figure.sideId === state.activeSideId && state.phase === 'play' && tool === 'select'
  const preview = useMemo(
    () =>
      active && hover && scenario && state && figure ? movePreview(worldOf(scenario), state, figure, hover) : null,
    [active, hover, scenario, state, figure],
  )
  if (!active || !figure) return null
  const rings = rangeRings(state, figure)
  const { x, y, z } = figure.position
  return (
    <group name="move-preview">
      {rings.fullIn > 0.05 && (
        <Line name="ring-full" points={ring(x, y, z, rings.fullIn)} color="#d9b45a" lineWidth={1.5} />
      )}
      {rings.halfIn > 0.05 && (
        <Line
          name="ring-half"
          points={ring(x, y, z, rings.halfIn)}
          color="#d9b45a"
          lineWidth={1}
          dashed
          dashSize={0.4}
          gapSize={0.3}
        />
      )}
      {preview && (
        <>
          <Line
            name="move-path"
            points={preview.points.map((p) => [p.x, p.y + LIFT_IN * 2, p.z] as [number, number, number])}
            color={COLOURS[preview.verdict]}
            lineWidth={3}
          />
          <Html position={[hover!.x, hover!.y + 0.8, hover!.z]} center zIndexRange={[20, 10]}>
            <div className={`move-label ${preview.verdict}`} data-testid="move-preview">
              {preview.label}
            </div>
          </Html>
        </>
      )}
    </group>
  )
}
