import { CameraControlsImpl } from '@react-three/drei'
import * as THREE from 'three'
import { beforeAll, describe, expect, it } from 'vitest'
import type { Vec3 } from '../../../src-engine/index'
import { movePath, type Shot, shotHeading } from './director'
import { lookAt } from './glide'

const target: Vec3 = { x: 36, y: 1, z: 24 }
const DISTANCE_IN = 30
const FRAME_S = 1 / 60

/** A camera `DISTANCE_IN` from the target, 50° down from overhead, looking along `heading` (the director's bearing). */
function shotAt(heading: number): Shot {
  const polar = (50 * Math.PI) / 180
  const h = Math.sin(polar) * DISTANCE_IN
  return {
    target,
    position: {
      x: target.x - Math.sin(heading) * h,
      y: target.y + Math.cos(polar) * DISTANCE_IN,
      z: target.z + Math.cos(heading) * h,
    },
  }
}

/** The real camera-controls (as drei's `CameraControls` drives it), standing at `from`. */
function controlsAt(from: Shot): CameraControlsImpl {
  const c = new CameraControlsImpl(new THREE.PerspectiveCamera(40, 16 / 9, 0.5, 1000))
  c.smoothTime = 0.9
  lookAt(c, from, false)
  c.update(FRAME_S)
  return c
}

/** Runs the controls `frames` frames, adding up how far the camera turns about the target (radians). */
function turned(c: CameraControlsImpl, frames: number): number {
  const _p = new THREE.Vector3()
  const bearing = () => {
    c.getPosition(_p, false)
    return shotHeading({ position: { x: _p.x, y: _p.y, z: _p.z }, target })
  }
  let total = 0
  let last = bearing()
  for (let i = 0; i < frames; i++) {
    c.update(FRAME_S)
    const now = bearing()
    total += Math.abs(Math.atan2(Math.sin(now - last), Math.cos(now - last)))
    last = now
  }
  return total
}

describe('a director glide across heading ±180°', () => {
  beforeAll(() => CameraControlsImpl.install({ THREE }))

  it('turns the short way, as movePath (the path checked against walls) assumes', () => {
    const from = shotAt(Math.PI - 0.15)
    const to = shotAt(-Math.PI + 0.15)
    const c = controlsAt(from)
    lookAt(c, to, true)
    const turn = turned(c, 600)
    expect(turn).toBeLessThan(0.3 + 1e-3)
    // It got there, and movePath's own turn is the same short one.
    const end = new THREE.Vector3()
    c.getPosition(end, false)
    expect(end.x).toBeCloseTo(to.position.x, 2)
    expect(end.z).toBeCloseTo(to.position.z, 2)
    const path = movePath(from, to)
    const pathTurn = path
      .slice(1)
      .reduce((s, p, i) => s + Math.abs(Math.sin(shotHeading(p) - shotHeading(path[i]!))), 0)
    expect(pathTurn).toBeLessThan(0.31)
  })

  it('an orbit circling over the line turns only as far as its steps do', () => {
    const stepRad = (3 * Math.PI) / 180
    const c = controlsAt(shotAt(Math.PI - 2 * stepRad))
    let turn = 0
    for (let k = -1; k <= 3; k++) {
      lookAt(c, shotAt(Math.PI + k * stepRad), true)
      turn += turned(c, 15)
    }
    turn += turned(c, 600)
    expect(turn).toBeLessThan(5 * stepRad + 1e-3)
  })

  it('a camera wound round several turns (a drag, a long orbit) still glides the short way', () => {
    const c = controlsAt(shotAt(Math.PI - 0.1))
    void c.rotate(4 * Math.PI, 0, false)
    c.update(FRAME_S)
    expect(c.azimuthAngle).toBeGreaterThan(3 * Math.PI)
    lookAt(c, shotAt(-Math.PI + 0.1), true)
    expect(turned(c, 600)).toBeLessThan(0.2 + 1e-3)
  })
})
