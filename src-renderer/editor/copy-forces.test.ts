import { describe, expect, it } from 'vitest'
import { editorCheck, parseScenario, ScenarioSchema } from '../../src-engine/index'
import { newHeader, startMatch } from '../../src-engine/rules/smle/match'
import type { Scenario } from '../../src-engine/rules/smle/scenario/schema'
import farmhouse from '../../assets/scenarios/farmhouse-skirmish.json'
import { copyToEdit } from './copy-to-edit'
import { clipboardFor, createEditorStore, type Draft } from './editor-store'
import { draftGroups, draftTeams, draftVehicles, type Item, teamFigures } from './force-draft'
import { isLeading } from './force-edits'
import { setBaseSize } from './figure-edits'
import { setLeaderGrade } from './group-edits'
import { addVehicle } from './vehicle-edits'

/*
 * Copy and paste of the forces (a user copies a team to field another like
 * it). Points from the reference (../shared/rules/smle.md §15): the
 * farmhouse's Bren team, an LMG and a rifle, is better-armed, 12 × 1.5 = 18
 * (SMLE-PTS-01, -06, -09; the LMG gunner counts twice, SMLE-ORG-03); the
 * British side costs 36 with its basic section leader's +6 (SMLE-PTS-02),
 * which a copied team does not add again: the section has one leader
 * (SMLE-ORG-08).
 */
const open = () => createEditorStore(copyToEdit(farmhouse as unknown as Draft))
const team = (d: Draft, id: string): Item => draftTeams(d).find((t) => t.id === id)!
const sidePoints = (d: Draft, sideId: string): number => editorCheck(d).points!.find((p) => p.sideId === sideId)!.total
const errors = (d: Draft) => editorCheck(d).problems.filter((p) => p.severity === 'error')
const spots = (t: Item) => teamFigures(t).map((f) => f.position as { x: number; z: number })

/** Every pair of bases on the table apart (CORE-TABLE-02: no base on another). */
function basesApart(d: Draft): boolean {
  const all = draftTeams(d)
    .filter((t) => t.vehicleId === undefined)
    .flatMap(spots)
  return all.every((a, i) => all.every((b, j) => i === j || Math.hypot(a.x - b.x, a.z - b.z) >= 1 - 1e-9))
}

