import type { RollModifier } from '../events/events'
import type { MatchState, TeamState } from '../state/state'
import { type BandRow, type CombatRow, type MoveRow, type OtherOption, rowOf } from '../bands'
import { isTeamOnTable } from '../organisation'
import { waitingUnits } from '../sequence'

/**
 * Where a team stands in this round's sequence: `active` (its turn now),
 * `done` (it has taken its turn; a Double Move may still have its second
 * turn to come), `waiting` (its turn is still to come), `unrolled` (on the
 * table, no activation yet), `gone` (not on the table: gone, fled, dead, or
 * not yet arrived).
 */
export type ActivationStatus = 'active' | 'done' | 'waiting' | 'unrolled' | 'gone'

/** One team in the round's activation order. */
export interface ActivationEntry {
  readonly teamId: string
  readonly name: string
  readonly sideId: string
  /** 1-based place in this round's order, or null for a team without a place (unrolled or gone). */
  readonly order: number | null
  /** The phase-1 die (SMLE-ACT-01), kept for the round (SMLE-TURN-09). */
  readonly die: number | null
  /** The current activation level (SMLE-ACT-16), or null before the roll. */
  readonly al: number | null
  /** The band, B0…B10 (SMLE-ACT-02), or null before the roll. */
  readonly band: number | null
  /** Table 1a modifiers that apply, each with its clause (SMLE-ACT-04..19). */
  readonly modifiers: readonly RollModifier[]
  /** Band shifts that changed the band (SMLE-ACT-05). */
  readonly shifts: readonly string[]
  /** Table 1's row of its band (SMLE-ACT-01), or null before the roll. */
  readonly row: BandRow | null
  /** Table 1's team action: Double Move, Close, Advance, Stand, Pinned, Fall Back, Break; '' before the roll. */
  readonly action: string
  /** What the band allows, in Table 1's words ("Advance: half move, direct fire"); '' before the roll. */
  readonly allows: string
  readonly status: ActivationStatus
  /** A Double Move's second turn is still to come (SMLE-TURN-08, phase 6). */
  readonly secondTurnToCome: boolean
  /** Its turns this round are over: the first, and the second of a Double Move (SMLE-TURN-05). */
  readonly finished: boolean
  /** The group-roll block it activates with (SMLE-TURN-06), or null before the roll. */
  readonly blockId: string | null
}

/** Table 1's Move column in words (SMLE-ACT-01; Break per SMLE-OPT-08). */
const MOVE_WORDS: Readonly<Record<MoveRow, string>> = {
  full: 'full move',
  half: 'half move',
  none: 'no movement',
  halfBack: 'half move back',
  fullBack: 'full move back',
  break: 'full move, up to 2×',
}

/** Table 1's Combat column in words (SMLE-ACT-01). */
const COMBAT_WORDS: Readonly<Record<CombatRow, string>> = {
  closeAssault: 'close assault',
  directFire: 'direct fire',
  opportunityFire: 'opportunity fire',
  returnFire: 'return fire',
  panicFire: 'panic fire',
  noFiring: 'no firing',
  abandonWeapons: 'abandon weapons',
}

/** Table 1's Other column in words (SMLE-ACT-01, SMLE-OPT-10). */
const OTHER_WORDS: Readonly<Record<OtherOption, string>> = {
  deactivateTraps: 'deactivate booby traps',
  observe: 'observe for indirect fire',
  debus: 'de-bus and deploy',
  recoverCasualties: 'recover casualties',
  reload: 'reload heavy weapons',
}

/**
 * What a band allows, in Table 1's words (SMLE-ACT-01): its team action,
 * Move option and Combat option, "Advance: half move, direct fire"; '' for
 * no band. A unit may also use any option of a lower band (SMLE-ACT-06).
 */
export function bandAllows(band: number | null): string {
  if (band === null) return ''
  const row = rowOf(band)
  return `${row.action}: ${MOVE_WORDS[row.move]}, ${COMBAT_WORDS[row.combat]}`
}

/** The Other option a band's own row of Table 1 names ("observe for indirect fire"), or null (SMLE-ACT-01, SMLE-OPT-10). */
export function bandOtherOption(band: number | null): string | null {
  const other = band === null ? null : rowOf(band).other
  return other === null ? null : OTHER_WORDS[other]
}

/** The team acting now, if any. */
function activeTeamId(state: MatchState): string | undefined {
  const unit = state.activeUnit
  return state.phase === 'play' && unit ? unit.teamIds[unit.index] : undefined
}

