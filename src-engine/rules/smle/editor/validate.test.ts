import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { hutScenario } from '../../../../tests/fixtures/scenarios'
import type { ScenarioProblem } from '../../../scenario/problems'
import { validateScenario } from '../../validate-scenario'
import { validateSmleScenario } from './validate'

/**
 * A 30"×30" table with a 6"×6" hut at (10,10) (walls 0.25" thick, a closed
 * door in the middle of its south wall), Blue's two figures south of it
 * (deploying z 20–30), Red's two in the north (z 0–8), and a way to win.
 */
type Raw = ReturnType<typeof hutScenario> & Record<string, unknown>
function base(): Raw {
  const s = structuredClone(hutScenario()) as Raw
  s.victory = { conditions: [{ kind: 'eliminate', sideId: 'blue', targetSideId: 'red' }], atTimeLimit: 'red' }
  return s
}
const blueTeam = (s: Raw) => s.teams[0]!
const b1 = (s: Raw) => s.teams[0]!.figures[0]!
/** Writes a value the schema would refuse (what a hand-edited file may hold). */
const set = (o: object, key: string, value: unknown): void => {
  ;(o as Record<string, unknown>)[key] = value
}

/** The problems of a code. */
const of = (problems: readonly ScenarioProblem[], code: string) => problems.filter((p) => p.code === code)
/** The one problem of a code (fails when there is none or several). */
function one(raw: unknown, code: string): ScenarioProblem {
  const found = of(validateSmleScenario(raw), code)
  expect(found, `problems of ${code}: ${JSON.stringify(validateSmleScenario(raw))}`).toHaveLength(1)
  return found[0]!
}

describe('the scenario checked while it is edited', () => {
  it('the hut as built has no error and nothing beyond the organisation advice', () => {
    const problems = validateSmleScenario(base())
    expect(problems.filter((p) => p.severity === 'error')).toEqual([])
    expect(problems.every((p) => p.code === 'organisation')).toBe(true)
  })

  it('every built-in scenario validates with no error', () => {
    const dir = join(import.meta.dirname, '..', '..', '..', '..', 'assets', 'scenarios')
    for (const name of readdirSync(dir).filter((n) => n.endsWith('.json'))) {
      const raw: unknown = JSON.parse(readFileSync(join(dir, name), 'utf8'))
      expect(
        validateScenario(raw).filter((p) => p.severity === 'error'),
        name,
      ).toEqual([])
    }
  })
})

describe('schema errors in words, never a schema path', () => {
  it('a wrong type names the figure and its team by name: "Team "Blue team", figure "Blue One", main weapon should be some text"', () => {
    const s = base()
    set(b1(s), 'weapon', 7)
    const p = one(s, 'schema')
    expect(p.message).toBe('Team "Blue team", figure "Blue One", main weapon should be some text.')
    expect(p.objectId).toBe('b1')
    expect(p.message).not.toMatch(/teams\.0|\[0\]|Invalid input/)
  })

  it('a missing field "is missing"', () => {
    const s = base()
    set(s.teams[1]!.figures[1]!, 'position', undefined)
    expect(one(s, 'schema').message).toBe('Team "Red team", figure "Red Two", position is missing.')
  })

  it('a value not in a list names the choices', () => {
    const s = base()
    set(blueTeam(s).figures[1]!, 'armour', 'plate')
    expect(one(s, 'schema').message).toBe(
      'Team "Blue team", figure "Blue Two", armour should be one of: none, light, body, heavy, armoured, aliens, monsters.',
    )
  })

  it('a number out of range says the bound in words', () => {
    const s = base()
    b1(s).baseRadiusIn = 0
    expect(one(s, 'schema').message).toBe('Team "Blue team", figure "Blue One", base radius must be more than 0.')
    b1(s).baseRadiusIn = 0.5
    s.roundLimit = 2.5
    expect(one(s, 'schema').message).toBe('Round limit should be a whole number.')
  })

  it('an empty name "cannot be empty"; an empty list "needs at least 1 entry"', () => {
    const s = base()
    s.name = ''
    expect(one(s, 'schema').message).toBe('Name cannot be empty.')
    s.name = 'Hut'
    s.teams[1]!.figures = []
    expect(one(s, 'schema').message).toBe('Team "Red team", figures needs at least 1 entry.')
  })

  it("a pattern's own words are kept; a bare pattern is not in the right form", () => {
    const s = base()
    s.id = 'Hut Raid'
    expect(one(s, 'schema').message).toBe('Id: scenario ids are lower-case words joined by hyphens.')
    s.id = 'hut'
    s.sides[0]!.colour = 'blue'
    expect(one(s, 'schema').message).toBe('Side "Blue", colour is not in the right form.')
  })

  it('an unknown kind of victory condition names the kinds there are', () => {
    const s = base()
    set(s.victory.conditions[0]!, 'kind', 'surrender')
    expect(one(s, 'schema').message).toMatch(
      /^Victory, victory condition number 1, kind should be one of: control, occupy, eliminate/,
    )
  })

  it('a ruleset this build does not have is one problem naming it (CORE-RULESET-01)', () => {
    const p = validateScenario({ ...base(), ruleset: 'chess' })
    expect(p).toHaveLength(1)
    expect(p[0]).toMatchObject({ code: 'unknown-ruleset', severity: 'error', clause: 'CORE-RULESET-01' })
    expect(p[0]!.message).toContain('"chess"')
  })
})

