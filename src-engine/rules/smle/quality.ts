import type { Motivation, Quality } from './scenario/schema'

/** SMLE-QUAL-03: Untrained 0, Green 1, Trained 2, Veteran 3. */
export const QUALITY_RANK: Readonly<Record<Quality, number>> = { untrained: 0, green: 1, trained: 2, veteran: 3 }

const BY_RANK: readonly Quality[] = ['untrained', 'green', 'trained', 'veteran']

/**
 * SMLE-QUAL-02 / SMLE-QUAL-03: a team's single rating for activation is the
 * mean of its living figures' ratings, rounded down, or up for an Elite team.
 * A team with no living figure keeps `fallback`.
 */
export function teamRating(
  qualities: readonly Quality[],
  motivation: Motivation,
  fallback: Quality = 'trained',
): Quality {
  if (qualities.length === 0) return fallback
  const mean = qualities.reduce((a, q) => a + QUALITY_RANK[q], 0) / qualities.length
  // Guard against float noise (e.g. 2.9999999) before rounding.
  const rounded = motivation === 'elite' ? Math.ceil(mean - 1e-9) : Math.floor(mean + 1e-9)
  return BY_RANK[Math.max(0, Math.min(3, rounded))] ?? fallback
}

/** SMLE-QUAL-05: the section leader rolls with +1. */
export const LEADER_QUALITY_BONUS = 1

/**
 * SMLE-QUAL-05 random quality (`[decision]` table): 1–2 Green, 3–5 Trained,
 * 6+ Veteran, on 1D6 plus any modifier (the leader's +1).
 */
export function randomQuality(total: number): Quality {
  if (total <= 2) return 'green'
  if (total <= 5) return 'trained'
  return 'veteran'
}