describe('copying a team (Ctrl+C / Ctrl+V on a team picked)', () => {
  it('the Bren team copied: new ids, its weapons, in its section, leading nothing, clear of the others; +18 (SMLE-PTS-06, -09)', () => {
    const s = open()
    const before = s.getState().draft
    expect(sidePoints(before, 'british')).toBe(36)
    s.getState().select({ collection: 'teams', id: 'br-bren' })
    s.getState().copySelected()
    s.getState().paste()
    const d = s.getState().draft
    const copy = draftTeams(d).at(-1)!
    expect(copy.id).not.toBe('br-bren')
    expect(copy.name).toBe('Bren team (copy)')
    expect(copy.groupId).toBe('br-section')
    expect(teamFigures(copy).map((f) => f.weapon)).toEqual(teamFigures(team(before, 'br-bren')).map((f) => f.weapon))
    const ids = teamFigures(copy).map((f) => String(f.id))
    expect(new Set(ids).size).toBe(2)
    for (const id of ids) expect(JSON.stringify(before)).not.toContain(`"${id}"`)
    expect(teamFigures(copy).some((f) => isLeading(d, f))).toBe(false)
    expect(draftGroups(d).find((g) => g.id === 'br-section')!.leaderFigureId).toBe('br-sgt')
    // The same formation, somewhere else, near the original.
    const [a, b] = spots(team(before, 'br-bren'))
    const [c, e] = spots(copy)
    expect(e!.x - c!.x).toBeCloseTo(b!.x - a!.x, 6)
    expect(e!.z - c!.z).toBeCloseTo(b!.z - a!.z, 6)
    expect(Math.hypot(c!.x - a!.x, c!.z - a!.z)).toBeGreaterThan(0)
    expect(Math.hypot(c!.x - a!.x, c!.z - a!.z)).toBeLessThanOrEqual(12 * Math.SQRT2)
    expect(basesApart(d)).toBe(true)
    expect(errors(d)).toEqual([])
    expect(sidePoints(d, 'british')).toBe(36 + 18)
    expect(s.getState().selected).toEqual({ collection: 'teams', id: copy.id })
    // One step to undo.
    s.getState().undo()
    expect(s.getState().draft).toEqual(before)
  })

  it('pasted twice: two copies with their own names and places; the game starts with every figure', () => {
    const s = open()
    s.getState().select({ collection: 'teams', id: 'br-bren' })
    s.getState().copySelected()
    s.getState().paste()
    s.getState().paste()
    const d = s.getState().draft
    expect(draftTeams(d).map((t) => t.name)).toEqual([
      'Section HQ',
      'Bren team',
      'Gruppe A',
      'MG team',
      'Bren team (copy)',
      'Bren team (copy 2)',
    ])
    expect(basesApart(d)).toBe(true)
    expect(errors(d)).toEqual([])
    const parsed = parseScenario(d)
    expect(parsed.ok).toBe(true)
    const m = startMatch(newHeader((parsed as unknown as { scenario: Scenario }).scenario, 1, 'quick'))
    expect(Object.keys(m.state.figures)).toHaveLength(10 + 4)
  })

  it('a command team copied joins no section (a section has one leader’s team) and its sergeant leads nothing', () => {
    const s = open()
    s.getState().select({ collection: 'teams', id: 'br-section-hq' })
    s.getState().copySelected()
    s.getState().paste()
    const d = s.getState().draft
    const copy = draftTeams(d).at(-1)!
    expect(copy.groupId).toBeUndefined()
    expect(teamFigures(copy).map((f) => f.isLeader)).toEqual([undefined, undefined, undefined])
    expect(teamFigures(copy).map((f) => f.weapon)).toEqual(['smg', undefined, undefined])
    expect(errors(d)).toEqual([])
  })

  it('a vehicle’s crew is not copied alone: it comes with its vehicle (Copy is greyed out for it)', () => {
    const s = open()
    s.getState().edit((d) => addVehicle(d, 'british', 'jeep')?.draft ?? d)
    const jeep = draftVehicles(s.getState().draft).at(-1)!
    const crew = jeep.crewTeamId as string
    expect(clipboardFor(s.getState().draft, { collection: 'teams', id: crew })).toBeNull()
    s.getState().select({ collection: 'teams', id: crew })
    s.getState().copySelected()
    expect(s.getState().clipboard).toBeNull()
    // The jeep itself, and a team that crews nothing, are copied.
    expect(clipboardFor(s.getState().draft, { collection: 'vehicles', id: String(jeep.id) })).not.toBeNull()
    expect(clipboardFor(s.getState().draft, { collection: 'teams', id: 'br-bren' })).not.toBeNull()
    expect(clipboardFor(s.getState().draft, { collection: 'teams', id: 'gone' })).toBeNull()
  })
})

describe('copying a vehicle', () => {
  it('a carrier copied with its crew: new ids, the same profile and facing, its crew aboard it, clear of the first; +12 +24 and +12 again (SMLE-PTS-09)', () => {
    const s = open()
    s.getState().edit((d) => addVehicle(d, 'british', 'carrier')?.draft ?? d)
    const one = s.getState().draft
    const first = draftVehicles(one).at(-1)!
    const withOne = sidePoints(one, 'british')
    s.getState().select({ collection: 'vehicles', id: String(first.id) })
    s.getState().copySelected()
    s.getState().paste()
    const d = s.getState().draft
    const copy = draftVehicles(d).at(-1)!
    expect(copy.id).not.toBe(first.id)
    expect(copy).toMatchObject({ profile: 'carrier', facingDeg: first.facingDeg, name: `${String(first.name)} (copy)` })
    expect(copy.position).not.toEqual(first.position)
    const crew = team(d, String(copy.crewTeamId))
    expect(crew).toMatchObject({ kind: 'crew', vehicleId: copy.id })
    expect(teamFigures(crew)).toHaveLength(teamFigures(team(one, String(first.crewTeamId))).length)
    expect(
      teamFigures(crew).every(
        (f) => f.position === copy.position || JSON.stringify(f.position) === JSON.stringify(copy.position),
      ),
    ).toBe(true)
    expect(sidePoints(d, 'british') - withOne).toBe(withOne - 36)
    expect(errors(d)).toEqual([])
    expect(s.getState().selected).toEqual({ collection: 'vehicles', id: copy.id })
    s.getState().undo()
    expect(s.getState().draft).toEqual(one)
  })
})

