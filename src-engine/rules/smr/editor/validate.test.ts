import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { editorCheck } from '../../validate-scenario'

type Item = Record<string, unknown>
const builtIn = (name: string): Item =>
  JSON.parse(readFileSync(new URL(`../../../../assets/scenarios/${name}.json`, import.meta.url), 'utf8')) as Item
const contact = (): Item => builtIn('smr-contact')
const units = (s: Item): Item[] => s.units as Item[]
const sides = (s: Item): Item[] => s.sides as Item[]
const withUnit = (s: Item, id: string, patch: Item): Item => ({
  ...s,
  units: units(s).map((u) => (u.id === id ? { ...u, ...patch } : u)),
})
const withSide = (s: Item, id: string, patch: Item): Item => ({
  ...s,
  sides: sides(s).map((x) => (x.id === id ? { ...x, ...patch } : x)),
})
const codes = (s: Item): string[] => editorCheck(s).problems.map((p) => p.code)
const problem = (s: Item, code: string) => editorCheck(s).problems.find((p) => p.code === code)

describe('editorCheck for SMR scenarios', () => {
  it('passes the built-in Contact and Village Invasion as they are', () => {
    expect(editorCheck(contact()).problems).toEqual([])
    expect(editorCheck(builtIn('smr-village-invasion')).problems).toEqual([])
  })

  it('SMR-SCEN-02: a villager or a baron\'s man set more than 6" from the village is flagged, off its corners too', () => {
    const village = builtIn('smr-village-invasion')
    // The village is x 11–35, z 6–23: (38.5, 26.5) is within 6" of its south-east corner, (39.5, 27.5) is not
    // (both inside the side's zone, the 6" box round it).
    expect(codes(withUnit(village, 'vil-bow-1', { x: 38.5, z: 26.5 }))).not.toContain('smr-unit-beyond-village')
    expect(problem(withUnit(village, 'vil-bow-1', { x: 39.5, z: 27.5 }), 'smr-unit-beyond-village')).toMatchObject({
      severity: 'error',
      clause: 'SMR-SCEN-02',
      objectId: 'vil-bow-1',
    })
    // The raiders set up by their own edge, whatever the village.
    expect(codes(withUnit(village, 'raid-lord', { x: 4, z: 45 }))).not.toContain('smr-unit-beyond-village')
  })

  it('prices each side by SMR-PTS-01 against its total (Example SMR-PTS-E03: 5 + 6 + 4 = 15)', () => {
    const points = editorCheck(contact()).points!
    const normans = points.find((p) => p.sideId === 'normans')!
    expect(normans).toMatchObject({ total: 15, budget: 15 })
    expect(normans.lines.map((l) => [l.label, l.points])).toEqual([
      ['1 × heavy cavalry (5 each)', 5],
      ['2 × light archer (3 each)', 6],
      ['4 × peasant (1 each)', 4],
    ])
  })

  it('says a side with no leader has none (SMR-SETUP-02), whether none is named or its leader is gone', () => {
    const none = withSide(contact(), 'saxons', { leaderId: '' })
    expect(problem(none, 'smr-no-leader')).toMatchObject({
      severity: 'error',
      clause: 'SMR-SETUP-02',
      objectId: 'saxons',
      message: 'Saxons has no leader: each side names one of its own figures as its leader.',
    })
    // Only the leader's words, not the schema's as well.
    expect(codes(none)).toEqual(['smr-no-leader'])
    const gone = { ...contact(), units: units(contact()).filter((u) => u.id !== 'sax-thegn') }
    expect(codes(gone)).toEqual(['smr-no-leader'])
  })

  it('says a leader of the other side is the wrong one, at his place (SMR-SETUP-02)', () => {
    const wrong = withSide(contact(), 'saxons', { leaderId: 'nor-archer-1' })
    expect(problem(wrong, 'smr-leader-wrong-side')).toMatchObject({
      severity: 'error',
      clause: 'SMR-SETUP-02',
      objectId: 'nor-archer-1',
      at: { x: 20, z: 2 },
      message: "The leader of Saxons, Guy the bowman, is a unit of Normans: a side's leader is one of its own figures.",
    })
  })

  it('says by how much a side is over its points total (SMR-PTS-01), and prices XHC at 7 or 6 (SMR-PTS-06)', () => {
    const s = withUnit(contact(), 'nor-peasant-1', { cls: 'L', mount: 'horse' })
    expect(problem(s, 'smr-points-over')).toMatchObject({
      severity: 'error',
      clause: 'SMR-PTS-01',
      objectId: 'normans',
      message: "The units of Normans cost 18 points, 3 over the side's total of 15.",
    })
    const xhc = withUnit(contact(), 'nor-knight', { cls: 'XH', mount: 'armouredHorse' })
    expect(problem(xhc, 'smr-points-over')?.message).toBe(
      "The units of Normans cost 17 points, 2 over the side's total of 15.",
    )
    const rider = { ...xhc, settings: { xhcPointsBasis: 'riderArmour' } }
    expect(problem(rider, 'smr-points-over')?.message).toBe(
      "The units of Normans cost 16 points, 1 over the side's total of 15.",
    )
    expect(editorCheck(rider).points!.find((p) => p.sideId === 'normans')!.total).toBe(16)
  })

  it('warns of a Type 2 side with no total, and of a total in a Type 1 battle, which has no points (SMR-SETUP-05)', () => {
    const { points: _p, ...noTotal } = sides(contact())[0]!
    const s = { ...contact(), sides: [noTotal, sides(contact())[1]] }
    expect(problem(s, 'smr-points-no-total')).toMatchObject({ severity: 'warning', clause: 'SMR-SETUP-05' })
    const type1 = { ...contact(), battleType: 1 }
    expect(codes(type1)).toEqual(['smr-points-type1', 'smr-points-type1'])
    expect(problem(type1, 'smr-points-type1')?.message).toBe(
      'Normans has a total of 15 points, but a Type 1 battle has none: each side musters every unit it can.',
    )
    // A Type 1 battle's sides are shown with no total to meet.
    expect(editorCheck(type1).points!.every((p) => p.budget === null)).toBe(true)
  })

  it('says a unit outside its side’s deployment area, at its place (SMR-SETUP-06: within 6" of its own edge)', () => {
    const s = withUnit(contact(), 'nor-peasant-1', { z: 7 })
    expect(problem(s, 'smr-unit-outside-zone')).toMatchObject({
      severity: 'error',
      clause: 'SMR-SETUP-06',
      objectId: 'nor-peasant-1',
      at: { x: 17, z: 7 },
      message: 'Hugh stands outside the deployment area of Normans (within 6" of the north edge).',
    })
    // 6" is within it.
    expect(codes(withUnit(contact(), 'nor-peasant-1', { z: 6 }))).toEqual([])
    // A zone the scenario marks is the side's area instead.
    const marked = withSide(s, 'normans', { deploymentZone: { minX: 0, minZ: 0, maxX: 48, maxZ: 10 } })
    expect(codes(marked)).toEqual([])
    const outside = withUnit(marked, 'nor-peasant-1', { z: 11 })
    expect(problem(outside, 'smr-unit-outside-zone')?.message).toBe(
      'Hugh stands outside the deployment area of Normans (its marked zone).',
    )
  })

  it('says a unit standing off the table (CORE-TABLE-01)', () => {
    const s = withUnit(contact(), 'nor-peasant-1', { x: -2 })
    expect(problem(s, 'smr-unit-off-table')).toMatchObject({ severity: 'error', clause: 'CORE-TABLE-01' })
  })

  it('says a rider in a wood and a unit inside a building (SMR-MOVE-10)', () => {
    const zone = { deploymentZone: { minX: 0, minZ: 0, maxX: 48, maxZ: 30 } }
    const rider = withSide(withUnit(contact(), 'nor-knight', { x: 12, z: 24 }), 'normans', zone)
    expect(problem(rider, 'smr-rider-in-wood')).toMatchObject({ severity: 'error', clause: 'SMR-MOVE-10' })
    // On foot, a wood is only hard going.
    const foot = withSide(withUnit(contact(), 'nor-peasant-1', { x: 12, z: 24 }), 'normans', zone)
    expect(codes(foot)).toEqual([])
    const village = builtIn('smr-village-invasion')
    // The mill cottage: 4" × 3" from (13, 9). Its wall is no place to stand; inside it, only a rider may not be.
    const inWall = withUnit(village, 'vil-bow-1', { x: 13, z: 10.5 })
    expect(problem(inWall, 'smr-unit-in-solid')).toMatchObject({ severity: 'error', clause: 'SMR-MOVE-10' })
    expect(codes(withUnit(village, 'vil-bow-1', { x: 15, z: 10.5 }))).toEqual([])
    const riderIn = withUnit(village, 'vil-bow-1', { x: 15, z: 10.5, mount: 'horse' })
    expect(problem(riderIn, 'smr-rider-in-wood')?.message).toMatch(
      /^Bowman 1 stands in .*: woods and buildings are impassable/,
    )
  })

  it('warns when both sides have the same edge as their own (SMR-SETUP-04: opposite edges)', () => {
    const s = withSide(contact(), 'saxons', { edge: 'north', deploymentZone: { minX: 0, minZ: 0, maxX: 48, maxZ: 48 } })
    expect(problem(s, 'smr-same-edge')).toMatchObject({ severity: 'warning', clause: 'SMR-SETUP-04' })
  })

  it('gives no points while the units cannot be read, and says what is wrong in words', () => {
    const s = withUnit(contact(), 'nor-peasant-1', { cls: 'Z' })
    const check = editorCheck(s)
    expect(check.points).toBeNull()
    expect(check.problems[0]).toMatchObject({ code: 'schema', severity: 'error', objectId: 'nor-peasant-1' })
  })
})
