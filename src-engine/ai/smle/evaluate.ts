import { distanceToEdge } from '../../rules/smle/edges'
import type { Edge, Scenario } from '../../rules/smle/scenario/schema'
import type { FigureState, FireRecord, MatchState, TeamState } from '../../rules/smle/state/state'
import type { World } from '../../rules/smle/world'
import type { Vec2 } from '../../util/geometry'
import { figureCover, figureFullMoveIn, mergeFireCategories } from '../../rules/smle/situation'
import { usableWeapons } from '../../rules/smle/shooters'
import type { CoverGrade, VehicleHull } from '../../world/types'
import { activationSituation } from '../../rules/smle/situation'
import { activationLevel, type FireCategories } from '../../rules/smle/activation-modifiers'
import { unitsForRoll } from '../../rules/smle/units'
import {
  commandGroup,
  groupLeader,
  isPresent,
  knownEnemyFigures,
  nearestFigure,
  separatedFigureIds,
} from '../../rules/smle/organisation'
import { hypot } from '../../util/geometry'
import { bodyKey, doorsKey } from '../../rules/smle/memo'
import { hullsKey, vehicleHulls } from '../../rules/smle/vehicle-sight'
import { exitCount } from '../../rules/smle/victory'
import { teamIsHeavy } from '../../rules/smle/end-round'
import { STAND_UP_COST_IN } from '../../rules/smle/movement'
import { preparedPositionState } from '../../rules/smle/cover'

/** A won game outweighs anything else on the table. */
export const WIN_SCORE = 10_000

/** What a figure that left the table by an edge its terms do not ask for is still worth: it is out of the fight. */
const EXITED_ASIDE = 0.1

/** How near a goal edge a figure's last place must be for its leaving to count as leaving by that edge, inches. */
const EDGE_TOUCH_IN = 1.5

/**
 * Whether a figure has left the table by one of its side's goal edges: the
 * edge it left by, as the victory count reads it (`exitCount`), or, for an
 * exit logged before figures kept their edge, the edge by its last place.
 * SMLE-SCEN-05: the column must leave by the opposite edge; stepping off by
 * its own base line is falling back out of the fight (SMLE-OPT-07), and one
 * that steps off by the north edge at the east corner has not got through.
 */
export function leftByGoalEdge(f: FigureState, goals: Goals, table: { widthIn: number; depthIn: number }): boolean {
  if (f.offTable !== 'exited' && f.offTable !== 'evacuated') return false
  if (f.exitEdge !== undefined) return goals.edges.includes(f.exitEdge)
  return goals.edges.some((e) => distanceToEdge(f.position, e, table) <= f.baseRadiusIn + EDGE_TOUCH_IN)
}

/** What a figure is worth to its side, by how it stands (SMLE-DMG: wounds; §6: gone off the table). */
function figureWorth(f: FigureState, goals: Goals | null, table: { widthIn: number; depthIn: number }): number {
  if (f.offTable === 'reserve') return 1
  if (f.offTable === 'exited' || f.offTable === 'evacuated')
    return goals && !leftByGoalEdge(f, goals, table) ? EXITED_ASIDE : 1
  if (f.offTable !== null) return 0
  switch (f.status) {
    case 'ok':
      return 1
    case 'lightWound':
      return 0.6
    case 'seriousWound':
      return 0.2
    default:
      return 0
  }
}

/** Whether a figure can still walk toward a goal this game. */
const onTableAndAble = (f: FigureState): boolean =>
  f.offTable === null && (f.status === 'ok' || f.status === 'lightWound') && f.lurking === null

/** Where a side wants its figures, from its scenario terms (SMLE-SCEN-01..06): edges to leave by, points to reach. */
export interface Goals {
  readonly edges: readonly Edge[]
  readonly points: readonly Vec2[]
  /** Worth of a figure that has left by a goal edge, beyond its own. */
  readonly exitBonus: number
  /** Pull toward the nearest known enemy (for a side whose terms are to destroy). */
  readonly seekEnemy: number
  /** Objectives the side must hold when time runs out (SMLE-SCEN-01..03): being there, alone, is worth more than being near. */
  readonly hold: readonly {
    readonly x: number
    readonly z: number
    readonly radiusIn: number
    /**
     * SMLE-SCEN-01: taken by a team that is not broken (the side that must control it); else held by any figure there
     * (an objective to occupy, SMLE-SCEN-03, and the side that only has to keep the enemy from controlling it).
     */
    readonly byUnbrokenTeam: boolean
  }[]
  /** How much the clock presses the side, 1 (no hurry) to 4 (last round): a side that must reach its goals hurries as time runs out. */
  readonly urgency: number
  /**
   * Inches short of an objective to hold that count as there while time is not yet short: held only
   * at the end (SMLE-SCEN-01..03), it is waited for nearby, in cover, and entered in the last rounds
   * (0 then).
   */
  readonly stageIn: number
  /**
   * How much being seen by the enemy costs: `WAITER_CAUTION` for the side that wins when time runs out and for a
   * side waiting near an objective it must hold only at the end, else 1.
   */
  readonly caution: number
  /**
   * What waiting on the enemy's side of an objective it must take control of is worth to one of the side's figures
   * (see `stepsInAway`), while it waits (`stageIn`); 0 for every other side.
   */
  readonly stageSide: number
  /**
   * What each able figure of a known enemy team under fire (this round or last) is worth to a side that must act:
   * SMLE-ACT-17 lowers its activation (Opportunity Fire needs B5, SMLE-COMBAT-04) and Table 3 takes away its +2 for
   * firing while not under fire. The side that wins by waiting does not seek the exchange.
   */
  readonly suppress: number
  /**
   * What each of the side's able figures costs for each known enemy team that may still close-assault it this round
   * (see `assaultThreat`): the side that must keep a figure in an objective to the end (SMLE-SCEN-03) loses a team
   * to each assault it meets in the open, killed or broken (SMLE-CA-11, SMLE-ACT-15).
   */
  readonly assaultThreat: number
  /**
   * The side waits out the rounds guarding objectives the enemy may raid (SMLE-SCEN-04), none of its own to hold: it
   * loses by the raid or with every unit broken (§16). Its command team, rolling with its leader's quality and his +1
   * (SMLE-ACT-10), is its sturdiest unit: it is kept back as the reserve, not pulled toward the objectives its
   * sections guard, where the raiders' fire is, but toward the nearest place out of the enemy's sight (see
   * `hideouts`), and it pays `RESERVE_WARINESS` times the side's price for being seen.
   */
  readonly reserve: boolean
  /**
   * What each able figure of a team with a figure strayed from it (SMLE-ORG-05) costs the side that must take an
   * objective (see `strayedTeamFigures`); 0 for every other side.
   */
  readonly cohesion: number
  /**
   * SMLE-SCEN-01: the side must take control of an objective held only at the end, and the last rounds have come
   * (`HOLD_LATE_ROUNDS`): it goes in now. Each figure's way in is played past the enemy's Opportunity Fire
   * (`playsPastWindows`), and the first figure inside is worth `HOLD_FIRST_GOING_IN`.
   */
  readonly goingIn: boolean
}

