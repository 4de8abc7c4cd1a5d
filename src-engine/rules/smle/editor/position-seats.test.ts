import { describe, expect, it } from 'vitest'
import { hutScenario } from '../../../../tests/fixtures/scenarios'
import { PreparedPositionSchema } from '../scenario/schema'
import { positionSeats } from './position-seats'
import { validateSmleScenario } from './validate'

const position = (p: object) => PreparedPositionSchema.parse({ id: 'pos', x: 15, z: 25, arcDeg: 0, ...p })

/** The hut's Blue team of `count` seated in a position of Blue's: the seats, and the check's problems. */
function seated(p: object, count: number) {
  const s = structuredClone(hutScenario())
  const pos = position({ ...p, sideId: 'blue' })
  s.positions = [pos]
  const team = s.teams[0]!
  team.preparedPositionId = 'pos'
  const { seats, room } = positionSeats(pos, count)
  team.figures = seats.map((at, i) => ({
    ...structuredClone(team.figures[0]!),
    id: `b${i + 1}`,
    name: `B${i + 1}`,
    position: at,
  }))
  return {
    seats,
    room,
    problems: validateSmleScenario(s).filter((q) => q.code !== 'organisation' && q.code !== 'no-victory'),
  }
}

describe('seats in a prepared position (SMLE-SHOOT-26)', () => {
  it('one figure stands in the middle of a foxhole', () => {
    expect(positionSeats(position({ kind: 'foxhole' }), 1)).toEqual({ seats: [{ x: 15, z: 25 }], room: 1 })
    expect(seated({ kind: 'foxhole' }, 1).problems).toEqual([])
  })

  it('a weapon pit seats four; a trench seats four along its line; no problem', () => {
    const pit = seated({ kind: 'weaponPit' }, 4)
    expect(pit.room).toBe(4)
    expect(pit.problems).toEqual([])
    const trench = seated(
      {
        kind: 'trench',
        points: [
          { x: 9, z: 25 },
          { x: 21, z: 25 },
        ],
      },
      4,
    )
    expect(trench.room).toBe(4)
    expect(trench.problems).toEqual([])
    expect(new Set(trench.seats.map((p) => p.z))).toEqual(new Set([25]))
  })

  it('a foxhole is too small for a team of three: the warning says so, and the bases in its parapet are errors', () => {
    const { room, problems } = seated({ kind: 'foxhole' }, 3)
    expect(room).toBe(1)
    const small = problems.filter((p) => p.code === 'position-too-small')
    expect(small).toHaveLength(1)
    expect(small[0]).toMatchObject({
      severity: 'warning',
      objectId: 'blue-1',
      at: { x: 15, z: 25 },
      message:
        'Foxhole "pos" has room for 1 of Blue team\'s 3 figures (1" bases clear of its parapet): seat fewer figures, make it wider, or use a weapon pit or a trench (SMLE-SHOOT-26).',
    })
    expect(problems.filter((p) => p.code === 'figure-in-solid')).toHaveLength(2)
    // Wider, it seats them all.
    expect(seated({ kind: 'foxhole', widthIn: 3, depthIn: 3 }, 3).problems).toEqual([])
  })
})
