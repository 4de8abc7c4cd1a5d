import { Color, type Matrix4, Vector3 } from 'three'
import { describe, expect, it } from 'vitest'
import { farmhouseScenario } from '../../tests/fixtures/scenarios'
import { type FigureState, initialState, type MatchState } from '../../src-engine/index'
import { figureLayers } from './figure-layers'
import { teamShade, weaponClass } from './figure-instances'
import type { LayerItem } from './InstancedLayer'

const base = initialState(farmhouseScenario(), 1)
const withFigures = (patch: Record<string, Partial<FigureState>>, extra: Partial<MatchState> = {}): MatchState => ({
  ...base,
  ...extra,
  figures: {
    ...base.figures,
    ...Object.fromEntries(Object.entries(patch).map(([id, p]) => [id, { ...base.figures[id]!, ...p }])),
  },
})
const ids = (items: readonly LayerItem[]) => items.map((i) => i.id).sort()
const find = (items: readonly LayerItem[], id: string) => items.find((i) => i.id === id)!.matrix as Matrix4
/** Where a body's local axis points in the table. */
const axis = (m: Matrix4, x: number, y: number, z: number) => new Vector3(x, y, z).transformDirection(m)

describe('figures as marks on the table', () => {
  const state = withFigures({
    'br-r1': { status: 'lightWound' },
    'br-r2': { status: 'dead' },
    'de-s1': { status: 'seriousWound' },
    'de-s2': { prone: true },
  })
  const layers = figureLayers(state)

  it('one base and one body per figure on the table', () => {
    expect(layers.bases).toHaveLength(10)
    expect(layers.bodies).toHaveLength(10)
    expect(layers.figures.map((f) => f.id)).toEqual(layers.bodies.map((b) => b.id))
  })
  it('leaders carry a marker; weapons are drawn by silhouette; the dead drop theirs', () => {
    expect(ids(layers.leaders)).toEqual(['br-sgt', 'de-uffz'])
    expect(ids(layers.weapons.get('support')!)).toEqual(['br-bren-1', 'de-mg-1'])
    expect(ids(layers.weapons.get('short')!)).toEqual(['br-sgt', 'de-uffz'])
    expect(ids(layers.weapons.get('longarm')!)).not.toContain('br-r2')
    expect(ids(layers.weapons.get('longarm')!)).toContain('de-s2')
  })
  it('a light wound is a disc on the base, a serious wound a red cross over the figure, the dead a dark disc: each told apart', () => {
    const disc = new Map(layers.wounds.map((w) => [w.id, w.colour.getHexString()]))
    expect([...disc.keys()].sort()).toEqual(['br-r1', 'br-r2'])
    expect(disc.get('br-r1')).not.toBe(disc.get('br-r2'))
    expect(ids(layers.serious)).toEqual(['de-s1'])
    const cross = layers.serious[0]!.colour
    expect(cross.r).toBeGreaterThan(cross.g * 3)
  })
  it('standing figures stand; prone ones lie face down, head to the front; the dead lie on their side, on their base', () => {
    const r1 = find(layers.bodies, 'br-r1')
    expect(axis(r1, 0, 1, 0).y).toBeCloseTo(1)
    const prone = state.figures['de-s2']!
    const head = axis(find(layers.bodies, 'de-s2'), 0, 1, 0)
    const front = new Vector3(
      Math.sin((prone.facingDeg * Math.PI) / 180),
      0,
      -Math.cos((prone.facingDeg * Math.PI) / 180),
    )
    expect(head.dot(front)).toBeCloseTo(1)
    const dead = find(layers.bodies, 'br-r2')
    expect(Math.abs(axis(dead, 0, 1, 0).y)).toBeLessThan(0.01)
    // On its side: the head points across the facing, not along it.
    const f = state.figures['br-r2']!
    const deadFront = new Vector3(Math.sin((f.facingDeg * Math.PI) / 180), 0, -Math.cos((f.facingDeg * Math.PI) / 180))
    expect(Math.abs(axis(dead, 0, 1, 0).dot(deadFront))).toBeLessThan(0.01)
    // Lying over its own base: the body's middle over the base's centre, just above the base.
    const middle = new Vector3(0, 0.58, 0).applyMatrix4(dead)
    expect(Math.hypot(middle.x - f.position.x, middle.z - f.position.z)).toBeLessThan(1e-6)
    expect(middle.y - f.position.y).toBeLessThan(0.4)
    const proneMiddle = new Vector3(0, 0.58, 0).applyMatrix4(find(layers.bodies, 'de-s2'))
    expect(Math.hypot(proneMiddle.x - prone.position.x, proneMiddle.z - prone.position.z)).toBeLessThan(1e-6)
    expect(Math.abs(axis(find(layers.bodies, 'de-s1'), 0, 1, 0).y)).toBeLessThan(0.01)
  })
  it('the dead are darkened and their base grey, and they stay on the table', () => {
    const body = layers.bodies.find((b) => b.id === 'br-r2')!.colour
    const live = layers.bodies.find((b) => b.id === 'br-r1')!.colour
    expect(body.r + body.g + body.b).toBeLessThan((live.r + live.g + live.b) / 2)
    expect(layers.figures.map((f) => f.id)).toContain('br-r2')
  })
  it('teams of a side have different base shades', () => {
    const hq = layers.bases.find((b) => b.id === 'br-sgt')!.colour.getHexString()
    const bren = layers.bases.find((b) => b.id === 'br-bren-1')!.colour.getHexString()
    expect(hq).not.toBe(bren)
    expect(teamShade('#3f6fb0', 0, new Color()).getHexString()).not.toBe(
      teamShade('#3f6fb0', 1, new Color()).getHexString(),
    )
  })
  it('weapon ids map to silhouettes', () => {
    expect(['rifle', 'smg', 'lmg', 'bazooka', 'pistol', 'mmg-tripod', 'panzerfaust'].map(weaponClass)).toEqual([
      'longarm',
      'short',
      'support',
      'tube',
      'short',
      'support',
      'tube',
    ])
  })
})