describe('references across the scenario', () => {
  it('an unknown weapon is said at the figure carrying it', () => {
    const s = base()
    b1(s).weapon = 'lasgun'
    const p = one(s, 'reference')
    expect(p.message).toBe('Figure "b1" carries unknown weapon "lasgun" (Table 6).')
    expect(p).toMatchObject({ objectId: 'b1', at: { x: 13, z: 17 } })
  })
})

describe('the table', () => {
  it('a building reaching off the table', () => {
    const s = base()
    s.buildings[0]!.x = 27
    const p = one(s, 'building-off-table')
    expect(p.message).toBe('The Hut reaches off the 30" × 30" table.')
    expect(p).toMatchObject({ severity: 'error', objectId: 'hut', at: { x: 30, z: 13 } })
  })

  it('terrain left off the table (a table made smaller): a hill’s top, an area, a wall wholly off it are warned of', () => {
    const s = base()
    set(s, 'terrain', {
      hills: [
        { id: 'knoll', x: 34, z: 10, radiusIn: 6, heightIn: 1 },
        { id: 'rise', x: 28, z: 10, radiusIn: 6, heightIn: 1 },
      ],
      areas: [
        {
          id: 'far-wood',
          name: 'Far wood',
          kind: 'woods',
          polygon: [
            { x: 32, z: 2 },
            { x: 36, z: 2 },
            { x: 36, z: 6 },
          ],
        },
        // Wider than the table, corners all off it: it covers the table and is no problem.
        {
          id: 'marsh',
          kind: 'rough',
          polygon: [
            { x: -5, z: -5 },
            { x: 40, z: -5 },
            { x: 40, z: 40 },
            { x: -5, z: 40 },
          ],
        },
      ],
    })
    set(s, 'linearFeatures', [
      {
        id: 'far-wall',
        kind: 'stoneWall',
        points: [
          { x: 31, z: 20 },
          { x: 33, z: 25 },
        ],
      },
      {
        id: 'near-wall',
        kind: 'stoneWall',
        points: [
          { x: 29, z: 20 },
          { x: 33, z: 20 },
        ],
      },
    ])
    const hill = one(s, 'hill-off-table')
    expect(hill.message).toBe(
      'Hill "knoll" has its top off the 30" × 30" table (at x 34, z 10): only its foot can reach it.',
    )
    expect(hill).toMatchObject({ severity: 'warning', objectId: 'knoll', at: { x: 30, z: 10 } })
    const area = one(s, 'area-off-table')
    expect(area.message).toBe('Far wood lies wholly off the 30" × 30" table.')
    expect(area).toMatchObject({ severity: 'warning', objectId: 'far-wood', at: { x: 30, z: 2 } })
    expect(one(s, 'line-off-table')).toMatchObject({
      severity: 'warning',
      objectId: 'far-wall',
      message: 'The stone wall "far-wall" lies wholly off the 30" × 30" table.',
    })
  })

  it('a building inside another; terraced houses sharing a wall are fine', () => {
    const s = base()
    s.buildings.push({ ...s.buildings[0]!, id: 'shed', name: 'Shed', x: 14, doors: [] })
    expect(one(s, 'buildings-overlap').message).toBe('The Shed stands inside the Hut: their walls cross.')
    s.buildings[1]!.x = 16
    expect(of(validateSmleScenario(s), 'buildings-overlap')).toEqual([])
  })

  it('a door not on its wall (past the corner)', () => {
    const s = base()
    s.buildings[0]!.doors[0]!.offsetIn = 5.5
    const p = one(s, 'door-off-wall')
    expect(p.message).toBe(
      'Door "hut-door" of the Hut is not on its south wall: a doorway 1.6" wide centred 5.5" along a 6" wall reaches past its end (the corners are solid).',
    )
    expect(p.objectId).toBe('hut-door')
    expect(p.at!.x).toBeCloseTo(15.5)
    expect(p.at!.z).toBeCloseTo(15.875)
  })

  it('two doors overlapping in one wall', () => {
    const s = base()
    s.buildings[0]!.doors.push({ ...s.buildings[0]!.doors[0]!, id: 'hut-door-2', offsetIn: 3.5 })
    expect(one(s, 'doors-overlap').message).toBe(
      'Doors "hut-door" and "hut-door-2" of the Hut overlap in its south wall.',
    )
  })

  it('a window not on its wall', () => {
    const s = base()
    s.buildings[0]!.windows.push({ wall: 'east', offsetIn: -1, widthIn: 1, sillIn: 0.85, heightIn: 1, floor: 0 })
    expect(one(s, 'window-off-wall').message).toBe(
      'A window of the Hut is not on its east wall: 1" wide centred -1" along a 6" wall.',
    )
  })

  it('a ground-floor window in a doorway', () => {
    const s = base()
    s.buildings[0]!.windows.push({ wall: 'south', offsetIn: 3, widthIn: 1, sillIn: 0.85, heightIn: 1, floor: 0 })
    expect(one(s, 'window-on-door').message).toBe(
      'A ground-floor window of the Hut overlaps door "hut-door" in its south wall.',
    )
  })

  it('an objective off the table', () => {
    const s = base()
    s.objectives.push({ id: 'well', name: 'The well', x: 31, z: 5, radiusIn: 1, points: 1, kind: 'marker' })
    const p = one(s, 'objective-off-table')
    expect(p.message).toBe('Objective "The well" is off the table (at x 31, z 5 on a 30" × 30" table).')
    expect(p).toMatchObject({ objectId: 'well', at: { x: 31, z: 5 } })
  })

  it('a prepared position not wholly on the table', () => {
    const s = base()
    s.positions.push({ id: 'pit', kind: 'weaponPit', x: 29, z: 25, arcDeg: 270, arcWidthDeg: 90, concealed: false })
    expect(one(s, 'position-off-table').message).toBe('Weapon pit "pit" is not wholly on the table.')
  })

  it('SMLE-SHOOT-26: a prepared position whose 90° arc faces out of the table; facing in is fine', () => {
    const s = base()
    s.positions.push({ id: 'fox', kind: 'foxhole', x: 5, z: 27, arcDeg: 180, arcWidthDeg: 90, concealed: false })
    const p = one(s, 'position-faces-off-table')
    expect(p.message).toBe(
      'Foxhole "fox" faces out of the table: the middle of its 90° arc (180°) reaches the table edge after 3", so its occupants could fire at almost nothing (SMLE-SHOOT-26).',
    )
    expect(p).toMatchObject({ severity: 'warning', clause: 'SMLE-SHOOT-26', at: { x: 5, z: 27 }, objectId: 'fox' })
    s.positions[0]!.arcDeg = 0
    expect(of(validateSmleScenario(s), 'position-faces-off-table')).toEqual([])
  })

  it('an empty deployment zone', () => {
    const s = base()
    s.sides[0]!.deploymentZone = { minX: 10, minZ: 20, maxX: 5, maxZ: 30 }
    expect(one(s, 'zone-empty').message).toBe(
      "Blue's deployment zone is empty: its west edge must lie west of its east edge and its north edge north of its south edge.",
    )
  })

  it('a deployment zone reaching off the table', () => {
    const s = base()
    s.sides[0]!.deploymentZone = { minX: 0, minZ: 20, maxX: 30, maxZ: 34 }
    const p = one(s, 'zone-off-table')
    expect(p).toMatchObject({ severity: 'warning', objectId: 'blue', at: { x: 15, z: 25 } })
  })

  it("a deployment zone overlapping the enemy's: an error where sides place their own figures", () => {
    const s = base()
    s.sides[1]!.deploymentZone = { minX: 0, minZ: 0, maxX: 30, maxZ: 22 }
    s.deployment = 'free'
    const p = one(s, 'zones-overlap')
    expect(p.message).toBe("Red's deployment zone overlaps Blue's (x 0–30, z 20–22).")
    expect(p).toMatchObject({ severity: 'error', at: { x: 15, z: 21 } })
    s.deployment = 'fixed'
    expect(one(s, 'zones-overlap').severity).toBe('warning')
  })
})

