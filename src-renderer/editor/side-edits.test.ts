import { describe, expect, it } from 'vitest'
import { editorCheck, ScenarioSchema } from '../../src-engine/index'
import farmhouse from '../../assets/scenarios/farmhouse-skirmish.json'
import { copyToEdit } from './copy-to-edit'
import { createEditorStore, type Draft } from './editor-store'
import {
  addCondition,
  baseEdge,
  conditionWords,
  draftVictory,
  newCondition,
  removeCondition,
  setAtTimeLimit,
  setBaseEdge,
  setFirstSide,
  updateCondition,
  updateSide,
} from './side-edits'

const open = () => createEditorStore(copyToEdit(farmhouse as unknown as Draft))
const codes = (draft: Draft) => editorCheck(draft).problems.map((p) => p.code)

describe('the sides: names, colours, base edges, the first side', () => {
  it('a side renamed and coloured; the same values are no step; undo takes them back', () => {
    const s = open()
    s.getState().edit((d) => updateSide(d, 'british', { name: 'Paras', colour: '#aa3311' }))
    s.getState().edit((d) => updateSide(d, 'british', { name: 'Paras' }))
    expect(s.getState().past).toHaveLength(1)
    const parsed = ScenarioSchema.parse(s.getState().draft)
    expect(parsed.sides[0]).toMatchObject({ id: 'british', name: 'Paras', colour: '#aa3311' })
    s.getState().undo()
    expect(ScenarioSchema.parse(s.getState().draft).sides[0]!.name).toBe('British')
  })

  it('the same colour on both sides is the engine’s warning, at the second side', () => {
    const s = open()
    s.getState().edit((d) => updateSide(d, 'german', { colour: '#3f6fb0' }))
    expect(codes(s.getState().draft)).toContain('sides-same-colour')
  })

  it('a base edge named, and back to the edge nearest the zone; the first side', () => {
    const s = open()
    // The British deploy along the south edge (z 36–48 of 48).
    expect(baseEdge(s.getState().draft, 'british')).toBe('south')
    s.getState().edit((d) => setBaseEdge(d, 'british', 'west'))
    expect(ScenarioSchema.parse(s.getState().draft).baseLines).toEqual([{ sideId: 'british', edge: 'west' }])
    expect(baseEdge(s.getState().draft, 'british')).toBe('west')
    s.getState().edit((d) => setBaseEdge(d, 'british', 'west'))
    expect(s.getState().past).toHaveLength(1)
    s.getState().edit((d) => setBaseEdge(d, 'british', null))
    expect(ScenarioSchema.parse(s.getState().draft).baseLines).toEqual([])
    s.getState().edit((d) => setFirstSide(d, 'german'))
    expect(s.getState().draft.firstSideId).toBe('german')
    s.getState().edit((d) => setFirstSide(d, 'nobody'))
    expect(s.getState().past).toHaveLength(3)
  })
})

describe('the victory terms (§16), in words', () => {
  it('the farmhouse’s condition in words', () => {
    const d = open().getState().draft
    expect(conditionWords(d, draftVictory(d).conditions[0]!)).toBe(
      'British or German: whoever controls the farmhouse at the end wins (a team not broken within its radius, no enemy team there).',
    )
  })

  it('each kind added for a side, filled in from the table; the scenario reads them', () => {
    const s = open()
    for (const kind of ['occupy', 'eliminate', 'killFigures', 'exit', 'raid'] as const)
      s.getState().edit((d) => addCondition(d, kind, 'british'))
    const d = s.getState().draft
    const { conditions } = ScenarioSchema.parse(d).victory
    expect(conditions.slice(1)).toEqual([
      { kind: 'occupy', objectiveId: 'farmhouse-objective', sideId: 'british' },
      { kind: 'eliminate', sideId: 'british', targetSideId: 'german' },
      { kind: 'killFigures', sideId: 'british', figureIds: ['de-uffz'] },
      // Across the table from the British base edge (south).
      { kind: 'exit', sideId: 'british', edge: 'north', fraction: 0.5 },
      { kind: 'raid', sideId: 'british', objectiveIds: ['farmhouse-objective'], holdRounds: 1, fraction: 0.5 },
    ])
    const words = draftVictory(d).conditions.map((c) => conditionWords(d, c))
    expect(words.slice(1)).toEqual([
      'British wins if any of its figures is on the farmhouse at the end.',
      'British wins at once when every figure of German is dead or gone.',
      expect.stringMatching(/^British wins at once when .+ is dead for good\.$/),
      'British wins at once when half of its figures have left by the north edge.',
      'British picks one of the farmhouse, holds it 1 full round (or blows it up), then wins when half of its figures have left by its base edge.',
    ])
    expect(s.getState().past).toHaveLength(5)
  })

  it('a condition that needs an objective is not added to a table without one', () => {
    const d = { ...open().getState().draft, objectives: [] }
    expect(newCondition(d, 'control', 'british')).toBeNull()
    expect(addCondition(d, 'raid', 'british')).toBe(d)
  })

  it('a condition changed part by part, removed; who wins at the time limit', () => {
    const s = open()
    s.getState().edit((d) => addCondition(d, 'exit', 'german'))
    s.getState().edit((d) => updateCondition(d, 1, { edge: 'north', fraction: 0.75 }))
    let d = s.getState().draft
    expect(conditionWords(d, draftVictory(d).conditions[1]!)).toBe(
      'German wins at once when three quarters of its figures have left by the north edge.',
    )
    // The Germans deploy along the north edge: leaving by it is the engine's warning (SMLE-SCEN-05).
    expect(codes(d)).toContain('exit-by-own-edge')
    s.getState().edit((d2) => updateCondition(d2, 1, { edge: 'north' }))
    expect(s.getState().past).toHaveLength(2)
    s.getState().edit((d2) => removeCondition(d2, 0))
    s.getState().edit((d2) => setAtTimeLimit(d2, 'british'))
    d = s.getState().draft
    expect(ScenarioSchema.parse(d).victory).toEqual({
      conditions: [{ kind: 'exit', sideId: 'german', edge: 'north', fraction: 0.75 }],
      atTimeLimit: 'british',
    })
    s.getState().undo()
    s.getState().undo()
    expect(draftVictory(s.getState().draft).conditions).toHaveLength(2)
  })
})