/** The side that wins by lasting out the rounds (SMLE-SCEN-02, -04, -05, -06) pays this much more for being seen. */
const WAITER_CAUTION = 3

/**
 * A side waiting near an objective it must take control of at the end (SMLE-SCEN-01) pays this much more for being
 * seen. Less than the waiting side's: hidden farther back, the Militia's sections had farther to come in the last
 * rounds, under the same fire (at 3 it won 502 of seeds 1–600 against the random player, at 1.5 513, at 5 73 of
 * seeds 1–100 against 81).
 */
const STAGING_CAUTION = 1.5

/**
 * How many times the side's price for being seen its reserve pays (see `Goals.reserve`): while it stands unbroken
 * the side has not lost (§16), and a team no enemy sees is never fired on, so never loses its freshness, its
 * not-under-fire bonus or men, and never breaks at the roll (Table 1a).
 */
const RESERVE_WARINESS = 4

/** See `Goals.cohesion`. */
const COHESION_EACH = 0.1

/** See `Goals.suppress`. */
const SUPPRESS_EACH = 0.3

/** See `Goals.assaultThreat`. */
const ASSAULT_THREAT_EACH = 0.25

/** The least urgency of a side that must leave by an edge. */
const EXIT_URGENCY = 3

/** How near an objective to hold a side waits while more than `HOLD_LATE_ROUNDS` rounds are left, inches. */
const STAGE_IN = 6
/** Rounds before the end (the last included) in which a side enters the objectives it must hold. */
const HOLD_LATE_ROUNDS = 2

/** A side's goals now: what its victory conditions ask of it in this state. */
export function goalsOf(state: MatchState, scenario: Scenario, sideId: string): Goals {
  const edges: Edge[] = []
  const points: Vec2[] = []
  const hold: { x: number; z: number; radiusIn: number; byUnbrokenTeam: boolean }[] = []
  let seekEnemy = 0.004
  let exitBonus = 0
  const objective = (id: string): Vec2 | null => {
    const o = scenario.objectives.find((x) => x.id === id)
    return o ? { x: o.x, z: o.z } : null
  }
  const held = (id: string, byUnbrokenTeam: boolean): void => {
    const o = scenario.objectives.find((x) => x.id === id)
    if (o) hold.push({ x: o.x, z: o.z, radiusIn: o.radiusIn, byUnbrokenTeam })
  }
  for (const c of scenario.victory.conditions) {
    if (c.kind === 'exit' && c.sideId === sideId) {
      // Too few can still get off in the rounds left: the side fights, for a side with no unbroken units loses (§16).
      if (marchHopeless(state, scenario, sideId, c.edge, c.fraction)) {
        seekEnemy = HUNT
        continue
      }
      edges.push(c.edge)
      exitBonus = 1.5
    } else if ((c.kind === 'control' && c.sideIds.includes(sideId)) || (c.kind === 'occupy' && c.sideId === sideId)) {
      const p = objective(c.objectiveId)
      if (p) points.push(p)
      held(c.objectiveId, c.kind === 'control')
    } else if (c.kind === 'raid' && c.sideId === sideId) {
      if (state.raid.held) {
        const base = state.sides.find((s) => s.id === sideId)?.baseEdge
        if (base) edges.push(base)
        exitBonus = 1.5
      } else {
        const ids = state.raid.objectiveId ? [state.raid.objectiveId] : c.objectiveIds
        for (const id of ids) {
          const p = objective(id)
          if (p) points.push(p)
        }
      }
    } else if ((c.kind === 'eliminate' || c.kind === 'killFigures') && c.sideId === sideId) seekEnemy = HUNT
  }
  // The side that must act before time runs out presses harder each round; the side that wins by waiting does not.
  const mustAct =
    scenario.victory.atTimeLimit !== sideId && (points.length > 0 || edges.length > 0 || seekEnemy >= HUNT)
  const clock = mustAct ? 1 + (3 * Math.max(0, state.round - 1)) / Math.max(1, state.roundLimit - 1) : 1
  // A side that must get off by an edge (SMLE-SCEN-05) has a long way to go on a short clock: it hurries from the start.
  const urgency = edges.length > 0 && mustAct ? Math.max(EXIT_URGENCY, clock) : clock
  // A side that wins when time runs out holds what the enemy must take: its objectives become this side's ground.
  if (scenario.victory.atTimeLimit === sideId && points.length === 0 && edges.length === 0) {
    for (const c of scenario.victory.conditions) {
      const ids =
        c.kind === 'control' || c.kind === 'occupy'
          ? [c.objectiveId]
          : c.kind === 'raid'
            ? state.raid.objectiveId
              ? [state.raid.objectiveId]
              : c.objectiveIds
            : []
      for (const id of ids) {
        const p = objective(id)
        if (p) points.push(p)
        // Denying control takes only a figure there, of any team (`controllerOf`: no enemy present).
        if (c.kind === 'control' || c.kind === 'occupy') held(id, false)
      }
    }
    seekEnemy = points.length > 0 ? 0.002 : 0.01
  }
  const late = state.round > state.roundLimit - HOLD_LATE_ROUNDS
  // So does a side waiting near an objective it must hold only at the end: fire on its Green sections breaks them
  // (SMLE-ACT-17: −1 direct, −1 auto, and the fresh and not-under-fire bonuses gone) before the last rounds come.
  const staging = hold.length > 0 && !late
  // SMLE-SCEN-01: control is taken from the enemy or from no one, and Green sections under fire break before the last
  // rounds come; a side that occupies (SMLE-SCEN-03, the Marines in the pumping station) holds its ground as it stands.
  const toTake = scenario.victory.conditions.some((c) => c.kind === 'control' && c.sideIds.includes(sideId))
  const caution = scenario.victory.atTimeLimit === sideId ? WAITER_CAUTION : staging && toTake ? STAGING_CAUTION : 1
  return {
    edges,
    points,
    exitBonus,
    seekEnemy,
    hold,
    urgency,
    stageIn: staging ? STAGE_IN : 0,
    caution,
    stageSide: staging && toTake ? STAGE_SIDE : 0,
    cohesion: toTake ? COHESION_EACH : 0,
    goingIn: toTake && hold.length > 0 && late,
    suppress: scenario.victory.atTimeLimit === sideId ? 0 : SUPPRESS_EACH,
    reserve: scenario.victory.atTimeLimit === sideId && hold.length === 0 && points.length > 0,
    assaultThreat: scenario.victory.conditions.some((c) => c.kind === 'occupy' && c.sideId === sideId)
      ? ASSAULT_THREAT_EACH
      : 0,
  }
}

