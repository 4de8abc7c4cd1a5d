import { type SmrScenario, SmrScenarioSchema } from '../../src-engine/index'

/** A scenario being edited, as its file holds it. */
type Draft = Readonly<Record<string, unknown>>
type Item = Record<string, unknown>
const list = (v: unknown): Item[] => (Array.isArray(v) ? (v as Item[]) : [])

/**
 * An SMR draft read by its schema, for drawing and placing: a side whose
 * leader is missing or another side's (the check says so, SMR-SETUP-02) is
 * read with one of its own units standing in, so that the table is still
 * drawn; null while other fields do not parse.
 */
export function parseSmrDraft(draft: Draft): SmrScenario | null {
  const units = list(draft.units)
  const sides = list(draft.sides).map((side) => {
    const leader = units.find((u) => u.id === side.leaderId)
    if (leader && leader.sideId === side.id) return side
    const own = units.find((u) => u.sideId === side.id && typeof u.id === 'string' && u.id !== '')
    return own ? { ...side, leaderId: own.id } : side
  })
  const parsed = SmrScenarioSchema.safeParse({ ...draft, sides })
  return parsed.success ? parsed.data : null
}
