import { describe, expect, it } from 'vitest'
import { editorCheck, ScenarioSchema } from '../../src-engine/index'
import farmhouse from '../../assets/scenarios/farmhouse-skirmish.json'
import { copyToEdit } from './copy-to-edit'
import { createEditorStore, type Draft, draftItems, itemAnchor } from './editor-store'
import {
  addOtherWeapon,
  removeFigure,
  setAmmo,
  setHeroAttribute,
  setHeroGrade,
  setKit,
  updateFigure,
} from './figure-edits'
import { draftGroups, draftTeams, draftVehicles, teamFigures } from './force-draft'
import { addFigure, addTeam, isLeading, setLeader, setSidePoints, setTeamGroup, updateTeam } from './force-edits'
import { liveTallies } from './force-points'
import { addVehicle } from './vehicle-edits'

/*
 * Expected points come from the reference (../shared/rules/smle.md §15), not
 * from the code. The farmhouse's British and Germans are each a section of
 * two teams under a leader:
 * - Section HQ / Gruppe A: an SMG and two rifles, all basic 1D weapons
 *   (Table 6, SMLE-WPN-03), Light armour: 12 (SMLE-PTS-01);
 * - Bren team / MG team: an LMG (1D+1, "better") and a rifle; the LMG
 *   gunner counts as two figures (SMLE-ORG-03, Example SMLE-ORG-E01), so
 *   most of the team is better-armed: 12 × 1.5 = 18 (SMLE-PTS-06, -09);
 * - a basic section leader: +6 (SMLE-PTS-02).
 * So each side costs 12 + 18 + 6 = 36.
 */
const BASE = 36

const open = () => createEditorStore(copyToEdit(farmhouse as unknown as Draft))

/** A side's total as the engine's check gives it (SMLE-PTS-09). */
function total(draft: Draft, sideId: string): number {
  const side = editorCheck(draft).points?.find((p) => p.sideId === sideId)
  if (!side) throw new Error(`no points for ${sideId}: ${JSON.stringify(editorCheck(draft).problems)}`)
  return side.total
}

/** A team's cost as the panel shows it. */
function teamCost(draft: Draft, teamId: string): number | undefined {
  const tallies = liveTallies(ScenarioSchema.parse(draft))
  return tallies?.flatMap((t) => [...t.teams]).find(([id]) => id === teamId)?.[1]
}

const team = (draft: Draft, id: string) => draftTeams(draft).find((t) => t.id === id)!
const figureIds = (draft: Draft, teamId: string) => teamFigures(team(draft, teamId)).map((f) => String(f.id))
const errors = (draft: Draft) => editorCheck(draft).problems.filter((p) => p.severity === 'error')

