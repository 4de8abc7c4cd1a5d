import type { MatchState, RollModifier } from '../../src-engine/index'

/** Where a team is in this round's sequence, as the activation list shows it. */
export type ActivationStatus = 'active' | 'done' | 'waiting' | 'unrolled' | 'gone'

/** One row of the activation list. */
export interface ActivationRow {
  readonly teamId: string
  readonly name: string
  readonly sideId: string
  /** 1-based place in this round's order (lowest AL first, SMLE-TURN-02), or null before the roll. */
  readonly order: number | null
  readonly al: number | null
  readonly band: number | null
  readonly die: number | null
  readonly modifiers: readonly RollModifier[]
  readonly shifts: readonly string[]
  readonly status: ActivationStatus
  /** What the band allows, in short (SMLE-TURN-09: B9+ close assault, B7+ direct fire …). */
  readonly allows: string
}

/** Table 1 (SMLE-ACT-01): team action, move option and combat option of each band, B0…B10. */
const TABLE_1: readonly (readonly [string, string, string])[] = [
  ['Break', 'full move, up to 2×', 'abandon weapons'],
  ['Fall Back', 'full move back', 'no firing'],
  ['Fall Back', 'half move back', 'panic fire'],
  ['Pinned', 'no movement', 'return fire'],
  ['Stand', 'half move', 'return fire'],
  ['Stand', 'half move', 'opportunity fire'],
  ['Advance', 'half move', 'opportunity fire'],
  ['Advance', 'half move', 'direct fire'],
  ['Close', 'half move', 'direct fire'],
  ['Close', 'full move', 'close assault'],
  ['Double Move', 'full move', 'close assault'],
]

/** What a band allows, in short, from Table 1 (SMLE-ACT-01): "Advance: half move, direct fire". */
export function bandAllows(band: number | null): string {
  const row = band === null ? undefined : TABLE_1[Math.max(0, Math.min(10, band))]
  return row ? `${row[0]}: ${row[1]}, ${row[2]}` : ''
}

/** Teams that have gone come first, then the acting team, then the waiting ones (an AL may change after a team has gone). */
const PHASE: Readonly<Record<ActivationStatus, number>> = { done: 0, active: 1, waiting: 2, unrolled: 3, gone: 3 }

/**
 * The round's activation list: every team on the table with its roll (die,
 * modifiers with their clause ids, band shifts), its level and band, in the
 * order the teams take their turns (those that have gone, the acting one, then
 * the waiting ones lowest AL first, ties by their roll-off, SMLE-TURN-02/03),
 * and whether it is acting, has gone or is waiting.
 */
export function activationList(state: MatchState): ActivationRow[] {
  const unit = state.activeUnit
  const activeId = unit?.teamIds[unit.index]
  const rank = (blockId: string): number => state.rolloff[blockId] ?? 0
  const rows = Object.values(state.teams).map((t): Omit<ActivationRow, 'order'> => {
    const a = t.activation
    const gone = t.gone !== null || t.figureIds.every((id) => state.figures[id]?.status === 'dead' || state.figures[id]?.offTable)
    const status: ActivationStatus = gone ? 'gone' : !a ? 'unrolled' : t.id === activeId ? 'active' : t.turn === 'done' ? 'done' : 'waiting'
    return { teamId: t.id, name: t.name, sideId: t.sideId, al: a?.al ?? null, band: a?.band ?? null, die: a?.die ?? null, modifiers: a?.modifiers ?? [], shifts: a?.shifts ?? [], status, allows: bandAllows(a?.band ?? null) }
  })
  const block = (id: string): string => state.teams[id]?.activation?.blockId ?? id
  const rolled = rows.filter((r) => r.al !== null && r.status !== 'gone').sort((a, b) => PHASE[a.status] - PHASE[b.status] || (a.al ?? 0) - (b.al ?? 0) || rank(block(a.teamId)) - rank(block(b.teamId)) || (block(a.teamId) < block(b.teamId) ? -1 : block(a.teamId) > block(b.teamId) ? 1 : 0))
  const rest = rows.filter((r) => r.al === null || r.status === 'gone')
  return [...rolled.map((r, i) => ({ ...r, order: i + 1 })), ...rest.map((r) => ({ ...r, order: null }))]
}

/** A modifier as the list prints it: `+2 Leader (SMLE-ACT-03)`. */
export function modifierText(m: RollModifier): string {
  return `${m.value >= 0 ? '+' : '−'}${Math.abs(m.value)} ${m.label} (${m.clause})`
}
