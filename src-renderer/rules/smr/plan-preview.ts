import {
  bearingDeg,
  type SmrLeavePreview,
  smrLeaveSpot,
  type SmrMovePreview,
  type SmrPlacementPreview,
  smrPreviewMove,
  smrPreviewPlacement,
  type SmrScenario,
  type SmrState,
  type World,
} from '../../../src-engine/index'
import type { SmrPlan, UiStoreState } from '../../state/stores'
import { planCommand, planFacingDeg, type SmrView } from './smr-game'

/** A plan as the engine judges it: where the unit would end, facing which way, and the verdict. */
export interface PlanView {
  readonly unitId: string
  readonly from: { readonly x: number; readonly y: number; readonly z: number }
  readonly end: { readonly x: number; readonly z: number }
  readonly facingDeg: number
  /** A move or a charge measured (null for a placement or a unit leaving its building). */
  readonly preview: SmrMovePreview | null
  /** A placement at set-up checked as the command will be (SMR-SETUP-06, CORE-DEPLOY-01, SMR-SCEN-02, CORE-TABLE-03). */
  readonly placement: SmrPlacementPreview | null
  /** A hidden unit coming out (SMR-SCEN-02): the spot the engine picks near the point chosen, or its refusal. */
  readonly leave: SmrLeavePreview | null
  /** The rules accept it (as far as a preview can tell). */
  readonly ok: boolean
}

/**
 * What a planned order would do, measured by the engine (SMR-MOVE-04..10,
 * SMR-GEOM-06): a move or a charge is previewed with the same checks the
 * rules make; a placement with the checks the command makes (its zone,
 * the village, a clear spot); a hidden unit
 * leaving its building comes out on the clear spot touching the walls
 * nearest the point chosen (SMR-SCEN-02).
 */
export function planView(state: SmrState, world: World<SmrScenario>, plan: SmrPlan): PlanView | null {
  const u = state.units[plan.unitId]
  if (!u) return null
  const facing = planFacingDeg(plan, state)
  if (plan.kind === 'place') {
    const cmd = planCommand(plan, { state, world, scenario: world.scenario })
    const placement =
      cmd.type === 'placeUnit'
        ? smrPreviewPlacement(state, world, u.id, cmd.at, cmd.facingDeg ?? facing)
        : ({ ok: true } as const)
    return {
      unitId: u.id,
      from: u.position,
      end: { x: plan.to.x, z: plan.to.z },
      facingDeg: facing,
      preview: null,
      placement,
      leave: null,
      ok: placement.ok,
    }
  }
  if (plan.kind === 'leave') {
    const leave = smrLeaveSpot(state, world, u.id, plan.to, plan.facingDeg ?? undefined)
    return {
      unitId: u.id,
      from: u.position,
      end: leave.ok ? leave.at : { x: plan.to.x, z: plan.to.z },
      facingDeg: leave.ok ? leave.facingDeg : facing,
      preview: null,
      placement: null,
      leave,
      ok: leave.ok,
    }
  }
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
    placement: null,
    leave: null,
    ok: preview.ok,
  }
}

/** The plan in words: how far of how far, what it runs into, or the clause that refuses it. */
export function planWords(
  state: SmrState,
  view: PlanView,
  kind: SmrPlan['kind'],
  buildingName: (id: string) => string = (id) => id,
): { text: string; ok: boolean; clause?: string } {
  const name = state.units[view.unitId]?.name ?? view.unitId
  const leave = view.leave
  if (leave)
    return leave.ok
      ? {
          text: `${name} comes out of ${buildingName(leave.buildingId)} here, facing ${Math.round(leave.facingDeg)}°.`,
          ok: true,
        }
      : { text: leave.message, ok: false, clause: leave.clause }
  const placed = view.placement
  if (placed && !placed.ok) return { text: placed.message, ok: false, clause: placed.clause }
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

/**
 * The plan in a few words for the label over its ghost: how far of how far
 * and the way it faces (the wheel: how far it was turned from the way it
 * goes), or the refusal's clause.
 */
export function planLabel(state: SmrState, view: PlanView, plan: SmrPlan): string {
  const p = view.preview
  if (view.leave) return view.leave.ok ? `comes out · faces ${Math.round(view.facingDeg)}°` : view.leave.clause
  if (view.placement && !view.placement.ok) return `${view.placement.clause}: ${view.placement.message}`
  if (!p) return `faces ${Math.round(view.facingDeg)}°`
  if (!p.ok) return `${p.clause}: ${p.message}`
  const u = state.units[view.unitId]
  const goes = u && p.distanceIn > 0.05 ? bearingDeg(u.position, p.end) : null
  const turned = plan.facingDeg === null || goes === null ? 0 : Math.round(signedDeg(p.facingDeg - goes))
  const wheel = turned === 0 ? '' : ` (turned ${turned > 0 ? '+' : ''}${turned}°)`
  const contact = p.contactId ? ` · contact: ${state.units[p.contactId]?.name ?? p.contactId}` : ''
  return `${fmt(p.distanceIn)}" of ${fmt(p.allowanceIn)}" · faces ${Math.round(p.facingDeg)}°${wheel}${contact}`
}

/** Turns the plan by `deltaDeg` from the facing the engine shows for it now (Q/E, the wheel while dragging). */
export function turnPlanBy(ui: UiStoreState, game: SmrView, deltaDeg: number): void {
  const plan = ui.smrPlan
  if (!plan) return
  const shown = planView(game.state, game.world, plan)?.facingDeg ?? planFacingDeg(plan, game.state)
  ui.turnSmrPlan(deltaDeg, shown)
}

const signedDeg = (d: number): number => ((((d + 180) % 360) + 360) % 360) - 180
