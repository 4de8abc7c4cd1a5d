import { describe, expect, it } from 'vitest'
import { focusGoal } from './focus-goal'

describe('where a focus request takes the player\u2019s camera', () => {
  const point = { x: 10, y: 0, z: 20 }
  it('the orbit camera glides to the point asked for', () => {
    expect(focusGoal({ point }, 'orbit', false)).toEqual(point)
    expect(focusGoal(null, 'orbit', false)).toBeNull()
  })
  it('a locked camera goes nowhere (README: any camera can be locked), nor does a figure\u2019s eye', () => {
    expect(focusGoal({ point }, 'orbit', true)).toBeNull()
    expect(focusGoal({ point }, 'eye', false)).toBeNull()
  })
})
