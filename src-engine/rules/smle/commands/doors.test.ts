import { describe, expect, it } from 'vitest'
import { hutMatch, inTurn, newMatch, nextRound, play, refusedClause, withFigure } from '../../../../tests/fixtures/play'
import { hutScenario } from '../../../../tests/fixtures/scenarios'
import { dispatch } from '../match'

describe('openDoor / closeDoor', () => {
  it('SMLE-DOOR-01: a figure that reaches a closed door having moved less than half its move opens it', () => {
    const m = play(hutMatch(), [{ type: 'openDoor', figureId: 'b1', doorId: 'hut-door' }])
    expect(m.state.doors['hut-door']?.state).toBe('open')
  })

  it('SMLE-DOOR-E01: 3" moved → opens and stops just beyond; 4" (= half) moved → must stop at the door', () => {
    // b2 walks 3" to the door, then opens it.
    const s = hutScenario()
    s.teams[0]!.figures[0]!.position = { x: 7, z: 22 }
    s.teams[0]!.figures[1]!.position = { x: 13, z: 20 }
    const three = play(hutMatch(1, s), [{ type: 'moveFigure', figureId: 'b2', to: { x: 13, z: 17 } }])
    expect(three.state.figures.b2?.movedIn).toBeCloseTo(3)
    const opened = play(three, [{ type: 'openDoor', figureId: 'b2', doorId: 'hut-door' }])
    // It may go through and stop just beyond (z = 15.875 − 0.125 − 0.5 − 0.1), but no farther.
    expect(() => play(opened, [{ type: 'moveFigure', figureId: 'b2', to: { x: 13, z: 15.15 } }])).not.toThrow()
    expect(refusedClause(opened, { type: 'moveFigure', figureId: 'b2', to: { x: 13, z: 13.5 } })).toBe('SMLE-DOOR-01')

    s.teams[0]!.figures[1]!.position = { x: 13, z: 21 }
    const four = play(hutMatch(1, s), [{ type: 'moveFigure', figureId: 'b2', to: { x: 13, z: 17 } }])
    expect(four.state.figures.b2?.movedIn).toBeCloseTo(4)
    expect(refusedClause(four, { type: 'openDoor', figureId: 'b2', doorId: 'hut-door' })).toBe('SMLE-DOOR-01')
  })

  it('SMLE-DOOR-02: once one figure has opened the door, the rest of the team passes freely', () => {
    const first = play(hutMatch(), [
      { type: 'openDoor', figureId: 'b1', doorId: 'hut-door' },
      { type: 'moveFigure', figureId: 'b1', to: { x: 13, z: 15.15 } },
      { type: 'moveFigure', figureId: 'b2', to: { x: 13, z: 18.2 } },
    ])
    const m = play(nextRound(first, 'blue-1', 9), [
      { type: 'moveFigure', figureId: 'b1', to: { x: 12, z: 12 } },
      { type: 'moveFigure', figureId: 'b2', to: { x: 13, z: 13.6 } },
    ])
    expect(m.state.figures.b2?.position.z).toBeCloseTo(13.6)
  })

  it('SMLE-DOOR-01: a figure must reach the door', () => {
    expect(refusedClause(hutMatch(), { type: 'openDoor', figureId: 'b2', doorId: 'hut-door' })).toBe('SMLE-DOOR-01')
  })

  it('SMLE-DOOR-03: a locked door cannot be opened by hand', () => {
    const s = hutScenario()
    s.buildings[0]!.doors[0]!.state = 'locked'
    expect(refusedClause(hutMatch(1, s), { type: 'openDoor', figureId: 'b1', doorId: 'hut-door' })).toBe('SMLE-DOOR-03')
  })

  it('closes an open door; CORE-DOOR-01 when something stands in the doorway or the door is closed', () => {
    const opened = play(hutMatch(), [{ type: 'openDoor', figureId: 'b1', doorId: 'hut-door' }])
    const closed = play(opened, [{ type: 'closeDoor', figureId: 'b1', doorId: 'hut-door' }])
    expect(closed.state.doors['hut-door']?.state).toBe('closed')
    expect(refusedClause(closed, { type: 'closeDoor', figureId: 'b1', doorId: 'hut-door' })).toBe('CORE-DOOR-01')
    const inDoorway = play(opened, [{ type: 'moveFigure', figureId: 'b1', to: { x: 13, z: 15.9 } }])
    expect(refusedClause(inDoorway, { type: 'closeDoor', figureId: 'b1', doorId: 'hut-door' })).toBe('CORE-DOOR-01')
  })

  it('CORE-CMD-01: the door must exist', () => {
    expect(refusedClause(hutMatch(), { type: 'openDoor', figureId: 'b1', doorId: 'nope' })).toBe('CORE-CMD-01')
  })
})