describe('where the forces stand', () => {
  it('CORE-TABLE-01: a figure off the table, named', () => {
    const s = base()
    b1(s).position = { x: 29.8, z: 25 }
    const p = one(s, 'figure-off-table')
    expect(p.message).toBe(
      'Blue One (Blue team) stands off the table: a 0.5" base at x 29.8, z 25 must lie within the 30" × 30" table.',
    )
    expect(p).toMatchObject({ objectId: 'b1', at: { x: 29.8, z: 25 } })
    expect(of(validateSmleScenario(s), 'reference')).toEqual([])
  })

  it('CORE-TABLE-02: a figure inside a wall, or in a closed doorway; inside the hut or in an open doorway is fine', () => {
    const s = base()
    b1(s).position = { x: 10.2, z: 12 }
    expect(one(s, 'figure-in-solid').message).toBe('Blue One (Blue team) stands inside the west wall of the Hut.')
    b1(s).position = { x: 13, z: 15.9 }
    expect(one(s, 'figure-in-solid').message).toBe('Blue One (Blue team) stands inside the closed door of the Hut.')
    s.buildings[0]!.doors[0]!.state = 'open'
    expect(of(validateSmleScenario(s), 'figure-in-solid')).toEqual([])
    b1(s).position = { x: 13, z: 13 }
    expect(of(validateSmleScenario(s), 'figure-in-solid')).toEqual([])
  })

  it('CORE-TABLE-02: a figure astride a stone wall, or in ground it cannot enter', () => {
    const s = base()
    s.linearFeatures.push({
      id: 'wall',
      kind: 'stoneWall',
      points: [
        { x: 0, z: 18 },
        { x: 30, z: 18 },
      ],
    })
    b1(s).position = { x: 13, z: 18.2 }
    expect(one(s, 'figure-in-solid').message).toBe('Blue One (Blue team) stands inside a stone wall.')
    s.linearFeatures = []
    s.terrain.areas.push({
      id: 'pond',
      name: 'the pond',
      kind: 'water',
      going: 'impassable',
      polygon: [
        { x: 12, z: 17 },
        { x: 15, z: 17 },
        { x: 15, z: 19 },
        { x: 12, z: 19 },
      ],
    })
    expect(one(s, 'figure-in-solid').message).toBe(
      'Blue One (Blue team) stands in the pond, which a figure cannot enter.',
    )
  })

  it('CORE-TABLE-03: figures standing on one another; bases that only touch are fine', () => {
    const s = base()
    blueTeam(s).figures[1]!.position = { x: 13.6, z: 17 }
    const p = one(s, 'figures-overlap')
    expect(p.message).toBe('Blue Two (Blue team) stands on Blue One (Blue team): their bases overlap.')
    expect(p).toMatchObject({ objectId: 'b2', at: { x: 13.6, z: 17 } })
    blueTeam(s).figures[1]!.position = { x: 14, z: 17 }
    expect(of(validateSmleScenario(s), 'figures-overlap')).toEqual([])
  })

  const withJeep = (): Raw => {
    const s = base()
    s.teams.push({
      ...structuredClone(blueTeam(s)),
      id: 'crew',
      name: 'Jeep crew',
      kind: 'crew',
      vehicleId: 'jeep',
      figures: [{ ...structuredClone(b1(s)), id: 'd1', name: 'Driver' }],
    })
    s.vehicles.push({
      id: 'jeep',
      name: 'Jeep',
      sideId: 'blue',
      profile: 'jeep',
      crewTeamId: 'crew',
      position: { x: 22, z: 26 },
      facingDeg: 0,
      lengthIn: 3,
      widthIn: 1.5,
      accessDoors: 1,
      helicopter: false,
      speedIn: 0,
    })
    return s
  }

  it('a vehicle (its crew aboard) placed clear of everything has no problem', () => {
    expect(validateSmleScenario(withJeep()).filter((p) => p.severity === 'error')).toEqual([])
  })

  it('CORE-TABLE-01: a vehicle reaching off the table', () => {
    const s = withJeep()
    s.vehicles[0]!.position = { x: 22, z: 29 }
    expect(one(s, 'vehicle-off-table').message).toBe('Jeep stands off the table: its hull must lie wholly on it.')
  })

  it('CORE-TABLE-02: a vehicle across a wall', () => {
    const s = withJeep()
    s.vehicles[0]!.position = { x: 16, z: 13 }
    const p = one(s, 'vehicle-in-solid')
    expect(p.message).toBe('Jeep stands across the east wall of the Hut.')
    expect(p).toMatchObject({ objectId: 'jeep', at: { x: 16, z: 13 } })
  })

  it('CORE-TABLE-03: vehicles on one another', () => {
    const s = withJeep()
    s.vehicles.push({
      ...structuredClone(s.vehicles[0]!),
      id: 'jeep-2',
      name: 'Second jeep',
      position: { x: 23, z: 27 },
    })
    s.teams.push({
      ...structuredClone(s.teams[2]!),
      id: 'crew-2',
      vehicleId: 'jeep-2',
      figures: [{ ...b1(s), id: 'd2', name: 'Driver 2' }],
    })
    s.vehicles[1]!.crewTeamId = 'crew-2'
    expect(one(s, 'vehicles-overlap').message).toBe('Second jeep and Jeep stand on each other: their hulls overlap.')
  })

  it('CORE-TABLE-03: a figure under a vehicle', () => {
    const s = withJeep()
    blueTeam(s).figures[1]!.position = { x: 22, z: 25 }
    expect(one(s, 'figure-under-vehicle').message).toBe(
      'Blue Two (Blue team) stands under Jeep: put the figure beside it, or its team aboard.',
    )
  })

  const inFoxhole = (): Raw => {
    const s = base()
    s.positions.push({
      id: 'fox',
      kind: 'foxhole',
      x: 20,
      z: 22,
      arcDeg: 0,
      arcWidthDeg: 90,
      concealed: false,
      sideId: 'blue',
    })
    s.teams.push({
      ...structuredClone(blueTeam(s)),
      id: 'blue-2',
      name: 'Pit team',
      preparedPositionId: 'fox',
      figures: [{ ...structuredClone(b1(s)), id: 'p1', name: 'Pit One', position: { x: 20, z: 22 } }],
    })
    blueTeam(s).figures[1]!.position = { x: 24, z: 24 }
    return s
  }

  it('a team in its own foxhole has no problem', () => {
    expect(validateSmleScenario(inFoxhole()).filter((p) => p.severity === 'error')).toEqual([])
  })

  it('SMLE-SHOOT-26: a team starting in a prepared position stands inside it', () => {
    const s = inFoxhole()
    s.teams[2]!.figures[0]!.position = { x: 20, z: 25 }
    expect(one(s, 'position-not-occupied').message).toBe(
      'Pit One (Pit team) starts in prepared position "fox" but stands outside it.',
    )
  })

  it('SMLE-SHOOT-26: a team may not start in the enemy’s prepared position', () => {
    const s = inFoxhole()
    s.positions[0]!.sideId = 'red'
    expect(one(s, 'position-of-enemy').message).toBe(
      'Pit team starts in prepared position "fox", which belongs to the other side.',
    )
  })

  it('SMLE-PTS-05: a prepared position holds one team', () => {
    const s = inFoxhole()
    blueTeam(s).preparedPositionId = 'fox'
    blueTeam(s).figures = [blueTeam(s).figures[0]!]
    b1(s).position = { x: 20.1, z: 21.5 }
    s.teams[2]!.figures[0]!.position = { x: 24, z: 27 }
    const p = one(s, 'position-shared')
    expect(p.message).toBe(
      'Pit team and Blue team both start in prepared position "fox"; a position holds one team (SMLE-PTS-05).',
    )
    expect(p.clause).toBe('SMLE-PTS-05')
  })
})