describe('the force builder: teams, figures and their points (SMLE §1, §15)', () => {
  it('the farmhouse sides cost 36 each (SMLE-PTS-01, -02, -06, -09; SMLE-ORG-03)', () => {
    const s = open()
    expect(total(s.getState().draft, 'british')).toBe(BASE)
    expect(total(s.getState().draft, 'german')).toBe(BASE)
    expect(teamCost(s.getState().draft, 'br-bren')).toBe(18)
  })

  it('a new team is three riflemen in the side’s zone, clear of everything: +12 (SMLE-PTS-01); undo and redo', () => {
    const s = open()
    let id = ''
    s.getState().edit((d) => {
      const r = addTeam(d, 'british')
      id = r.teamId
      return r.draft
    })
    const draft = s.getState().draft
    const added = team(draft, id)
    expect(added).toMatchObject({ sideId: 'british', kind: 'fire', quality: 'trained' })
    const figures = teamFigures(added)
    expect(figures).toHaveLength(3)
    expect(figures.every((f) => f.weapon === 'rifle')).toBe(true)
    for (const f of figures) {
      const p = f.position as { x: number; z: number }
      // The British zone: x 0–72, z 36–48; a 1" base wholly inside.
      expect(p.x).toBeGreaterThanOrEqual(0.5)
      expect(p.x).toBeLessThanOrEqual(71.5)
      expect(p.z).toBeGreaterThanOrEqual(36.5)
      expect(p.z).toBeLessThanOrEqual(47.5)
    }
    expect(errors(draft)).toEqual([])
    expect(total(draft, 'british')).toBe(BASE + 12)
    expect(teamCost(draft, id)).toBe(12)
    expect(total(draft, 'german')).toBe(BASE)
    s.getState().undo()
    expect(draftTeams(s.getState().draft).some((t) => t.id === id)).toBe(false)
    expect(total(s.getState().draft, 'british')).toBe(BASE)
    s.getState().redo()
    expect(total(s.getState().draft, 'british')).toBe(BASE + 12)
  })

  it('teams added one after another stand apart: no base on another, none in a wall (CORE-TABLE-02, -03)', () => {
    let draft = copyToEdit(farmhouse as unknown as Draft)
    for (let i = 0; i < 6; i++) draft = addTeam(draft, i % 2 ? 'german' : 'british').draft
    expect(errors(draft)).toEqual([])
    expect(draftTeams(draft)).toHaveLength(4 + 6)
  })

  it('weapons: two shotguns (1D+1, better) in three make the team better-armed, ×1.5 (SMLE-PTS-06, -09); undo', () => {
    const s = open()
    const id = addAndOpen(s)
    const [a, b, c] = figureIds(s.getState().draft, id)
    s.getState().edit((d) => updateFigure(d, a!, { weapon: 'shotgun' }))
    expect(teamCost(s.getState().draft, id)).toBe(12)
    s.getState().edit((d) => updateFigure(d, b!, { weapon: 'shotgun' }))
    expect(teamCost(s.getState().draft, id)).toBe(18)
    expect(total(s.getState().draft, 'british')).toBe(BASE + 18)
    // The rifleman goes: two shotguns are the whole team, still better-armed.
    s.getState().removeItem('figures', c!)
    expect(figureIds(s.getState().draft, id)).toEqual([a, b])
    expect(total(s.getState().draft, 'british')).toBe(BASE + 18)
    s.getState().undo()
    expect(figureIds(s.getState().draft, id)).toEqual([a, b, c])
    s.getState().undo()
    expect(team(s.getState().draft, id).figures).toMatchObject([{ weapon: 'shotgun' }, { weapon: 'rifle' }, {}])
    expect(teamCost(s.getState().draft, id)).toBe(12)
    s.getState().redo()
    expect(teamCost(s.getState().draft, id)).toBe(18)
  })

  it('Example SMLE-PTS-E01: an Elite Veteran team of 3 with basic weapons costs 24; a Fanatic Green team with better weapons 27; an unarmoured Untrained mob 6', () => {
    const s = open()
    const elite = addAndOpen(s)
    s.getState().edit((d) => updateTeam(d, elite, { quality: 'veteran', motivation: 'elite' }))
    expect(teamCost(s.getState().draft, elite)).toBe(24)

    const fanatic = addAndOpen(s)
    s.getState().edit((d) => updateTeam(d, fanatic, { quality: 'green', motivation: 'fanatic' }))
    s.getState().edit((d) => addFigure(d, fanatic)!.draft)
    for (const f of figureIds(s.getState().draft, fanatic))
      s.getState().edit((d) => updateFigure(d, f, { weapon: 'shotgun' }))
    expect(figureIds(s.getState().draft, fanatic)).toHaveLength(4)
    expect(teamCost(s.getState().draft, fanatic)).toBe(27)

    const mob = addAndOpen(s)
    s.getState().edit((d) => updateTeam(d, mob, { quality: 'untrained' }))
    for (const f of figureIds(s.getState().draft, mob)) s.getState().edit((d) => updateFigure(d, f, { armour: 'none' }))
    expect(teamCost(s.getState().draft, mob)).toBe(6)
    expect(total(s.getState().draft, 'british')).toBe(BASE + 24 + 27 + 6)

    // Each armour change was a step: three undone, the mob is Light-armoured again.
    for (let i = 0; i < 3; i++) s.getState().undo()
    expect(teamCost(s.getState().draft, mob)).toBe(12)
    for (let i = 0; i < 3; i++) s.getState().redo()
    expect(teamCost(s.getState().draft, mob)).toBe(6)
  })

  it('kit: a radio and a medic count their carriers twice (SMLE-ORG-03), turning the majority to the shotguns', () => {
    const s = open()
    const id = addAndOpen(s)
    s.getState().edit((d) => updateTeam(d, id, { quality: 'green' }))
    s.getState().edit((d) => addFigure(d, id)!.draft)
    s.getState().edit((d) => addFigure(d, id)!.draft)
    const [a, b] = figureIds(s.getState().draft, id)
    s.getState().edit((d) => updateFigure(d, a!, { weapon: 'shotgun' }))
    s.getState().edit((d) => updateFigure(d, b!, { weapon: 'shotgun' }))
    // Two shotguns against three rifles: basic.
    expect(teamCost(s.getState().draft, id)).toBe(12)
    s.getState().edit((d) => setKit(d, a!, 'radio', true))
    s.getState().edit((d) => setKit(d, b!, 'medic', true))
    expect(team(s.getState().draft, id).figures).toMatchObject([{ kit: ['radio'] }, { kit: ['medic'] }, {}, {}, {}])
    // Four against three: better, ×1.5.
    expect(teamCost(s.getState().draft, id)).toBe(18)
    s.getState().undo()
    expect(teamFigures(team(s.getState().draft, id))[1]!.kit).toBeUndefined()
    s.getState().redo()
    s.getState().edit((d) => setKit(d, b!, 'medic', false))
    s.getState().edit((d) => setKit(d, a!, 'radio', false))
    expect(teamCost(s.getState().draft, id)).toBe(12)
    // Kit taken from a figure that carries none: nothing to undo.
    const steps = s.getState().past.length
    s.getState().edit((d) => setKit(d, a!, 'radio', false))
    s.getState().edit((d) => setKit(d, b!, 'medic', false))
    expect(s.getState().past).toHaveLength(steps)
  })

  it('grenades: carried as a further weapon, each round paid for, 1 point (SMLE-PTS-04, SMLE-WPN-11)', () => {
    const s = open()
    const id = addAndOpen(s)
    const [a] = figureIds(s.getState().draft, id)
    s.getState().edit((d) => addOtherWeapon(d, a!, 'hand-grenade'))
    expect(teamFigures(team(s.getState().draft, id))[0]!.otherWeapons).toEqual(['hand-grenade'])
    expect(team(s.getState().draft, id).ammo).toEqual({ 'hand-grenade': 1 })
    expect(total(s.getState().draft, 'british')).toBe(BASE + 12 + 1)
    s.getState().edit((d) => setAmmo(d, id, 'hand-grenade', 3))
    expect(total(s.getState().draft, 'british')).toBe(BASE + 12 + 3)
    s.getState().undo()
    expect(total(s.getState().draft, 'british')).toBe(BASE + 12 + 1)
    s.getState().redo()
    // A knife is a further weapon too, and costs nothing.
    s.getState().edit((d) => addOtherWeapon(d, a!, 'knife'))
    expect(total(s.getState().draft, 'british')).toBe(BASE + 12 + 3)
    // Nobody carries grenades any more: their rounds go.
    s.getState().removeItem('figures', a!)
    expect(team(s.getState().draft, id).ammo).toBeUndefined()
    expect(total(s.getState().draft, 'british')).toBe(BASE + 12)
    expect(errors(s.getState().draft)).toEqual([])
  })

  it('a section leader costs +6 (SMLE-PTS-02): a new section, its leader named, then none; undo', () => {
    const s = open()
    const id = addAndOpen(s)
    s.getState().edit((d) => setTeamGroup(d, id, 'new'))
    const group = draftGroups(s.getState().draft).find((g) => g.id === team(s.getState().draft, id).groupId)!
    expect(group).toMatchObject({ sideId: 'british', level: 'section', name: 'Section 1' })
    expect(total(s.getState().draft, 'british')).toBe(BASE + 12)
    const [a, b] = figureIds(s.getState().draft, id)
    s.getState().edit((d) => setLeader(d, a!, true))
    expect(draftGroups(s.getState().draft).find((g) => g.id === group.id)!.leaderFigureId).toBe(a)
    expect(total(s.getState().draft, 'british')).toBe(BASE + 12 + 6)
    // Another figure takes over: still one leader.
    s.getState().edit((d) => setLeader(d, b!, true))
    const figs = teamFigures(team(s.getState().draft, id))
    expect(figs.map((f) => isLeading(s.getState().draft, f))).toEqual([false, true, false])
    expect(figs.map((f) => f.isLeader === true)).toEqual([false, true, false])
    expect(total(s.getState().draft, 'british')).toBe(BASE + 12 + 6)
    s.getState().edit((d) => setLeader(d, b!, false))
    expect(total(s.getState().draft, 'british')).toBe(BASE + 12)
    s.getState().undo()
    expect(total(s.getState().draft, 'british')).toBe(BASE + 12 + 6)
    // Out of the section again: the section, empty, goes, and its leader with it.
    s.getState().edit((d) => setTeamGroup(d, id, 'none'))
    expect(draftGroups(s.getState().draft).some((g) => g.id === group.id)).toBe(false)
    expect(total(s.getState().draft, 'british')).toBe(BASE + 12)
    expect(errors(s.getState().draft)).toEqual([])
  })

  it('joining the farmhouse section keeps its leader; removing the team that holds the leader leaves the section unled', () => {
    const s = open()
    const id = addAndOpen(s)
    s.getState().edit((d) => setTeamGroup(d, id, { groupId: 'br-section' }))
    expect(total(s.getState().draft, 'british')).toBe(BASE + 12)
    s.getState().removeItem('teams', 'br-section-hq')
    expect(draftGroups(s.getState().draft).find((g) => g.id === 'br-section')!.leaderFigureId).toBeUndefined()
    // Bren team 18 and the new team 12, no leader.
    expect(total(s.getState().draft, 'british')).toBe(18 + 12)
    expect(errors(s.getState().draft)).toEqual([])
    s.getState().undo()
    expect(total(s.getState().draft, 'british')).toBe(BASE + 12)
  })

  it('a team that led itself joins a section: the section’s leader stays the one (SMLE-ORG-08), no second +6', () => {
    const s = open()
    const id = addAndOpen(s)
    const [a] = figureIds(s.getState().draft, id)
    s.getState().edit((d) => setLeader(d, a!, true))
    expect(teamFigures(team(s.getState().draft, id))[0]!.isLeader).toBe(true)
    // Alone, a team leader is no section leader: no points for it (SMLE-PTS-02 is per section).
    expect(total(s.getState().draft, 'british')).toBe(BASE + 12)
    s.getState().edit((d) => setTeamGroup(d, id, { groupId: 'br-section' }))
    expect(teamFigures(team(s.getState().draft, id))[0]!.isLeader).toBe(false)
    expect(draftGroups(s.getState().draft).find((g) => g.id === 'br-section')!.leaderFigureId).toBe('br-sgt')
    expect(total(s.getState().draft, 'british')).toBe(BASE + 12)
  })

  it('figures: quality of their own or the team’s, a hero grade and attributes, a name; no points for them', () => {
    const s = open()
    const id = addAndOpen(s)
    const [a] = figureIds(s.getState().draft, id)
    s.getState().edit((d) => updateFigure(d, a!, { quality: 'veteran', name: 'Cpl Ash' }))
    expect(teamFigures(team(s.getState().draft, id))[0]).toMatchObject({ quality: 'veteran', name: 'Cpl Ash' })
    s.getState().edit((d) => updateFigure(d, a!, { quality: 'team' }))
    expect(teamFigures(team(s.getState().draft, id))[0]!.quality).toBeUndefined()
    s.getState().edit((d) => setHeroGrade(d, a!, 2))
    s.getState().edit((d) => setHeroAttribute(d, a!, 'tough', true))
    expect(teamFigures(team(s.getState().draft, id))[0]!.hero).toEqual({ grade: 2, tough: true })
    expect(total(s.getState().draft, 'british')).toBe(BASE + 12)
    s.getState().undo()
    expect(teamFigures(team(s.getState().draft, id))[0]!.hero).toEqual({ grade: 2 })
    s.getState().edit((d) => setHeroGrade(d, a!, 0))
    expect(teamFigures(team(s.getState().draft, id))[0]!.hero).toBeUndefined()
    expect(ScenarioSchema.safeParse(s.getState().draft).success).toBe(true)
  })

  it('a figure added stands beside its team; a team keeps one figure at least', () => {
    const s = open()
    const id = addAndOpen(s)
    let added = ''
    s.getState().edit((d) => {
      const r = addFigure(d, id)!
      added = r.figureId
      return r.draft
    })
    const draft = s.getState().draft
    const middle = itemAnchor('teams', team(draft, id))!
    const at = teamFigures(team(draft, id)).find((f) => f.id === added)!.position as { x: number; z: number }
    expect(Math.hypot(at.x - middle.x, at.z - middle.z)).toBeLessThan(4)
    expect(errors(draft)).toEqual([])
    for (const f of figureIds(draft, id).slice(1)) s.getState().removeItem('figures', f)
    expect(figureIds(s.getState().draft, id)).toHaveLength(1)
    expect(removeFigure(s.getState().draft, figureIds(s.getState().draft, id)[0]!)).toBe(s.getState().draft)
  })

  it('figures and teams are picked and moved by their arrows like the rest (one step to undo)', () => {
    const s = open()
    s.getState().moveItem('figures', 'br-r1', 1, -2)
    expect(teamFigures(team(s.getState().draft, 'br-section-hq'))[1]!.position).toEqual({ x: 34, z: 27 })
    expect(
      itemAnchor(
        'figures',
        draftItems(s.getState().draft, 'figures').find((f) => f.id === 'br-r1')!,
      ),
    ).toEqual({
      x: 34,
      z: 27,
    })
    s.getState().moveItem('teams', 'br-bren', -2, 0)
    expect(teamFigures(team(s.getState().draft, 'br-bren')).map((f) => f.position)).toEqual([
      { x: 20, z: 38 },
      { x: 21.6, z: 39.2 },
    ])
    s.getState().undo()
    s.getState().undo()
    expect(s.getState().draft).toEqual(copyToEdit(farmhouse as unknown as Draft))
    // A vehicle is not copied (its crew and passengers would need copies of their own): copy-forces.test.ts.
  })
})

