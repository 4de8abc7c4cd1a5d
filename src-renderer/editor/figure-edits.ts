import { type Kit, weaponProfile } from '../../src-engine/index'
import { type Draft, draftTeams, dropLeaders, type Item, teamFigures, teamOfFigure, withTeams } from './force-draft'

/**
 * The force builder's edits of one figure (SMLE §1, §9, §14.1): its name,
 * quality, weapons, armour, kit and hero grade, and its team's rounds of
 * counted ammunition (SMLE-WPN-11, SMLE-PTS-04). Each gives the changed
 * draft, or the same draft when nothing changes (no step to undo).
 */

/** Changes one figure of a team (the team's ammunition follows its weapons). */
function mapFigure(draft: Draft, figureId: string, change: (f: Item) => Item): Draft {
  const team = teamOfFigure(draft, figureId)
  if (!team) return draft
  const figures = teamFigures(team)
  const before = figures.find((f) => f.id === figureId)!
  const after = change(before)
  if (after === before) return draft
  const changed = withAmmo({ ...team, figures: figures.map((f) => (f.id === figureId ? after : f)) })
  return withTeams(
    draft,
    draftTeams(draft).map((t) => (t === team ? changed : t)),
  )
}

/** Removes a figure (a team keeps at least one: remove the team instead); a section it led is led no more. */
export function removeFigure(draft: Draft, figureId: string): Draft {
  const team = teamOfFigure(draft, figureId)
  if (!team || teamFigures(team).length <= 1) return draft
  const changed = withAmmo({ ...team, figures: teamFigures(team).filter((f) => f.id !== figureId) })
  const next = withTeams(
    draft,
    draftTeams(draft).map((t) => (t === team ? changed : t)),
  )
  return dropLeaders(next, new Set([figureId]))
}

/** What of a figure the builder changes directly. */
export interface FigurePatch {
  readonly name?: string
  /** `team`: the team's quality (the figure's own left out); else its own (SMLE-QUAL-02). */
  readonly quality?: string
  readonly weapon?: string
  readonly armour?: string
  /** Camera Fodder (§14.2), a significant figure (never Fodder), poor weapons (SMLE-SHOOT-28). */
  readonly cameraFodder?: boolean
  readonly significant?: boolean
  readonly unreliable?: boolean
}

/** Changes a figure's name, quality, main weapon, armour or flags. */
export function updateFigure(draft: Draft, figureId: string, patch: FigurePatch): Draft {
  return mapFigure(draft, figureId, (f) => {
    const next: Item = { ...f }
    for (const [k, v] of Object.entries(patch)) {
      if (k === 'quality' && v === 'team') delete next.quality
      else next[k] = v
    }
    return Object.keys(next).length === Object.keys(f).length && Object.entries(next).every(([k, v]) => f[k] === v)
      ? f
      : next
  })
}

/** Bases a figure may stand on, by their width across in inches (25 mm, the usual, is 1"). */
export const BASE_SIZES: readonly { readonly acrossIn: number; readonly label: string }[] = [
  { acrossIn: 0.8, label: '20 mm (0.8")' },
  { acrossIn: 1, label: '25 mm (1")' },
  { acrossIn: 1.25, label: '32 mm (1.25")' },
  { acrossIn: 1.6, label: '40 mm (1.6")' },
  { acrossIn: 2, label: '50 mm (2")' },
]

/**
 * Puts a figure on a base `acrossIn` wide (its radius is what the rules
 * measure from: contact, SMLE-GEN-06, and distances, SMLE-GEN-05); the usual
 * 1" base leaves the field out. A base that now stands on another or in a
 * wall is the check's error.
 */
export function setBaseSize(draft: Draft, figureId: string, acrossIn: number): Draft {
  if (!(acrossIn > 0) || !Number.isFinite(acrossIn)) return draft
  return mapFigure(draft, figureId, (f) => {
    const now = typeof f.baseRadiusIn === 'number' ? f.baseRadiusIn : 0.5
    if (Math.abs(now - acrossIn / 2) < 1e-9) return f
    const { baseRadiusIn: _old, ...rest } = f
    return acrossIn === 1 ? rest : { ...rest, baseRadiusIn: acrossIn / 2 }
  })
}

/** The further weapons a figure carries. */
const otherWeapons = (f: Item): string[] =>
  Array.isArray(f.otherWeapons) ? (f.otherWeapons as unknown[]).map(String) : []

