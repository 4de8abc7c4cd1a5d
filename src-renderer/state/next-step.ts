import type { CommandInput, MatchState } from '../../src-engine/index'

/**
 * The one command that moves the game on from where it stands: end set-up,
 * roll activation, hold fire or decline an interrupt, end the acting team's
 * activation. Null when the game is over.
 */
export function nextStep(state: MatchState): { label: string; command: CommandInput } | null {
  if (state.phase === 'ended') return null
  if (state.pending?.kind === 'opportunity') return { label: 'Hold fire', command: { type: 'holdFire', sideId: state.pending.sideId } }
  if (state.pending?.kind === 'interrupt') return { label: 'No interrupt', command: { type: 'declineInterrupt', sideId: state.pending.sideId } }
  if (state.phase === 'setup') return { label: 'End set-up', command: { type: 'endSetup', sideId: state.activeSideId } }
  if (state.phase === 'activation') return { label: 'Roll activation', command: { type: 'rollActivation', sideId: state.activeSideId } }
  const unit = state.activeUnit
  const teamId = unit?.teamIds[unit.index]
  return teamId ? { label: 'End activation', command: { type: 'endActivation', teamId } } : null
}
