import type { BlankOptions } from './blank-scenario'
import { slug } from './blank-scenario'
import type { Draft } from './editor-store'
import { addSmrUnit } from './smr-edits'

/** The points each side starts with: Contact's 15 (SMR-SCEN-01). */
export const SMR_BLANK_POINTS = 15

/**
 * A new SMR scenario on an empty table (New game → Build a scenario, SMR):
 * a Type 2 battle of 15 points a side (SMR-SETUP-05, as Contact), the first
 * side's own edge the south and the second's the north (opposite edges,
 * SMR-SETUP-04), each deploying within 6" of it (SMR-SETUP-06), each with
 * one light infantryman there as its leader (SMR-SETUP-02: the scenario
 * needs a leader a side), victory by rout (SMR-SETUP-08).
 */
export function smrBlankScenario(o: BlankOptions): Draft {
  const first = slug(o.sides[0], 'side-a')
  const second = slug(o.sides[1], first === 'side-b' ? 'side-c' : 'side-b')
  const secondId = second === first ? `${second}-2` : second
  let draft: Draft = {
    formatVersion: 1,
    id: o.id,
    name: o.name,
    description: '',
    ruleset: 'smr',
    table: { widthIn: o.widthIn, depthIn: o.depthIn },
    terrain: { resolutionIn: 0.5, hills: [], ridges: [], slopes: [], areas: [] },
    battleType: 2,
    sides: [
      { id: first, name: o.sides[0], colour: '#3f6fb0', edge: 'south', leaderId: '', points: SMR_BLANK_POINTS },
      { id: secondId, name: o.sides[1], colour: '#b0413e', edge: 'north', leaderId: '', points: SMR_BLANK_POINTS },
    ],
    units: [],
    victory: 'rout',
  }
  draft = addSmrUnit(draft, first, 'L').draft
  draft = addSmrUnit(draft, secondId, 'L').draft
  return draft
}
