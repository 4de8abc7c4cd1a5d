import { describe, expect, it } from 'vitest'
import { editorCheck, ScenarioSchema } from '../../src-engine/index'
import farmhouse from '../../assets/scenarios/farmhouse-skirmish.json'
import { copyToEdit } from './copy-to-edit'
import { createEditorStore, type Draft } from './editor-store'
import { addTeam, setTeamGroup } from './force-edits'
import {
  addCompany,
  addPlatoon,
  removeCompany,
  removePlatoon,
  renameGroup,
  setLevel,
  setPlatoonCompany,
  setSectionPlatoon,
  setSideLevel,
} from './group-edits'
import { liveTallies } from './force-points'

/*
 * Points from the reference (../shared/rules/smle.md §15): the farmhouse's
 * British cost 36 (see force-builder.test.ts); a platoon leader with his
 * command team is 12 (SMLE-PTS-03, as the calculator prices the platoon).
 */
const open = () => createEditorStore(copyToEdit(farmhouse as unknown as Draft))
const codes = (d: Draft) => editorCheck(d).problems.map((p) => p.code)
const british = (d: Draft) => liveTallies(ScenarioSchema.parse(d))!.find((t) => t.sideId === 'british')!.total

describe('platoons and the level of game (SMLE-ORG-04, -09, SMLE-SCEN-01)', () => {
  it('a side at platoon level is warned until it has a platoon with its section in it', () => {
    const s = open()
    s.getState().edit((d) => setSideLevel(d, 'british', 'platoon'))
    expect(ScenarioSchema.parse(s.getState().draft).sides[0]!.level).toBe('platoon')
    expect(codes(s.getState().draft)).toContain('platoon-level-no-platoon')
    let platoon = ''
    s.getState().edit((d) => {
      const r = addPlatoon(d, 'british')
      platoon = r.platoonId
      return r.draft
    })
    s.getState().edit((d) => setSectionPlatoon(d, 'br-section', platoon))
    s.getState().edit((d) => renameGroup(d, platoon, '1st Platoon'))
    const parsed = ScenarioSchema.parse(s.getState().draft)
    expect(parsed.groups.find((g) => g.id === platoon)).toMatchObject({ name: '1st Platoon', level: 'platoon' })
    expect(parsed.groups.find((g) => g.id === 'br-section')!.parentId).toBe(platoon)
    expect(codes(s.getState().draft)).not.toContain('platoon-level-no-platoon')
    expect(british(s.getState().draft)).toBe(36 + 12)
    // A command team for it: a new team put in the platoon (its section list offers it).
    s.getState().edit((d) => {
      const r = addTeam(d, 'british')
      return setTeamGroup(r.draft, r.teamId, { groupId: platoon })
    })
    expect(ScenarioSchema.parse(s.getState().draft).teams.at(-1)!.groupId).toBe(platoon)
    expect(editorCheck(s.getState().draft).problems.filter((p) => p.severity === 'error')).toEqual([])
  })

  it('a platoon removed: its section in none, its command team in no group; a side back to the scenario’s level', () => {
    const s = open()
    let platoon = ''
    s.getState().edit((d) => {
      const r = addPlatoon(d, 'british')
      platoon = r.platoonId
      const withTeam = addTeam(r.draft, 'british')
      return setTeamGroup(setSectionPlatoon(withTeam.draft, 'br-section', platoon), withTeam.teamId, {
        groupId: platoon,
      })
    })
    s.getState().edit((d) => removePlatoon(d, platoon))
    const parsed = ScenarioSchema.parse(s.getState().draft)
    expect(parsed.groups.map((g) => g.id)).toEqual(['br-section', 'de-gruppe'])
    expect(parsed.groups[0]!.parentId).toBeUndefined()
    expect(parsed.teams.at(-1)!.groupId).toBeUndefined()
    s.getState().edit((d) => setLevel(d, 'platoon'))
    s.getState().edit((d) => setSideLevel(d, 'german', 'section'))
    s.getState().edit((d) => setSideLevel(d, 'german', null))
    const again = ScenarioSchema.parse(s.getState().draft)
    expect(again.level).toBe('platoon')
    expect(again.sides[1]!.level).toBeUndefined()
  })

  it('a company over the platoon (SMLE-ORG-04: 2–4 platoons under a company leader), its command team, then removed', () => {
    const s = open()
    let platoon = ''
    let company = ''
    let hq = ''
    s.getState().edit((d) => {
      const p = addPlatoon(d, 'british')
      platoon = p.platoonId
      const c = addCompany(setSectionPlatoon(p.draft, 'br-section', platoon), 'british')
      company = c.companyId
      const t = addTeam(c.draft, 'british')
      hq = t.teamId
      return setTeamGroup(t.draft, t.teamId, { groupId: company })
    })
    s.getState().edit((d) => setPlatoonCompany(d, platoon, company))
    s.getState().edit((d) => renameGroup(d, company, 'A Company'))
    let parsed = ScenarioSchema.parse(s.getState().draft)
    expect(parsed.groups.find((g) => g.id === company)).toMatchObject({ name: 'A Company', level: 'company' })
    expect(parsed.groups.find((g) => g.id === platoon)!.parentId).toBe(company)
    expect(parsed.teams.find((t) => t.id === hq)!.groupId).toBe(company)
    expect(codes(s.getState().draft)).not.toContain('group-under-wrong-level')
    expect(editorCheck(s.getState().draft).problems.filter((p) => p.severity === 'error')).toEqual([])
    // A section is put in a platoon, not a company; a company is not put in a company.
    const before = s.getState().draft
    expect(setPlatoonCompany(before, 'br-section', company)).toBe(before)
    expect(setPlatoonCompany(before, platoon, 'de-gruppe')).toBe(before)
    // Put by hand under the company, a section is the check's error (SMLE-ORG-04).
    expect(codes(setSectionPlatoon(before, 'br-section', company))).toContain('group-under-wrong-level')
    s.getState().edit((d) => removeCompany(d, company))
    parsed = ScenarioSchema.parse(s.getState().draft)
    expect(parsed.groups.some((g) => g.id === company)).toBe(false)
    expect(parsed.groups.find((g) => g.id === platoon)!.parentId).toBeUndefined()
    expect(parsed.teams.find((t) => t.id === hq)!.groupId).toBeUndefined()
    s.getState().undo()
    expect(ScenarioSchema.parse(s.getState().draft).groups.find((g) => g.id === platoon)!.parentId).toBe(company)
  })
})
