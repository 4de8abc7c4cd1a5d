import type { GameEvent } from '../core/events'
import type { MatchState } from '../core/state'

const signed = (v: number): string => (v >= 0 ? `+${v}` : `${v}`)

/**
 * One event in words, for the game log ("Sgt Hale opened the door."). Reads
 * names from the state the event was applied to.
 */
export function describeEvent(event: GameEvent, state: MatchState): string {
  const name = (id: string | undefined): string => (id ? (state.figures[id]?.name ?? id) : 'someone')
  const side = (id: string): string => state.sides.find((s) => s.id === id)?.name ?? id
  switch (event.type) {
    case 'FigurePlaced':
      return `${name(event.figureId)} was placed.`
    case 'FigureMoved':
      return `${name(event.figureId)} moved ${event.distanceIn.toFixed(1)}".${event.endsMove ? ' Its move is over.' : ''}`
    case 'DoorOpened':
      return `${name(event.figureId)} opened the door.`
    case 'DoorClosed':
      return `${name(event.figureId)} closed the door.`
    case 'DoorStateChanged':
      return `The door is now ${event.state} (${event.cause}).`
    case 'DiceRolled': {
      const mods = event.modifiers.map((m) => ` ${signed(m.value)} ${m.label} [${m.clause}]`).join('')
      const target = event.target === undefined ? '' : ` vs ${event.target}: ${event.success ? 'success' : 'failure'}`
      return `${name(event.figureId)} rolled for ${event.purpose}: ${event.faces.join('+')}${mods} = ${event.total}${target}.`
    }
    case 'DoorForced':
      return event.success ? `${name(event.figureId)} kicked the door in.` : `${name(event.figureId)} failed to force the door and stops there.`
    case 'TurnEnded':
      return event.phase === 'setup' ? `${side(event.sideId)} finished setting up.` : event.round !== state.round ? `Round ${event.round} begins: ${side(event.nextSideId)} to act.` : `${side(event.nextSideId)} to act.`
  }
}
