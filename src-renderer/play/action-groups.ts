import type { CommandInput, LabelledOption, MatchState, OptionGroup } from '../../src-engine/index'

/** A titled group of the action panel's buttons. */
export interface OptionSection {
  readonly group: OptionGroup
  readonly title: string
  readonly options: readonly LabelledOption[]
}

const ORDER: readonly OptionGroup[] = ['interrupt', 'activation', 'move', 'fire', 'assault', 'doors', 'other']
const TITLES: Readonly<Record<OptionGroup, string>> = {
  interrupt: 'Decide',
  activation: 'Activation',
  move: 'Move',
  fire: 'Fire',
  assault: 'Close assault',
  doors: 'Doors',
  other: 'Other options',
}

/** The options in the panel's order, one section per group that has any. */
export function optionSections(options: readonly LabelledOption[]): OptionSection[] {
  return ORDER.map((group) => ({
    group,
    title: TITLES[group],
    options: options.filter((o) => o.group === group),
  })).filter((s) => s.options.length > 0)
}

/** True for commands whose roll the panel previews before sending (an attack by fire). */
export function isFireCommand(c: CommandInput): boolean {
  return c.type === 'directFire' || c.type === 'opportunityFire' || c.type === 'returnFire' || c.type === 'panicFire'
}

/** The team a fire option shoots at, if any. */
export function fireTargetOf(c: CommandInput): string | null {
  const t = (c as { targetTeamId?: unknown }).targetTeamId
  return typeof t === 'string' ? t : null
}

/**
 * The fire option to preview when the player clicks an enemy figure: the
 * first whole-team fire at that figure's team (not a single explosive or
 * return-fire roll). At an interrupt point the window's target is fixed, so
 * the opportunity fire of the first eligible team.
 */
export function fireOptionAt(
  options: readonly LabelledOption[],
  state: MatchState,
  figureId: string,
): LabelledOption | null {
  const f = state.figures[figureId]
  if (!f) return null
  const pending = state.pending
  if (pending?.kind === 'opportunity' && pending.targetTeamId === f.teamId)
    return options.find((o) => o.command.type === 'opportunityFire') ?? null
  return (
    options.find(
      (o) => o.command.type === 'directFire' && fireTargetOf(o.command) === f.teamId && !('firerIds' in o.command),
    ) ??
    options.find((o) => isFireCommand(o.command) && fireTargetOf(o.command) === f.teamId) ??
    null
  )
}

/** The prompt over the action panel when the other player must decide (an interrupt point, a reaction, an early interrupt), or null. */
export function decisionPrompt(state: MatchState): { title: string; detail: string } | null {
  const p = state.pending
  if (!p) return null
  const side = state.sides.find((s) => s.id === p.sideId)?.name ?? p.sideId
  const team = (id: string | undefined): string => (id ? (state.teams[id]?.name ?? id) : 'a team')
  if (p.kind === 'opportunity') {
    const mover = p.mover ? state.figures[p.mover.figureId]?.name : undefined
    return {
      title: `${side}: interrupt point (SMLE-COMBAT-05)`,
      detail: `${team(p.targetTeamId)}${mover ? ` (${mover})` : ''} is moving in sight. Fire at it now with an eligible team, hold fire at this point, or let the move continue.`,
    }
  }
  if (p.kind === 'fireReaction')
    return {
      title: `${side}: under fire`,
      detail: `${team(p.targetTeamId)} may drop prone before the fire is resolved, or stay up.`,
    }
  return {
    title: `${side}: early interrupt (SMLE-TURN-12)`,
    detail: `Take a whole turn now, before ${team(p.nextTeamIds[0])}, or let it act.`,
  }
}