describe('the forces as a whole', () => {
  it('a side with no figures', () => {
    const s = base()
    s.teams = s.teams.filter((t) => t.sideId !== 'red')
    const p = one(s, 'side-no-figures')
    expect(p.message).toBe('Red has no figures: give the side at least one team.')
    expect(p).toMatchObject({ objectId: 'red', at: { x: 15, z: 4 } })
  })

  it('SMLE-PTS-09: points over the scenario’s total for the side', () => {
    const s = base()
    s.sides[0]!.points = 10
    const p = one(s, 'points-over')
    expect(p.message).toBe('Blue costs 12 points, 2 more than the 10 the scenario gives it (SMLE-PTS-09).')
    expect(p).toMatchObject({ severity: 'error', objectId: 'blue', at: { x: 15, z: 25 } })
    s.sides[0]!.points = 12
    expect(of(validateSmleScenario(s), 'points-over')).toEqual([])
  })

  it('SMLE-PTS-08: a side facing vehicles with no weapon that can hurt them', () => {
    const s = base()
    s.teams.push({
      ...structuredClone(s.teams[1]!),
      id: 'tank-crew',
      name: 'Tank crew',
      kind: 'crew',
      vehicleId: 'tank',
      figures: [{ ...structuredClone(s.teams[1]!.figures[0]!), id: 'tc', name: 'Commander' }],
    })
    s.vehicles.push({
      id: 'tank',
      name: 'Panzer IV',
      sideId: 'red',
      profile: 'medium-tank',
      crewTeamId: 'tank-crew',
      position: { x: 22, z: 4 },
      facingDeg: 180,
      lengthIn: 3,
      widthIn: 1.5,
      accessDoors: 1,
      helicopter: false,
      speedIn: 0,
    })
    const p = one(s, 'no-answer-to-vehicle')
    expect(p.message).toBe(
      'Blue has no weapon that can hurt Panzer IV; a side facing vehicles ought to have some way of dealing with them (SMLE-PTS-08).',
    )
    expect(p).toMatchObject({ severity: 'warning', objectId: 'tank', at: { x: 22, z: 4 } })
    b1(s).otherWeapons = ['bazooka']
    expect(of(validateSmleScenario(s), 'no-answer-to-vehicle')).toEqual([])
  })

  it('SMLE-SCEN-05: a team aboard a vehicle cannot set up hidden', () => {
    const s = base()
    s.teams.push({
      ...structuredClone(blueTeam(s)),
      id: 'crew',
      name: 'Jeep crew',
      vehicleId: 'jeep',
      hidden: true,
      figures: [{ ...b1(s), id: 'd1', name: 'Driver' }],
    })
    s.vehicles.push({
      id: 'jeep',
      name: 'Jeep',
      sideId: 'blue',
      profile: 'jeep',
      crewTeamId: 'crew',
      position: { x: 22, z: 26 },
      facingDeg: 0,
      lengthIn: 3,
      widthIn: 1.5,
      accessDoors: 1,
      helicopter: false,
      speedIn: 0,
    })
    expect(one(s, 'hidden-aboard').message).toBe(
      'Jeep crew is set up hidden but starts aboard a vehicle; only a team standing on the table can set up hidden (SMLE-SCEN-05).',
    )
  })

  it('SMLE-SCEN-05: reinforcements cannot set up hidden', () => {
    const s = base()
    blueTeam(s).hidden = true
    blueTeam(s).entersRound = 3
    expect(one(s, 'hidden-reinforcement').message).toBe(
      'Blue team is set up hidden but arrives as reinforcements in round 3; only a team on the table at the start can set up hidden (SMLE-SCEN-05).',
    )
  })

  it('SMLE-PTS-07: hidden set-up is for one side', () => {
    const s = base()
    blueTeam(s).hidden = true
    expect(of(validateSmleScenario(s), 'both-sides-hidden')).toEqual([])
    s.teams[1]!.hidden = true
    expect(one(s, 'both-sides-hidden').severity).toBe('warning')
  })

  it('SMLE-ORG-08: a leader from outside the group', () => {
    const s = base()
    s.groups.push({
      id: 'sec',
      name: '1st Section',
      sideId: 'blue',
      level: 'section',
      leaderFigureId: 'b1',
      leaderGrade: 'basic',
    })
    expect(one(s, 'leader-outside-group').message).toBe(
      'Blue One leads 1st Section but belongs to Blue team, which is not in it; a leader is a figure inside a team of the group (SMLE-ORG-08).',
    )
    blueTeam(s).groupId = 'sec'
    expect(of(validateSmleScenario(s), 'leader-outside-group')).toEqual([])
  })

  it('§16: a scenario nobody can win', () => {
    const s = base()
    s.victory = { conditions: [], atTimeLimit: 'draw' }
    expect(one(s, 'no-victory').message).toBe(
      'Nobody can win this scenario: it has no victory condition and ends in a draw when time runs out (§16).',
    )
  })

  it('SMLE-ORG-12: a team outside its usual size is advice, at the team', () => {
    const p = of(validateSmleScenario(base()), 'organisation').find((x) => x.objectId === 'blue-1')!
    expect(p).toMatchObject({
      severity: 'warning',
      message: 'Blue team: A trained team is usually 3–4 figures; this one counts 2.',
      at: { x: 13, z: 17 },
    })
  })

  it('errors come before warnings', () => {
    const s = base()
    s.victory = { conditions: [], atTimeLimit: 'draw' }
    b1(s).position = { x: 10.2, z: 12 }
    const list = validateSmleScenario(s)
    const firstWarning = list.findIndex((p) => p.severity === 'warning')
    expect(list.slice(firstWarning).every((p) => p.severity === 'warning')).toBe(true)
    expect(list[0]!.severity).toBe('error')
  })
})