describe('figure state markers', () => {
  it('SMLE-SHOOT-25: a braced figure gets a wedge on the weapon side of its base rim, pointing its way', () => {
    const layers = figureLayers(withFigures({ 'br-r1': { braced: true, facingDeg: 90 } }))
    expect(ids(layers.braced)).toEqual(['br-r1'])
    const f = base.figures['br-r1']!
    const at = new Vector3().setFromMatrixPosition(find(layers.braced, 'br-r1'))
    // Facing east (+X): its right is south (+Z).
    expect(at.z - f.position.z).toBeGreaterThan(f.baseRadiusIn * 0.5)
    expect(Math.hypot(at.x - f.position.x, at.z - f.position.z)).toBeLessThanOrEqual(f.baseRadiusIn)
    expect(axis(find(layers.braced, 'br-r1'), 0, 0, -1).x).toBeCloseTo(1)
    expect(figureLayers(withFigures({ 'br-r1': { braced: true, status: 'dead' } })).braced).toHaveLength(0)
  })
  it('a wound disc floats over the head, where it is seen from every side, under the leader\u2019s diamond', () => {
    const layers = figureLayers(withFigures({ 'br-sgt': { status: 'lightWound' } }))
    const f = base.figures['br-sgt']!
    const disc = new Vector3().setFromMatrixPosition(find(layers.wounds, 'br-sgt'))
    const diamond = new Vector3().setFromMatrixPosition(find(layers.leaders, 'br-sgt'))
    expect([disc.x, disc.z]).toEqual([f.position.x, f.position.z])
    expect(disc.y - f.position.y).toBeGreaterThan(1.2)
    expect(diamond.y - disc.y).toBeGreaterThan(0.25)
  })
  it('SMLE-SHOOT-26: the figures of a team in a prepared position are ringed with sandbags wider than their base', () => {
    const teamId = base.figures['br-r1']!.teamId
    const state = { ...base, teams: { ...base.teams, [teamId]: { ...base.teams[teamId]!, preparedPositionId: 'pit' } } }
    const layers = figureLayers(state)
    expect(ids(layers.positions)).toEqual(base.teams[teamId]!.figureIds.slice().sort())
    const scale = new Vector3().setFromMatrixScale(find(layers.positions, 'br-r1'))
    expect(scale.x).toBeGreaterThan(base.figures['br-r1']!.baseRadiusIn)
  })
  it('figures off the table, inside a vehicle, vanished, or of a team still hidden are not drawn (SMLE-SCEN-05)', () => {
    const teamId = base.figures['de-s1']!.teamId
    const state = withFigures(
      { 'br-r1': { offTable: 'fled' }, 'br-r2': { vehicleId: 'ht' }, 'br-sgt': { lurking: 'vanished' } },
      { teams: { ...base.teams, [teamId]: { ...base.teams[teamId]!, hidden: true } } },
    )
    const drawn = figureLayers(state).figures.map((f) => f.id)
    for (const id of ['br-r1', 'br-r2', 'br-sgt', ...base.teams[teamId]!.figureIds]) expect(drawn).not.toContain(id)
    expect(drawn.length).toBe(10 - 3 - base.teams[teamId]!.figureIds.length)
  })
  it('a hidden team is drawn for its own side at the controls, not for the opponent (SMLE-SCEN-05)', () => {
    const teamId = base.figures['de-s1']!.teamId
    const sideId = base.figures['de-s1']!.sideId
    const teams = { ...base.teams, [teamId]: { ...base.teams[teamId]!, hidden: true } }
    const other = base.sides.find((s) => s.id !== sideId)!.id
    expect(
      figureLayers(withFigures({}, { teams, activeSideId: sideId, pending: null })).figures.map((f) => f.id),
    ).toContain('de-s1')
    expect(
      figureLayers(withFigures({}, { teams, activeSideId: other, pending: null })).figures.map((f) => f.id),
    ).not.toContain('de-s1')
  })
  it('a figure playing dead looks dead to the opponent (SMLE-MONSTER-03)', () => {
    const layers = figureLayers(withFigures({ 'br-r1': { status: 'playingDead' }, 'br-r2': { status: 'dead' } }))
    const colour = (id: string) => layers.bodies.find((b) => b.id === id)!.colour.getHexString()
    expect(colour('br-r1')).toBe(colour('br-r2'))
    expect(ids(layers.weapons.get('longarm')!)).not.toContain('br-r1')
  })
  it('the team whose turn it is is ringed, and no other', () => {
    const teamId = base.figures['br-r1']!.teamId
    const state: MatchState = { ...base, phase: 'play', activeUnit: { teamIds: [teamId], index: 0, turn: 'first' } }
    expect(ids(figureLayers(state).active)).toEqual(base.teams[teamId]!.figureIds.slice().sort())
    expect(figureLayers({ ...state, phase: 'activation' }).active).toHaveLength(0)
  })
})
