// Finds a seed of Village Invasion at which the plan of smr-village.spec.ts (smr-village-script.ts) ends
// the game quickly, playing its orders through the engine with physics dice (as the host throws them).
// Run: npx tsx tests/e2e/smr-village-seed.ts [first] [last]
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import {
  dispatch,
  newMatchHeader,
  smr,
  type SmrCommandInput,
  smrLabelledOptions,
  smrLeaveSpot,
  type SmrScenario,
  type SmrState,
  startMatchOf,
  type World,
} from '../../src-engine/index'
import { playVillage, type VillageOrder } from './smr-village-script'

const scenario = smr.scenarioSchema.parse(
  JSON.parse(
    readFileSync(join(import.meta.dirname, '..', '..', 'assets', 'scenarios', 'smr-village-invasion.json'), 'utf8'),
  ),
) as SmrScenario

/** An order as the engine takes it (what the UI sends for it). */
function commandOf(order: VillageOrder, state: SmrState, world: World<SmrScenario>): SmrCommandInput {
  switch (order.kind) {
    case 'option': {
      const o = smrLabelledOptions(state, world as never, state.actingSide!).find((x) => x.label === order.label)
      if (!o) throw new Error(`no option "${order.label}"`)
      return o.command
    }
    case 'declare':
      return { type: 'declareMissiles', sideId: order.sideId, shots: [...order.shots] }
    case 'move':
      return { type: 'moveUnit', unitId: order.unitId, path: [order.to] }
    case 'leave': {
      const spot = smrLeaveSpot(state, world as never, order.unitId, order.near)
      if (!spot.ok) throw new Error(spot.message)
      return { type: 'leaveBuilding', unitId: order.unitId, at: spot.at, facingDeg: spot.facingDeg }
    }
  }
}

async function tryingSeed(seed: number): Promise<string> {
  let m = startMatchOf(smr, newMatchHeader(smr, scenario, seed, 'physics'))
  const world = m.world as World<SmrScenario>
  try {
    const turns = await playVillage(
      {
        state: async () => m.state as SmrState,
        async give(order) {
          const r = dispatch(m, commandOf(order, m.state as SmrState, world))
          if (!r.decision.ok) throw new Error(`${order.kind} refused: ${r.decision.reason.message}`)
          m = r.match
        },
      },
      world,
    )
    const s = m.state as SmrState
    return `seed ${seed}: over in turn ${turns}, ${m.entries.length} commands: ${s.result?.reason}`
  } catch (err) {
    return `seed ${seed}: ${err instanceof Error ? err.message : String(err)}`
  }
}

const first = Number(process.argv[2] ?? 1)
const last = Number(process.argv[3] ?? 10)
for (let seed = first; seed <= last; seed++) console.log(await tryingSeed(seed))