describe('the sides and the mission (§16)', () => {
  it('two sides in one colour cannot be told apart', () => {
    const s = base()
    s.sides[1]!.colour = '#0000FF'
    const p = one(s, 'sides-same-colour')
    expect(p.message).toBe(
      'Blue and Red are both drawn in #0000ff: their figures cannot be told apart on the table; give one side another colour.',
    )
    expect(p).toMatchObject({ severity: 'warning', objectId: 'red', at: { x: 15, z: 4 } })
  })

  it('SMLE-SCEN-06: a side cannot win by wiping itself out', () => {
    const s = base()
    s.victory.conditions = [{ kind: 'eliminate', sideId: 'blue', targetSideId: 'blue' }]
    const p = one(s, 'eliminate-own-side')
    expect(p.message).toBe(
      'Blue is to win by wiping out Blue: name the enemy side as the one to be wiped out (SMLE-SCEN-06).',
    )
    expect(p).toMatchObject({ severity: 'error', objectId: 'blue', at: { x: 15, z: 25 } })
  })

  it('SMLE-SCEN-06: a side to win by the death of one of its own figures', () => {
    const s = base()
    s.victory.conditions = [{ kind: 'killFigures', sideId: 'blue', figureIds: ['r1', 'b2'] }]
    const p = one(s, 'kill-own-figure')
    expect(p.message).toBe(
      "Blue is to win when Blue Two (Blue team) is killed, but Blue Two is one of its own figures: name the enemy's (SMLE-SCEN-06).",
    )
    expect(p).toMatchObject({ severity: 'warning', objectId: 'b2', at: { x: 20, z: 22 } })
  })

  it('SMLE-SCEN-05: a side sent off by its own base edge; the far edge is fine', () => {
    const s = base()
    // Blue deploys along the south edge (z 20–30 of 30): with no base line, that is its base edge.
    s.victory.conditions = [{ kind: 'exit', sideId: 'blue', edge: 'south', fraction: 0.5 }]
    const p = one(s, 'exit-by-own-edge')
    expect(p.message).toBe(
      'Blue is to win by getting off the table by the south edge, its own base edge where it starts; a force that must cross the table leaves by the edge opposite the one it enters by (SMLE-SCEN-05).',
    )
    expect(p).toMatchObject({ severity: 'warning', objectId: 'blue', clause: 'SMLE-SCEN-05' })
    s.victory.conditions = [{ kind: 'exit', sideId: 'blue', edge: 'north', fraction: 0.5 }]
    expect(of(validateSmleScenario(s), 'exit-by-own-edge')).toEqual([])
    // A base line names the edge: Blue entering from the west may leave by the south.
    s.baseLines = [{ sideId: 'blue', edge: 'west' }]
    s.victory.conditions = [{ kind: 'exit', sideId: 'blue', edge: 'south', fraction: 0.5 }]
    expect(of(validateSmleScenario(s), 'exit-by-own-edge')).toEqual([])
  })
})