/**
 * The pull toward the nearest known enemy of a side whose terms are to destroy (SMLE-SCEN-06), or that can no longer
 * win otherwise (see `marchHopeless`): each inch nearer, before the clock presses.
 */
const HUNT = 0.05

/** The ground a figure may be counted on to cover toward an edge in a round, inches (a run at B9, Table 1). */
const MARCH_PER_ROUND_IN = 12

/**
 * Whether a side that must get a share of its figures off by an edge (SMLE-SCEN-05) can no longer do it in the
 * rounds left: those off by it, and those near enough to walk off at `MARCH_PER_ROUND_IN` a round, fall short. Its
 * other way to win is then the §16 default: every enemy unit broken or gone (the Column won most of its games that
 * way even while it marched).
 */
export function marchHopeless(
  state: MatchState,
  scenario: Scenario,
  sideId: string,
  edge: Edge,
  fraction: number,
): boolean {
  const table = { widthIn: scenario.table.widthIn, depthIn: scenario.table.depthIn }
  const reach = MARCH_PER_ROUND_IN * Math.max(0, state.roundLimit - state.round + 1)
  const { exited, total } = exitCount(state, sideId, edge)
  let can = exited
  for (const f of Object.values(state.figures))
    if (f.sideId === sideId && onTableAndAble(f) && distanceToEdge(f.position, edge, table) <= reach) can++
  return can < fraction * total - 1e-9
}

/** What standing in cover is worth to a figure, by grade (SMLE-SHOOT-24: cover makes it harder to hit). */
const COVER_WORTH: Readonly<Record<string, number>> = { none: 0, soft: 0.08, hard: 0.16, prepared: 0.2 }
/**
 * What an enemy that sees a figure from beyond its weapon's effective range counts for, against one within it
 * (SMLE-SHOOT-08: −4 to hit there; nothing hits beyond twice that range).
 */
const BEYOND_EFFECTIVE = 0.5
/** What each enemy that sees a figure costs it (at most `MAX_EXPOSURE` in all). */
const EXPOSURE_EACH = 0.04
const MAX_EXPOSURE = 0.2

/**
 * What one decision's evaluations share: the side's goals, and what each
 * figure's place is worth (its cover and exposure), kept by all it was judged
 * from, so that a state scores the same whatever was judged before it.
 */
export interface EvalContext {
  readonly goals: Goals
  /**
   * Each place's worth, by the list of enemies it was judged among (`sameEnemies`: one list for each way the enemies
   * stand), then by the figure's body, its team's prepared position, the hulls and the door states.
   */
  readonly places: Map<readonly FigureState[], Map<string, number>>
  /** Each figure's share of the score, by the figure record (states share the records that did not change). */
  readonly figureTerms: WeakMap<FigureState, FigureTerms>
  /**
   * The enemies' lists: the last a state gave, and one for each way they stand (which figures, where, how they face),
   * the first found; the kept shares and places go by these very lists.
   */
  readonly enemies: {
    list: readonly FigureState[]
    /** The threat reach of each of `list`, as the state that gave it had them. */
    reaches: readonly number[]
    readonly byStance: Map<string, readonly FigureState[]>
  }
  /** Each way a figure stands, numbered (see `standing`), and each record's number. */
  readonly stances: { readonly ids: Map<string, number>; readonly body: WeakMap<FigureState, number> }
  /** Each unit's activation outlook, with the teams and figures it was worked out from (see `activationOutlook`). */
  readonly outlooks: Map<string, { readonly inputs: readonly unknown[]; readonly value: number }>
  /** A first sift of many moves: the activation outlook (the dearest part) is left out. */
  readonly quick: boolean
  /** Each enemy figure's threat reach (see `threatReachIn`), by the figure record, with its vehicle and ammunition. */
  readonly reaches: WeakMap<FigureState, { readonly vehicle: unknown; readonly ammo: unknown; readonly value: number }>
  /**
   * Each reserve figure's places out of the known enemy's sight (see `hideouts`), by the enemies' list
   * (`sameEnemies`), then by figure id, door states and hulls.
   */
  readonly hideouts: Map<readonly FigureState[], Map<string, readonly Vec2[]>>
  /** Each team's `strayedTeamFigures`, with the records it was worked out from, by team id. */
  readonly strayed: Map<
    string,
    {
      readonly figureIds: readonly string[]
      readonly gone: TeamState['gone']
      readonly figures: readonly (FigureState | undefined)[]
      readonly value: number
    }
  >
}

export function evalContext(goals: Goals): EvalContext {
  return {
    goals,
    places: new Map(),
    figureTerms: new WeakMap(),
    enemies: { list: [], reaches: [], byStance: new Map() },
    stances: { ids: new Map(), body: new WeakMap() },
    outlooks: new Map(),
    quick: false,
    reaches: new WeakMap(),
    hideouts: new Map(),
    strayed: new Map(),
  }
}

/**
 * One figure's share of a state's score for one side, worked out from the
 * figure and the enemies alone: the objectives it stands in, and the terms
 * `evaluate` adds for it, in the order it adds them (so that the sum is the
 * very same number).
 */
interface FigureTerms {
  readonly sideId: string
  readonly enemies: readonly FigureState[]
  /** The vehicles' hulls it was judged among (they hide and cover, SMLE-SHOOT-02, -23). */
  readonly hulls: readonly VehicleHull[]
  /** The door states it was judged under (an open door lets the enemy see it). */
  readonly doors: MatchState['doors']
  /** Its team's prepared position as it counted (`preparedKey`: its cover, SMLE-SHOOT-26). */
  readonly prepared: string
  /** The objectives to hold that it stands in (an able figure only). */
  readonly inside: readonly number[]
  readonly terms: readonly number[]
}

/**
 * A figure's cover, less what it costs to stand where enemies it knows of can see it: each counts in full within
 * its weapon's effective range, for `BEYOND_EFFECTIVE` out to twice that, and not at all farther. `wary` multiplies
 * the side's price for being seen (see `RESERVE_WARINESS`).
 */
