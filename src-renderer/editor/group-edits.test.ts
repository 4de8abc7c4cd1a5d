import { describe, expect, it } from 'vitest'
import { editorCheck, ScenarioSchema } from '../../src-engine/index'
import farmhouse from '../../assets/scenarios/farmhouse-skirmish.json'
import { copyToEdit } from './copy-to-edit'
import { createEditorStore, type Draft } from './editor-store'
import { addTeam, setTeamGroup } from './force-edits'
import { addPlatoon, removePlatoon, renameGroup, setLevel, setSectionPlatoon, setSideLevel } from './group-edits'
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
})