describe('a team’s set-up', () => {
  /** A jeep of Blue's (§13.3: room for 3 passengers) with its driver aboard. */
  const withJeep = (s: Raw): Raw => {
    s.teams.push({
      ...structuredClone(blueTeam(s)),
      id: 'crew',
      name: 'Jeep crew',
      kind: 'crew',
      vehicleId: 'jeep',
      figures: [{ ...structuredClone(b1(s)), id: 'd1', name: 'Driver' }],
    })
    s.vehicles.push({
      id: 'jeep',
      name: 'Jeep',
      sideId: 'blue',
      profile: 'jeep',
      crewTeamId: 'crew',
      position: { x: 22, z: 26 },
      facingDeg: 0,
      lengthIn: 3,
      widthIn: 1.5,
      accessDoors: 1,
      helicopter: false,
      speedIn: 0,
    })
    return s
  }

  it('SMLE-MOVE-10: passengers beyond a vehicle’s room; within it is fine', () => {
    const s = withJeep(base())
    blueTeam(s).vehicleId = 'jeep'
    expect(of(validateSmleScenario(s), 'vehicle-overloaded')).toEqual([])
    blueTeam(s).figures.push(
      { ...structuredClone(b1(s)), id: 'b3', name: 'Blue Three' },
      { ...structuredClone(b1(s)), id: 'b4', name: 'Blue Four' },
    )
    const p = one(s, 'vehicle-overloaded')
    expect(p.message).toBe(
      'Jeep has room for 3 passengers, but Blue team start aboard it with 4 figures (SMLE-MOVE-10).',
    )
    expect(p).toMatchObject({ severity: 'error', objectId: 'jeep', at: { x: 22, z: 26 } })
  })

  it('SMLE-MOVE-10: a vehicle with no room for passengers', () => {
    const s = withJeep(base())
    ;(s.vehicles[0] as { passengerCapacity?: number }).passengerCapacity = 0
    blueTeam(s).vehicleId = 'jeep'
    expect(one(s, 'vehicle-overloaded').message).toBe(
      'Jeep carries no passengers, but Blue team starts aboard it (SMLE-MOVE-10).',
    )
  })

  it('SMLE-SHOOT-26: a team both aboard and in a prepared position', () => {
    const s = withJeep(base())
    s.positions = [{ id: 'fox', kind: 'foxhole', x: 15, z: 25, arcDeg: 0, arcWidthDeg: 90, concealed: false }]
    blueTeam(s).vehicleId = 'jeep'
    blueTeam(s).preparedPositionId = 'fox'
    const p = one(s, 'aboard-and-in-position')
    expect(p.message).toBe(
      'Blue team starts both aboard a vehicle and in prepared position "fox"; a team starts in one or the other (SMLE-SHOOT-26).',
    )
    expect(p).toMatchObject({ severity: 'error', objectId: 'blue-1' })
  })

  it('§16: reinforcements arriving after the last round; in the last round is fine', () => {
    const s = base()
    s.roundLimit = 6
    blueTeam(s).entersRound = 7
    const p = one(s, 'reinforcement-too-late')
    expect(p.message).toBe(
      'Blue team arrives as reinforcements in round 7, after the last round (6): it would never play (§16).',
    )
    expect(p).toMatchObject({ severity: 'error', objectId: 'blue-1', at: { x: 13, z: 17 } })
    blueTeam(s).entersRound = 6
    expect(of(validateSmleScenario(s), 'reinforcement-too-late')).toEqual([])
  })
})

