import type { CommandInput, MatchState, Vec3 } from '../../src-engine/index'

/**
 * The one command that moves the game on from where it stands: end set-up,
 * roll activation, hold fire or decline an interrupt, end the acting team's
 * activation. Null when the game is over.
 */
export function nextStep(state: MatchState): { label: string; command: CommandInput } | null {
  if (state.phase === 'ended') return null
  if (state.pending?.kind === 'opportunity')
    return { label: 'Hold fire', command: { type: 'holdFire', sideId: state.pending.sideId } }
  if (state.pending?.kind === 'interrupt')
    return { label: 'No interrupt', command: { type: 'declineInterrupt', sideId: state.pending.sideId } }
  if (state.phase === 'setup') return { label: 'End set-up', command: { type: 'endSetup', sideId: state.activeSideId } }
  if (state.phase === 'activation')
    return { label: 'Roll activation', command: { type: 'rollActivation', sideId: state.activeSideId } }
  const unit = state.activeUnit
  const teamId = unit?.teamIds[unit.index]
  return teamId ? { label: 'End activation', command: { type: 'endActivation', teamId } } : null
}

/** Who must do what now, in words, for the turn bar: rolling, acting, or deciding at an interrupt point. */
export function turnCaption(state: MatchState): string {
  const sideName = (id: string): string => state.sides.find((s) => s.id === id)?.name ?? id
  const teamName = (id: string | undefined): string => (id ? (state.teams[id]?.name ?? id) : 'a team')
  const p = state.pending
  if (p?.kind === 'opportunity') return `${sideName(p.sideId)} may fire at ${teamName(p.targetTeamId)}`
  if (p?.kind === 'fireReaction') return `${sideName(p.sideId)} may drop prone before the fire`
  if (p?.kind === 'interrupt') return `${sideName(p.sideId)} may interrupt before ${teamName(p.nextTeamIds[0])}`
  const side = sideName(state.activeSideId)
  if (state.phase === 'setup') return `${side} to set up`
  if (state.phase === 'activation') return `${side} to roll`
  if (state.phase === 'ended')
    return state.result?.winnerSideId ? `${sideName(state.result.winnerSideId)} won` : 'A draw'
  const unit = state.activeUnit
  const team = unit ? state.teams[unit.teamIds[unit.index] ?? ''] : undefined
  return team ? `${side} to act: ${team.name} (B${team.activation?.band ?? '?'})` : `${side} to act`
}

/**
 * Where the acting team stands (the middle of its figures on the table, or
 * of its vehicle when it is aboard), for the camera; null between turns.
 */
export function activeTeamCentre(state: MatchState): Vec3 | null {
  const unit = state.activeUnit
  const teamId = unit?.teamIds[unit.index]
  if (state.phase !== 'play' || !teamId) return null
  const points = Object.values(state.figures)
    .filter((f) => f.teamId === teamId && f.offTable === null && f.status !== 'dead')
    .map((f) => (f.vehicleId ? (state.vehicles[f.vehicleId]?.position ?? f.position) : f.position))
  if (points.length === 0) return null
  const sum = points.reduce((a, p) => ({ x: a.x + p.x, y: a.y + p.y, z: a.z + p.z }), { x: 0, y: 0, z: 0 })
  return { x: sum.x / points.length, y: sum.y / points.length, z: sum.z / points.length }
}