/** Gives a figure a further weapon (a grenade, a pistol, a knife…); one of each. */
export function addOtherWeapon(draft: Draft, figureId: string, weaponId: string): Draft {
  return mapFigure(draft, figureId, (f) =>
    otherWeapons(f).includes(weaponId) || f.weapon === weaponId
      ? f
      : { ...f, otherWeapons: [...otherWeapons(f), weaponId] },
  )
}

/** Takes a further weapon from a figure. */
export function removeOtherWeapon(draft: Draft, figureId: string, weaponId: string): Draft {
  return mapFigure(draft, figureId, (f) =>
    otherWeapons(f).includes(weaponId) ? { ...f, otherWeapons: otherWeapons(f).filter((w) => w !== weaponId) } : f,
  )
}

/** Gives a figure special kit, or takes it away. */
export function setKit(draft: Draft, figureId: string, kit: Kit, carried: boolean): Draft {
  return mapFigure(draft, figureId, (f) => {
    const now = Array.isArray(f.kit) ? (f.kit as string[]) : []
    if (now.includes(kit) === carried) return f
    return { ...f, kit: carried ? [...now, kit] : now.filter((k) => k !== kit) }
  })
}

/** Makes a figure a hero of grade 1–3 (SMLE-HERO-01), or no hero (0); attributes kept while it stays one. */
export function setHeroGrade(draft: Draft, figureId: string, grade: 0 | 1 | 2 | 3): Draft {
  return mapFigure(draft, figureId, (f) => {
    const hero = f.hero as Item | undefined
    if ((hero?.grade ?? 0) === grade) return f
    if (grade === 0) {
      const { hero: _gone, ...rest } = f
      return rest
    }
    return { ...f, hero: { ...hero, grade } }
  })
}

/** The hero attributes of SMLE-HERO-04. */
export type HeroAttribute = 'tough' | 'spotlight' | 'lucky' | 'bigGuns'

/** Gives a hero an attribute of SMLE-HERO-04, or takes it away (nothing for a figure that is no hero). */
export function setHeroAttribute(draft: Draft, figureId: string, attribute: HeroAttribute, on: boolean): Draft {
  return mapFigure(draft, figureId, (f) => {
    const hero = f.hero as Item | undefined
    if (!hero || (hero[attribute] === true) === on) return f
    return { ...f, hero: { ...hero, [attribute]: on } }
  })
}

/** The Table 6 ids of a team's weapons whose rounds are counted and paid for (SMLE-WPN-11, SMLE-PTS-04). */
export function countedWeapons(team: Item): string[] {
  const ids = new Set<string>()
  for (const f of teamFigures(team))
    for (const w of [f.weapon, ...otherWeapons(f)]) {
      const p = typeof w === 'string' ? weaponProfile(w) : undefined
      if (p?.ammoCost) ids.add(p.id)
    }
  return [...ids]
}

/**
 * A team's ammunition kept to its weapons (SMLE-WPN-11): a counted weapon
 * newly carried starts with one round for each figure carrying it; rounds of
 * a weapon nobody in the team carries any longer are dropped.
 */
function withAmmo(team: Item): Item {
  const ammo = (team.ammo ?? {}) as Record<string, number>
  const counted = countedWeapons(team)
  const next: Record<string, number> = {}
  for (const id of counted)
    next[id] =
      ammo[id] ??
      teamFigures(team).filter((f) =>
        [f.weapon, ...otherWeapons(f)].some((w) => typeof w === 'string' && weaponProfile(w)?.id === id),
      ).length
  for (const [id, n] of Object.entries(ammo)) if (!(id in next) && !weaponProfile(id)?.ammoCost) next[id] = n
  const same =
    Object.keys(next).length === Object.keys(ammo).length && Object.entries(next).every(([k, v]) => ammo[k] === v)
  if (same) return team
  if (Object.keys(next).length === 0) {
    const { ammo: _none, ...rest } = team
    return rest
  }
  return { ...team, ammo: next }
}

/** Sets the rounds a team carries for a weapon (SMLE-WPN-11; each paid for, SMLE-PTS-04). */
export function setAmmo(draft: Draft, teamId: string, weaponId: string, rounds: number): Draft {
  const team = draftTeams(draft).find((t) => t.id === teamId)
  const n = Math.max(0, Math.round(rounds))
  const ammo = (team?.ammo ?? {}) as Record<string, number>
  if (!team || ammo[weaponId] === n) return draft
  return withTeams(
    draft,
    draftTeams(draft).map((t) => (t.id === teamId ? { ...t, ammo: { ...ammo, [weaponId]: n } } : t)),
  )
}
