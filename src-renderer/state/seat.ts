import type { MatchState } from '../../src-engine/index'
import type { SeatInfo } from '../../src-main/ipc/contract'
import { feedOptions } from '../feed/feed-options'

/**
 * The seat this page asks for, from its own address: `?seat=all` (the hot
 * seat, the default), `?seat=spectator` or `?seat=<side id>`. A clean feed
 * (`?clean=1`) that names no seat is a spectator's, so a stream shows
 * nothing hidden unless it asks for a seat. The host checks it; an unknown
 * one is refused when the connection opens.
 */
export function pageSeat(search: string): string {
  const seat = new URLSearchParams(search).get('seat')?.trim()
  if (seat) return seat
  return feedOptions(search) ? 'spectator' : 'all'
}

/** True when this seat gives commands for `sideId` (CORE-SEAT-01); before the first snapshot, nothing is known: false. */
export function seatMayAct(seat: SeatInfo | null, sideId: string | null): boolean {
  return seat !== null && sideId !== null && seat.kind !== 'spectator' && seat.sideIds.includes(sideId)
}

/** What the turn bar says about the seat: "Watching", "You play Column", or nothing at the hot seat. */
export function seatCaption(seat: SeatInfo | null, state: MatchState): string | null {
  if (!seat || seat.hotSeat || seat.kind === 'referee') return null
  if (seat.kind === 'spectator') return 'Watching'
  const names = seat.sideIds.map((id) => state.sides.find((s) => s.id === id)?.name ?? id)
  return names.length === 0 ? 'Watching' : `You play ${names.join(' and ')}`
}
