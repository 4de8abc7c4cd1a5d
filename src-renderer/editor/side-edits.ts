import type { Edge } from '../../src-engine/index'
import { type Draft, draftTeams, type Item, list, teamFigures } from './force-draft'

/**
 * The editor's edits of the sides and the mission (§16): each side's name,
 * colour and base edge, the side that sets up and rolls first, and the
 * victory terms (conditions and who wins when time runs out). Each takes the
 * draft and gives the changed one, or the same draft when nothing changes.
 */

/** The table edges, in the order the lists give them. */
export const EDGES: readonly Edge[] = ['north', 'south', 'west', 'east']

/** The edge across the table from each. */
export const OPPOSITE: Readonly<Record<Edge, Edge>> = { north: 'south', south: 'north', west: 'east', east: 'west' }

const sidesOf = (draft: Draft): Item[] => list(draft.sides)

/** Changes a side's name or colour (a colour is `#rrggbb`). */
export function updateSide(draft: Draft, sideId: string, patch: { name?: string; colour?: string }): Draft {
  const sides = sidesOf(draft)
  const side = sides.find((s) => s.id === sideId)
  if (!side || Object.entries(patch).every(([k, v]) => side[k] === v)) return draft
  return { ...draft, sides: sides.map((s) => (s.id === sideId ? { ...s, ...patch } : s)) }
}

/** The base line the scenario names for a side: an edge, `line` for one drawn between two points, or null (none). */
export function baseLineOf(draft: Draft, sideId: string): Edge | 'line' | null {
  const line = list(draft.baseLines).find((l) => l.sideId === sideId)
  if (!line) return null
  return typeof line.edge === 'string' ? (line.edge as Edge) : 'line'
}

/**
 * A side's base edge, where it enters and falls back to (SMLE-OPT-07/08) and
 * which a raid leaves by (SMLE-SCEN-04): the scenario's edge, else the table
 * edge nearest the side's deployment zone (as the rules take it).
 */
export function baseEdge(draft: Draft, sideId: string): Edge {
  const named = baseLineOf(draft, sideId)
  if (named !== null && named !== 'line') return named
  const zone = sidesOf(draft).find((s) => s.id === sideId)?.deploymentZone as Record<string, number> | undefined
  const table = (draft.table ?? {}) as { widthIn?: number; depthIn?: number }
  if (!zone) return 'south'
  const cx = (zone.minX! + zone.maxX!) / 2
  const cz = (zone.minZ! + zone.maxZ!) / 2
  const d: [Edge, number][] = [
    ['north', cz],
    ['south', (table.depthIn ?? 48) - cz],
    ['west', cx],
    ['east', (table.widthIn ?? 48) - cx],
  ]
  return d.sort((a, b) => a[1] - b[1])[0]![0]
}

/** Names a side's base edge (null: none named, the edge nearest its zone). */
export function setBaseEdge(draft: Draft, sideId: string, edge: Edge | null): Draft {
  const lines = list(draft.baseLines)
  const now = lines.find((l) => l.sideId === sideId)
  if ((now?.edge ?? null) === edge && (edge !== null || !now)) return draft
  const others = lines.filter((l) => l.sideId !== sideId)
  return { ...draft, baseLines: edge === null ? others : [...others, { sideId, edge }] }
}

/** The side that sets up first and rolls first. */
export function setFirstSide(draft: Draft, sideId: string): Draft {
  return draft.firstSideId === sideId || !sidesOf(draft).some((s) => s.id === sideId)
    ? draft
    : { ...draft, firstSideId: sideId }
}

/** The kinds of victory condition (§16), as the scenario schema names them. */
export type ConditionKind = 'control' | 'occupy' | 'eliminate' | 'killFigures' | 'exit' | 'raid'

/** Each kind in words, as the list to add one offers it. */
export const CONDITION_KINDS: readonly { readonly value: ConditionKind; readonly label: string }[] = [
  { value: 'control', label: 'Controls an objective at the end (SMLE-SCEN-01)' },
  { value: 'occupy', label: 'Has a figure on an objective at the end (SMLE-SCEN-03)' },
  { value: 'eliminate', label: 'Wipes out the enemy (SMLE-SCEN-06)' },
  { value: 'killFigures', label: 'Kills certain enemy figures (SMLE-SCEN-06)' },
  { value: 'exit', label: 'Gets figures off by a table edge (SMLE-SCEN-05)' },
  { value: 'raid', label: 'Raids an objective, then leaves by its base edge (SMLE-SCEN-04)' },
]

/** Kinds that need an objective on the table. */
export const NEEDS_OBJECTIVE: ReadonlySet<ConditionKind> = new Set<ConditionKind>(['control', 'occupy', 'raid'])

/** Fractions of a side's figures an exit or a raid asks for, in words. */
export const FRACTIONS: readonly { readonly value: string; readonly label: string }[] = [
  { value: '0.25', label: 'a quarter' },
  { value: '0.5', label: 'half' },
  { value: '0.75', label: 'three quarters' },
  { value: '1', label: 'all' },
]

/** The victory terms of a draft: its conditions and who wins at the time limit. */
export function draftVictory(draft: Draft): { conditions: Item[]; atTimeLimit: string } {
  const v = (draft.victory ?? {}) as Item
  return { conditions: list(v.conditions), atTimeLimit: typeof v.atTimeLimit === 'string' ? v.atTimeLimit : 'draw' }
}

