import { describe, expect, it } from 'vitest'
import { editorCheck, ScenarioSchema } from '../../src-engine/index'
import farmhouse from '../../assets/scenarios/farmhouse-skirmish.json'
import { copyToEdit } from './copy-to-edit'
import { createEditorStore, type Draft } from './editor-store'
import { setHeroGrade, updateFigure } from './figure-edits'
import { ruleInForce, setObjectiveKind, setOptionalRule } from './rules-edits'

const open = () => createEditorStore(copyToEdit(farmhouse as unknown as Draft))
const codes = (d: Draft) => editorCheck(d).problems.map((p) => p.code)

describe('the rules in force (§14) and the objectives’ kinds', () => {
  it('an optional rule put in force and out; the same tick is no step', () => {
    const s = open()
    s.getState().edit((d) => setOptionalRule(d, 'heroes', true))
    s.getState().edit((d) => setOptionalRule(d, 'heroes', true))
    expect(s.getState().past).toHaveLength(1)
    expect(ScenarioSchema.parse(s.getState().draft).settings.optional.heroes).toBe(true)
    s.getState().edit((d) => setOptionalRule(d, 'heroes', false))
    expect(ruleInForce(s.getState().draft, 'heroes')).toBe(false)
  })

  it('a hero or Camera Fodder without their rule is the check’s warning, gone once the rule is in force', () => {
    const s = open()
    s.getState().edit((d) => setHeroGrade(d, 'br-sgt', 1))
    s.getState().edit((d) => updateFigure(d, 'de-uffz', { cameraFodder: true }))
    expect(codes(s.getState().draft).filter((c) => c === 'optional-rule-off')).toHaveLength(2)
    s.getState().edit((d) => setOptionalRule(d, 'heroes', true))
    s.getState().edit((d) => setOptionalRule(d, 'cameraFodder', true))
    expect(codes(s.getState().draft)).not.toContain('optional-rule-off')
    s.getState().edit((d) => updateFigure(d, 'de-uffz', { cameraFodder: false, significant: true }))
    const f = ScenarioSchema.parse(s.getState().draft)
      .teams.flatMap((t) => t.figures)
      .find((x) => x.id === 'de-uffz')!
    expect(f).toMatchObject({ cameraFodder: false, significant: true })
  })

  it('SMLE-SCEN-06: an objective made a weapon cache asks for its weapon; back to a marker, it holds none', () => {
    const s = open()
    s.getState().edit((d) => setObjectiveKind(d, 'farmhouse-objective', 'cache'))
    expect(codes(s.getState().draft)).toContain('cache-no-weapon')
    s.getState().updateItem('objectives', 'farmhouse-objective', { weapon: 'bazooka' })
    expect(codes(s.getState().draft)).not.toContain('cache-no-weapon')
    expect(ScenarioSchema.parse(s.getState().draft).objectives[0]).toMatchObject({ kind: 'cache', weapon: 'bazooka' })
    s.getState().edit((d) => setObjectiveKind(d, 'farmhouse-objective', 'area'))
    const o = ScenarioSchema.parse(s.getState().draft).objectives[0]!
    expect(o.kind).toBe('area')
    expect(o.weapon).toBeUndefined()
  })
})
