import type { MatchState } from '../../src-engine/index'

/** Losses of one side at the end of the game. */
export interface SideLosses {
  readonly sideId: string
  readonly name: string
  readonly figures: number
  readonly dead: number
  readonly seriouslyWounded: number
  readonly lightlyWounded: number
  /** Fled, captured or vanished (not reserves, nor figures that left by their own edge or were evacuated). */
  readonly offTable: number
}

/** What the end-of-game dialog shows. */
export interface GameSummary {
  readonly winner: string
  readonly reason: string
  readonly rounds: number
  readonly sides: readonly SideLosses[]
}

/** The summary of a finished game (`state.result` set), or null while it goes on. */
export function gameSummary(state: MatchState): GameSummary | null {
  const r = state.result
  if (!r) return null
  const name = (id: string): string => state.sides.find((s) => s.id === id)?.name ?? id
  const figures = Object.values(state.figures)
  const sides = state.sides.map((s) => {
    const own = figures.filter((f) => f.sideId === s.id)
    return {
      sideId: s.id,
      name: s.name,
      figures: own.length,
      dead: own.filter((f) => f.status === 'dead').length,
      seriouslyWounded: own.filter((f) => f.status === 'seriousWound').length,
      lightlyWounded: own.filter((f) => f.status === 'lightWound').length,
      offTable: own.filter(
        (f) => f.status !== 'dead' && (f.offTable === 'fled' || f.offTable === 'captured' || f.offTable === 'vanished'),
      ).length,
    }
  })
  return { winner: r.winnerSideId ? `${name(r.winnerSideId)} won` : 'A draw', reason: r.reason, rounds: r.round, sides }
}
