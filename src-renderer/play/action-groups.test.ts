import { describe, expect, it } from 'vitest'
import type { LabelledOption } from '../../src-engine/index'
import { hutMatch } from '../../tests/fixtures/play'
import { decisionPrompt, fireOptionAt, isFireCommand, optionSections } from './action-groups'

const opt = (
  group: LabelledOption['group'],
  command: LabelledOption['command'],
  label = command.type,
): LabelledOption => ({ group, label, command })

describe('action panel grouping', () => {
  it('sections follow the panel order and leave out empty groups', () => {
    const sections = optionSections([
      opt('doors', { type: 'openDoor', figureId: 'b1', doorId: 'd' }),
      opt('activation', { type: 'endActivation', teamId: 'blue-1' }),
      opt('fire', { type: 'panicFire', teamId: 'blue-1' }),
    ])
    expect(sections.map((s) => s.title)).toEqual(['Activation', 'Fire', 'Doors'])
  })
  it('fire commands are previewed first; other commands are sent at once', () => {
    expect(isFireCommand({ type: 'directFire', teamId: 'a', targetTeamId: 'b' })).toBe(true)
    expect(isFireCommand({ type: 'opportunityFire', sideId: 'red', teamId: 'a' })).toBe(true)
    expect(isFireCommand({ type: 'openDoor', figureId: 'a', doorId: 'd' })).toBe(false)
  })
  it('clicking an enemy figure picks the whole-team fire at its team, not a single explosive roll', () => {
    const m = hutMatch()
    const options = [
      opt('fire', {
        type: 'directFire',
        teamId: 'blue-1',
        targetTeamId: 'red-1',
        firerIds: ['b1'],
        weapons: { b1: 'grenade' },
      }),
      opt('fire', { type: 'directFire', teamId: 'blue-1', targetTeamId: 'red-1' }),
    ]
    expect(fireOptionAt(options, m.state, 'r1')?.command).toEqual({
      type: 'directFire',
      teamId: 'blue-1',
      targetTeamId: 'red-1',
    })
    expect(fireOptionAt(options, m.state, 'b2')).toBeNull()
    expect(fireOptionAt([], m.state, 'r1')).toBeNull()
  })
  it('SMLE-COMBAT-05: at an interrupt point the prompt names the deciding side, the moving team and the choices', () => {
    const m = hutMatch()
    expect(decisionPrompt(m.state)).toBeNull()
    const pending = {
      kind: 'opportunity' as const,
      sideId: 'red',
      targetTeamId: 'blue-1',
      eligibleTeamIds: ['red-1'],
      defensive: false,
      mover: { figureId: 'b1', at: { x: 0, y: 0, z: 0 } },
      then: { kind: 'turn' as const },
    }
    const prompt = decisionPrompt({ ...m.state, pending } as unknown as typeof m.state)
    expect(prompt?.title).toBe('Red: interrupt point (SMLE-COMBAT-05)')
    expect(prompt?.detail).toMatch(
      /^Blue team \(Blue One\) is moving in sight\. Fire .*hold fire.*let the move continue/,
    )
    const opts = [
      opt('interrupt', { type: 'holdFire', sideId: 'red' }),
      opt('interrupt', { type: 'opportunityFire', sideId: 'red', teamId: 'red-1' }),
    ]
    expect(fireOptionAt(opts, { ...m.state, pending } as unknown as typeof m.state, 'b1')?.command.type).toBe(
      'opportunityFire',
    )
  })
})