function placeWorth(
  state: MatchState,
  world: World,
  f: FigureState,
  enemies: readonly FigureState[],
  ctx: EvalContext,
  wary = 1,
): number {
  // The vehicles' hulls hide and cover (SMLE-SHOOT-02, -23): a vehicle moved in the look-ahead changes the place.
  // The whole body (its facing too: sight and cover read it, and a move turns the figure), the enemies, the doors and
  // the team's prepared position are part of the place: a play-out that shoots an enemy down, has one move (an answer
  // at its window) or opens a door changes what sees it.
  const hulls = vehicleHulls(state)
  let byPlace = ctx.places.get(enemies)
  if (!byPlace) ctx.places.set(enemies, (byPlace = new Map()))
  // `wary` comes with the figure's team (a reserve's command team), which a leader's transfer changes.
  const key = `${bodyKey(f)}|${preparedKey(state, f)}|${hullsKey(hulls)}|${doorsKey(state.doors)}|${wary}`
  const known = byPlace.get(key)
  if (known !== undefined) return known
  const cover: CoverGrade = figureCover(state, world, f, enemies)
  let seen = 0
  for (const e of enemies) {
    const reach = threatReachIn(state, e, ctx)
    const d = hypot(e.position.x - f.position.x, e.position.z - f.position.z)
    if (d > 2 * reach) continue
    if (world.sees(e, f, state.doors, hulls)) seen += d > reach ? BEYOND_EFFECTIVE : 1
  }
  const worth = (COVER_WORTH[cover] ?? 0) - wary * ctx.goals.caution * Math.min(MAX_EXPOSURE, seen * EXPOSURE_EACH)
  byPlace.set(key, worth)
  return worth
}

/** A figure's team's prepared position and whether it counts yet (SMLE-SHOOT-26), or '' with none. */
function preparedKey(state: MatchState, f: FigureState): string {
  const team = state.teams[f.teamId]
  if (!team?.preparedPositionId) return ''
  return `${team.preparedPositionId}:${preparedPositionState({ enteredRound: team.preparedSince, round: state.round }).benefits ? 1 : 0}`
}

/**
 * How far an enemy figure threatens one it sees: its longest direct-fire weapon's effective range (SMLE-SHOOT-08),
 * or, with none (a knife, claws), a full move: it must come to assault (SMLE-COMBAT-01). A rifle in the open is
 * in danger across the table, one 20" from a submachine gun much less. Worked out once a decision for each record.
 */
function threatReachIn(state: MatchState, e: FigureState, ctx: EvalContext): number {
  // The weapons a crewman may use go with his vehicle's damage (SMLE-VEH-15), and explosive ones with his team's
  // ammunition: both records are kept with the answer.
  const vehicle = e.vehicleId === null ? undefined : state.vehicles[e.vehicleId]
  const ammo = state.teams[e.teamId]?.ammo
  const kept = ctx.reaches.get(e)
  if (kept && kept.vehicle === vehicle && kept.ammo === ammo) return kept.value
  let r = 0
  for (const w of usableWeapons(state, e)) r = Math.max(r, w.effectiveRangeIn ?? 0)
  if (r === 0) r = figureFullMoveIn(state, e)
  ctx.reaches.set(e, { vehicle, ammo, value: r })
  return r
}

/** Distances to goals and enemies count up to this, inches (the worst place a figure can stand). */
const FAR_IN = 40
/** What each inch nearer its goal is worth to a figure, before the clock presses (see `Goals.urgency`). */
const GOAL_PULL = 0.025
/** What lying down costs a figure still on its way, in inches of progress (getting up eats the next move). */
const PRONE_DRAG_IN = 4
/**
 * What lying down costs a figure of a side on the march (`Goals.edges`): what standing up costs of its next move
 * (1", SMLE-MOVE-05; a figure that walks or runs from prone stands first). At `PRONE_DRAG_IN` lying down cost it
 * more than the soft cover it gives (SMLE-MOVE-06) was worth, and the Column never dropped prone under fire.
 */
const MARCH_PRONE_DRAG_IN = STAND_UP_COST_IN
/** Within this of its goal a figure may lie down for nothing. */
const PRONE_NEAR_IN = 3
/** Being inside an objective the side must hold: its first figure, each of the next two, and each enemy figure there. */
const HOLD_FIRST = 0.5
/**
 * The first figure inside an objective the side must take, once it goes in (`Goals.goingIn`): its last rounds are
 * the game. At `HOLD_FIRST` a Green militiaman 3" from the crossroads in round 9 stayed in cover rather than step in
 * under the Rangers' eyes, and his section, rolling Stand in round 10, could not.
 */
const HOLD_FIRST_GOING_IN = 1.5
/**
 * Holding an objective the side must take (an unbroken team's figure there, no enemy's), in the game's last round:
 * held at its end, it wins the game (SMLE-SCEN-01), and no roll is left to break the team that holds it. Worth more
 * than the men it may cost on the way in (a man shot down then costs about 6: his worth and the way he had come). At
 * `HOLD_FIRST_GOING_IN` alone a Green section 3" from the crossroads at Advance in round 10 stayed out of an LMG's
 * sight, and the game was drawn (seed 69).
 */
const HOLD_LAST_ROUND = 20
const HOLD_MORE = 0.1
const HOLD_ENEMY = 0.15

/** How far a figure is from the nearest of its goals, inches (0 without goals). */
function goalDistance(f: FigureState, goals: Goals, table: { widthIn: number; depthIn: number }): number {
  let best = Infinity
  for (const e of goals.edges) best = Math.min(best, distanceToEdge(f.position, e, table))
  for (const p of goals.points) {
    const d = hypot(p.x - f.position.x, p.z - f.position.z)
    const held = goals.stageIn > 0 && goals.hold.some((h) => h.x === p.x && h.z === p.z)
    best = Math.min(best, held ? Math.max(0, d - goals.stageIn) : d)
  }
  return best === Infinity ? 0 : best
}

/**
 * The enemies `evaluate` weighs (able, on the table): the very list of the last state with the same members, else
 * the first list found with the enemies standing the same way (which, where, how they face, how far they threaten).
 * A figure's share and place read only that of them (sight, cover, distance, reach), so play-outs that leave the
 * enemy where it was share them, whatever else befell him (wounded, fired).
 */
function sameEnemies(state: MatchState, sideId: string, ctx: EvalContext): readonly FigureState[] {
  const fresh: FigureState[] = []
  for (const f of Object.values(state.figures)) if (f.sideId !== sideId && onTableAndAble(f)) fresh.push(f)
  const reaches = fresh.map((f) => threatReachIn(state, f, ctx))
  const last = ctx.enemies.list
  if (last.length === fresh.length && last.every((f, i) => f === fresh[i] && ctx.enemies.reaches[i] === reaches[i]))
    return last
  let stance = ''
  for (let i = 0; i < fresh.length; i++) stance += `${standing(fresh[i]!, ctx)}~${reaches[i]},`
  let list = ctx.enemies.byStance.get(stance)
  if (!list) ctx.enemies.byStance.set(stance, (list = fresh))
  ctx.enemies.list = list
  ctx.enemies.reaches = reaches
  return list
}

