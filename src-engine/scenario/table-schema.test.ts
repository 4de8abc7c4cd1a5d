import { describe, expect, it } from 'vitest'
import farmhouse from '../../assets/scenarios/farmhouse-skirmish.json'
import { hutScenario } from '../../tests/fixtures/scenarios'
import referenceTown from '../../assets/scenarios/reference-town.json'
import { parseScenario } from '../rules/loading'
import { ScenarioSchema } from '../rules/smle/scenario/schema'
import { heightSampleCount, MAX_HEIGHT_SAMPLES, MAX_TABLE_IN } from './table-schema'

describe('the table description', () => {
  it('older scenario files parse unchanged, with the new keys defaulted', () => {
    const s = ScenarioSchema.parse(farmhouse)
    expect(s.terrain).toMatchObject({ resolutionIn: 0.5, ridges: [], slopes: [], areas: [] })
    expect(s.terrain.hills[0]).toMatchObject({ id: 'hill-east', radiusIn: 11, rotationDeg: 0, plateauIn: 0 })
    expect(s.buildings[0]).toMatchObject({ rotationDeg: 0, windows: [], stairs: [], roof: { kind: 'flat' } })
    expect(s.buildings[0]?.floors).toBeUndefined()
    expect(s).toMatchObject({ linearFeatures: [], positions: [], obstacles: [], baseLines: [] })
    // The farmhouse is the skirmish's objective: the marker takes the table's defaults and the mission's.
    expect(s.objectives).toEqual([
      { id: 'farmhouse-objective', name: 'the farmhouse', x: 35, z: 22, radiusIn: 6, points: 1, kind: 'marker' },
    ])
    expect(s.teams).toEqual(ScenarioSchema.parse(farmhouse).teams)
  })

  it('an area is a polygon, or a line with a width', () => {
    const bad = (area: unknown) => ScenarioSchema.safeParse({ ...hutScenario(), terrain: { areas: [area] } }).success
    expect(
      bad({
        id: 'w',
        kind: 'woods',
        polygon: [
          { x: 0, z: 0 },
          { x: 1, z: 0 },
          { x: 0, z: 1 },
        ],
      }),
    ).toBe(true)
    expect(
      bad({
        id: 'r',
        kind: 'road',
        line: [
          { x: 0, z: 0 },
          { x: 9, z: 0 },
        ],
        widthIn: 2,
      }),
    ).toBe(true)
    expect(
      bad({
        id: 'r',
        kind: 'road',
        line: [
          { x: 0, z: 0 },
          { x: 9, z: 0 },
        ],
      }),
    ).toBe(false)
    expect(bad({ id: 'x', kind: 'woods' })).toBe(false)
  })

  it('refuses windows and stairs on floors a building does not have, base lines of unknown sides, and ids used twice', () => {
    const hut = hutScenario()
    const b = hut.buildings[0]!
    const ok = (patch: object) => ScenarioSchema.safeParse({ ...hut, ...patch }).success
    expect(ok({ buildings: [{ ...b, windows: [{ wall: 'north', offsetIn: 3, floor: 1 }] }] })).toBe(false)
    expect(
      ok({
        buildings: [
          { ...b, floors: [{ heightIn: 2.5 }, { heightIn: 2.2 }], windows: [{ wall: 'north', offsetIn: 3, floor: 1 }] },
        ],
      }),
    ).toBe(true)
    expect(ok({ buildings: [{ ...b, stairs: [{ x: 2, z: 1, direction: 'east' }] }] })).toBe(false)
    expect(ok({ baseLines: [{ sideId: 'green', edge: 'north' }] })).toBe(false)
    expect(ok({ baseLines: [{ sideId: 'blue', edge: 'north', from: { x: 0, z: 0 } }] })).toBe(false)
    expect(
      ok({
        linearFeatures: [
          {
            id: 'hut',
            kind: 'hedge',
            points: [
              { x: 1, z: 1 },
              { x: 5, z: 1 },
            ],
          },
        ],
      }),
    ).toBe(false)
  })
})

describe('a table the program can build', () => {
  const sized = (widthIn: number, depthIn: number, resolutionIn: number) => ({
    ...farmhouse,
    table: { widthIn, depthIn },
    terrain: { ...farmhouse.terrain, resolutionIn },
  })
  const refusal = (raw: unknown): string => {
    const r = parseScenario(raw)
    if (r.ok) throw new Error('accepted')
    return r.message
  }

  it('refuses a 1000"×1000" table at 0.125" at once, naming the limit', () => {
    expect(refusal(sized(1000, 1000, 0.125))).toBe(
      `The scenario is invalid (at table.widthIn: a table is at most ${MAX_TABLE_IN}" (40 feet) on a side).`,
    )
  })

  it('refuses a table that would need more height samples than the limit, naming it', () => {
    expect(refusal(sized(400, 400, 0.125))).toBe(
      'The scenario is invalid (at terrain.resolutionIn: a 400"×400" table at 0.125" resolution needs 10,246,401 height samples, more than the limit of 1,000,000: use a coarser terrain.resolutionIn or a smaller table).',
    )
    expect(refusal(sized(480, 480, 0.48))).toMatch(/more than the limit of 1,000,000/)
  })

  it('the largest built-in table passes with a wide margin, even at the finest resolution; the largest table fits at 0.5"', () => {
    const town = ScenarioSchema.parse(referenceTown)
    expect(town.table).toEqual({ widthIn: 72, depthIn: 48 })
    expect(heightSampleCount(town.table, town.terrain)).toBe(145 * 97)
    expect(heightSampleCount(town.table, { resolutionIn: 0.125 }) * 4).toBeLessThan(MAX_HEIGHT_SAMPLES)
    expect(parseScenario(sized(MAX_TABLE_IN, MAX_TABLE_IN, 0.5)).ok).toBe(true)
  })
})
