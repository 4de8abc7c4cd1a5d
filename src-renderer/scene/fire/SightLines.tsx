import { Html, Line } from '@react-three/drei'
import { useMemo } from 'react'
import { useUi } from '../../state/context'
import { COVER_WORDS, sightSegments } from './sight-lines'
import { NO_POINTER, useLabelsReady } from '../labels-ready'

const legendStyle = {
  background: 'rgba(20,22,26,0.82)',
  color: '#f4f1e6',
  font: '11px/1.35 system-ui, sans-serif',
  padding: '3px 7px',
  borderRadius: 4,
  whiteSpace: 'nowrap',
  pointerEvents: 'none',
} as const

/**
 * Every firing figure's line of sight to its target, coloured by the cover
 * the target has from it (open green, soft yellow, hard orange, prepared
 * position red), and dashed grey where it cannot see; a small legend by the
 * target. Two draw calls however many firers.
 */
export function SightLines() {
  const lines = useUi((s) => s.sightLines)
  const labels = useLabelsReady()
  const seg = useMemo(() => (lines?.length ? sightSegments(lines) : null), [lines])
  if (!lines || !seg) return null
  const anchor = lines[0]!.to
  return (
    <group name="sight-lines" userData={{ legend: seg.legend }}>
      {seg.seen.length > 0 && (
        <Line
          name="sight-lines-seen"
          points={seg.seen as [number, number, number][]}
          vertexColors={seg.seenColours as [number, number, number][]}
          segments
          lineWidth={2.5}
        />
      )}
      {seg.blocked.length > 0 && (
        <Line
          name="sight-lines-blocked"
          points={seg.blocked as [number, number, number][]}
          color="#9a9a9a"
          segments
          dashed
          dashSize={0.35}
          gapSize={0.25}
          lineWidth={1.5}
        />
      )}
      {labels && (
        <Html position={[anchor.x, anchor.y + 1.4, anchor.z]} center zIndexRange={[0, 0]} style={NO_POINTER}>
          <div
            data-testid="sight-legend"
            data-lines={lines.length}
            {...Object.fromEntries(seg.legend.map((l) => [`data-${l.cover}`, l.count]))}
            style={legendStyle}
          >
            {seg.legend.map((l) => (
              <div key={l.cover} data-cover={l.cover}>
                <span
                  style={{
                    display: 'inline-block',
                    width: 14,
                    height: 3,
                    marginRight: 5,
                    verticalAlign: 'middle',
                    background: l.colour,
                  }}
                />
                {l.count} {COVER_WORDS[l.cover]}
              </div>
            ))}
          </div>
        </Html>
      )}
    </group>
  )
}