/** What `evaluate` adds for one figure: each term signed, in the order they are added. */
function figureTerms(
  state: MatchState,
  world: World,
  sideId: string,
  f: FigureState,
  enemies: readonly FigureState[],
  ctx: EvalContext,
  table: { widthIn: number; depthIn: number },
): FigureTerms {
  const { goals } = ctx
  const terms: number[] = []
  const inside: number[] = []
  const share = {
    sideId,
    enemies,
    hulls: vehicleHulls(state),
    doors: state.doors,
    prepared: preparedKey(state, f),
    inside,
    terms,
  }
  // A hunter's figures are judged by how close they come, hardly by where they hide.
  const hiding = goals.seekEnemy >= HUNT ? 0.25 : 1
  const hasGoals = goals.edges.length > 0 || goals.points.length > 0
  const worth = figureWorth(f, f.sideId === sideId ? goals : null, table)
  const able = onTableAndAble(f)
  if (able)
    goals.hold.forEach((o, i) => {
      if (hypot(o.x - f.position.x, o.z - f.position.z) > o.radiusIn) return
      inside.push(i)
    })
  if (f.sideId !== sideId) {
    terms.push(-(worth * 1.2))
    return share
  }
  terms.push(worth)
  if (leftByGoalEdge(f, goals, table)) {
    terms.push(goals.exitBonus)
    return share
  }
  // Every inch toward a goal counts, across the whole table (the Ambush column starts 59" from its exit edge).
  // A figure that falls or leaves by another edge will never get there: it counts as farthest of all, so losing
  // one costs its worth and the way it had come, and never looks like progress (nor like a way out of a bad place).
  const farthest = Math.max(FAR_IN, table.widthIn, table.depthIn)
  const reserve = goals.reserve && state.teams[f.teamId]?.kind === 'command'
  const toGo =
    !able && hasGoals
      ? farthest
      : reserve
        ? hideDistance(state, world, f, enemies, ctx)
        : Math.min(farthest, goalDistance(f, goals, table))
  terms.push(-(GOAL_PULL * goals.urgency * toGo))
  // SMLE-MOVE-05: a prone figure crawls or spends its move getting up; a side on the march pays for lying down.
  // At an exit edge too: a figure steps off only on its feet, as part of a walk or run (SMLE-SCEN-05).
  if (f.prone && able && (toGo > PRONE_NEAR_IN || goals.edges.length > 0))
    terms.push(-(GOAL_PULL * (goals.edges.length > 0 ? MARCH_PRONE_DRAG_IN : PRONE_DRAG_IN) * goals.urgency))
  if (!able) {
    terms.push(-(goals.seekEnemy * goals.urgency * FAR_IN))
    return share
  }
  if (f.vehicleId === null)
    terms.push(hiding * placeWorth(state, world, f, enemies, ctx, reserve ? RESERVE_WARINESS : 1))
  if (goals.seekEnemy > 0)
    terms.push(-(goals.seekEnemy * goals.urgency * Math.min(FAR_IN, nearestEnemy(f, enemies)?.distanceIn ?? FAR_IN)))
  if (goals.stageSide > 0) terms.push(goals.stageSide * stepsInAway(f, goals, enemies))
  return share
}

/**
 * What waiting on the enemy's side of an objective to hold is worth to a figure (see `stepsInAway`): a team at
 * Stand (B4–B5) may not move toward a known enemy (SMLE-OPT-05), and from the far side of the objective every step
 * in is a step toward him; from his side of it, every step in is a step away.
 */
const STAGE_SIDE = 0.1

/**
 * Whether a figure waiting within `Goals.stageIn` of an objective to hold, outside it, would step into it without
 * coming nearer the nearest known enemy: the step toward the objective's centre leads away from him, or across.
 */
export function stepsInAway(f: FigureState, goals: Goals, enemies: readonly FigureState[]): number {
  const nearest = nearestEnemy(f, enemies)?.figure
  if (!nearest) return 0
  for (const o of goals.hold) {
    const d = hypot(o.x - f.position.x, o.z - f.position.z)
    if (d <= o.radiusIn || d > o.radiusIn + goals.stageIn) continue
    const toward =
      (o.x - f.position.x) * (nearest.position.x - f.position.x) +
      (o.z - f.position.z) * (nearest.position.z - f.position.z)
    if (toward <= 0) return 1
  }
  return 0
}

/** The nearest of `enemies` to a figure, centre to centre on the table, and how far it is, inches. */
function nearestEnemy(
  f: FigureState,
  enemies: readonly FigureState[],
): { readonly figure: FigureState; readonly distanceIn: number } | null {
  let best: { figure: FigureState; distanceIn: number } | null = null
  for (const e of enemies) {
    const d = hypot(e.position.x - f.position.x, e.position.z - f.position.z)
    if (!best || d < best.distanceIn) best = { figure: e, distanceIn: d }
  }
  return best
}

/** The spacing of the places tried as a reserve's hideouts, inches. */
const HIDE_GRID_IN = 2
/** How many sets of hideouts are kept for each world (one for each set of enemy places, door states and hulls). */
const HIDEOUTS_KEPT = 8

/**
 * The places on the table where a reserve figure standing would be seen by no known enemy within twice its weapon's
 * reach (the exposure `placeWorth` weighs), facing any way (the figure's own facing is not the place's): worked out
 * once for each set of enemy places and reaches, door states and vehicles' hulls (SMLE-SHOOT-02), which change only
 * when the enemy moves or is hit, a door does or a vehicle does.
 */
function hideouts(
  state: MatchState,
  world: World,
  f: FigureState,
  enemies: readonly FigureState[],
  ctx: EvalContext,
): readonly Vec2[] {
  const hulls = vehicleHulls(state)
  let byFigure = ctx.hideouts.get(enemies)
  if (!byFigure) ctx.hideouts.set(enemies, (byFigure = new Map()))
  const mineKey = `${f.id}|${doorsKey(state.doors)}|${hullsKey(hulls)}`
  const mine = byFigure.get(mineKey)
  if (mine) return mine
  let key = `${f.id}|${f.baseRadiusIn}|${doorsKey(state.doors)}|${hullsKey(hulls)}`
  for (const e of enemies)
    key += `|${e.id}@${e.position.x},${e.position.y},${e.position.z},${e.prone ? 1 : 0},${e.vehicleId ?? ''},${threatReachIn(state, e, ctx)}`
  let kept = keptHideouts.get(world)
  if (!kept) keptHideouts.set(world, (kept = new Map()))
  let out = kept.get(key)
  if (!out) {
    const spots: Vec2[] = []
    for (let x = HIDE_GRID_IN / 2; x < world.widthIn; x += HIDE_GRID_IN)
      for (let z = HIDE_GRID_IN / 2; z < world.depthIn; z += HIDE_GRID_IN) {
        if (world.footprintBlocker({ x, z }, f.baseRadiusIn, state.doors) !== null) continue
        // A place, whichever way the figure would face there, on foot (its facing and vehicle are not the place's).
        const probe: FigureState = {
          ...f,
          position: { x, y: world.groundHeightAt(x, z), z },
          prone: false,
          facingDeg: 0,
          vehicleId: null,
        }
        const seen = enemies.some(
          (e) =>
            hypot(e.position.x - x, e.position.z - z) <= 2 * threatReachIn(state, e, ctx) &&
            world.sees(e, probe, state.doors, hulls),
        )
        if (!seen) spots.push({ x, z })
      }
    if (kept.size >= HIDEOUTS_KEPT) kept.delete(kept.keys().next().value as string)
    kept.set(key, (out = spots))
  }
  byFigure.set(mineKey, out)
  return out
}

