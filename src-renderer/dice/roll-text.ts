import type { GameEventOf, MatchState } from '../../src-engine/index'

type DiceRolled = GameEventOf<'DiceRolled'>

const signed = (v: number): string => (v >= 0 ? `+${v}` : `−${-v}`)

/** The lines the tray shows under a settled roll: who rolled for what, the dice, each modifier with its clause, the outcome. */
export interface RollText {
  readonly title: string
  readonly dice: string
  readonly modifiers: readonly { readonly text: string; readonly clause: string }[]
  readonly outcome: string
  readonly success: boolean | undefined
  readonly notes: readonly string[]
}

/** Words for a roll, with names from the state it was thrown in. */
export function rollText(event: DiceRolled, state: MatchState | null, rollerName?: string | null): RollText {
  const who = rollerName ?? (event.figureId ? (state?.figures[event.figureId]?.name ?? event.figureId) : null)
  const title = `${who ? `${who}: ` : ''}${event.purpose}`
  const dice = `${event.faces.length}D6: ${event.faces.join(' + ')}${event.faces.length > 1 ? ` = ${event.faces.reduce((a, b) => a + b, 0)}` : ''}`
  const modifiers = event.modifiers.map((m) => ({ text: `${signed(m.value)} ${m.label}`, clause: m.clause }))
  const target = event.target === undefined ? '' : ` against ${event.target}`
  const verdict = event.success === undefined ? '' : event.success ? ': success' : ': failure'
  const outcome = `Total ${event.total}${target}${verdict}`
  const notes: string[] = []
  for (const t of event.physics?.throws ?? []) {
    for (const c of t.cocked) {
      const why =
        c.reason === 'tilted'
          ? `tilted ${c.tiltDeg.toFixed(0)}°`
          : c.reason === 'leaning'
            ? `leaning on another die, ${c.tiltDeg.toFixed(1)}°`
            : c.reason === 'on-die'
              ? 'lying on another die'
              : 'still moving'
      notes.push(`Die ${c.die + 1} was cocked (${why}) and was thrown again.`)
    }
  }
  if (event.method === 'quick') notes.push('Quick dice: no physics throw for this game.')
  return { title, dice, modifiers, outcome, success: event.success, notes }
}
