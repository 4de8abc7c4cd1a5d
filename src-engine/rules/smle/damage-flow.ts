import type { EventLog } from './events/event-log'
import type { FigureState } from './state/state'
import type { World } from './world'
import type { HeroGrade } from './combat-types'
import { type DamageAttack, planDamage, resolveDamage } from './damage'
import { monsterKilled } from './fodder-monsters'
import { applyHitToTough, luckyRedirect } from './heroes'
import { figureGapIn, isPresent } from './organisation'
import { applyDamageResult, type WoundOutcome } from './wounds'

/** Where a hit comes from, as the effect of fire needs it. */
export interface HitSource {
  readonly firerId: string | null
  readonly firerHeroGrade: HeroGrade
  /** The attacker is a hero (SMLE-HERO-04 Tough). */
  readonly byHero: boolean
  /** A monster fighting hand to hand (SMLE-HERO-04 Tough). */
  readonly byMonsterInCloseAssault: boolean
  /** Explosive fire (SMLE-MONSTER-03: the body vanishes in the blast). */
  readonly explosive: boolean
  /** Fire, not close assault (SMLE-HERO-04 Lucky is about being hit by fire). */
  readonly byFire: boolean
  readonly cause: string
}

/** A figure that can take a hit now: present, not playing dead, not lurking. */
export function isTarget(f: FigureState | undefined): f is FigureState {
  return f !== undefined && isPresent(f) && f.status !== 'playingDead' && f.lurking === null
}

/** Hero grade of a figure with the `heroes` option (0 otherwise). */
export function heroGradeOf(f: FigureState | undefined): HeroGrade {
  return (f?.hero?.grade ?? 0) as HeroGrade
}

/**
 * The effect of one hit on a figure (§10): Camera Fodder falls "dead"
 * (SMLE-FODDER-02/03); a Lucky hero's hit kills the nearest other figure
 * instead (SMLE-HERO-04); otherwise the firer rolls the damage and the
 * figure 1D6 + armour + its modifiers (SMLE-DMG-04), the result is applied
 * (SMLE-DMG-06..09, Tough SMLE-HERO-04), and a monster the rules would kill
 * plays dead or vanishes (SMLE-MONSTER-02/03). A hit on a figure already
 * down is lost.
 */
export function hitFigure(
  log: EventLog,
  world: World,
  targetId: string,
  attack: DamageAttack,
  source: HitSource,
): void {
  const state = log.state
  const f = state.figures[targetId]
  if (!isTarget(f)) return
  const heroes = state.settings.optional.heroes
  if (f.cameraFodder) {
    log.push({
      type: 'FigureStatusChanged',
      figureId: f.id,
      status: 'playingDead',
      cause: 'Camera Fodder collapses theatrically',
    })
    return
  }
  if (heroes && f.hero?.lucky && source.byFire) {
    // SMLE-VEH-16: a closed vehicle protects those inside completely, so the hit cannot go to them; those in
    // an open-topped one are measured by its hull (SMLE-GEN-05).
    const others = Object.values(state.figures)
      .filter(
        (o) =>
          o.id !== f.id && isTarget(o) && (o.vehicleId === null || state.vehicles[o.vehicleId]?.openTopped === true),
      )
      .map((o) => ({ id: o.id, distanceIn: figureGapIn(state, world, f, o) }))
    const victim = luckyRedirect(others)
    if (victim)
      log.push({
        type: 'FigureStatusChanged',
        figureId: victim,
        status: 'dead',
        cause: `dies in style instead of ${f.name} (Lucky for some)`,
      })
    return
  }
  const team = state.teams[f.teamId]
  const plan = planDamage(
    attack,
    { armour: f.armour, quality: f.quality, motivation: team?.motivation ?? 'none', heroGrade: heroGradeOf(f) },
    state.settings,
  )
  const firer = log.roll({
    purpose: 'damage',
    dice: plan.firerDice,
    modifiers: [...plan.firerModifiers],
    ...(source.firerId ? { figureId: source.firerId } : {}),
  })
  const defence = log.roll({
    purpose: 'damage defence',
    dice: 1,
    modifiers: [...plan.defenderModifiers],
    figureId: f.id,
  })
  const outcome = resolveDamage(plan, firer.faces, defence.faces[0] ?? 1)
  const wound: WoundOutcome =
    heroes && f.hero?.tough
      ? applyHitToTough({ status: f.status, treated: f.treated }, outcome.result, {
          byHero: source.byHero,
          byMonsterInCloseAssault: source.byMonsterInCloseAssault,
        })
      : applyDamageResult({ status: f.status, treated: f.treated }, outcome.result)
  if (wound.state.status === 'dead' && f.armour === 'monsters' && monsterDeath(log, f, source)) return
  if (wound.state.status !== f.status || wound.state.treated !== f.treated) {
    log.push({
      type: 'FigureStatusChanged',
      figureId: f.id,
      status: wound.state.status,
      cause: `${source.cause} [${wound.clause}]`,
      treated: wound.state.treated,
    })
  }
  if (wound.losesRestOfRound) log.push({ type: 'FigureSpent', figureId: f.id, why: 'lightWound' })
  else if (wound.shaken) log.push({ type: 'FigureSpent', figureId: f.id, why: 'shaken' })
}

/** SMLE-MONSTER-03: a monster "killed" plays dead or vanishes, up to twice a game; returns false when dead is dead. */
function monsterDeath(log: EventLog, f: FigureState, source: HitSource): boolean {
  const state = log.state
  const face =
    source.explosive && state.settings.optional.monsters && f.revivals < 2
      ? (log.roll({ purpose: `${f.name} returns in`, dice: 1, figureId: f.id, modifiers: [] }).faces[0] ?? 1)
      : null
  const death = monsterKilled(
    { byExplosive: source.explosive, revivalsUsed: f.revivals, round: state.round },
    face,
    state.settings,
  )
  if (death.kind === 'dead') return false
  log.push({
    type: 'FigureStatusChanged',
    figureId: f.id,
    status: 'playingDead',
    cause: `${source.cause} [SMLE-MONSTER-02]`,
  })
  log.push({
    type: 'MonsterState',
    figureId: f.id,
    lurking: death.kind === 'playsDead' ? 'playingDead' : 'vanished',
    returnsRound: death.kind === 'vanishes' ? death.returnRound : null,
    at: null,
  })
  return true
}