/**
 * The hideouts worked out for each world, by figure, door states, hulls and the enemies' places, vehicles and
 * reaches (the last few only).
 */
const keptHideouts = new WeakMap<World, Map<string, readonly Vec2[]>>()

/** How far a reserve figure stands from the nearest of its hideouts, inches (0 with none on the table). */
function hideDistance(
  state: MatchState,
  world: World,
  f: FigureState,
  enemies: readonly FigureState[],
  ctx: EvalContext,
): number {
  let best = Infinity
  for (const p of hideouts(state, world, f, enemies, ctx))
    best = Math.min(best, hypot(p.x - f.position.x, p.z - f.position.z))
  return best === Infinity ? 0 : best
}

/**
 * How good a state is for `sideId`, as far as it can see: a won game, then
 * figures (its own against the enemy's it knows of, wounds counted), the
 * figures that have left by an edge its terms want, and how near the rest
 * stand to their goals, in what cover and seen by how many enemies.
 */
export function evaluate(state: MatchState, world: World, sideId: string, ctx: EvalContext): number {
  const { goals } = ctx
  if (state.result) {
    if (state.result.winnerSideId === sideId) return WIN_SCORE - state.round
    if (state.result.winnerSideId === null) return 0
    return -WIN_SCORE + state.round
  }
  const table = { widthIn: world.widthIn, depthIn: world.depthIn }
  let score = 0
  const enemies = sameEnemies(state, sideId, ctx)
  const inside = goals.hold.map(() => ({ mine: 0, theirs: 0 }))
  for (const f of Object.values(state.figures)) {
    const team = state.teams[f.teamId]
    if (team?.hidden && f.sideId !== sideId) continue
    let share = ctx.figureTerms.get(f)
    if (
      !share ||
      share.sideId !== sideId ||
      share.enemies !== enemies ||
      share.hulls !== vehicleHulls(state) ||
      share.doors !== state.doors ||
      share.prepared !== preparedKey(state, f)
    ) {
      share = figureTerms(state, world, sideId, f, enemies, ctx, table)
      ctx.figureTerms.set(f, share)
    }
    for (const i of share.inside) {
      if (f.sideId !== sideId) inside[i]!.theirs++
      // SMLE-SCEN-01: a broken team there holds nothing (`controllerOf`): counted as holding, the Militia's broken
      // 3rd Section lay in the crossroads while its whole 2nd Section waited 4-14" off to the end (a draw, seed 49).
      else if (!goals.hold[i]!.byUnbrokenTeam || (team && team.breaks === 0 && !team.gone)) inside[i]!.mine++
    }
    for (const t of share.terms) score += t
  }
  // SMLE-SCEN-01: an objective is held by a side with a team there and no enemy there; the first figure in counts most.
  // Held only at the end: before the last rounds, standing in it counts for little.
  const holdWeight = goals.stageIn > 0 ? 0.2 : 1
  const first = goals.goingIn ? HOLD_FIRST_GOING_IN : HOLD_FIRST
  const lastRound = goals.goingIn && state.phase === 'play' && state.round >= state.roundLimit
  for (const at of inside) {
    score += holdWeight * (first * Math.min(1, at.mine) + HOLD_MORE * Math.min(2, Math.max(0, at.mine - 1)))
    score -= HOLD_ENEMY * at.theirs * goals.urgency
    if (lastRound && at.mine > 0 && at.theirs === 0) score += HOLD_LAST_ROUND
  }
  if (!ctx.quick) score += activationOutlook(state, world, sideId, ctx)
  if (goals.assaultThreat > 0) score -= goals.assaultThreat * assaultThreat(state, sideId)
  // Broken and fled teams count against their side beyond their figures (§9: a broken team does little).
  for (const t of Object.values(state.teams)) {
    if (t.hidden && t.sideId !== sideId) continue
    const weight = t.sideId === sideId ? 1 : -1
    if (t.breaks > 0) score -= weight * 0.4 * t.breaks
    if (weight > 0 && goals.edges.length > 0) score -= breathCost(state, t, goals, table)
    if (weight > 0 && goals.cohesion > 0) score -= goals.cohesion * keptStrayed(state, world, t, ctx)
    if (weight < 0 && t.gone === null && underFireAtNextRoll(state, t)) score += goals.suppress * ableFigures(state, t)
  }
  return score
}

/**
 * A team's able figures on foot when one of them has strayed more than half his move from every team-mate
 * (SMLE-ORG-05), else 0. The whole unit then rolls at −2 (SMLE-ACT-14): for the Militia's Green sections the
 * difference between Advance, which may walk in, and Stand, which may not step toward the enemy (SMLE-OPT-04, -05),
 * and one in four of the Militia's rolls carried it. The rolls' outlook weighs it by what each band is worth to a
 * figure, where Advance and Stand differ little; a figure that runs ahead of his team also pays for it here.
 */
export function strayedTeamFigures(state: MatchState, world: World, t: TeamState): number {
  if (t.gone !== null) return 0
  const figures: FigureState[] = []
  for (const id of t.figureIds) {
    const f = state.figures[id]
    if (f && onTableAndAble(f) && f.vehicleId === null) figures.push(f)
  }
  if (figures.length < 2) return 0
  return separatedFigureIds(world, figures, (f) => figureFullMoveIn(state, f) / 2).length > 0 ? figures.length : 0
}

