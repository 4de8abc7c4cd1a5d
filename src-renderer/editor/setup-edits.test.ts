import { describe, expect, it } from 'vitest'
import { editorCheck, ScenarioSchema } from '../../src-engine/index'
import farmhouse from '../../assets/scenarios/farmhouse-skirmish.json'
import { copyToEdit } from './copy-to-edit'
import { createEditorStore, type Draft, draftItems } from './editor-store'
import { draftTeams, teamFigures } from './force-draft'
import { liveTallies } from './force-points'
import { positionChoices, setAboard, setEntersRound, setHidden, setTeamPosition, vehicleChoices } from './setup-edits'
import { addVehicle } from './vehicle-edits'

/*
 * Points from the reference (../shared/rules/smle.md §15): the farmhouse's
 * British cost 36 (see force-builder.test.ts). Hidden set-up doubles the
 * side's value (SMLE-PTS-07, SMLE-PTS-09: the side total times the strategic
 * multiplier); a prepared position of the side adds 12 (SMLE-PTS-05).
 */
const BRITISH = 36

const open = () => createEditorStore(copyToEdit(farmhouse as unknown as Draft))
const british = (draft: Draft): number =>
  liveTallies(ScenarioSchema.parse(draft))!.find((t) => t.sideId === 'british')!.total
const team = (draft: Draft, id: string) => draftTeams(draft).find((t) => t.id === id)!
const errors = (draft: Draft) => editorCheck(draft).problems.filter((p) => p.severity === 'error')
const codes = (draft: Draft) => editorCheck(draft).problems.map((p) => p.code)

describe('a team’s set-up (§16)', () => {
  it('SMLE-PTS-07: a team set up hidden doubles its side’s points, live; undone, they are back', () => {
    const s = open()
    s.getState().edit((d) => setHidden(d, 'br-bren', true))
    expect(team(s.getState().draft, 'br-bren').hidden).toBe(true)
    expect(british(s.getState().draft)).toBe(BRITISH * 2)
    expect(liveTallies(ScenarioSchema.parse(s.getState().draft))![0]!.multiplier).toBe(2)
    s.getState().edit((d) => setHidden(d, 'br-bren', true))
    expect(s.getState().past).toHaveLength(1)
    s.getState().edit((d) => setHidden(d, 'br-bren', false))
    expect('hidden' in team(s.getState().draft, 'br-bren')).toBe(false)
    expect(british(s.getState().draft)).toBe(BRITISH)
    s.getState().undo()
    expect(british(s.getState().draft)).toBe(BRITISH * 2)
  })

  it('reinforcements: a round set and cleared; after the last round the check says so', () => {
    const s = open()
    s.getState().edit((d) => setEntersRound(d, 'br-bren', 3))
    expect(ScenarioSchema.parse(s.getState().draft).teams[1]!.entersRound).toBe(3)
    expect(errors(s.getState().draft)).toEqual([])
    s.getState().edit((d) => setEntersRound(d, 'br-bren', 9))
    expect(codes(s.getState().draft)).toContain('reinforcement-too-late')
    s.getState().edit((d) => setEntersRound(d, 'br-bren', null))
    expect('entersRound' in team(s.getState().draft, 'br-bren')).toBe(false)
  })

  it('SMLE-SHOOT-26: a team put in a weapon pit stands inside it, the pit becomes its side’s: +12 (SMLE-PTS-05)', () => {
    const s = open()
    s.getState().setTool('position:weaponPit')
    s.getState().addCorner({ x: 20, z: 42 })
    const pit = String(draftItems(s.getState().draft, 'positions')[0]!.id)
    expect(positionChoices(s.getState().draft, 'br-section-hq').map((p) => p.id)).toEqual([pit])
    s.getState().edit((d) => setTeamPosition(d, 'br-section-hq', pit))
    const d = s.getState().draft
    const hq = team(d, 'br-section-hq')
    expect(hq.preparedPositionId).toBe(pit)
    for (const f of teamFigures(hq)) {
      const p = f.position as { x: number; z: number }
      expect(Math.hypot(p.x - 20, p.z - 42)).toBeLessThan(1.5)
    }
    expect(draftItems(d, 'positions')[0]!.sideId).toBe('british')
    expect(british(d)).toBe(BRITISH + 12)
    expect(errors(d)).toEqual([])
    // Held, the pit is no choice for the other team; nor for the enemy.
    expect(positionChoices(d, 'br-bren')).toEqual([])
    expect(positionChoices(d, 'de-mg')).toEqual([])
    s.getState().edit((d2) => setTeamPosition(d2, 'br-section-hq', null))
    expect('preparedPositionId' in team(s.getState().draft, 'br-section-hq')).toBe(false)
  })

  it('passengers: a team aboard a half-track rides at its place; out again, it stands clear beside it', () => {
    const s = open()
    let vehicleId = ''
    s.getState().edit((d) => {
      const r = addVehicle(d, 'british', 'halftrack')!
      vehicleId = r.vehicleId
      return r.draft
    })
    expect(vehicleChoices(s.getState().draft, 'br-bren').map((v) => v.id)).toEqual([vehicleId])
    // A crew is no passenger; the enemy cannot board.
    expect(vehicleChoices(s.getState().draft, `${vehicleId}-crew`)).toEqual([])
    expect(vehicleChoices(s.getState().draft, 'de-mg')).toEqual([])
    s.getState().edit((d) => setAboard(d, 'br-bren', vehicleId))
    let d = s.getState().draft
    expect(team(d, 'br-bren').vehicleId).toBe(vehicleId)
    expect(errors(d)).toEqual([])
    const game = ScenarioSchema.parse(d)
    expect(game.teams.find((t) => t.id === 'br-bren')!.vehicleId).toBe(vehicleId)
    s.getState().edit((d2) => setAboard(d2, 'br-bren', null))
    d = s.getState().draft
    expect('vehicleId' in team(d, 'br-bren')).toBe(false)
    expect(errors(d)).toEqual([])
  })

  it('SMLE-MOVE-10: more passengers than a jeep holds is the check’s error', () => {
    const s = open()
    let jeep = ''
    s.getState().edit((d) => {
      const r = addVehicle(d, 'british', 'jeep')!
      jeep = r.vehicleId
      return r.draft
    })
    s.getState().edit((d) => setAboard(d, 'br-section-hq', jeep))
    expect(codes(s.getState().draft)).not.toContain('vehicle-overloaded')
    s.getState().edit((d) => setAboard(d, 'br-bren', jeep))
    expect(codes(s.getState().draft)).toContain('vehicle-overloaded')
  })
})
