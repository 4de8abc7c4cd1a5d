import type { CallFirePreview, MatchState } from '../../../src-engine/index'

type P3 = [number, number, number]

/** Drawn above the ground so the marks are not lost in it. */
const LIFT_IN = 0.1

/** A figure ringed on the table: how a burst would catch it. */
export interface CaughtMark {
  readonly figureId: string
  readonly at: P3
  readonly radiusIn: number
  /** On target: the burst attacks it takes (SMLE-EXP-04); 0 when only a stray round reaches it. */
  readonly attacks: number
  readonly friendly: boolean
}

/** A planned call for fire as shapes and words on the table. */
export interface CallFireMarks {
  readonly point: P3
  readonly radiusIn: number
  /** Each landing a miss may give, with its die face (SMLE-EXP-12, doubled). */
  readonly landings: readonly { readonly face: number; readonly at: P3 }[]
  /** The line deviation is measured along, from the gun through the point (SMLE-EXP-13), to the farthest long landing. */
  readonly axis: readonly [P3, P3] | null
  readonly caught: readonly CaughtMark[]
  readonly label: string
}

const lift = (p: { x: number; y: number; z: number }): P3 => [p.x, p.y + LIFT_IN, p.z]
const inches = (n: number): string => `${Number.isInteger(n) ? n : n.toFixed(1)}"`

/**
 * The marks of a call for fire before it is made: the target point and its
 * burst radius, where each face of the deviation die would put a miss, the
 * figures each would catch (friends too: SMLE-EXP-08), and a line of words;
 * for a refusal, the point and the refusal with its clause.
 */
export function callFireMarks(p: CallFirePreview, state: MatchState, sideId: string | null): CallFireMarks {
  const point = lift(p.point)
  const plan = p.plan
  if (!plan) {
    const r = p.refusal
    return { point, radiusIn: 0, landings: [], axis: null, caught: [], label: r ? `${r.message} (${r.clause})` : '' }
  }
  const caught: CaughtMark[] = []
  for (const u of plan.under) {
    const f = state.figures[u.figureId]
    if (!f) continue
    caught.push({
      figureId: u.figureId,
      at: lift(f.position),
      radiusIn: f.baseRadiusIn + 0.15,
      attacks: u.onTargetAttacks,
      friendly: f.sideId === sideId,
    })
  }
  const onTarget = caught.filter((c) => c.attacks > 0)
  const strays = caught.length - onTarget.length
  const friends = onTarget.filter((c) => c.friendly).length
  const longest = plan.landings.reduce((a, b) => (b.longIn > a.longIn ? b : a), plan.landings[0]!)
  const who =
    onTarget.length === 0
      ? 'nobody under it'
      : `${onTarget.length} under it${friends ? ` (${friends} of ours: SMLE-EXP-08)` : ''}`
  const watched = plan.rounds > 1 ? ` · observed ${plan.rounds} rounds: +${plan.bonus} (SMLE-IND-04)` : ''
  return {
    point,
    radiusIn: plan.radiusIn,
    landings: plan.landings.map((l) => ({ face: l.face, at: lift(l.at) })),
    axis: [lift(plan.from), lift(longest.at)],
    caught,
    label:
      `${plan.weaponName}: ${inches(plan.radiusIn)} burst, lands round ${plan.arrivesRound} (SMLE-IND-03) · ` +
      `a miss strays up to ${inches(plan.maxDeviationIn)} (doubled, SMLE-IND-04) · ${who}` +
      `${strays ? `, ${strays} more if it strays` : ''}${watched}`,
  }
}