describe('copying a figure', () => {
  it('the Bren gunner copied joins the Bren team with his LMG, beside it, leading nothing; one step to undo', () => {
    const s = open()
    const before = s.getState().draft
    s.getState().select({ collection: 'figures', id: 'br-bren-1' })
    s.getState().copySelected()
    s.getState().paste()
    const d = s.getState().draft
    const figures = teamFigures(team(d, 'br-bren'))
    expect(figures).toHaveLength(3)
    const copy = figures.at(-1)!
    expect(copy.weapon).toBe('lmg')
    expect(isLeading(d, copy)).toBe(false)
    const p = copy.position as { x: number; z: number }
    expect(Math.hypot(p.x - 22, p.z - 38)).toBeLessThanOrEqual(8 * Math.SQRT2)
    expect(basesApart(d)).toBe(true)
    expect(s.getState().selected).toEqual({ collection: 'figures', id: copy.id })
    s.getState().undo()
    expect(s.getState().draft).toEqual(before)
  })

  it('the section’s leader copied: the copy does not lead (SMLE-ORG-08: one leader, +6 once, SMLE-PTS-02)', () => {
    const s = open()
    s.getState().select({ collection: 'figures', id: 'br-sgt' })
    s.getState().copySelected()
    s.getState().paste()
    const d = s.getState().draft
    const copy = teamFigures(team(d, 'br-section-hq')).at(-1)!
    expect(copy.weapon).toBe('smg')
    expect(copy.isLeader).toBeUndefined()
    expect(draftGroups(d).find((g) => g.id === 'br-section')!.leaderFigureId).toBe('br-sgt')
  })
})

describe('a leader’s grade (SMLE-QUAL-06)', () => {
  it('fixed in the editor, the game starts with it; basic again leaves the field out; an unknown grade changes nothing', () => {
    const s = open()
    s.getState().edit((d) => setLeaderGrade(d, 'br-section', 'good'))
    const d = s.getState().draft
    expect(ScenarioSchema.parse(d).groups.find((g) => g.id === 'br-section')!.leaderGrade).toBe('good')
    const parsed = parseScenario(d)
    const m = startMatch(newHeader((parsed as unknown as { scenario: Scenario }).scenario, 1, 'quick'))
    expect(m.state.groups['br-section']!.leaderGrade).toBe('good')
    // Better leaders are rolled or given, not bought (SMLE-PTS-02).
    expect(sidePoints(d, 'british')).toBe(36)
    const past = s.getState().past.length
    s.getState().edit((x) => setLeaderGrade(x, 'br-section', 'legendary'))
    expect(s.getState().past.length).toBe(past)
    s.getState().edit((x) => setLeaderGrade(x, 'br-section', 'basic'))
    expect(draftGroups(s.getState().draft).find((g) => g.id === 'br-section')).not.toHaveProperty('leaderGrade')
  })
})

describe('a figure’s base', () => {
  it('a 40 mm base is 0.8" from the centre to the edge; back on 25 mm the field goes; a 50 mm base on the Bren gunner reaches his mate (CORE-TABLE-02)', () => {
    const s = open()
    s.getState().edit((d) => setBaseSize(d, 'br-bren-1', 1.6))
    const gunner = () => teamFigures(team(s.getState().draft, 'br-bren'))[0]!
    expect(ScenarioSchema.parse(s.getState().draft).teams[1]!.figures[0]!.baseRadiusIn).toBe(0.8)
    s.getState().edit((d) => setBaseSize(d, 'br-bren-1', 1))
    expect(gunner()).not.toHaveProperty('baseRadiusIn')
    expect(s.getState().draft).toEqual(copyToEdit(farmhouse as unknown as Draft))
    // The two of the Bren team stand 2" apart, centre to centre: two 50 mm bases (1" each way) touch, and more overlap.
    s.getState().edit((d) => setBaseSize(d, 'br-bren-1', 2))
    s.getState().edit((d) => setBaseSize(d, 'br-bren-2', 2.5))
    expect(editorCheck(s.getState().draft).problems.map((p) => p.code)).toContain('figures-overlap')
    const past = s.getState().past.length
    s.getState().edit((d) => setBaseSize(d, 'br-bren-1', 0))
    expect(s.getState().past.length).toBe(past)
  })
})