describe('the force builder: vehicles and their crews (SMLE §13, SMLE-PTS-09)', () => {
  it('a Universal Carrier: 12 × 1 (bulletproof front) + 24 for its Bren as a heavy-weapons team, and its crew of two as a team, 12', () => {
    const s = open()
    let id = ''
    s.getState().edit((d) => {
      const r = addVehicle(d, 'british', 'carrier')!
      id = r.vehicleId
      return r.draft
    })
    const draft = s.getState().draft
    const vehicle = draftVehicles(draft).find((v) => v.id === id)!
    expect(vehicle).toMatchObject({ sideId: 'british', profile: 'carrier', facingDeg: 0 })
    const crew = team(draft, String(vehicle.crewTeamId))
    expect(crew).toMatchObject({ kind: 'crew', vehicleId: id, sideId: 'british' })
    // §13.3: the carrier's crew is two.
    expect(teamFigures(crew)).toHaveLength(2)
    expect(errors(draft)).toEqual([])
    expect(total(draft, 'british')).toBe(BASE + 36 + 12)
    s.getState().undo()
    expect(draftVehicles(s.getState().draft)).toEqual([])
    expect(total(s.getState().draft, 'british')).toBe(BASE)
    s.getState().redo()
    expect(total(s.getState().draft, 'british')).toBe(BASE + 48)
  })

  it('a medium tank for the Germans: 12 × 2 + 24, crew of five 12; removed with its crew, undone', () => {
    const s = open()
    s.getState().edit((d) => addVehicle(d, 'german', 'medium-tank')!.draft)
    const draft = s.getState().draft
    const tank = draftVehicles(draft)[0]!
    // The Germans deploy along the north edge: the tank faces south, toward the British.
    expect(tank.facingDeg).toBe(180)
    const z = (tank.position as { z: number }).z
    expect(z - 2.5).toBeGreaterThanOrEqual(0)
    expect(z + 2.5).toBeLessThanOrEqual(12)
    expect(teamFigures(team(draft, String(tank.crewTeamId)))).toHaveLength(5)
    expect(total(draft, 'german')).toBe(BASE + 48 + 12)
    expect(errors(draft)).toEqual([])
    s.getState().removeItem('vehicles', String(tank.id))
    expect(draftVehicles(s.getState().draft)).toEqual([])
    expect(draftTeams(s.getState().draft).some((t) => t.id === tank.crewTeamId)).toBe(false)
    expect(total(s.getState().draft, 'german')).toBe(BASE)
    s.getState().undo()
    expect(total(s.getState().draft, 'german')).toBe(BASE + 60)
    // Removing the crew takes the vehicle with it.
    s.getState().removeItem('teams', String(tank.crewTeamId))
    expect(draftVehicles(s.getState().draft)).toEqual([])
    expect(errors(s.getState().draft)).toEqual([])
  })

  it('a vehicle removed with a team riding in it: the team gets out beside where it stood', () => {
    let draft = addVehicle(copyToEdit(farmhouse as unknown as Draft), 'british', 'truck')!.draft
    const truck = draftVehicles(draft)[0]!
    const riders = addTeam(draft, 'british')
    draft = {
      ...riders.draft,
      teams: draftTeams(riders.draft).map((t) =>
        t.id === riders.teamId
          ? { ...t, vehicleId: truck.id, figures: teamFigures(t).map((f) => ({ ...f, position: truck.position })) }
          : t,
      ),
    }
    expect(errors(draft)).toEqual([])
    const s = createEditorStore(draft)
    s.getState().removeItem('vehicles', String(truck.id))
    const out = team(s.getState().draft, riders.teamId)
    expect(out.vehicleId).toBeUndefined()
    const at = truck.position as { x: number; z: number }
    for (const f of teamFigures(out)) {
      const p = f.position as { x: number; z: number }
      expect(Math.hypot(p.x - at.x, p.z - at.z)).toBeLessThan(8)
    }
    expect(errors(s.getState().draft)).toEqual([])
  })

  it('two vehicles and a team for one side stand clear of one another', () => {
    let draft = copyToEdit(farmhouse as unknown as Draft)
    draft = addVehicle(draft, 'british', 'halftrack')!.draft
    draft = addVehicle(draft, 'british', 'truck')!.draft
    draft = addTeam(draft, 'british').draft
    expect(errors(draft)).toEqual([])
  })
})

