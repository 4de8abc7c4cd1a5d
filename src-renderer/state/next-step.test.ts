import { describe, expect, it } from 'vitest'
import { hutMatch, newMatch } from '../../tests/fixtures/play'
import { activeTeamCentre, nextStep, turnCaption } from './next-step'

describe('the turn bar', () => {
  it('asks the side to roll in phase 1, and the step is its activation roll', () => {
    const m = newMatch()
    expect(turnCaption(m.state)).toBe('Blue to roll')
    expect(nextStep(m.state)?.command).toEqual({ type: 'rollActivation', sideId: 'blue' })
  })

  it('names the acting team and its band in its turn, and the step ends its activation', () => {
    const m = hutMatch()
    expect(turnCaption(m.state)).toBe('Blue to act: Blue team (B9)')
    expect(nextStep(m.state)).toMatchObject({
      label: 'End activation',
      command: { type: 'endActivation', teamId: 'blue-1' },
    })
  })

  it('at an interrupt point names the side that may fire and its target, and the step holds fire', () => {
    const m = hutMatch()
    const pending = {
      kind: 'opportunity' as const,
      sideId: 'red',
      targetTeamId: 'blue-1',
      eligibleTeamIds: ['red-1'],
      defensive: false,
      mover: null,
      then: { kind: 'turn' as const },
    }
    const state = { ...m.state, pending }
    expect(turnCaption(state)).toBe('Red may fire at Blue team')
    expect(nextStep(state)).toMatchObject({ label: 'Hold fire', command: { type: 'holdFire', sideId: 'red' } })
  })

  it('the camera’s focus on the acting team is the middle of its standing figures, and there is none before play', () => {
    const m = hutMatch()
    const team = Object.values(m.state.figures).filter((f) => f.teamId === 'blue-1' && f.status !== 'dead')
    const c = activeTeamCentre(m.state)!
    expect(c.x).toBeCloseTo(team.reduce((a, f) => a + f.position.x, 0) / team.length)
    expect(c.z).toBeCloseTo(team.reduce((a, f) => a + f.position.z, 0) / team.length)
    expect(activeTeamCentre(newMatch().state)).toBeNull()
  })
})
