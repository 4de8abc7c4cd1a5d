import { describe, expect, it } from 'vitest'
import { newMatch } from '../../../../tests/fixtures/play'
import { updateDoor, updateFigure, updateFigures, updateTeam } from './apply-helpers'

describe('updates that change nothing keep the records (and the state) as they are', () => {
  const state = newMatch().state
  const [a, b] = Object.values(state.figures)
  const team = Object.values(state.teams)[0]!

  it('a figure patched with its own values: the same state; with a new value: a new figure, the rest kept', () => {
    expect(updateFigure(state, a!.id, { prone: a!.prone, position: a!.position })).toBe(state)
    const moved = updateFigure(state, a!.id, { position: { ...a!.position, x: a!.position.x + 1 } })
    expect(moved).not.toBe(state)
    expect(moved.figures[a!.id]!.position.x).toBe(a!.position.x + 1)
    expect(moved.figures[b!.id]).toBe(state.figures[b!.id])
    // A value equal but not the same object is a change (caches compare objects).
    expect(updateFigure(state, a!.id, { position: { ...a!.position } })).not.toBe(state)
    // -0 is not 0: the state's JSON is the same, but nothing is taken for unchanged that is not the very value.
    expect(updateFigure(state, a!.id, { facingDeg: a!.facingDeg === 0 ? -0 : a!.facingDeg + 1 })).not.toBe(state)
  })

  it('several figures: only those changed are new; none changed, the same state', () => {
    expect(updateFigures(state, [a!.id, b!.id], (f) => ({ prone: f.prone }))).toBe(state)
    const next = updateFigures(state, [a!.id, b!.id], (f) =>
      f.id === a!.id ? { prone: !f.prone } : { prone: f.prone },
    )
    expect(next.figures[a!.id]!.prone).toBe(!a!.prone)
    expect(next.figures[b!.id]).toBe(state.figures[b!.id])
    expect(() => updateFigures(state, ['nobody'], () => ({}))).toThrow(/unknown figure/)
  })

  it('a key the record does not have is a change, even set to undefined', () => {
    const patch = { notAField: undefined } as unknown as Parameters<typeof updateTeam>[2]
    expect(updateTeam(state, team.id, patch)).not.toBe(state)
    expect(updateTeam(state, team.id, { fresh: team.fresh })).toBe(state)
    expect(updateTeam(state, team.id, (t) => ({ breaks: t.breaks + 1 })).teams[team.id]!.breaks).toBe(team.breaks + 1)
  })

  it('a door set to the state it is in', () => {
    const door = Object.entries(state.doors)[0]!
    expect(door).toBeDefined()
    expect(updateDoor(state, door[0], door[1].state)).toBe(state)
    expect(updateDoor(state, door[0], door[1].state === 'open' ? 'closed' : 'open')).not.toBe(state)
  })
})
