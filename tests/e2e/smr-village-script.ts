import {
  smrLabelledOptions,
  smrMissilePlan,
  smrMoveAllowanceIn,
  type SmrScenario,
  type SmrState,
  smrUnitStatus,
  type World,
} from '../../src-engine/index'

/**
 * "Village Invasion" (SMR-SCEN-02) played to its end by a plan a person
 * could follow: the villagers give up the village (every peasant walks out
 * by the nearest edge of the marked area, the hidden ones first coming out
 * of their cottages on the side nearest that edge) and hold their fire; the
 * raiders' archers close to bow range and shoot, until a peasant falls with
 * none left in the village, and the invader wins. The orders are the same
 * for the end-to-end flow (every one given through the UI) and for the seed
 * search (through the engine).
 */

/** One order as a person gives it. */
export type VillageOrder =
  /** A button of the Actions panel (the engine's labelled option). */
  | { readonly kind: 'option'; readonly label: string }
  /** Event 1: a target for each archer named, then declared (SMR-MISS-04). */
  | { readonly kind: 'declare'; readonly sideId: string; readonly shots: readonly Shot[] }
  /** A unit moved on the table (dragged there), facing the way it goes. */
  | { readonly kind: 'move'; readonly unitId: string; readonly to: Pt }
  /** A hidden unit brought out of its building next to the point chosen. */
  | { readonly kind: 'leave'; readonly unitId: string; readonly near: Pt }

interface Pt {
  readonly x: number
  readonly z: number
}
interface Shot {
  readonly unitId: string
  readonly targetId: string
}

/** What plays the orders: the game as the host has it, and an order given (it must be accepted). */
export interface VillageDriver {
  state(): Promise<SmrState>
  give(order: VillageOrder): Promise<void>
}

/** How far past the village's edge a peasant walks, inches. */
const CLEAR_IN = 1.3
/** The raiders' archers close to this range of the nearest peasant (bows reach 12", Table M). */
const CLOSE_TO_IN = 10

/** The village area's bounds (a rectangle in this scenario). */
function areaOf(scenario: SmrScenario): { minX: number; maxX: number; minZ: number; maxZ: number } {
  const a = scenario.village!.area
  return {
    minX: Math.min(...a.map((p) => p.x)),
    maxX: Math.max(...a.map((p) => p.x)),
    minZ: Math.min(...a.map((p) => p.z)),
    maxZ: Math.max(...a.map((p) => p.z)),
  }
}

/** The way out of the village nearest `p`: the point past that edge straight from it, and how far. */
function wayOut(scenario: SmrScenario, p: Pt): { to: Pt; distanceIn: number } {
  const b = areaOf(scenario)
  const options = [
    { to: { x: b.minX - CLEAR_IN, z: p.z }, d: p.x - b.minX },
    { to: { x: b.maxX + CLEAR_IN, z: p.z }, d: b.maxX - p.x },
    { to: { x: p.x, z: b.minZ - CLEAR_IN }, d: p.z - b.minZ },
    { to: { x: p.x, z: b.maxZ + CLEAR_IN }, d: b.maxZ - p.z },
  ].sort((a, c) => a.d - c.d)
  const best = options[0]!
  return { to: best.to, distanceIn: Math.hypot(best.to.x - p.x, best.to.z - p.z) }
}

const inside = (scenario: SmrScenario, p: Pt): boolean => {
  const b = areaOf(scenario)
  return p.x >= b.minX && p.x <= b.maxX && p.z >= b.minZ && p.z <= b.maxZ
}

/** Where a hidden unit is asked to come out: beside its building's wall nearest the village's edge, the second one further along. */
function exitPoint(scenario: SmrScenario, buildingId: string, nth: number): Pt {
  const b = scenario.buildings.find((x) => x.id === buildingId)!
  const centre = { x: b.x + b.widthIn / 2, z: b.z + b.depthIn / 2 }
  const out = wayOut(scenario, centre).to
  const along = nth === 0 ? -0.8 : 0.8
  if (out.x !== centre.x) return { x: out.x < centre.x ? b.x - 0.5 : b.x + b.widthIn + 0.5, z: centre.z + along }
  return { x: centre.x + along, z: out.z < centre.z ? b.z - 0.5 : b.z + b.depthIn + 0.5 }
}

const labelOf = (state: SmrState, world: World<SmrScenario>, type: string, extra = (_: unknown) => true): string => {
  const o = smrLabelledOptions(state, world as never, state.actingSide!).find(
    (x) => x.command.type === type && extra(x.command),
  )
  if (!o) throw new Error(`no ${type} option for ${state.actingSide}`)
  return o.label
}