describe('the force builder: a side’s total of points (SMLE-PTS-09)', () => {
  it('a total below the cost is an error in words with its clause; raised, it goes; blank, none; undo', () => {
    const s = open()
    addAndOpen(s)
    s.getState().edit((d) => setSidePoints(d, 'british', 40))
    const over = editorCheck(s.getState().draft).problems.find((p) => p.code === 'points-over')!
    expect(over).toMatchObject({ severity: 'error', clause: 'SMLE-PTS-09', objectId: 'british' })
    expect(over.message).toBe('British costs 48 points, 8 more than the 40 the scenario gives it (SMLE-PTS-09).')
    expect(editorCheck(s.getState().draft).points!.find((p) => p.sideId === 'british')!.budget).toBe(40)
    s.getState().edit((d) => setSidePoints(d, 'british', 50))
    expect(editorCheck(s.getState().draft).problems.some((p) => p.code === 'points-over')).toBe(false)
    s.getState().edit((d) => setSidePoints(d, 'british', null))
    expect(s.getState().draft.sides).toEqual(copyToEdit(farmhouse as unknown as Draft).sides)
    s.getState().undo()
    expect((s.getState().draft.sides as { points?: number }[])[0]!.points).toBe(50)
    // The same total again is no step.
    const steps = s.getState().past.length
    s.getState().edit((d) => setSidePoints(d, 'british', 50))
    expect(s.getState().past).toHaveLength(steps)
  })
})

/** Adds a team to the British (one step) and gives its id. */
function addAndOpen(s: ReturnType<typeof open>): string {
  let id = ''
  s.getState().edit((d) => {
    const r = addTeam(d, 'british')
    id = r.teamId
    return r.draft
  })
  return id
}
