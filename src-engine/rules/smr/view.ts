import { type Viewer, viewerHoldsSide } from '../../core/viewer'
import { HIDDEN_RNG, withoutGenerator } from '../../dice/dice-event'
import type { SmrEvent } from './events'
import type { SmrScenario } from './scenario'
import type { SmrState, SmrUnit } from './state'

/**
 * What a viewer may know (§11 Village Invasion: the hidden set-up is a slip
 * of paper under each building, unseen by the invader): a viewer that does
 * not hold the peasant side (the invader's seat, a spectator) sees no unit
 * still hidden in a building, nor any id or name that points to one. The
 * peasant side and the referee see everything. Nothing else in SMR is
 * secret.
 */
// SMR-SETUP-07: everything else (the leader, every unit's class) is open to every player.
function secretUnits(state: SmrState, viewer: Viewer): SmrUnit[] {
  if (!state.peasantSide || viewerHoldsSide(viewer, state.peasantSide)) return []
  return Object.values(state.units).filter((u) => u.status === 'ok' && u.hiddenIn !== null)
}

/** The state as `viewer` may know it. */
export function viewSmrState(state: SmrState, viewer: Viewer, _scenario?: SmrScenario): SmrState {
  if (viewer.kind === 'referee') return state
  // The generator's state would tell every die to come: no seat is sent it.
  return { ...viewSecrets(state, viewer), rng: HIDDEN_RNG }
}

/** The units `viewer` may not know are there: peasants still hidden in their buildings (SMR-SCEN-02). */
export function secretSmrUnitIds(state: SmrState, viewer: Viewer): ReadonlySet<string> {
  return new Set(secretUnits(state, viewer).map((u) => u.id))
}

function viewSecrets(state: SmrState, viewer: Viewer): SmrState {
  const secret = new Set(secretUnits(state, viewer).map((u) => u.id))
  if (secret.size === 0) return state
  const units: Record<string, SmrUnit> = {}
  for (const [id, u] of Object.entries(state.units)) if (!secret.has(id)) units[id] = u
  const keep = <T extends string | null>(rec: Readonly<Record<string, T>>): Record<string, T> =>
    Object.fromEntries(Object.entries(rec).filter(([, id]) => id === null || !secret.has(id)))
  return {
    ...state,
    units,
    unitOrder: state.unitOrder.filter((id) => !secret.has(id)),
    leaders: keep(state.leaders),
    standards: keep(state.standards),
  }
}

/** The scenario as `viewer` may know it in this state: hidden units still hidden are left out. */
export function viewSmrScenario(scenario: SmrScenario, state: SmrState, viewer: Viewer): SmrScenario {
  const secret = new Set(secretUnits(state, viewer).map((u) => u.id))
  if (secret.size === 0) return scenario
  return {
    ...scenario,
    units: scenario.units.filter((u) => !secret.has(u.id)),
    sides: scenario.sides.map((s) => ({
      ...s,
      leaderId: secret.has(s.leaderId) ? '' : s.leaderId,
      ...(s.standardId !== undefined && secret.has(s.standardId) ? { standardId: undefined } : {}),
    })),
  }
}

/** The events of one entry `viewer` may see: none that names a unit still hidden from it (`state`: after them). */
export function viewSmrEvents(events: readonly SmrEvent[], state: SmrState, viewer: Viewer): SmrEvent[] {
  if (viewer.kind === 'referee') return [...events]
  const secret = secretUnits(state, viewer)
  const marks = secret.flatMap((u) => [JSON.stringify(u.id), u.name])
  // A roll is sent without the generator state after it (it would tell the dice to come).
  return events
    .filter((e) => {
      if (marks.length === 0) return true
      const text = JSON.stringify(e)
      return !marks.some((m) => text.includes(m))
    })
    .map((e) => withoutGenerator(e))
}

/**
 * A refusal as `viewer` may read it: one that would name a unit still
 * hidden from it (by id or name) says only that the command was refused.
 */
export function viewSmrRefusal(
  reason: { readonly clause: string; readonly message: string },
  state: SmrState,
  viewer: Viewer,
): { clause: string; message: string } {
  const secret = secretUnits(state, viewer)
  if (secret.some((u) => reason.message.includes(u.id) || reason.message.includes(u.name)))
    return { clause: reason.clause, message: 'That command is refused by the rules.' }
  return { clause: reason.clause, message: reason.message }
}
