import type { ActivationEntry, RollModifier } from '../../src-engine/index'

/** A modifier as the list prints it: `+2 Leader (SMLE-ACT-03)`. */
export function modifierText(m: RollModifier): string {
  return `${m.value >= 0 ? '+' : '−'}${Math.abs(m.value)} ${m.label} (${m.clause})`
}

/** The word the list shows for where a team is in the round. */
export function statusText(e: ActivationEntry): string {
  if (e.status === 'active') return 'acting'
  if (e.status === 'done') return e.secondTurnToCome ? 'second turn to come' : 'gone'
  return e.status === 'waiting' ? 'waiting' : ''
}

/** The detail line under a team in the list: Table 1's words for its band, its die, modifiers and band shifts, all as the engine answers. */
export function detailText(e: ActivationEntry): string {
  const mods = e.modifiers.map((m) => `, ${modifierText(m)}`).join('')
  const shifts = e.shifts.length > 0 ? `; ${e.shifts.join(', ')}` : ''
  return `${e.allows}. Die ${e.die}${mods}${shifts}`
}
