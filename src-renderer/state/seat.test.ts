import { describe, expect, it } from 'vitest'
import { hutMatch } from '../../tests/fixtures/play'
import { pageSeat, seatCaption, seatMayAct } from './seat'

describe('the page seat (CORE-SEAT-01)', () => {
  it('comes from the page address, the hot seat by default', () => {
    expect(pageSeat('')).toBe('all')
    expect(pageSeat('?seat=spectator')).toBe('spectator')
    expect(pageSeat('?x=1&seat=red')).toBe('red')
    expect(pageSeat('?seat=')).toBe('all')
  })

  it('a clean feed that names no seat watches as a spectator; one that names a seat gets it', () => {
    expect(pageSeat('?clean=1')).toBe('spectator')
    expect(pageSeat('?clean=1&seat=')).toBe('spectator')
    expect(pageSeat('?clean=1&seat=red')).toBe('red')
    expect(pageSeat('?clean=0')).toBe('all')
  })

  it('a spectator acts for no side and is told it is watching; a side seat acts only for its side', () => {
    const state = hutMatch().state
    const spectator = { kind: 'spectator' as const, sideIds: [], hotSeat: false }
    const blue = { kind: 'sides' as const, sideIds: ['blue'], hotSeat: false }
    expect(seatMayAct(spectator, 'blue')).toBe(false)
    expect(seatCaption(spectator, state)).toBe('Watching')
    expect(seatMayAct(blue, 'blue')).toBe(true)
    expect(seatMayAct(blue, 'red')).toBe(false)
    expect(seatCaption(blue, state)).toMatch(/^You play /)
    expect(seatCaption({ kind: 'sides', sideIds: ['blue', 'red'], hotSeat: true }, state)).toBeNull()
  })
})