/** `strayedTeamFigures`, kept for a decision by team, while its figure records are the very same. */
function keptStrayed(state: MatchState, world: World, t: TeamState, ctx: EvalContext): number {
  const kept = ctx.strayed.get(t.id)
  if (kept && kept.figureIds === t.figureIds && kept.gone === t.gone) {
    let same = true
    for (let i = 0; same && i < t.figureIds.length; i++) same = state.figures[t.figureIds[i]!] === kept.figures[i]
    if (same) return kept.value
  }
  const value = strayedTeamFigures(state, world, t)
  ctx.strayed.set(t.id, {
    figureIds: t.figureIds,
    gone: t.gone,
    figures: t.figureIds.map((id) => state.figures[id]),
    value,
  })
  return value
}

/**
 * What running now costs a team on the march (SMLE-MOVE-09): its third round of running in a row halts it for the
 * next round, two if it is heavily equipped, and each of its figures on the table loses the ground it would have
 * covered then (`MARCH_PER_ROUND_IN` a round, no more than it still has to go). Walking one round in three keeps it
 * moving: the Ambush column that ran three rounds stood 1–5" from its exit edge for the last two. Nothing is lost
 * when no round is left after this one. The halt rounds still to come cost the same once the round has ended: while
 * the next round's rolls are made the team's halt is set (`haltRounds`) and its running done, and a state judged
 * then (the round's last activation ended) must not shed a cost every other command of the round pays.
 */
export function breathCost(
  state: MatchState,
  t: TeamState,
  goals: Goals,
  table: { widthIn: number; depthIn: number },
): number {
  if (t.gone !== null) return 0
  // The halt rounds to come, from the round after the one being played, or from the round whose rolls are made now.
  let halts: number
  let from: number
  if (state.phase === 'activation') {
    halts = t.haltRounds
    from = state.round
  } else {
    halts = t.ranThisRound && t.runningRounds >= 2 ? (teamIsHeavy(state, t) ? 2 : 1) : Math.max(0, t.haltRounds - 1)
    from = state.round + 1
  }
  const rounds = Math.min(halts, state.roundLimit - from + 1)
  if (rounds <= 0) return 0
  const lostIn = MARCH_PER_ROUND_IN * rounds
  let cost = 0
  for (const id of t.figureIds) {
    const f = state.figures[id]
    if (f && onTableAndAble(f)) cost += GOAL_PULL * goals.urgency * Math.min(lostIn, goalDistance(f, goals, table))
  }
  return cost
}

/**
 * How many of the side's able figures stand within reach of a known enemy team that may still close-assault them
 * this round, counted once for each such team: one whose turn (or Double Move's second turn) is still to come, at
 * B9 or B10 (Table 1: Close Assault) and with no attack made yet this round (SMLE-TURN-07), each of its able figures
 * reaching a full move, run (SMLE-MOVE-08), and an inch of close-combat range (SMLE-CA-03). Fire on such a team
 * before it acts lowers its band at once (SMLE-ACT-16, -17): no longer B9, it cannot assault this round.
 */
function assaultThreat(state: MatchState, sideId: string): number {
  let mine: FigureState[] | null = null
  let n = 0
  for (const t of Object.values(state.teams)) {
    if (t.sideId === sideId || t.hidden || t.gone !== null || t.breaks > 0 || t.attack !== null) continue
    if ((t.activation?.band ?? 0) < 9) continue
    if (t.turn === 'done' && t.secondTurn !== 'waiting') continue
    const attackers: FigureState[] = []
    for (const id of t.figureIds) {
      const f = state.figures[id]
      if (f && onTableAndAble(f)) attackers.push(f)
    }
    if (attackers.length === 0) continue
    mine ??= Object.values(state.figures).filter((f) => f.sideId === sideId && onTableAndAble(f))
    const reached = new Set<string>()
    for (const a of attackers) {
      const reach = 2 * figureFullMoveIn(state, a) + 1
      for (const f of mine)
        if (hypot(a.position.x - f.position.x, a.position.z - f.position.z) <= reach) reached.add(f.teamId)
    }
    for (const f of mine) if (reached.has(f.teamId)) n++
  }
  return n
}

/**
 * Whether a team will roll its next activation under fire (SMLE-ACT-12, -13; Table 3's firer bonus is lost with
 * it): fire this round still counts at next round's roll, and while this round's rolls are being made, last round's
 * does. Once the rolls are made, last round's fire no longer counts at any roll to come: judged mid-round, it would
 * be a bonus that every command keeps and ending the round's last activation loses, and the computer would fidget
 * (standing figures up and laying them down again) rather than end its turn. In the last round no roll is to come
 * once its rolls are made, but fire still lowers a team's level for the rest of the round (SMLE-ACT-16): for a turn
 * it has still to take or is taking, and for its Opportunity Fire (SMLE-COMBAT-04: at its current level, B5 or
 * better). It counts against a team until the team has taken its turns and made its attack this round; counted for
 * such a team too, it was worth the same before the game's last activation ended and nothing after (the state after
 * the end, which a view with unseen enemies judges as a round over with its fire aged).
 */
function underFireAtNextRoll(state: MatchState, t: TeamState): boolean {
  if (state.phase !== 'activation' && state.round >= state.roundLimit) {
    const turnsTaken = t.turn === 'done' && (t.secondTurn === 'none' || t.secondTurn === 'done')
    return fired(t.fire.thisRound) && !(turnsTaken && t.attack !== null)
  }
  return fired(t.fire.thisRound) || (state.phase === 'activation' && fired(t.fire.lastRound))
}

/** A round's fire record counts as under fire: direct or explosive fire (SMLE-ACT-12, -13). */
function fired(r: FireRecord): boolean {
  return r.direct || r.explosive
}

/** A team's figures that can still act. */
function ableFigures(state: MatchState, t: TeamState): number {
  let n = 0
  for (const id of t.figureIds) {
    const f = state.figures[id]
    if (f && onTableAndAble(f)) n++
  }
  return n
}

/**
 * What each band of Table 1 is worth to one figure of a unit that rolls it
 * (SMLE-ACT-02): a break loses the position and heads for the base line
 * (SMLE-OPT-08), falling back and being pinned lose the turn; closing and a
 * double move let it act.
 */
const BAND_WORTH: readonly number[] = [-0.4, -0.25, -0.15, -0.05, 0, 0, 0.02, 0.02, 0.03, 0.05, 0.06]

/**
 * A number for how a figure stands (its `bodyKey`), the same for every record that stands the same way: lists of
 * enemies are told apart by these, rather than by each one's whole key.
 */
function standing(f: FigureState, ctx: EvalContext): number {
  let n = ctx.stances.body.get(f)
  if (n !== undefined) return n
  const key = bodyKey(f)
  n = ctx.stances.ids.get(key)
  if (n === undefined) ctx.stances.ids.set(key, (n = ctx.stances.ids.size))
  ctx.stances.body.set(f, n)
  return n
}

