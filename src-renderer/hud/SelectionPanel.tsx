import { moveLeftIn } from '../../src-engine/index'
import { useMatch, useUi } from '../state/context'

/** The selected figure and what the player can do with it. */
export function SelectionPanel() {
  const id = useUi((s) => s.selectedFigureId)
  const figure = useMatch((s) => (id ? s.state?.figures[id] : undefined))
  const team = useMatch((s) => (figure ? s.state?.teams[figure.teamId] : undefined))
  return (
    <section className="panel selection" aria-label="Selection">
      {figure ? (
        <>
          <h2>{figure.name}</h2>
          <div>
            {team?.name} · {figure.quality} · {figure.weapon}
            {figure.isLeader ? ' · leader' : ''}
          </div>
          <div data-testid="move-left">Move left: {moveLeftIn(figure).toFixed(1)}"</div>
        </>
      ) : (
        <h2>No figure selected</h2>
      )}
      <div className="hint">Click a figure to select it, then the ground to move it. Click a door to open or close it; Shift-click to kick it in. Drag to orbit, right-drag to pan, wheel to zoom.</div>
    </section>
  )
}