/** The orders of the step the game is in, for the side to act; the last one ends the step. */
export function villageOrders(state: SmrState, world: World<SmrScenario>): VillageOrder[] {
  const scenario = world.scenario
  const side = state.actingSide!
  const v = scenario.village!
  if (state.phase === 'initiative') return [{ kind: 'option', label: labelOf(state, world, 'rollInitiative') }]
  if (state.phase === 'setup') return [{ kind: 'option', label: 'Deployment done' }]
  if (state.step === 'order')
    return [
      {
        kind: 'option',
        label: labelOf(state, world, 'chooseOrder', (c) => (c as { firstSideId: string }).firstSideId === side),
      },
    ]
  if (state.step === 'missiles') {
    const shots =
      side === v.invaderSideId
        ? smrMissilePlan(state, world as never, side).flatMap((f) => {
            // The easiest target (a peasant: Table M's lowest need), the nearest of those.
            const t = [...f.targets].sort((a, b) => a.needed - b.needed || a.rangeIn - b.rangeIn)[0]
            return t ? [{ unitId: f.unitId, targetId: t.targetId }] : []
          })
        : []
    return [{ kind: 'declare', sideId: side, shots }]
  }
  if (state.step === 'bonus') return [{ kind: 'option', label: labelOf(state, world, 'forgoBonus') }]
  if (state.step === 'reinforcements')
    return [{ kind: 'option', label: labelOf(state, world, 'declineReinforcements') }]
  if (state.step !== 'movement') throw new Error(`unexpected step ${state.step ?? state.phase}`)
  const orders: VillageOrder[] = []
  const own = state.unitOrder.map((id) => state.units[id]!).filter((u) => u.sideId === side && u.status === 'ok')
  if (side === v.peasantSideId) {
    const leaving = new Map<string, number>()
    for (const u of own) {
      if (u.profile.cls !== 'P') continue
      if (u.hiddenIn !== null) {
        const nth = leaving.get(u.hiddenIn) ?? 0
        leaving.set(u.hiddenIn, nth + 1)
        orders.push({ kind: 'leave', unitId: u.id, near: exitPoint(scenario, u.hiddenIn, nth) })
        continue
      }
      if (!inside(scenario, u.position) || smrUnitStatus(state, world as never, u).cannotMove !== null) continue
      const out = wayOut(scenario, u.position)
      const step = Math.min(out.distanceIn, smrMoveAllowanceIn(u.profile) - 0.1)
      const f = step / out.distanceIn
      orders.push({
        kind: 'move',
        unitId: u.id,
        to: { x: u.position.x + (out.to.x - u.position.x) * f, z: u.position.z + (out.to.z - u.position.z) * f },
      })
    }
  } else {
    const peasants = Object.values(state.units).filter(
      (u) => u.sideId === v.peasantSideId && u.status === 'ok' && u.hiddenIn === null && u.profile.cls === 'P',
    )
    for (const u of own) {
      if (u.profile.weapon !== 'bow' || smrUnitStatus(state, world as never, u).cannotMove !== null) continue
      const target = peasants
        .map((p) => ({ p, d: Math.hypot(p.position.x - u.position.x, p.position.z - u.position.z) }))
        .sort((a, b) => a.d - b.d)[0]
      if (!target || target.d <= CLOSE_TO_IN) continue
      const step = Math.min(target.d - CLOSE_TO_IN, smrMoveAllowanceIn(u.profile) - 0.1)
      const f = step / target.d
      orders.push({
        kind: 'move',
        unitId: u.id,
        to: {
          x: u.position.x + (target.p.position.x - u.position.x) * f,
          z: u.position.z + (target.p.position.z - u.position.z) * f,
        },
      })
    }
  }
  orders.push({ kind: 'option', label: 'End movement' })
  return orders
}

/** Plays Village Invasion to its end (or `maxTurns`), every order through the driver; returns the turns played. */
export async function playVillage(driver: VillageDriver, world: World<SmrScenario>, maxTurns = 12): Promise<number> {
  for (let i = 0; i < 2000; i++) {
    const s = await driver.state()
    if (s.phase === 'ended') return s.turn
    if (s.turn > maxTurns) throw new Error(`not over after ${maxTurns} turns`)
    // The invader may win at any moment (SMR-SCEN-02): in the middle of a step the orders stop there.
    for (const order of villageOrders(s, world)) {
      if ((await driver.state()).phase === 'ended') break
      await driver.give(order)
    }
  }
  throw new Error('too many steps')
}
