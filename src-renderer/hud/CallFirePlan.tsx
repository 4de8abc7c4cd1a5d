import { type CallFirePreview, type MatchState, optionLabel } from '../../src-engine/index'
import { useCallFirePreview } from '../scene/fire/use-call-fire-preview'
import { useMatch, useUi } from '../state/context'

export interface CallFirePlanProps {
  readonly onCall: () => void
  readonly onCancel: () => void
}

/** Who a planned burst would catch, in words: on target with their attacks, then those only a stray round reaches. */
export function underWords(p: CallFirePreview, state: MatchState): string[] {
  const name = (id: string) => state.figures[id]?.name ?? id
  const under = p.plan?.under ?? []
  const hit = under.filter((u) => u.onTargetAttacks > 0)
  const strays = under.filter((u) => u.onTargetAttacks === 0)
  const lines: string[] = []
  if (hit.length)
    lines.push(`On target: ${hit.map((u) => `${name(u.figureId)} (${u.onTargetAttacks} B attacks)`).join(', ')}`)
  if (strays.length)
    lines.push(
      `If it strays: ${strays.map((u) => `${name(u.figureId)} (die ${u.deviationFaces.join(', ')})`).join(', ')}`,
    )
  return lines
}

/** A call for fire waiting for the player's word: what it would do (the table shows where), or why it is refused. */
export function CallFirePlan({ onCall, onCancel }: CallFirePlanProps) {
  const preview = useCallFirePreview()
  const call = useUi((s) => s.fireCall)
  const state = useMatch((s) => s.state)
  if (!preview || !state || !call) return null
  return (
    <div className="fire-plan" aria-label="Call for fire preview" data-testid="call-fire-plan">
      <h3>{optionLabel(state, call)}</h3>
      {preview.plan ? (
        <>
          <div className="muted">
            {preview.plan.weaponName}: {preview.plan.radiusIn}" burst (SMLE-EXP-03), lands in round{' '}
            {preview.plan.arrivesRound} (SMLE-IND-03); a miss strays up to {preview.plan.maxDeviationIn}" along the
            gun's line (SMLE-EXP-12, doubled: SMLE-IND-04).
          </div>
          <ul className="dice-mods">
            {underWords(preview, state).map((l) => (
              <li key={l}>{l}</li>
            ))}
          </ul>
        </>
      ) : (
        <div className="problem">
          <span className="clause">{preview.refusal?.clause}</span> {preview.refusal?.message}
        </div>
      )}
      <div className="hint">Click the table to move the target point.</div>
      <div className="row">
        <button type="button" className="primary" onClick={onCall} disabled={!preview.ok}>
          Call fire
        </button>
        <button type="button" onClick={onCancel}>
          Cancel
        </button>
      </div>
    </div>
  )
}
