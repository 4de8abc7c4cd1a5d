import { CORE_CLAUSES, sidesViewer, type Viewer } from '../../src-engine/index'
import type { SeatInfo } from '../ipc/types'

/**
 * Where a connection sits at the table: a viewer (one or more sides, a
 * spectator, the referee) or the hot seat, which plays every side of
 * whatever game is open (so it is resolved afresh for each game).
 */
export type Seat = Viewer | { readonly kind: 'all' }

/** The sides of a game, as its scenario names them (any ruleset). */
export interface SeatTable {
  readonly sides: readonly { readonly id: string; readonly name?: string }[]
  /** Sides the computer plays: the hot seat does not hold them (it sees only its people's sides). */
  readonly computerSideIds?: readonly string[]
}

/** The hot seat: every side of the open game (the desktop app, and browser mode's default). */
export const HOT_SEAT: Seat = { kind: 'all' }

/** A spectator: sees what every side has revealed, gives no command (CORE-SEAT-01). */
export const SPECTATOR_SEAT: Seat = { kind: 'spectator' }

/** A seat playing one side. */
export function sideSeat(sideId: string): Seat {
  return sidesViewer(sideId)
}

/**
 * The viewer a seat is in this game: the hot seat holds every side the
 * computer does not play (so against the computer it sees only what its own
 * troops see); when the computer plays every side, it watches as a spectator.
 */
export function seatViewer(seat: Seat, state: SeatTable): Viewer {
  if (seat.kind !== 'all') return seat
  const computer = state.computerSideIds ?? []
  const people = state.sides.map((s) => s.id).filter((id) => !computer.includes(id))
  return people.length === 0 ? { kind: 'spectator' } : sidesViewer(...people)
}

/** What a view is told about its own seat (so it can say "Watching" or "You play Column"). */
export function seatInfo(seat: Seat, state: SeatTable): SeatInfo {
  const viewer = seatViewer(seat, state)
  const hotSeat = seat.kind === 'all'
  if (viewer.kind === 'sides') return { kind: 'sides', sideIds: [...viewer.sideIds], hotSeat }
  if (viewer.kind === 'referee') return { kind: 'referee', sideIds: state.sides.map((s) => s.id), hotSeat }
  return { kind: 'spectator', sideIds: [], hotSeat }
}

const SIDE_ID = /^[A-Za-z0-9][A-Za-z0-9_-]{0,63}$/

/**
 * Reads a `?seat=` value: `all` (the default when absent or empty),
 * `spectator`, or a side id. A malformed value is refused with a sentence;
 * whether the side exists is for the caller to check against the game.
 */
export function parseSeat(text: string | null | undefined): { ok: true; seat: Seat } | { ok: false; message: string } {
  const value = (text ?? '').trim()
  if (value === '' || value === 'all') return { ok: true, seat: HOT_SEAT }
  if (value === 'spectator') return { ok: true, seat: SPECTATOR_SEAT }
  if (SIDE_ID.test(value)) return { ok: true, seat: sideSeat(value) }
  return {
    ok: false,
    message: `"${value.slice(0, 40)}" is not a seat: use seat=all, seat=spectator or seat=<side id>.`,
  }
}

/** A key equal for seats that see the same view (to compute each view once per change). */
export function seatKey(seat: Seat): string {
  return seat.kind === 'sides' ? `sides:${[...seat.sideIds].sort().join(',')}` : seat.kind
}

/** The refusal for a command from a seat that does not play the side to act (CORE-SEAT-01). */
export function seatRefusal(
  seat: Seat,
  state: SeatTable,
  sideId: string | null,
): { clause: 'CORE-SEAT-01'; message: string } {
  const viewer = seatViewer(seat, state)
  const sideName = state.sides.find((s) => s.id === sideId)?.name ?? sideId ?? 'nobody'
  const message =
    viewer.kind === 'spectator'
      ? `A spectator gives no commands: it is ${sideName}'s turn. ${CORE_CLAUSES['CORE-SEAT-01']}`
      : `This seat does not play ${sideName}, whose turn it is. ${CORE_CLAUSES['CORE-SEAT-01']}`
  return { clause: 'CORE-SEAT-01', message }
}