describe('kickDoor', () => {
  /** Seeds whose first 1D6 is each face, found by trying seeds in order. */
  function seedForFirstFace(face: number): number {
    for (let seed = 0; seed < 500; seed++) {
      const r = dispatch(hutMatch(seed), { type: 'kickDoor', figureId: 'b1', doorId: 'hut-door' })
      if (r.decision.ok) {
        const roll = r.decision.events.find((e) => e.type === 'DiceRolled')
        if (roll?.type === 'DiceRolled' && roll.faces[0] === face) return seed
      }
    }
    throw new Error(`no seed gives ${face}`)
  }

  it('SMLE-DOOR-05: 1D6 ≥ 4 breaks the door in; the kicker ends just beyond it (SMLE-DOOR-03)', () => {
    const m = play(hutMatch(seedForFirstFace(4)), [{ type: 'kickDoor', figureId: 'b1', doorId: 'hut-door' }])
    expect(m.state.doors['hut-door']?.state).toBe('broken')
    expect(m.state.figures.b1?.position.z).toBeCloseTo(15.15)
    expect(m.state.figures.b1?.moveEnded).toBe(true)
  })

  it('SMLE-DOOR-E02: a roll of 3 fails and the move ends at the door', () => {
    const m = play(hutMatch(seedForFirstFace(3)), [{ type: 'kickDoor', figureId: 'b1', doorId: 'hut-door' }])
    expect(m.state.doors['hut-door']?.state).toBe('closed')
    expect(m.state.figures.b1?.position.z).toBe(17)
    expect(refusedClause(m, { type: 'moveFigure', figureId: 'b1', to: { x: 12, z: 18 } })).toBe('SMLE-DOOR-01')
  })

  it('SMLE-DOOR-05: a light wound gives −2, but a natural 6 always succeeds and a natural 1 always fails', () => {
    const wounded = (seed: number) => withFigure(hutMatch(seed), 'b1', { status: 'lightWound' })
    const six = play(wounded(seedForFirstFace(6)), [{ type: 'kickDoor', figureId: 'b1', doorId: 'hut-door' }])
    expect(six.state.doors['hut-door']?.state).toBe('broken')
    const five = play(wounded(seedForFirstFace(5)), [{ type: 'kickDoor', figureId: 'b1', doorId: 'hut-door' }])
    const roll = five.entries[0]?.events.find((e) => e.type === 'DiceRolled')
    expect(roll?.type === 'DiceRolled' && roll.total).toBe(3)
    expect(five.state.doors['hut-door']?.state).toBe('closed')
  })

  it('SMLE-DOOR-04: one forcing attempt per team, door and round', () => {
    const m = play(hutMatch(seedForFirstFace(2)), [{ type: 'kickDoor', figureId: 'b1', doorId: 'hut-door' }])
    const moved = play(m, [{ type: 'moveFigure', figureId: 'b2', to: { x: 14.2, z: 17.1 } }])
    expect(refusedClause(moved, { type: 'kickDoor', figureId: 'b2', doorId: 'hut-door' })).toBe('SMLE-DOOR-04')
    expect(
      dispatch(nextRound(moved, 'blue-1', 9), { type: 'kickDoor', figureId: 'b2', doorId: 'hut-door' }).decision.ok,
    ).toBe(true)
  })

  it('SMLE-DOOR-03: strong doors cannot be forced; open doors need no forcing', () => {
    const s = hutScenario()
    s.buildings[0]!.doors[0]!.kind = 'strong'
    expect(refusedClause(hutMatch(1, s), { type: 'kickDoor', figureId: 'b1', doorId: 'hut-door' })).toBe('SMLE-DOOR-03')
    const opened = play(hutMatch(), [{ type: 'openDoor', figureId: 'b1', doorId: 'hut-door' }])
    expect(refusedClause(opened, { type: 'kickDoor', figureId: 'b1', doorId: 'hut-door' })).toBe('SMLE-DOOR-03')
  })

  it('the roll is recorded with its purpose, modifiers, target and the generator state (thrown in the tray)', () => {
    const m = play(inTurn(newMatch(11, hutScenario(), 'physics'), 'blue-1', 9), [
      { type: 'kickDoor', figureId: 'b1', doorId: 'hut-door' },
    ])
    const roll = m.entries[0]?.events.find((e) => e.type === 'DiceRolled')
    expect(roll).toMatchObject({ type: 'DiceRolled', purpose: 'force door', target: 4, method: 'physics', rollId: 0 })
    expect(m.state.rng).toEqual(roll?.type === 'DiceRolled' ? roll.rng : null)
    expect(m.state.rollCount).toBe(1)
  })
})
