import { spotOf, type Spot } from './force-placement'

/**
 * The forces of a draft (the scenario's JSON as its file holds it), read and
 * rewritten for the force builder: its teams, groups, vehicles and figures,
 * fresh ids and names, and the tidying every edit of the forces ends with.
 */

export type Draft = Readonly<Record<string, unknown>>
export type Item = Record<string, unknown>

export const list = (v: unknown): Item[] => (Array.isArray(v) ? (v as Item[]) : [])

/** The teams of a draft. */
export const draftTeams = (draft: Draft): Item[] => list(draft.teams)
/** The groups (sections, platoons) of a draft. */
export const draftGroups = (draft: Draft): Item[] => list(draft.groups)
/** The vehicles of a draft. */
export const draftVehicles = (draft: Draft): Item[] => list(draft.vehicles)
/** A team's figures. */
export const teamFigures = (team: Item): Item[] => list(team.figures)

/** Every id the draft uses anywhere (sides, teams, figures, groups, vehicles, buildings, doors…). */
function usedIds(draft: Draft): Set<string> {
  const ids = new Set<string>()
  const walk = (v: unknown): void => {
    if (Array.isArray(v)) v.forEach(walk)
    else if (v !== null && typeof v === 'object') {
      const o = v as Item
      if (typeof o.id === 'string') ids.add(o.id)
      Object.values(o).forEach(walk)
    }
  }
  walk(draft)
  return ids
}

/** Ids `<stem>-<n>` the draft does not use yet, `count` of them. */
export function freshIds(draft: Draft, stem: string, count = 1): string[] {
  const used = usedIds(draft)
  const out: string[] = []
  for (let n = 1; out.length < count; n++) if (!used.has(`${stem}-${n}`)) out.push(`${stem}-${n}`)
  return out
}

/** `<base> <n>`, the first number no name in `names` has. */
export function freshName(names: readonly unknown[], base: string): string {
  for (let n = 1; ; n++) if (!names.includes(`${base} ${n}`)) return `${base} ${n}`
}

/** `<name> (copy)`, or `<name> (copy 2)` … when that is taken. */
export function copyName(names: readonly unknown[], name: string): string {
  if (!names.includes(`${name} (copy)`)) return `${name} (copy)`
  for (let n = 2; ; n++) if (!names.includes(`${name} (copy ${n})`)) return `${name} (copy ${n})`
}

export const withTeams = (draft: Draft, teams: readonly Item[]): Draft => ({ ...draft, teams })

/** The team holding a figure, or undefined. */
export function teamOfFigure(draft: Draft, figureId: string): Item | undefined {
  return draftTeams(draft).find((t) => teamFigures(t).some((f) => f.id === figureId))
}

/** The middle of a team's figures on the table (null when none has a place). */
export function teamMiddle(team: Item): Spot | null {
  const spots = teamFigures(team).flatMap((f) => spotOf(f.position) ?? [])
  if (spots.length === 0) return null
  return {
    x: spots.reduce((t, p) => t + p.x, 0) / spots.length,
    z: spots.reduce((t, p) => t + p.z, 0) / spots.length,
  }
}

/** Removes sections left with no team (a section is its teams, SMLE-ORG-04); platoons and companies stay. */
export function pruneGroups(draft: Draft): Draft {
  const groups = draftGroups(draft)
  if (groups.length === 0) return draft
  const teams = draftTeams(draft)
  const kept = groups.filter(
    (g) =>
      (g.level !== undefined && g.level !== 'section') ||
      teams.some((t) => t.groupId === g.id) ||
      groups.some((c) => c.parentId === g.id),
  )
  return kept.length === groups.length ? draft : { ...draft, groups: kept }
}

/** Groups no longer led by figures that are gone (SMLE-ORG-08: a leader is a figure of the group). */
export function dropLeaders(draft: Draft, figureIds: ReadonlySet<unknown>): Draft {
  const groups = draftGroups(draft)
  if (!groups.some((g) => figureIds.has(g.leaderFigureId))) return draft
  return {
    ...draft,
    groups: groups.map((g) => {
      if (!figureIds.has(g.leaderFigureId)) return g
      const { leaderFigureId: _gone, ...rest } = g
      return rest
    }),
  }
}

/** Every figure of the draft, team after team (the same list while the teams are the same). */
export function draftFigures(draft: Draft): readonly Item[] {
  const teams = draft.teams
  if (!Array.isArray(teams)) return NO_FIGURES
  let figures = FIGURES.get(teams)
  if (!figures) FIGURES.set(teams, (figures = draftTeams(draft).flatMap(teamFigures)))
  return figures
}

const NO_FIGURES: readonly Item[] = []
const FIGURES = new WeakMap<object, readonly Item[]>()

/** The draft with its figures replaced by those of `figures` with the same ids (a figure not among them is removed). */
export function withFigures(draft: Draft, figures: readonly Item[]): Draft {
  const byId = new Map(figures.map((f) => [f.id, f]))
  return withTeams(
    draft,
    draftTeams(draft).map((t) => {
      const now = teamFigures(t).flatMap((f) => byId.get(f.id) ?? [])
      return now.length === teamFigures(t).length && now.every((f, i) => f === teamFigures(t)[i])
        ? t
        : { ...t, figures: now }
    }),
  )
}