function statusOf(state: MatchState, team: TeamState, activeId: string | undefined): ActivationStatus {
  if (!isTeamOnTable(state, team)) return 'gone'
  if (!team.activation) return 'unrolled'
  if (team.id === activeId) return 'active'
  return team.turn === 'done' ? 'done' : 'waiting'
}

/**
 * The teams still to take their first turn, in the order the sequence will
 * make them active: the rest of the acting block first (SMLE-TURN-06), then
 * the waiting units lowest current AL first (SMLE-TURN-02/04), ties in their
 * roll-off order (SMLE-TURN-03; a tie not yet rolled off stays in id order,
 * as the roll-off takes it).
 */
function firstTurnsToCome(state: MatchState): string[] {
  const unit = state.activeUnit
  const block = unit && unit.turn === 'first' ? unit.teamIds.slice(unit.index + 1) : []
  const key = (teamIds: readonly string[]): string => teamIds[0] ?? ''
  const rank = (teamIds: readonly string[]): number => state.rolloff[key(teamIds)] ?? Infinity
  const units = waitingUnits(state, 'first').sort(
    (a, b) =>
      a.al - b.al ||
      rank(a.teamIds) - rank(b.teamIds) ||
      (key(a.teamIds) < key(b.teamIds) ? -1 : key(a.teamIds) > key(b.teamIds) ? 1 : 0),
  )
  const rest = units.flatMap((u) => u.teamIds).filter((id) => !block.includes(id))
  return [...block.filter((id) => state.teams[id]?.turn === 'waiting'), ...rest]
}

/**
 * The round's activation order (SMLE-TURN-02): every team with its phase-1
 * die, its Table 1a modifiers with their clauses, band shifts, current AL
 * and band (SMLE-ACT-01..05, SMLE-ACT-16), what the band allows in Table 1's
 * words, and whether it is acting, has gone or is waiting. Teams that have
 * gone come first (lowest AL first, ties by roll-off), then the acting team, then the waiting
 * ones in the order the sequence will take them (`waitingUnits`: the rest of
 * the acting block, then lowest current AL first, ties by their roll-off,
 * SMLE-TURN-03/04/06); unrolled teams and teams off the table follow, with
 * no place.
 */
export function activationOrder(state: MatchState): ActivationEntry[] {
  const activeId = activeTeamId(state)
  const entries = new Map<string, Omit<ActivationEntry, 'order'>>()
  for (const team of Object.values(state.teams)) {
    const a = team.activation
    const status = statusOf(state, team, activeId)
    const secondTurnToCome = team.secondTurn === 'waiting' && status !== 'gone'
    entries.set(team.id, {
      teamId: team.id,
      name: team.name,
      sideId: team.sideId,
      die: a?.die ?? null,
      al: a?.al ?? null,
      band: a?.band ?? null,
      modifiers: a?.modifiers ?? [],
      shifts: a?.shifts ?? [],
      row: a ? rowOf(a.band) : null,
      action: a ? rowOf(a.band).action : '',
      allows: bandAllows(a?.band ?? null),
      status,
      secondTurnToCome,
      finished: team.turn === 'done' && team.secondTurn !== 'waiting' && team.secondTurn !== 'active',
      blockId: a?.blockId ?? null,
    })
  }
  const all = [...entries.values()]
  // The state keeps no record of the order they went in: lowest AL first, ties by their roll-off (SMLE-TURN-03), as they were taken.
  const rank = (e: Omit<ActivationEntry, 'order'>): number => state.rolloff[e.blockId ?? e.teamId] ?? Infinity
  const done = all
    .filter((e) => e.status === 'done')
    .sort((a, b) => (a.al ?? 0) - (b.al ?? 0) || rank(a) - rank(b) || (a.teamId < b.teamId ? -1 : 1))
  const active = all.filter((e) => e.status === 'active')
  const toCome = firstTurnsToCome(state).flatMap((id) => {
    const e = entries.get(id)
    return e && e.status === 'waiting' ? [e] : []
  })
  // A waiting team the sequence does not list (e.g. its block's lead has left the table) still gets its place, last.
  const listed = new Set([...done, ...active, ...toCome].map((e) => e.teamId))
  const stray = all
    .filter((e) => e.status === 'waiting' && !listed.has(e.teamId))
    .sort((a, b) => (a.al ?? 0) - (b.al ?? 0))
  const ordered = [...done, ...active, ...toCome, ...stray]
  const placed = new Set(ordered.map((e) => e.teamId))
  const rest = all.filter((e) => !placed.has(e.teamId))
  return [...ordered.map((e, i) => ({ ...e, order: i + 1 })), ...rest.map((e) => ({ ...e, order: null }))]
}
