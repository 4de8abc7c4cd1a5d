import { useMemo } from 'react'
import { useMatch, useUi } from '../state/context'
import { activationMarks } from './activation-marks'
import { LABEL_RANK } from './labels/label-layout'
import { TableLabel } from './labels/TableLabel'
import { useLabelsReady } from './labels-ready'

const base = {
  font: '600 11px/1.2 system-ui, sans-serif',
  padding: '1px 5px',
  borderRadius: 3,
  whiteSpace: 'nowrap',
  pointerEvents: 'none',
  color: '#f4f1e6',
  border: '1px solid transparent',
} as const

/**
 * Each team's activation band over its leader (B0…B10 and Table 1's action);
 * the active team's label lit up, finished teams' dimmed. The active team's
 * and the selected figure's team's labels are pinned: always drawn, however
 * crowded the table or whatever wall stands in front of them.
 */
export function ActivationLabels() {
  const state = useMatch((s) => s.state)
  const selectedTeam = useUi((s) => (s.selectedFigureId ? (state?.figures[s.selectedFigureId]?.teamId ?? null) : null))
  const ready = useLabelsReady()
  const colours = useMemo(() => new Map(state?.sides.map((s) => [s.id, s.colour]) ?? []), [state?.sides])
  const marks = useMemo(() => (state && state.phase !== 'setup' ? activationMarks(state) : []), [state])
  if (!ready || marks.length === 0) return null
  return (
    <group name="activation-labels">
      {marks.map((m) => (
        <TableLabel
          key={m.teamId}
          id={`team:${m.teamId}`}
          at={m.at}
          rank={m.active || m.teamId === selectedTeam ? LABEL_RANK.pinned : LABEL_RANK.team}
        >
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
        </TableLabel>
      ))}
    </group>
  )
}
