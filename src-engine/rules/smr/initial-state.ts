import type { DiceMode } from '../../dice/roll'
import { groundHeightOf } from '../../world/model/ground'
import { seedRng } from '../../rng/sfc32'
import { freshUnit } from './apply'
import type { SmrScenario } from './scenario'
import type { SmrState, SmrUnit } from './state'

/**
 * The state an SMR game starts in: every unit where the scenario puts it
 * (hidden ones in their buildings), each side's leader and standard
 * (SMR-SETUP-02, SMR-OPT-20), doors as built, and the initiative roll to
 * make (SMR-MOVE-01), the generator seeded.
 */
export function initialState(scenario: SmrScenario, seed: number, dice: DiceMode): SmrState {
  const units: Record<string, SmrUnit> = {}
  for (const u of scenario.units) {
    const fresh = freshUnit({
      id: u.id,
      name: u.name,
      sideId: u.sideId,
      profile: {
        cls: u.cls,
        mount: u.mount,
        weapon: u.weapon,
        axe: u.axe,
        ...(u.creature ? { creature: u.creature } : {}),
      },
      // SMR-GEOM-01: the base centre, on the ground where it stands (a hill's top, SMR-GEN-05).
      position: { x: u.x, y: groundHeightOf(scenario, u.x, u.z), z: u.z },
      facingDeg: u.facingDeg,
      hiddenIn: u.hiddenIn ?? null,
    })
    // SMR-OPT-05: a hero of the campaign's last battle comes with his powers.
    units[u.id] = u.hero === true ? { ...fresh, hero: true } : fresh
  }
  const doors: Record<string, { state: 'open' | 'closed' | 'locked' | 'broken'; successes: number }> = {}
  for (const b of scenario.buildings) for (const d of b.doors) doors[d.id] = { state: d.state, successes: 0 }
  return {
    rng: seedRng(seed),
    rollCount: 0,
    dice,
    settings: scenario.settings,
    phase: 'initiative',
    step: null,
    turn: 0,
    sideIds: scenario.sides.map((s) => s.id),
    initiativeWinner: null,
    actingSide: scenario.sides[0]!.id,
    setupDone: [],
    chooser: null,
    firstSide: null,
    declarations: {},
    movementDone: [],
    units,
    unitOrder: scenario.units.map((u) => u.id),
    leaders: Object.fromEntries(scenario.sides.map((s) => [s.id, s.leaderId])),
    standards: Object.fromEntries(scenario.sides.map((s) => [s.id, s.standardId ?? null])),
    leaderRalliedTurn: Object.fromEntries(scenario.sides.map((s) => [s.id, null])),
    pendingBonus: [],
    doors,
    burnt: {},
    honoured: [],
    peasantSide: scenario.village?.peasantSideId ?? null,
    peasantsLost: 0,
    nextUnitSeq: 1,
    result: null,
  }
}