/** The mean over the die's faces of what a unit's band is worth to one figure, as it stands (SMLE-ACT-01, Table 1). */
export function expectedBandWorth(
  state: MatchState,
  world: World,
  teamIds: readonly string[],
  leadTeamId: string,
): number {
  const situation = activationSituation(state, world, teamIds, leadTeamId)
  let mean = 0
  for (let die = 1; die <= 6; die++) mean += BAND_WORTH[activationLevel(die, situation).band]! / 6
  return mean
}

/**
 * The ground a band lets a light infantry figure cover toward its goal, inches
 * (Table 1, Table 2: 8" full move; SMLE-MOVE-08 running doubles it; SMLE-OPT-05
 * Stand may not move toward the enemy; SMLE-OPT-07, -08 fall back and break go
 * back toward the base line).
 */
const BAND_MARCH_IN: readonly number[] = [-16, -8, -4, 0, 0, 0, 8, 8, 8, 16, 24]
/** How much of that ground the next roll's outlook counts (the roll may come a round later, and fire may cut it short). */
const BAND_MARCH_WEIGHT = 0.3
/**
 * What each figure of a unit on the march costs while the unit is not within a full move of its group leader's team
 * (SMLE-ACT-14 (b): −2, and SMLE-ACT-10's +1 lost): the next roll's outlook counts the bands it loses once, but the
 * unit rolls that low every round until the leader's team is back with it. Counted once, a command team running ahead
 * alone gained more ground (two men's 12") than the squads it left behind lost (one roll at 0.3 of its ground), and
 * the squads, pinned and falling back at −2, never reached the edge.
 */
const LEFT_BEHIND = 0.5

/**
 * How its side's units would fare if they rolled for activation as they stand
 * (SMLE-ACT-01: the mean over the die's six faces of what each band is worth),
 * less the same for the enemy units it knows of: staying with the leader
 * (SMLE-ACT-10, -14), together (SMLE-ORG-05) and in cover (SMLE-ACT-11), and
 * putting the enemy under fire (SMLE-ACT-17), count for what they do to the
 * next roll; for Green troops that is the difference between advancing and
 * breaking.
 */
export function activationOutlook(state: MatchState, world: World, sideId: string, ctx: EvalContext): number {
  let total = 0
  for (const side of state.sides) {
    const sign = side.id === sideId ? 1 : -1
    for (const unit of unitsForRoll(state, side.id, [])) {
      // A unit's roll changes with its teams, their figures, each figure's nearest known enemy (its cover is from
      // him, SMLE-ACT-11: a move round an enemy unit's flank takes it away), its leader's team and the groups (who
      // leads, SMLE-ACT-10), the doors and the vehicles (their hulls cover, and their damage counts), the round (a
      // prepared position counts from its second, SMLE-SHOOT-26) and the phase (which rounds' fire the next roll
      // counts, see `nextRollFire`): the situation's own inputs, each nearest enemy by how he stands (`standing`).
      const inputs: unknown[] = [state.phase, state.round, state.doors, state.vehicles, state.groups]
      const known = knownEnemyFigures(state, side.id)
      for (const id of unit.teamIds) {
        pushTeamAndFigures(inputs, state, id)
        for (const fid of state.teams[id]?.figureIds ?? []) {
          const f = state.figures[fid]
          if (f && f.vehicleId === null && isPresent(f) && f.status !== 'playingDead') {
            const e = nearestFigure(state, world, f, known)?.figure
            inputs.push(e ? standing(e, ctx) : -1)
          }
        }
      }
      const lead = state.teams[unit.leadTeamId]
      const leader = lead ? groupLeader(state, commandGroup(state, lead)) : null
      if (leader) pushTeamAndFigures(inputs, state, leader.teamId)
      const key = `${unit.leadTeamId}|${unit.teamIds.join(',')}`
      const kept = ctx.outlooks.get(key)
      if (kept && kept.inputs.length === inputs.length && kept.inputs.every((x, i) => x === inputs[i])) {
        total += sign * kept.value
        continue
      }
      let figures = 0
      for (const id of unit.teamIds) {
        const team = state.teams[id]
        if (!team || (team.hidden && side.id !== sideId)) continue
        for (const fid of team.figureIds) if (onTableAndAble(state.figures[fid]!)) figures++
      }
      let value = 0
      if (figures > 0) {
        const measured = activationSituation(state, world, unit.teamIds, unit.leadTeamId)
        const situation = { ...measured, fire: nextRollFire(state, unit.teamIds, measured.fire) }
        let mean = 0
        // A side that must get somewhere values a band by the ground it covers toward its goal.
        const march =
          side.id === sideId && ctx.goals.edges.length > 0 ? BAND_MARCH_WEIGHT * GOAL_PULL * ctx.goals.urgency : 0
        for (let die = 1; die <= 6; die++) {
          const band = activationLevel(die, situation).band
          mean += (BAND_WORTH[band]! + march * BAND_MARCH_IN[band]!) / 6
        }
        value = figures * mean
        // SMLE-ACT-10, -14: a unit of a side on the march left more than a full move behind its leader's team rolls
        // three lower for every round until he comes back, not only at the next roll.
        if (march > 0 && measured.separatedFromLeader) value -= figures * LEFT_BEHIND
      }
      ctx.outlooks.set(key, { inputs, value })
      total += sign * value
    }
  }
  return total
}

/**
 * The fire a unit's next roll will count (SMLE-ACT-12, -13: fire this round or last). While this round's rolls are
 * being made, that is the roll to come, and `measured` (both rounds' fire) is what it counts. Once they are made,
 * the next roll is next round's: this round's fire will be last round's then, and last round's will no longer count.
 * Counted as it stood, last round's fire weighed on every command of a round but the one that ended it (the round's
 * last activation ends, the round's fire ages, and that state alone was judged free of it): stopping looked better
 * than any step, and the Militia waited by the crossroads instead of going in.
 */
function nextRollFire(state: MatchState, teamIds: readonly string[], measured: FireCategories): FireCategories {
  if (state.phase === 'activation') return measured
  // The last round's rolls made, no roll is to come: its fire counts for none (the state after its end, which a view
  // with unseen enemies judges with the round over and its fire aged, counts none either).
  if (state.round >= state.roundLimit) return mergeFireCategories([])
  const records: FireCategories[] = []
  for (const id of teamIds) {
    const r = state.teams[id]?.fire.thisRound
    if (r) records.push(r)
  }
  return mergeFireCategories(records)
}

/** A team and its figures, as the records they are (the inputs of an activation outlook). */
function pushTeamAndFigures(inputs: unknown[], state: MatchState, teamId: string): void {
  const team = state.teams[teamId]
  inputs.push(team)
  if (team) for (const fid of team.figureIds) inputs.push(state.figures[fid])
}