describe('buildings as the editor builds them', () => {
  const hut = (s: Raw) => s.buildings[0]!

  it('SMLE-DOOR-01: a building with no door', () => {
    const s = base()
    hut(s).doors = []
    const p = one(s, 'building-no-door')
    expect(p.message).toBe('The Hut has no door: no figure can get in or out of it (SMLE-DOOR-01).')
    expect(p).toMatchObject({ severity: 'warning', objectId: 'hut', at: { x: 13, z: 13 } })
  })

  it('a floor with no stair up to the next; with one, none', () => {
    const s = base()
    hut(s).floors = [{ heightIn: 2.4 }, { heightIn: 2.2 }, { heightIn: 2.2 }]
    hut(s).stairs = [{ floor: 0, x: 1.45, z: 5, direction: 'east', widthIn: 1.1, lengthIn: 2.4 }]
    const p = one(s, 'floor-no-stair')
    expect(p.message).toBe('Floor 1 of the Hut has no stair up to floor 2: no figure can get up there.')
    expect(p).toMatchObject({ severity: 'warning', objectId: 'hut' })
    hut(s).stairs.push({ floor: 1, x: 1.45, z: 5, direction: 'east', widthIn: 1.1, lengthIn: 2.4 })
    expect(of(validateSmleScenario(s), 'floor-no-stair')).toEqual([])
  })

  it('a stair reaching through the walls', () => {
    const s = base()
    hut(s).floors = [{ heightIn: 2.4 }, { heightIn: 2.2 }]
    hut(s).stairs = [{ floor: 0, x: 4, z: 5, direction: 'east', widthIn: 1.1, lengthIn: 2.4 }]
    const p = one(s, 'stair-through-wall')
    expect(p.message).toBe(
      'The stair up from the ground floor of the Hut reaches through its walls: a 2.4" stair from 4, 5 rising east must lie inside the 6" × 6" building.',
    )
    expect(p.severity).toBe('error')
  })

  it('two windows over one another in one wall of one floor; on different floors, none', () => {
    const s = base()
    hut(s).floors = [{ heightIn: 2.4 }, { heightIn: 2.2 }]
    hut(s).stairs = [{ floor: 0, x: 1.45, z: 5, direction: 'east', widthIn: 1.1, lengthIn: 2.4 }]
    const w = { wall: 'north' as const, widthIn: 1, sillIn: 0.85, heightIn: 1 }
    hut(s).windows = [
      { ...w, offsetIn: 2, floor: 1 },
      { ...w, offsetIn: 2.5, floor: 1 },
    ]
    const p = one(s, 'windows-overlap')
    expect(p.message).toBe('Two windows of the Hut overlap in its north wall on floor 1 (2" and 2.5" along it).')
    expect(p.severity).toBe('error')
    hut(s).windows[1]!.floor = 0
    expect(of(validateSmleScenario(s), 'windows-overlap')).toEqual([])
  })
})

