import { Color, type Matrix4, Vector3 } from 'three'
import { describe, expect, it } from 'vitest'
import { farmhouseScenario } from '../../tests/fixtures/scenarios'
import { initialState } from '../../src-engine/index'
import { figureLayers } from './Figures'
import { teamShade, weaponClass } from './figure-instances'

describe('figures as marks on the table', () => {
  const base = initialState(farmhouseScenario(), 1)
  const state = {
    ...base,
    figures: {
      ...base.figures,
      'br-r1': { ...base.figures['br-r1']!, status: 'lightWound' as const },
      'br-r2': { ...base.figures['br-r2']!, status: 'dead' as const },
      'de-s1': { ...base.figures['de-s1']!, status: 'seriousWound' as const },
    },
  }
  const layers = figureLayers(state)

  it('one base and one body per figure', () => {
    expect(layers.bases).toHaveLength(10)
    expect(layers.bodies).toHaveLength(10)
  })
  it('leaders carry a marker; weapons are drawn by silhouette; the dead drop theirs', () => {
    expect(layers.leaders.map((l) => l.id).sort()).toEqual(['br-sgt', 'de-uffz'])
    expect(layers.weapons.get('support')?.map((w) => w.id).sort()).toEqual(['br-bren-1', 'de-mg-1'])
    expect(layers.weapons.get('short')?.map((w) => w.id).sort()).toEqual(['br-sgt', 'de-uffz'])
    expect(layers.weapons.get('longarm')?.map((w) => w.id)).not.toContain('br-r2')
  })
  it('wounds are marked on the base: light, serious and dead each in their colour', () => {
    const byId = new Map(layers.wounds.map((w) => [w.id, w.colour.getHexString()]))
    expect([...byId.keys()].sort()).toEqual(['br-r1', 'br-r2', 'de-s1'])
    expect(new Set(byId.values()).size).toBe(3)
  })
  it('the seriously wounded and the dead lie down', () => {
    const up = (id: string) => new Vector3(0, 1, 0).transformDirection(layers.bodies.find((b) => b.id === id)!.matrix as Matrix4).y
    expect(up('br-r1')).toBeCloseTo(1)
    expect(Math.abs(up('br-r2'))).toBeLessThan(0.01)
    expect(Math.abs(up('de-s1'))).toBeLessThan(0.01)
  })
  it('teams of a side have different base shades', () => {
    const hq = layers.bases.find((b) => b.id === 'br-sgt')!.colour.getHexString()
    const bren = layers.bases.find((b) => b.id === 'br-bren-1')!.colour.getHexString()
    expect(hq).not.toBe(bren)
    expect(teamShade('#3f6fb0', 0, new Color()).getHexString()).not.toBe(teamShade('#3f6fb0', 1, new Color()).getHexString())
  })
  it('weapon ids map to silhouettes', () => {
    expect(['rifle', 'smg', 'lmg', 'bazooka', 'pistol', 'mmg-tripod', 'panzerfaust'].map(weaponClass)).toEqual(['longarm', 'short', 'support', 'tube', 'short', 'support', 'tube'])
  })
})
