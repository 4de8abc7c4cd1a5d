import { describe, expect, it } from 'vitest'
import { editorCheck, initialState, parseScenario, type Scenario, viewScenario } from '../../src-engine/index'
import multipleSignals from '../../assets/scenarios/smle-multiple-signals.json'
import { copyToEdit } from './copy-to-edit'
import { createEditorStore, type Draft, draftItems } from './editor-store'
import { setHidden } from './setup-edits'
import { setPositionConcealed, setPositionWidth } from './position-edits'

const open = () => createEditorStore(copyToEdit(structuredClone(multipleSignals) as unknown as Draft))
const codes = (d: Draft) => editorCheck(d).problems.map((p) => p.code)

/** The prepared positions a side is shown at the start of the game played on the draft. */
function positionsSeenBy(draft: Draft, sideId: string): string[] {
  // The positions placed are bought on top of the Marines' points (SMLE-PTS-05): their total is lifted for the game.
  const parsed = parseScenario({
    ...draft,
    sides: (draft as unknown as { sides: object[] }).sides.map((side) => ({ ...side, points: undefined })),
  })
  if (!parsed.ok) throw new Error(parsed.message)
  const scenario = parsed.scenario as unknown as Scenario
  const state = initialState(scenario, 1)
  return viewScenario(scenario, state, { kind: 'sides', sideIds: [sideId] }).positions.map((p) => p.id)
}

describe('a prepared position concealed, and its width (SMLE-SHOOT-26)', () => {
  it('a concealed pit nobody holds is unseen by the other side and seen by its own; unticked, both see it', () => {
    const s = open()
    // A fourth weapon pit placed south of the station, the marines'.
    s.getState().setTool('position:weaponPit')
    s.getState().addCorner({ x: 40, z: 40 })
    s.getState().setTool('look')
    const pit = String(draftItems(s.getState().draft, 'positions').at(-1)!.id)
    s.getState().updateItem('positions', pit, { sideId: 'marines' })
    const problems = codes(s.getState().draft)
    expect(positionsSeenBy(s.getState().draft, 'aliens')).toContain(pit)
    s.getState().edit((d) => setPositionConcealed(d, pit, true))
    // The same tick again is no step to undo.
    const steps = s.getState().past.length
    s.getState().edit((d) => setPositionConcealed(d, pit, true))
    expect(s.getState().past).toHaveLength(steps)
    expect(positionsSeenBy(s.getState().draft, 'aliens')).not.toContain(pit)
    expect(positionsSeenBy(s.getState().draft, 'marines')).toContain(pit)
    // Concealed or not, the check says the same (SMLE-PTS-05: 12 points a position either way).
    expect(codes(s.getState().draft)).toEqual(problems)
    s.getState().edit((d) => setPositionConcealed(d, pit, false))
    expect(positionsSeenBy(s.getState().draft, 'aliens')).toContain(pit)
    // Not concealed is the file's default: nothing written.
    expect(draftItems(s.getState().draft, 'positions').at(-1)).not.toHaveProperty('concealed')
    s.getState().undo()
    expect(positionsSeenBy(s.getState().draft, 'aliens')).not.toContain(pit)
  })

  it('a concealed pit held by a team in hidden set-up stays unseen; held by a team in sight it is seen', () => {
    const s = open()
    s.getState().edit((d) => setPositionConcealed(d, 'pit-n', true))
    // Fire team A sits in pit-n, in plain sight: the pit is seen with it.
    expect(positionsSeenBy(s.getState().draft, 'aliens')).toContain('pit-n')
    s.getState().edit((d) => setHidden(d, 'mr-a', true))
    expect(positionsSeenBy(s.getState().draft, 'aliens')).not.toContain('pit-n')
    expect(positionsSeenBy(s.getState().draft, 'aliens')).toContain('pit-e')
  })

  it('a pit made too narrow for its team is the check’s warning; its width left blank is its kind’s again', () => {
    const s = open()
    s.getState().edit((d) => setPositionWidth(d, 'pit-n', 0.8))
    expect(codes(s.getState().draft)).toContain('position-too-small')
    // Nought or less is no width: no change.
    const now = s.getState().draft
    expect(setPositionWidth(now, 'pit-n', 0)).toBe(now)
    expect(setPositionWidth(now, 'pit-n', -2)).toBe(now)
    s.getState().edit((d) => setPositionWidth(d, 'pit-n', null))
    expect(draftItems(s.getState().draft, 'positions').find((p) => p.id === 'pit-n')).not.toHaveProperty('widthIn')
    expect(codes(s.getState().draft)).not.toContain('position-too-small')
    expect(s.getState().past).toHaveLength(2)
  })
})
