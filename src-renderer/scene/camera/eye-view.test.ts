import { describe, expect, it } from 'vitest'
import { eyePoint } from '../../../src-engine/index'
import { eyeView } from './eye-view'

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
  it('a prone figure looks from low down', () => {
    expect(eyeView({ ...figure, prone: true } as never, 0, 0).eye.y).toBeLessThan(eyeView(figure as never, 0, 0).eye.y)
  })
})
