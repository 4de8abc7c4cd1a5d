import { describe, expect, it } from 'vitest'
import { editorCheck, ScenarioSchema } from '../../src-engine/index'
import { blankScenario, freeScenarioId, isBlankRequest, slug } from './blank-scenario'
import { copyRequested } from './copy-to-edit'
import { createEditorStore, draftItems, halfway, TRENCH_TOOL } from './editor-store'
import { setTeamPosition } from './setup-edits'

const blank = (widthIn = 72, depthIn = 48) =>
  blankScenario({ id: 'raid', name: 'Raid', widthIn, depthIn, sides: ['Commandos', 'Garrison'] })

describe('a scenario on an empty table (New game → Build a scenario)', () => {
  it('the table of the size asked, two sides deploying within 8" of the south and north edges (§16), a team each', () => {
    const s = ScenarioSchema.parse(blank())
    expect(s.table).toEqual({ widthIn: 72, depthIn: 48 })
    expect(s.buildings).toEqual([])
    expect(s.terrain.areas).toEqual([])
    expect(s.sides.map((x) => [x.id, x.name, x.deploymentZone])).toEqual([
      ['commandos', 'Commandos', { minX: 0, minZ: 40, maxX: 72, maxZ: 48 }],
      ['garrison', 'Garrison', { minX: 0, minZ: 0, maxX: 72, maxZ: 8 }],
    ])
    expect(s.baseLines).toEqual([
      { sideId: 'commandos', edge: 'south' },
      { sideId: 'garrison', edge: 'north' },
    ])
    expect(s.firstSideId).toBe('commandos')
    expect(s.roundLimit).toBe(10)
    for (const side of s.sides) {
      const teams = s.teams.filter((t) => t.sideId === side.id)
      expect(teams).toHaveLength(1)
      for (const f of teams[0]!.figures) {
        expect(f.position.z).toBeGreaterThanOrEqual(side.deploymentZone.minZ + 0.5)
        expect(f.position.z).toBeLessThanOrEqual(side.deploymentZone.maxZ - 0.5)
      }
    }
    // No error; the check asks for a way to win.
    const problems = editorCheck(blank()).problems
    expect(problems.filter((p) => p.severity === 'error')).toEqual([])
    expect(problems.map((p) => p.code)).toContain('no-victory')
  })

  it('ids: words joined by hyphens, the first one free; the request New game sends', () => {
    expect(slug('The Few Brave!', 'x')).toBe('the-few-brave')
    expect(slug('¡¡', 'new-scenario')).toBe('new-scenario')
    expect(freeScenarioId('raid', ['raid', 'raid-2'])).toBe('raid-3')
    expect(freeScenarioId('raid', [])).toBe('raid')
    expect(isBlankRequest({ blank: true })).toBe(true)
    expect(isBlankRequest(blank())).toBe(false)
    const same = blankScenario({ id: 'x', name: 'X', widthIn: 48, depthIn: 48, sides: ['Red', 'Red'] })
    expect(ScenarioSchema.parse(same).sides.map((x) => x.id)).toEqual(['red', 'red-2'])
  })

  it('Edit a copy sends the scenario, copied in the editor: its own id and name; a draft is opened as it is', () => {
    expect(copyRequested({ copyOf: blank() })).toMatchObject({ id: 'raid-copy', name: 'Raid (copy)' })
    expect(copyRequested(blank())).toBeNull()
  })
})

describe('trenches (SMLE-SHOOT-26): a prepared position drawn along a line', () => {
  it('drawn point by point and finished: its points, its label half way along; a team seated in it', () => {
    const s = createEditorStore(blank())
    s.getState().setTool(TRENCH_TOOL)
    s.getState().addCorner({ x: 20, z: 44 })
    expect(draftItems(s.getState().draft, 'positions')).toHaveLength(0)
    s.getState().finishShape()
    expect(draftItems(s.getState().draft, 'positions')).toHaveLength(0)
    s.getState().addCorner({ x: 30, z: 44 })
    s.getState().addCorner({ x: 30, z: 38 })
    s.getState().finishShape()
    const [trench] = draftItems(s.getState().draft, 'positions')
    expect(trench).toEqual({
      id: 'trench-1',
      kind: 'trench',
      x: 28,
      z: 44,
      arcDeg: 0,
      points: [
        { x: 20, z: 44 },
        { x: 30, z: 44 },
        { x: 30, z: 38 },
      ],
    })
    expect(s.getState().past).toHaveLength(1)
    const team = String((s.getState().draft.teams as { id: string }[])[0]!.id)
    s.getState().edit((d) => setTeamPosition(d, team, 'trench-1'))
    const problems = editorCheck(s.getState().draft).problems
    expect(problems.filter((p) => p.severity === 'error')).toEqual([])
    expect(problems.map((p) => p.code)).not.toContain('position-too-small')
    s.getState().undo()
    s.getState().undo()
    expect(draftItems(s.getState().draft, 'positions')).toHaveLength(0)
  })

  it('half way along a line', () => {
    expect(
      halfway([
        { x: 0, z: 0 },
        { x: 10, z: 0 },
      ]),
    ).toEqual({ x: 5, z: 0 })
    expect(
      halfway([
        { x: 0, z: 0 },
        { x: 2, z: 0 },
        { x: 2, z: 8 },
      ]),
    ).toEqual({ x: 2, z: 3 })
  })
})
