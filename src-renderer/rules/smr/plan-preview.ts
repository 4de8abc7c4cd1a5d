import {
  type SmrMovePreview,
  smrPreviewMove,
  type SmrScenario,
  type SmrState,
  type World,
} from '../../../src-engine/index'
import type { SmrPlan } from '../../state/stores'
import { planFacingDeg } from './smr-game'

/** A plan as the engine judges it: where the unit would end, facing which way, and the verdict. */
export interface PlanView {
  readonly unitId: string
  readonly from: { readonly x: number; readonly y: number; readonly z: number }
  readonly end: { readonly x: number; readonly z: number }
  readonly facingDeg: number
  /** Null for a placement (checked when given). */
  readonly preview: SmrMovePreview | null
}

/**
 * What a planned order would do, measured by the engine (SMR-MOVE-04..10,
 * SMR-GEOM-06): a move or a charge is previewed with the same checks the
 * rules make; a placement is shown where it was clicked.
 */
export function planView(state: SmrState, world: World<SmrScenario>, plan: SmrPlan): PlanView | null {
  const u = state.units[plan.unitId]
  if (!u) return null
  const facing = planFacingDeg(plan, state)
  if (plan.kind === 'place')
    return { unitId: u.id, from: u.position, end: { x: plan.to.x, z: plan.to.z }, facingDeg: facing, preview: null }
  const target = plan.kind === 'charge' && plan.targetId ? state.units[plan.targetId] : undefined
  const to = target ? { x: target.position.x, z: target.position.z } : { x: plan.to.x, z: plan.to.z }
  const preview = smrPreviewMove(
    state,
    world,
    u.id,
    [to],
    plan.kind === 'charge' ? undefined : (plan.facingDeg ?? undefined),
  )
  return {
    unitId: u.id,
    from: u.position,
    end: preview.ok ? preview.end : to,
    facingDeg: preview.ok ? preview.facingDeg : facing,
    preview,
  }
}

/** The plan in words: how far of how far, what it runs into, or the clause that refuses it. */
export function planWords(
  state: SmrState,
  view: PlanView,
  kind: SmrPlan['kind'],
): { text: string; ok: boolean; clause?: string } {
  const name = state.units[view.unitId]?.name ?? view.unitId
  const p = view.preview
  if (!p) return { text: `Place ${name} here, facing ${Math.round(view.facingDeg)}°.`, ok: true }
  if (!p.ok) return { text: p.message, ok: false, clause: p.clause }
  const contact = p.contactId ? state.units[p.contactId]?.name : null
  const cost = p.costIn > p.distanceIn + 0.05 ? ` (costs ${fmt(p.costIn)}" on rough ground)` : ''
  const verb = kind === 'charge' ? 'charges' : 'moves'
  return {
    text: `${name} ${verb} ${fmt(p.distanceIn)}" of ${fmt(p.allowanceIn)}"${cost}${contact ? `, into contact with ${contact}: a melee begins` : ''}, facing ${Math.round(p.facingDeg)}°.`,
    ok: true,
  }
}

const fmt = (n: number): string => (Math.round(n * 10) / 10).toFixed(1)
