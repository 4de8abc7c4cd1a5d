import { useMatch } from '../state/context'

/** The teams of each side with how many of their figures are still standing. */
export function TeamsPanel() {
  const state = useMatch((s) => s.state)
  if (!state) return null
  return (
    <section className="panel teams" aria-label="Teams">
      <h2>Teams</h2>
      {state.sides.map((side) => (
        <div className="side" key={side.id} data-side={side.id}>
          <div className="side-name">
            <span className="swatch" style={{ background: side.colour }} />
            {side.name}
            {state.activeSideId === side.id && state.phase !== 'ended' && <span className="active-badge">to act</span>}
          </div>
          {Object.values(state.teams)
            .filter((t) => t.sideId === side.id)
            .map((t) => {
              const alive = t.figureIds.filter((id) => state.figures[id]?.status !== 'dead').length
              return (
                <div className="team" key={t.id} data-team={t.id}>
                  <span>{t.name}</span>
                  <span className="count">
                    {alive}/{t.figureIds.length}
                  </span>
                </div>
              )
            })}
        </div>
      ))}
    </section>
  )
}
