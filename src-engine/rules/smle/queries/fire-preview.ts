import { parseCommand } from '../commands/decide'
import { type Checked, rejectCore } from '../decision'
import type { RollModifier } from '../events/events'
import type { MatchState } from '../state/state'
import { checkDirectFire } from '../commands/direct-fire'
import { checkOpportunityFire } from '../commands/opportunity-fire'
import { checkPanicFire } from '../commands/panic-fire'
import { checkReturnFire } from '../commands/return-fire'
import type { PlannedRoll } from '../fire-flow'
import { coverFrom } from '../shooters'
import { vehicleTargetBody } from '../vehicle-hits'
import { withinMaximumRange } from '../explosion-flow'
import type { Vec3 } from '../../../util/geometry'
import type { Body } from '../../../world/types'
import { eyePoint, FIGURE_HEIGHT_IN } from '../../../world/sample-points'
import type { World } from '../world'
import { vehicleHulls } from '../vehicle-sight'

/** What a firer sees of what it shoots at: its cover grade as the table shows it, or blocked. */
export type PreviewCover = 'none' | 'soft' | 'hard' | 'position' | 'blocked'

/** One firing figure's roll before it is thrown: sight line, cover, to-hit number and every modifier with its clause. */
export interface FirerPreview {
  readonly firerId: string
  readonly firerName: string
  readonly weapon: string
  /** From the firer's eye to the aimed figure's chest (or the vehicle). */
  readonly from: Vec3
  readonly to: Vec3
  /** The aimed figure's cover from this firer (SMLE-SHOOT-21..24, SMLE-SHOOT-26 as `position`). */
  readonly cover: PreviewCover
  /** Fraction of the aimed figure's sample points this firer sees (SMLE-SHOOT-02). */
  readonly visible: number
  readonly rangeIn: number
  /** The total to reach on 2D6 plus modifiers (Table 3, by quality). */
  readonly toHit: number
  readonly modifiers: readonly RollModifier[]
  /** What the two dice must show before modifiers: toHit − Σ modifiers (never below 3: snake eyes miss, SMLE-SHOOT-04). */
  readonly needs: number
  /** `2D6`, or `auto` for a Big Guns hero who always hits (SMLE-HERO-04). */
  readonly dice: '2D6' | 'auto'
  /** Beyond twice the effective range: the roll cannot hit (SMLE-SHOOT-08). */
  readonly cannotHit: boolean
  /** An explosive round: where it is aimed and its burst radius (SMLE-EXP-03). */
  readonly burst: { readonly aim: Vec3; readonly radiusIn: number } | null
}

/** The whole attack before the roll. */
export interface FirePreview {
  readonly kind: PlannedRoll['plan']['kind']
  readonly firerTeamId: string
  readonly targetTeamId: string
  readonly firers: readonly FirerPreview[]
}

/** A fire command's plan: the same check its `decide` makes, so a preview and the dispatch agree. */
function planOf(
  state: MatchState,
  world: World,
  command: unknown,
): Checked<{ rolls: readonly PlannedRoll[]; teamId: string; targetTeamId: string }> {
  const parsed = parseCommand(command)
  if (!parsed.ok) return parsed
  const cmd = parsed.value
  const done = (
    r: Checked<{ rolls: PlannedRoll[]; order: { firerTeamId: string; targetTeamId: string } }>,
  ): Checked<{ rolls: readonly PlannedRoll[]; teamId: string; targetTeamId: string }> =>
    r.ok
      ? {
          ok: true,
          value: { rolls: r.value.rolls, teamId: r.value.order.firerTeamId, targetTeamId: r.value.order.targetTeamId },
        }
      : r
  switch (cmd.type) {
    case 'directFire':
      return done(checkDirectFire(state, cmd, world))
    case 'opportunityFire':
      return done(checkOpportunityFire(state, cmd, world))
    case 'returnFire':
      return done(checkReturnFire(state, cmd, world))
    case 'panicFire':
      return done(checkPanicFire(state, cmd, world))
    default:
      return rejectCore('CORE-CMD-02', `A ${cmd.type} command is not an attack by fire.`)
  }
}

const chest = (b: Body): Vec3 => ({
  x: b.position.x,
  y: b.position.y + (b.prone ? 0.3 : FIGURE_HEIGHT_IN * 0.6),
  z: b.position.z,
})

function firerPreview(state: MatchState, world: World, roll: PlannedRoll): FirerPreview {
  const f = roll.firer
  const aimed = roll.aimFigureId ? state.figures[roll.aimFigureId] : undefined
  const vehicle = !aimed ? Object.values(state.vehicles).find((v) => roll.exposed.includes(v.id)) : undefined
  const body: Body | undefined = aimed ?? (vehicle ? vehicleTargetBody(vehicle) : undefined)
  const sight = body ? world.sight(f, body, state.doors, vehicleHulls(state)) : null
  const visible = sight?.fraction ?? 0
  // SMLE-VEH-18: a vehicle's cover is the one its roll takes (hull-down behind hard cover, else none).
  const grade = aimed ? coverFrom(state, world, aimed, f) : vehicle ? roll.cover : 'none'
  const cover: PreviewCover = visible <= 0 ? 'blocked' : grade === 'prepared' ? 'position' : grade
  const { plan } = roll
  const sum = plan.modifiers.reduce((t, m) => t + m.value, 0)
  return {
    firerId: f.id,
    firerName: f.name,
    weapon: roll.weapon.name,
    from: eyePoint(f),
    to: body ? chest(body) : roll.aimPoint,
    cover,
    visible,
    rangeIn: roll.rangeIn,
    toHit: plan.toHit,
    modifiers: plan.modifiers,
    needs: Math.max(3, plan.toHit - sum),
    dice: plan.autoHit ? 'auto' : '2D6',
    cannotHit: plan.beyondMaximum,
    // SMLE-SHOOT-08: beyond its maximum range a round falls short, and is aimed where it will come down.
    burst:
      roll.weapon.type === 'EX'
        ? {
            aim: withinMaximumRange(world, roll.weapon, f.position, roll.aimPoint, plan.beyondMaximum),
            radiusIn: roll.weapon.damage.dice,
          }
        : null,
  }
}

/**
 * An attack by fire before its roll (§7, §8): for a `directFire`,
 * `opportunityFire`, `returnFire` or `panicFire` command, each firing
 * figure's sight line, the aimed figure's cover, the to-hit number and every
 * modifier with its clause id. Refused, with the clause, exactly when
 * dispatching the command would be. Pure: no dice are thrown.
 */
export function previewFire(state: MatchState, world: World, command: unknown): Checked<FirePreview> {
  const plan = planOf(state, world, command)
  if (!plan.ok) return plan
  const kind = plan.value.rolls[0]?.plan.kind ?? 'direct'
  return {
    ok: true,
    value: {
      kind,
      firerTeamId: plan.value.teamId,
      targetTeamId: plan.value.targetTeamId,
      firers: plan.value.rolls.map((r) => firerPreview(state, world, r)),
    },
  }
}