const withVictory = (draft: Draft, conditions: readonly Item[], atTimeLimit: string): Draft => ({
  ...draft,
  victory: { ...((draft.victory ?? {}) as Item), conditions, atTimeLimit },
})

/** The other side of a two-sided scenario. */
export function enemyOf(draft: Draft, sideId: string): string {
  return String(sidesOf(draft).find((s) => s.id !== sideId)?.id ?? sideId)
}

/**
 * A new condition of a kind for a side, filled in: the first objective (a
 * raid: all of them), the enemy side, the enemy's first figure, or the edge
 * across the table from the side's base edge; null when the table lacks what
 * it needs (an objective, an enemy figure).
 */
export function newCondition(draft: Draft, kind: ConditionKind, sideId: string): Item | null {
  const objectives = list(draft.objectives).map((o) => String(o.id))
  if (NEEDS_OBJECTIVE.has(kind) && objectives.length === 0) return null
  const enemy = enemyOf(draft, sideId)
  switch (kind) {
    case 'control':
      return { kind, objectiveId: objectives[0], sideIds: [sideId] }
    case 'occupy':
      return { kind, objectiveId: objectives[0], sideId }
    case 'eliminate':
      return { kind, sideId, targetSideId: enemy }
    case 'killFigures': {
      const first = draftTeams(draft)
        .filter((t) => t.sideId === enemy)
        .flatMap(teamFigures)[0]
      return first ? { kind, sideId, figureIds: [first.id] } : null
    }
    case 'exit':
      return { kind, sideId, edge: OPPOSITE[baseEdge(draft, sideId)], fraction: 0.5 }
    case 'raid':
      return { kind, sideId, objectiveIds: objectives, holdRounds: 1, fraction: 0.5 }
  }
}

/** Adds a condition (nothing when the table lacks what it needs). */
export function addCondition(draft: Draft, kind: ConditionKind, sideId: string): Draft {
  const c = newCondition(draft, kind, sideId)
  if (!c) return draft
  const v = draftVictory(draft)
  return withVictory(draft, [...v.conditions, c], v.atTimeLimit)
}

/** Changes fields of the condition at `index`. */
export function updateCondition(draft: Draft, index: number, patch: Readonly<Item>): Draft {
  const v = draftVictory(draft)
  const c = v.conditions[index]
  if (!c || Object.entries(patch).every(([k, x]) => JSON.stringify(c[k]) === JSON.stringify(x))) return draft
  return withVictory(
    draft,
    v.conditions.map((x, i) => (i === index ? { ...x, ...patch } : x)),
    v.atTimeLimit,
  )
}

/** Removes the condition at `index`. */
export function removeCondition(draft: Draft, index: number): Draft {
  const v = draftVictory(draft)
  if (index < 0 || index >= v.conditions.length) return draft
  return withVictory(
    draft,
    v.conditions.filter((_, i) => i !== index),
    v.atTimeLimit,
  )
}

/** Who wins when the last round ends with no condition met: a side's id, or `draw`. */
export function setAtTimeLimit(draft: Draft, winner: string): Draft {
  const v = draftVictory(draft)
  return v.atTimeLimit === winner && draft.victory !== undefined ? draft : withVictory(draft, v.conditions, winner)
}

const fractionWords = (f: unknown): string =>
  FRACTIONS.find((x) => Number(x.value) === Number(f ?? 0.5))?.label ?? `${Math.round(Number(f) * 100)}%`

/** A condition in words: "British win at once when half their figures have left by the east edge." */
export function conditionWords(draft: Draft, c: Readonly<Item>): string {
  const side = (id: unknown): string => String(sidesOf(draft).find((s) => s.id === id)?.name ?? id)
  const objective = (id: unknown): string => String(list(draft.objectives).find((o) => o.id === id)?.name ?? id)
  const figure = (id: unknown): string =>
    String(
      draftTeams(draft)
        .flatMap(teamFigures)
        .find((f) => f.id === id)?.name ?? id,
    )
  const names = (ids: unknown, of: (id: unknown) => string): string => {
    const all = (Array.isArray(ids) ? ids : []).map(of)
    return all.length <= 1 ? (all[0] ?? 'nobody') : `${all.slice(0, -1).join(', ')} or ${all[all.length - 1]}`
  }
  switch (c.kind) {
    case 'control':
      return `${names(c.sideIds, side)}: whoever controls ${objective(c.objectiveId)} at the end wins (a team not broken within its radius, no enemy team there).`
    case 'occupy':
      return `${side(c.sideId)} wins if any of its figures is on ${objective(c.objectiveId)} at the end.`
    case 'eliminate':
      return `${side(c.sideId)} wins at once when every figure of ${side(c.targetSideId)} is dead or gone.`
    case 'killFigures':
      return `${side(c.sideId)} wins at once when ${names(c.figureIds, figure)} ${Array.isArray(c.figureIds) && c.figureIds.length > 1 ? 'are' : 'is'} dead for good.`
    case 'exit':
      return `${side(c.sideId)} wins at once when ${fractionWords(c.fraction)} of its figures have left by the ${String(c.edge)} edge.`
    case 'raid':
      return `${side(c.sideId)} picks one of ${names(c.objectiveIds, objective)}, holds it ${Number(c.holdRounds ?? 1)} full round${Number(c.holdRounds ?? 1) === 1 ? '' : 's'} (or blows it up), then wins when ${fractionWords(c.fraction)} of its figures have left by its base edge.`
    default:
      return `A condition of kind "${String(c.kind)}".`
  }
}
