import { type Draft, draftGroups, draftTeams, freshIds, freshName, type Item, list, withTeams } from './force-draft'

/**
 * The organisation above the team (SMLE-ORG-04, -09, -10): platoons over
 * sections, and the level of game the scenario and each side play at. Each
 * takes the draft and gives the changed one, or the same when nothing changes.
 */

/** The levels of game (SMLE-ORG-09, -10), in words. */
export const LEVELS: readonly { readonly value: string; readonly label: string }[] = [
  { value: 'section', label: 'Section (each team rolls)' },
  { value: 'platoon', label: 'Platoon (each section rolls)' },
  { value: 'company', label: 'Company (each base a team)' },
]

/** The level the whole scenario plays at (SMLE-ORG-09, -10). */
export function setLevel(draft: Draft, level: string): Draft {
  return (draft.level ?? 'section') === level ? draft : { ...draft, level }
}

/** A side's own level (SMLE-SCEN-01: a section against a platoon), or null: the scenario's. */
export function setSideLevel(draft: Draft, sideId: string, level: string | null): Draft {
  const sides = list(draft.sides)
  const side = sides.find((s) => s.id === sideId)
  if (!side || (side.level ?? null) === level) return draft
  return {
    ...draft,
    sides: sides.map((s) => {
      if (s.id !== sideId) return s
      if (level !== null) return { ...s, level }
      const { level: _gone, ...rest } = s
      return rest
    }),
  }
}

/** Adds a platoon to a side (SMLE-ORG-04: 2–6 sections under a platoon leader); its sections and command team are put in it after. */
export function addPlatoon(draft: Draft, sideId: string): { draft: Draft; platoonId: string } {
  const platoonId = freshIds(draft, `${sideId}-platoon`)[0]!
  const name = freshName(
    draftGroups(draft).map((g) => g.name),
    'Platoon',
  )
  const platoon: Item = { id: platoonId, name, sideId, level: 'platoon' }
  return { draft: { ...draft, groups: [...draftGroups(draft), platoon] }, platoonId }
}

/** Puts a section in a platoon of its side, or (null) in none. */
export function setSectionPlatoon(draft: Draft, sectionId: string, platoonId: string | null): Draft {
  const groups = draftGroups(draft)
  const section = groups.find((g) => g.id === sectionId)
  if (!section || (section.parentId ?? null) === platoonId) return draft
  if (platoonId !== null && !groups.some((g) => g.id === platoonId && g.sideId === section.sideId)) return draft
  return putUnder(draft, sectionId, platoonId)
}

/** A group put under another (its parent), or under none. */
function putUnder(draft: Draft, groupId: string, parentId: string | null): Draft {
  return {
    ...draft,
    groups: draftGroups(draft).map((g) => {
      if (g.id !== groupId) return g
      if (parentId !== null) return { ...g, parentId }
      const { parentId: _gone, ...rest } = g
      return rest
    }),
  }
}

/** Renames a group (a section, a platoon or a company). */
export function renameGroup(draft: Draft, groupId: string, name: string): Draft {
  const groups = draftGroups(draft)
  const g = groups.find((x) => x.id === groupId)
  if (!g || g.name === name || name.trim() === '') return draft
  return { ...draft, groups: groups.map((x) => (x.id === groupId ? { ...x, name } : x)) }
}

/** Removes a platoon: its sections belong to none, its command team is in no group, its leader leads no more. */
export function removePlatoon(draft: Draft, platoonId: string): Draft {
  if (!draftGroups(draft).some((g) => g.id === platoonId && g.level === 'platoon')) return draft
  return removeGroupAbove(draft, platoonId)
}

/** Removes a platoon or a company: the groups under it belong to none, its command team is in no group. */
function removeGroupAbove(draft: Draft, groupId: string): Draft {
  const groups = draftGroups(draft)
  const next: Draft = {
    ...draft,
    groups: groups
      .filter((g) => g.id !== groupId)
      .map((g) => {
        if (g.parentId !== groupId) return g
        const { parentId: _gone, ...rest } = g
        return rest
      }),
  }
  return withTeams(
    next,
    draftTeams(next).map((t) => {
      if (t.groupId !== groupId) return t
      const { groupId: _gone, ...rest } = t
      return rest
    }),
  )
}

/** Leader grades (SMLE-QUAL-06), in words: what each does to the activation of the teams he leads. */
export const LEADER_GRADES: readonly { readonly value: string; readonly label: string }[] = [
  { value: 'basic', label: 'Basic: +1 (rolled when superior leaders are in force)' },
  { value: 'incompetent', label: 'Incompetent: no bonus' },
  { value: 'okay', label: 'Okay: +1' },
  { value: 'good', label: 'Good: up one band' },
  { value: 'exceptional', label: 'Exceptional: up two bands' },
]

/**
 * Fixes the grade of a group's leader (SMLE-QUAL-06; SMLE-ACT-10's +1 is the
 * basic grade's). A basic leader is rolled for at the start when the
 * scenario's superior-leaders rule is in force (SMLE-OPTR-03); a grade fixed
 * here is not. Better leaders are rolled or given, not bought (SMLE-PTS-02).
 */
export function setLeaderGrade(draft: Draft, groupId: string, grade: string): Draft {
  const groups = draftGroups(draft)
  const g = groups.find((x) => x.id === groupId)
  if (!g || (g.leaderGrade ?? 'basic') === grade || !LEADER_GRADES.some((l) => l.value === grade)) return draft
  return {
    ...draft,
    groups: groups.map((x) => {
      if (x.id !== groupId) return x
      if (grade !== 'basic') return { ...x, leaderGrade: grade }
      const { leaderGrade: _gone, ...rest } = x
      return rest
    }),
  }
}

/** Adds a company to a side (SMLE-ORG-04: 2–4 platoons under a company leader); its platoons and command team are put in it after. */
export function addCompany(draft: Draft, sideId: string): { draft: Draft; companyId: string } {
  const companyId = freshIds(draft, `${sideId}-company`)[0]!
  const name = freshName(
    draftGroups(draft).map((g) => g.name),
    'Company',
  )
  const company: Item = { id: companyId, name, sideId, level: 'company' }
  return { draft: { ...draft, groups: [...draftGroups(draft), company] }, companyId }
}

/** Puts a platoon in a company of its side, or (null) in none. */
export function setPlatoonCompany(draft: Draft, platoonId: string, companyId: string | null): Draft {
  const groups = draftGroups(draft)
  const platoon = groups.find((g) => g.id === platoonId && g.level === 'platoon')
  if (!platoon || (platoon.parentId ?? null) === companyId) return draft
  if (
    companyId !== null &&
    !groups.some((g) => g.id === companyId && g.level === 'company' && g.sideId === platoon.sideId)
  )
    return draft
  return putUnder(draft, platoonId, companyId)
}

/** Removes a company: its platoons belong to none, its command team is in no group, its leader leads no more. */
export function removeCompany(draft: Draft, companyId: string): Draft {
  if (!draftGroups(draft).some((g) => g.id === companyId && g.level === 'company')) return draft
  return removeGroupAbove(draft, companyId)
}
