import { useMemo } from 'react'
import {
  bearingDeg,
  type SmrCommandInput,
  smrLeaveSpot,
  type SmrScenario,
  type SmrState,
  type World,
} from '../../../src-engine/index'
import { sendCommand } from '../../state/actions'
import type { AppContextValue } from '../../state/context'
import { useMatch } from '../../state/context'
import type { SmrPlan } from '../../state/stores'
import { worldOf } from '../../scene/world-cache'

/** An SMR game as the page draws it: the seat's view of scenario and state, and the table's world (for the engine's queries). */
export interface SmrView {
  readonly scenario: SmrScenario
  readonly state: SmrState
  readonly world: World<SmrScenario>
}

/** The open SMR game, or null when the game is not SMR's. */
export function useSmrGame(): SmrView | null {
  const game = useMatch((s) => s.smr)
  return useMemo(
    () => (game ? { scenario: game.scenario, state: game.state, world: worldOf(game.scenario) } : null),
    [game],
  )
}

/** The same, read once (event handlers). */
export function smrGameOf(app: AppContextValue): SmrView | null {
  const game = app.matchStore.getState().smr
  return game ? { scenario: game.scenario, state: game.state, world: worldOf(game.scenario) } : null
}

/** A side's name and colour, from the scenario. */
export function sideOf(scenario: SmrScenario, sideId: string | null): { name: string; colour: string } {
  const s = scenario.sides.find((x) => x.id === sideId)
  return { name: s?.name ?? sideId ?? 'nobody', colour: s?.colour ?? '#888888' }
}

/** Side and building ids in a sentence replaced by their names ("normans moves first" → "Normans moves first"). */
export function withSideNames(text: string, scenario: SmrScenario): string {
  let out = text
  for (const s of [...scenario.sides, ...scenario.buildings])
    out = out.replace(new RegExp(`(?<![\\w-])${escape(s.id)}(?![\\w-])`, 'g'), s.name)
  return out
}

const escape = (s: string): string => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')

/**
 * The command a plan gives: a move along one straight leg, a placement, a
 * charge, or a hidden unit coming out on the spot by its building nearest
 * the point chosen (SMR-SCEN-02; a refused spot goes as chosen, for the
 * rules to say why).
 */
export function planCommand(plan: SmrPlan, game: SmrView): SmrCommandInput {
  const at = { x: round2(plan.to.x), z: round2(plan.to.z) }
  if (plan.kind === 'charge' && plan.targetId) return { type: 'charge', unitId: plan.unitId, targetId: plan.targetId }
  if (plan.kind === 'leave') {
    const spot = smrLeaveSpot(game.state, game.world, plan.unitId, plan.to, plan.facingDeg ?? undefined)
    return spot.ok
      ? { type: 'leaveBuilding', unitId: plan.unitId, at: spot.at, facingDeg: spot.facingDeg }
      : {
          type: 'leaveBuilding',
          unitId: plan.unitId,
          at,
          ...(plan.facingDeg === null ? {} : { facingDeg: plan.facingDeg }),
        }
  }
  // Placed facing the way its ghost shows (its own facing unless turned): the command's default is north.
  if (plan.kind === 'place')
    return { type: 'placeUnit', unitId: plan.unitId, at, facingDeg: round2(planFacingDeg(plan, game.state)) }
  return {
    type: 'moveUnit',
    unitId: plan.unitId,
    path: [at],
    ...(plan.facingDeg === null ? {} : { facingDeg: round2(plan.facingDeg) }),
  }
}

/** The facing a plan would end with when none was chosen: the way the unit goes (its own, if it stays). */
export function planFacingDeg(plan: SmrPlan, state: SmrState): number {
  if (plan.facingDeg !== null) return plan.facingDeg
  const u = state.units[plan.unitId]
  if (!u) return 0
  const d = Math.hypot(plan.to.x - u.position.x, plan.to.z - u.position.z)
  return d < 0.01 || plan.kind === 'place' || plan.kind === 'leave' ? u.facingDeg : bearingDeg(u.position, plan.to)
}

/** Gives the planned order; the plan goes once the rules accept it (a refusal is shown with its clause). */
export async function confirmSmrPlan(app: AppContextValue): Promise<void> {
  const plan = app.uiStore.getState().smrPlan
  const game = smrGameOf(app)
  if (!plan || !game) return
  const r = await sendCommand(app, planCommand(plan, game))
  if (r?.ok) app.uiStore.getState().planSmr(null)
}

const round2 = (n: number): number => Math.round(n * 100) / 100
