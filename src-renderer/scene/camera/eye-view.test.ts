import { describe, expect, it } from 'vitest'
import { eyePoint, smrUnitBody } from '../../../src-engine/index'
import { smrScenario, startSmr, unit } from '../../../tests/fixtures/smr'
import { draggedLook, eyeView } from './eye-view'

const figure = { id: 'f', position: { x: 10, y: 1, z: 10 }, baseRadiusIn: 0.5, prone: false, facingDeg: 90 }

describe('figure\u2019s-eye view', () => {
  it('stands at the eye point the rules use for line of sight (SMLE-SHOOT-02) and looks along the facing', () => {
    const v = eyeView(figure as never, 0, 0)
    expect(v.eye).toEqual(eyePoint(figure))
    expect(v.lookAt.x - v.eye.x).toBeCloseTo(10)
    expect(v.lookAt.z - v.eye.z).toBeCloseTo(0)
  })
  it('turns with the player\u2019s yaw and pitch', () => {
    const v = eyeView(figure as never, Math.PI / 2, 0)
    expect(v.lookAt.z - v.eye.z).toBeCloseTo(-10)
    const up = eyeView(figure as never, 0, 0.5)
    expect(up.lookAt.y).toBeGreaterThan(up.eye.y)
  })
  it('a drag turns the head (left and right, up and down, so far); a locked camera does not turn', () => {
    const look = { yaw: 0, pitch: 0 }
    const turned = draggedLook(look, 50, -30, false)
    expect(turned.yaw).toBeLessThan(0)
    expect(turned.pitch).toBeGreaterThan(0)
    expect(Math.abs(draggedLook(look, 0, -100000, false).pitch)).toBeLessThan(Math.PI / 2)
    expect(draggedLook(look, 50, -30, true)).toEqual(look)
  })
  it('a prone figure looks from low down', () => {
    expect(eyeView({ ...figure, prone: true } as never, 0, 0).eye.y).toBeLessThan(eyeView(figure as never, 0, 0).eye.y)
  })
})

describe('an SMR unit\u2019s eye view', () => {
  const scenario = smrScenario([
    unit('foot', 'a', 'L', 10, 10, { facingDeg: 90 }),
    unit('knight', 'b', 'H', 30, 30, { facingDeg: 0, mount: 'horse' }),
  ])
  const m = startSmr(scenario)
  const body = (id: string) => smrUnitBody(m.world, m.state.units[id]!)

  it('stands at the eye of the unit\u2019s figure (SMR-MISS-05 sight) and looks along its front edge (SMR-GEOM-01)', () => {
    const v = eyeView(body('foot'), 0, 0)
    expect(v.eye.x).toBeCloseTo(10)
    expect(v.eye.z).toBeCloseTo(10)
    expect(v.eye).toEqual(eyePoint(body('foot')))
    expect(v.lookAt.x - v.eye.x).toBeCloseTo(10)
    expect(v.lookAt.z - v.eye.z).toBeCloseTo(0)
    const k = eyeView(body('knight'), 0, 0)
    expect(k.lookAt.z - k.eye.z).toBeCloseTo(-10)
  })

  it('a rider sees from higher up than a man on foot', () => {
    expect(eyeView(body('knight'), 0, 0).eye.y).toBeGreaterThan(eyeView(body('foot'), 0, 0).eye.y + 0.3)
  })
})