describe('the rules in force and the objectives’ kinds', () => {
  const cache = (weapon?: string) => ({
    id: 'cache',
    name: 'the cache',
    x: 15,
    z: 15,
    radiusIn: 1,
    points: 1,
    kind: 'cache' as const,
    ...(weapon === undefined ? {} : { weapon }),
  })

  it('SMLE-SCEN-06: a weapon cache holding no weapon, or one Table 6 lacks; a flamethrower is fine', () => {
    const s = base()
    s.objectives = [cache()]
    const p = one(s, 'cache-no-weapon')
    expect(p.message).toBe(
      'Weapon cache "the cache" holds no weapon: choose the weapon a figure picks up there (SMLE-SCEN-06).',
    )
    expect(p).toMatchObject({ severity: 'error', objectId: 'cache', at: { x: 15, z: 15 } })
    s.objectives = [cache('raygun')]
    expect(one(s, 'cache-unknown-weapon').message).toBe(
      'Weapon cache "the cache" holds "raygun", which is no weapon of Table 6 (SMLE-SCEN-06).',
    )
    s.objectives = [cache('flamethrower')]
    expect(validateSmleScenario(s).filter((q) => q.code.startsWith('cache-'))).toEqual([])
  })

  it('SMLE-GEN-09: a hero while the heroes rule is not in force; in force, none', () => {
    const s = base()
    b1(s).hero = { grade: 1, tough: false, spotlight: false, lucky: false, bigGuns: false }
    const p = one(s, 'optional-rule-off')
    expect(p.message).toBe(
      'Blue One (Blue team): the heroes (§14.1) rule is not in force, so being a hero does nothing: turn the rule on under Rules in force, or take the flag off.',
    )
    expect(p).toMatchObject({ severity: 'warning', objectId: 'b1', at: { x: 13, z: 17 } })
    s.settings.optional.heroes = true
    expect(of(validateSmleScenario(s), 'optional-rule-off')).toEqual([])
  })

  it('SMLE-GEN-09: Camera Fodder, a monster, poor weapons, each while its rule is off', () => {
    const s = base()
    b1(s).cameraFodder = true
    s.teams[0]!.figures[1]!.unreliable = true
    s.teams[1]!.figures[0]!.armour = 'monsters'
    const messages = of(validateSmleScenario(s), 'optional-rule-off').map((p) => p.message)
    expect(messages).toEqual([
      'Blue One (Blue team): the Camera Fodder (§14.2) rule is not in force, so being Camera Fodder does nothing: turn the rule on under Rules in force, or take the flag off.',
      'Blue Two (Blue team): the unreliable weapons (SMLE-SHOOT-28) rule is not in force, so being armed with poor weapons does nothing: turn the rule on under Rules in force, or take the flag off.',
      'Red One (Red team): the monsters (§14.3) rule is not in force, so being a monster does nothing: turn the rule on under Rules in force, or take the flag off.',
    ])
  })
})

describe('the organisation above the team (SMLE-ORG-04, -09)', () => {
  const section = (id: string, extra: object = {}) => ({
    id,
    name: id,
    sideId: 'blue',
    level: 'section' as const,
    leaderGrade: 'basic' as const,
    ...extra,
  })

  it('SMLE-ORG-04: a section under a section; under a platoon, none', () => {
    const s = base()
    s.groups = [section('1st'), section('2nd', { parentId: '1st' })]
    const p = one(s, 'group-under-wrong-level')
    expect(p.message).toBe('2nd is a section under 1st, a section; a section belongs to a platoon (SMLE-ORG-04).')
    expect(p).toMatchObject({ severity: 'error', objectId: '2nd', clause: 'SMLE-ORG-04' })
    s.groups[0] = { ...section('1st'), level: 'platoon' }
    expect(of(validateSmleScenario(s), 'group-under-wrong-level')).toEqual([])
  })

  it('SMLE-ORG-09: a side at platoon level with no platoon; with one, none', () => {
    const s = base()
    s.sides[0]!.level = 'platoon'
    const p = one(s, 'platoon-level-no-platoon')
    expect(p.message).toBe(
      'Blue plays at platoon level but has no platoon: at that level activation is rolled per section under a platoon leader; add a platoon and put its sections in it (SMLE-ORG-09).',
    )
    expect(p).toMatchObject({ severity: 'warning', objectId: 'blue', at: { x: 15, z: 25 } })
    s.groups = [{ ...section('plt'), level: 'platoon' }]
    expect(of(validateSmleScenario(s), 'platoon-level-no-platoon')).toEqual([])
  })
})
