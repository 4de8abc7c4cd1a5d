import { Html } from '@react-three/drei'
import { useMemo } from 'react'
import { useMatch } from '../state/context'
import { activationMarks } from './activation-marks'
import { NO_POINTER, useLabelsReady } from './labels-ready'

const base = {
  font: '600 11px/1.2 system-ui, sans-serif',
  padding: '1px 5px',
  borderRadius: 3,
  whiteSpace: 'nowrap',
  pointerEvents: 'none',
  color: '#f4f1e6',
  border: '1px solid transparent',
} as const

/** Each team's activation band over its leader (B0…B10 and Table 1's action); the active team's label lit up, finished teams' dimmed. */
export function ActivationLabels() {
  const state = useMatch((s) => s.state)
  const ready = useLabelsReady()
  const colours = useMemo(() => new Map(state?.sides.map((s) => [s.id, s.colour]) ?? []), [state?.sides])
  const marks = useMemo(() => (state && state.phase !== 'setup' ? activationMarks(state) : []), [state])
  if (!ready || marks.length === 0) return null
  return (
    <group name="activation-labels">
      {marks.map((m) => (
        <Html key={m.teamId} position={m.at as [number, number, number]} center zIndexRange={[0, 0]} style={NO_POINTER}>
          <div
            data-testid="activation-label"
            data-team={m.teamId}
            data-band={m.band}
            data-active={m.active ? 'true' : 'false'}
            data-done={m.done ? 'true' : 'false'}
            title={`AL ${m.al}: ${m.action}`}
            style={{
              ...base,
              background: m.active ? '#f2d16b' : (colours.get(m.sideId) ?? '#444'),
              color: m.active ? '#1b1d21' : base.color,
              borderColor: m.active ? '#ffffff' : 'rgba(0,0,0,0.5)',
              opacity: m.done ? 0.45 : 1,
              transform: m.active ? 'scale(1.25)' : undefined,
            }}
          >
            B{m.band}
            {m.active ? ` ${m.action}` : ''}
          </div>
        </Html>
      ))}
    </group>
  )
}
