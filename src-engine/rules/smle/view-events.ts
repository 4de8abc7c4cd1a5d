import { sidesViewer, viewerHoldsSide, type Viewer } from '../../core/viewer'
import { withoutGenerator } from '../../dice/dice-event'
import type { GameEvent } from './events/events'
import type { MatchState } from './state/state'
import { filterKeys, hasSecrets, type Secrets, secretsFor, unseenRolls, viewPending } from './view'

/**
 * The events a viewer may see of a batch (SMLE-SCEN-05, SMLE-SHOOT-26,
 * SMLE-SCEN-04). `stateAfter` is the game once the batch is applied (or taken
 * back): a team revealed within the batch is known for the whole batch, so
 * the fire that gave it away is shown with the reveal. Events about a team
 * still hidden from the viewer are dropped (its moves, its rolls, its
 * activation); events that merely list it among others keep the others.
 * Every event kept is checked word by word: none names a hidden id or name.
 */
export function viewEvents(events: readonly GameEvent[], stateAfter: MatchState, viewer: Viewer): GameEvent[] {
  if (viewer.kind === 'referee') return [...events]
  const secrets = secretsFor(stateAfter, viewer)
  const out: GameEvent[] = []
  /** The ids of the rolls kept from the viewer. */
  const unseen: number[] = []
  const unseenSoFar = unseenRolls(stateAfter, viewer)
  for (const event of events) {
    // Bookkeeping of the hidden sides' rolls: its counts are theirs.
    if (event.type === 'RollsHidden' && unseenSoFar > 0) continue
    if (event.type === 'ObjectiveChosen' && !viewerHoldsSide(viewer, event.sideId)) continue
    // SMLE-SCEN-04: a hold still being made is the raider's secret (it would tell its objective from a feint).
    if (
      event.type === 'RaidHold' &&
      !event.held &&
      event.sideId !== undefined &&
      !viewerHoldsSide(viewer, event.sideId)
    )
      continue
    // SMLE-SCEN-05: a window closing says nothing the state does not; where windows of hidden teams are not shown,
    // one closing with none shown opened would tell of it, so none is sent.
    if (event.type === 'PendingCleared' && hasSecrets(secrets)) continue
    const viewed = hasSecrets(secrets) ? redactEvent(event, secrets) : event
    // A roll is sent without the generator state after it (it would tell the dice to come).
    if (viewed && !(hasSecrets(secrets) && mentionsSecret(viewed, secrets))) out.push(withoutGenerator(viewed))
    else if (event.type === 'DiceRolled') unseen.push(event.rollId)
  }
  if (unseenSoFar === 0) return out
  // SMLE-SCEN-05: the rolls the viewer is shown are numbered without those kept from it (in this command and before),
  // so their ids and the count do not tell how many rolls hidden teams made.
  return out.map((e) =>
    e.type === 'DiceRolled'
      ? { ...e, rollId: e.rollId - (unseenSoFar - unseen.filter((id) => id > e.rollId).length) }
      : e,
  )
}

/**
 * SMLE-SCEN-05: of a command's events (`stateAfter`: the game after them),
 * how many rolls each side made with teams still hidden from the others at
 * its end, the rolls `viewEvents` shows only to that side; null when none.
 */
export function hiddenRollsOf(events: readonly GameEvent[], stateAfter: MatchState): Record<string, number> | null {
  if (!events.some((e) => e.type === 'DiceRolled')) return null
  const everyone = secretsFor(stateAfter, { kind: 'spectator' })
  if (!hasSecrets(everyone)) return null
  const bySide = new Map<string, Secrets>()
  const secretsOf = (sideId: string): Secrets => {
    let s = bySide.get(sideId)
    if (!s) bySide.set(sideId, (s = secretsFor(stateAfter, sidesViewer(sideId))))
    return s
  }
  let out: Record<string, number> | null = null
  for (const e of events) {
    if (e.type !== 'DiceRolled' || !mentionsSecret(e, everyone)) continue
    const owner = stateAfter.sides.find((side) => !mentionsSecret(e, secretsOf(side.id)))
    if (!owner) continue
    out ??= {}
    out[owner.id] = (out[owner.id] ?? 0) + 1
  }
  return out
}

/** The event with hidden teams and figures taken out of its lists, or null when it is about them. */
function redactEvent(event: GameEvent, secrets: Secrets): GameEvent | null {
  const team = (id: string): boolean => !secrets.teamIds.has(id)
  const figure = (id: string): boolean => !secrets.figureIds.has(id)
  switch (event.type) {
    case 'TurnStarted': {
      const teamIds = event.teamIds.filter(team)
      return teamIds.length === 0 ? null : { ...event, teamIds }
    }
    case 'RoundEnded':
      return {
        ...event,
        braced: event.braced.filter(figure),
        recovered: event.recovered.filter(figure),
        breath: filterKeys(event.breath, team),
      }
    case 'RolloffSet':
      return { ...event, ranks: filterKeys(event.ranks, team) }
    case 'PendingSet': {
      const pending = viewPending(event.pending, secrets)
      return pending ? { ...event, pending } : null
    }
    case 'QualityRolled': {
      const figureIds = event.figureIds.filter(figure)
      return figureIds.length === 0 ? null : { ...event, figureIds }
    }
    case 'ReinforcementsArrived': {
      const teamIds = event.teamIds.filter(team)
      return teamIds.length === 0 ? null : { ...event, teamIds }
    }
    case 'ContactMade': {
      const teamIds = event.teamIds.filter(team)
      return teamIds.length === 0 ? null : { ...event, teamIds }
    }
    default:
      return event
  }
}

const escapeRegExp = (s: string): string => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')

/**
 * True when `value` (any JSON-safe data) names something kept from the
 * viewer: a string that is a hidden id (or has one as a `:`-separated part,
 * like a door attempt `team:door`), or that contains a hidden name as a word.
 */
export function mentionsSecret(value: unknown, secrets: Secrets): boolean {
  const ids = new Set([...secrets.teamIds, ...secrets.figureIds, ...secrets.vehicleIds])
  const names =
    secrets.names.length === 0
      ? null
      : new RegExp(`(?<![\\p{L}\\p{N}])(?:${secrets.names.map(escapeRegExp).join('|')})(?![\\p{L}\\p{N}])`, 'u')
  const visit = (v: unknown): boolean => {
    if (typeof v === 'string')
      return (
        ids.has(v) ||
        (v.includes(':') && v.split(':').some((part) => ids.has(part))) ||
        (names !== null && names.test(v))
      )
    if (Array.isArray(v)) return v.some(visit)
    if (v !== null && typeof v === 'object') return Object.entries(v).some(([k, x]) => ids.has(k) || visit(x))
    return false
  }
  return visit(value)
}

/**
 * A refusal as `viewer` may read it: one whose words name a figure, team or
 * vehicle still hidden from it (SMLE-SCEN-05: "its base would overlap
 * Ivo's") keeps its clause and loses the name.
 */
export function viewRefusal(
  reason: { readonly clause: string; readonly message: string },
  state: MatchState,
  viewer: Viewer,
): { clause: string; message: string } {
  const secrets = secretsFor(state, viewer)
  if (!mentionsSecret(reason.message, secrets)) return { clause: reason.clause, message: reason.message }
  return { clause: reason.clause, message: `The rules refuse this here (${reason.clause}).` }
}
