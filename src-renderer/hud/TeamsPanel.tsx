import { activationOrder, isTeamShown, sideToAct } from '../../src-engine/index'
import { detailText, statusText } from '../play/activation-list'
import { useMatch } from '../state/context'
import { DockPanel } from './layout/DockPanel'

const STATUS_MARK = { active: '▶', done: '✓', waiting: '', unrolled: '', gone: '✕' } as const

/** The teams of each side with their figures standing and activation band, and the round's activation list, as the side at the controls may see them. */
export function TeamsPanel() {
  const state = useMatch((s) => s.state)
  if (!state) return null
  // At one machine the side to act is at the controls: a team set up hidden (SMLE-SCEN-05) is listed only on its own side's turns.
  const atControls = sideToAct(state)
  const shown = (teamId: string) => isTeamShown(state, teamId, atControls)
  const rows = activationOrder(state).filter((r) => shown(r.teamId))
  const byTeam = new Map(rows.map((r) => [r.teamId, r]))
  const ordered = rows.filter((r) => r.order !== null)
  return (
    <DockPanel id="teams" label="Teams" className="teams">
      {state.sides.map((side) => (
        <div className="side" key={side.id} data-side={side.id}>
          <div className="side-name">
            <span className="swatch" style={{ background: side.colour }} />
            {side.name}
            {state.activeSideId === side.id && state.phase !== 'ended' && <span className="active-badge">to act</span>}
          </div>
          {Object.values(state.teams)
            .filter((t) => t.sideId === side.id && shown(t.id))
            .map((t) => {
              const alive = t.figureIds.filter((id) => state.figures[id]?.status !== 'dead').length
              const row = byTeam.get(t.id)
              return (
                <div className={`team ${row?.status ?? ''}`} key={t.id} data-team={t.id}>
                  <span>
                    {row && STATUS_MARK[row.status]} {t.name}
                  </span>
                  <span className="count">
                    {row?.band !== null && row?.band !== undefined && (
                      <span className="band" data-testid={`band-${t.id}`} title={row.allows}>
                        B{row.band}
                      </span>
                    )}{' '}
                    {alive}/{t.figureIds.length}
                  </span>
                </div>
              )
            })}
        </div>
      ))}
      {ordered.length > 0 && (
        <details className="activation-list" open>
          <summary>Activation order, round {state.round}</summary>
          <ol aria-label="Activation order">
            {ordered.map((r) => (
              <li key={r.teamId} className={r.status} data-testid={`activation-${r.teamId}`}>
                <div className="act-head">
                  <span className="swatch" style={{ background: state.sides.find((s) => s.id === r.sideId)?.colour }} />
                  <span className="act-name">{r.name}</span>
                  <span className="band">B{r.band}</span>
                  <span className="muted">AL {r.al}</span>
                  <span className="act-status">{statusText(r)}</span>
                </div>
                <div className="act-detail muted">{detailText(r)}</div>
              </li>
            ))}
          </ol>
        </details>
      )}
    </DockPanel>
  )
}
