import type { AreaKind, LinearKind, Scenario, SmrScenario } from '../../src-engine/index'
import { parseSmrDraft } from './smr-draft'
import type { Draft } from './editor-store'

/** Whether the draft is an SMR scenario (its forces are units, SMR-GEN-03). */
export function isSmrDraft(draft: Draft): boolean {
  return draft.ruleset === 'smr'
}

/**
 * The areas an SMR table is drawn with. SMR has no terrain rules of its own
 * (SMR-MOVE-10): ground is open, impassable, or costs double, and woods (as
 * buildings) are impassable to cavalry. Woods, rough ground, fields and water
 * (impassable) say all of that; rubble and overgrowth belong to the modern
 * battlefield.
 */
export const SMR_AREA_TOOLS: readonly AreaKind[] = ['woods', 'field', 'rough', 'water']

/** The walls of SMR-MOVE-10, and the hedges and fences of a medieval countryside (no sandbags). */
export const SMR_LINE_TOOLS: readonly LinearKind[] = ['stoneWall', 'hedge', 'fence']

/**
 * An SMR draft as the table's components draw it: its neutral table (ground,
 * areas, buildings, walls) with no SMLE forces (the units are drawn by
 * `SmrForcesScene`); null while its fields do not parse.
 */
export function smrSceneScenario(draft: Draft): { scene: Scenario; smr: SmrScenario } | null {
  const smr = parseSmrDraft(draft)
  if (!smr) return null
  const scene = { ...smr, teams: [], vehicles: [], positions: [] } as unknown as Scenario
  return { scene, smr }
}
