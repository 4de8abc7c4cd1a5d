import type { GameEvent } from '../events/events'
import type { MatchState } from '../state/state'
import { rowOf } from '../bands'

const signed = (v: number): string => (v >= 0 ? `+${v}` : `${v}`)

/**
 * One event in words, for the game log ("Sgt Hale opened the door."). Reads
 * names from the state the event was applied to. Bookkeeping events that a
 * player need not read return an empty string.
 */
export function describeEvent(event: GameEvent, state: MatchState): string {
  const name = (id: string | undefined | null): string => (id ? (state.figures[id]?.name ?? id) : 'someone')
  const team = (id: string | undefined | null): string => (id ? (state.teams[id]?.name ?? id) : 'a team')
  const side = (id: string | null): string => (id ? (state.sides.find((s) => s.id === id)?.name ?? id) : 'nobody')
  switch (event.type) {
    case 'FigurePlaced':
      return `${name(event.figureId)} was placed.`
    case 'FigureMoved':
      return event.forced
        ? `${name(event.figureId)} was moved.`
        : `${name(event.figureId)} ${event.crawl ? 'crawled' : 'moved'} ${event.distanceIn.toFixed(1)}".${event.endsMove ? ' Its move is over.' : ''}`
    case 'DoorOpened':
      return `${name(event.figureId)} opened the door.`
    case 'DoorClosed':
      return `${name(event.figureId)} closed the door.`
    case 'DoorStateChanged':
      return `The door is now ${event.state} (${event.cause}).`
    case 'DiceRolled': {
      const mods = event.modifiers.map((m) => ` ${signed(m.value)} ${m.label} [${m.clause}]`).join('')
      const target = event.target === undefined ? '' : ` vs ${event.target}: ${event.success ? 'success' : 'failure'}`
      return `${event.figureId ? name(event.figureId) : 'Dice'} rolled for ${event.purpose}: ${event.faces.join('+')}${mods} = ${event.total}${target}.`
    }
    case 'DoorForced':
      return event.success
        ? `${name(event.figureId)} kicked the door in.`
        : event.rushed
          ? `The door gives way under the rush: ${team(event.teamId)} tumbles through in a heap.`
          : `${name(event.figureId)} failed to force the door and stops there.`
    case 'SetupEnded':
      return event.started ? 'Set-up is over: round 1 begins.' : `${side(event.sideId)} finished setting up.`
    case 'ObjectiveChosen':
      return `${side(event.sideId)} recorded its objective.`
    case 'QualityRolled':
      return `${event.figureIds.map(name).join(', ')}: ${event.quality}.`
    case 'LeaderGraded':
      return `${state.groups[event.groupId]?.name ?? event.groupId} has a ${event.grade} leader.`
    case 'ReinforcementsArrived':
      return `Reinforcements arrive: ${event.teamIds.map(team).join(', ')}.`
    case 'ActivationSet':
      return event.reason === 'rolled'
        ? `${team(event.teamId)}: AL ${event.activation.al} (B${event.activation.band} ${rowOf(event.activation.band).action}).`
        : `${team(event.teamId)} is now at AL ${event.activation.al} (B${event.activation.band}).`
    case 'ActivationRolled':
      return event.started
        ? 'Every unit has rolled: play begins with the lowest AL.'
        : `${side(event.sideId)} rolled activation.`
    case 'RolloffSet':
      return 'Tied units rolled off for the order.'
    case 'TurnStarted':
      return `${team(event.teamIds[event.index])} ${event.interrupt ? 'interrupts and ' : ''}takes its ${event.turn} turn.`
    case 'TurnEnded':
      return `${team(event.teamId)} is done.`
    case 'RoundEnded':
      return `Round ${event.round} is over.`
    case 'PendingSet':
      return event.pending.kind === 'interrupt'
        ? `${side(event.pending.sideId)} may interrupt.`
        : event.pending.kind === 'opportunity'
          ? `${side(event.pending.sideId)} may make opportunity fire.`
          : `${side(event.pending.sideId)} may drop prone.`
    case 'PendingCleared':
      return ''
    case 'RollsHidden':
      return ''
    case 'PositionFound':
      return `${side(event.sideId)} found a concealed position (${event.reason}).`
    case 'TeamRevealed':
      return `${team(event.teamId)} is revealed (${event.reason}).`
    case 'GameEnded':
      return `The game is over: ${event.winnerSideId ? `${side(event.winnerSideId)} wins` : 'a draw'}. ${event.reason}`
    case 'RaidHold':
      return event.held
        ? 'The raiders have held their objective for a full round.'
        : event.heldSince === null
          ? 'The raiders lost their objective.'
          : 'The raiders hold their objective.'
    case 'FigureStoodUp':
      return `${name(event.figureId)} stood up.`
    case 'FigureWentProne':
      return `${name(event.figureId)} went prone.`
    case 'MoveOptionChosen':
      return event.option === 'run'
        ? `${team(event.teamId)} runs.`
        : event.option === 'fallBack'
          ? `${team(event.teamId)} falls back.`
          : ''
    case 'FigureLeftTable':
      return `${name(event.figureId)} ${event.reason === 'exited' ? 'left the table' : event.reason === 'evacuated' ? 'was evacuated' : event.reason === 'fled' ? 'fled the table' : event.reason === 'captured' ? 'was captured' : 'vanished'}${event.edge ? ` by the ${event.edge} edge` : ''}.`
    case 'VehicleMoved':
      return `${state.vehicles[event.vehicleId]?.name ?? event.vehicleId} moved ${event.distanceIn.toFixed(1)}"${event.road ? ' at road speed' : ''}.`
    case 'HelicopterLanded':
      return `${state.vehicles[event.vehicleId]?.name ?? event.vehicleId} landed.`
    case 'VehicleLeftTable':
      return `${state.vehicles[event.vehicleId]?.name ?? event.vehicleId} ${event.reason === 'tookOff' ? 'took off' : 'fled the table'}.`
    case 'TeamBoarded':
      return `${team(event.teamId)} boarded ${state.vehicles[event.vehicleId]?.name ?? event.vehicleId}.`
    case 'TeamDebussed':
      return `${team(event.teamId)} ${event.bailOut ? 'bailed out of' : 'de-bussed from'} ${state.vehicles[event.vehicleId]?.name ?? event.vehicleId}.`
    case 'DoorRushDeclared':
      return `${team(event.teamId)} rushes the door.`
    case 'LeaderTransferred':
      return `${name(event.figureId)} joined ${team(event.toTeamId)}.`
    case 'PreparedPositionChanged':
      return event.positionId
        ? `${team(event.teamId)} occupies a prepared position.`
        : `${team(event.teamId)} left its prepared position.`
    case 'TeamBroke':
      return `${team(event.teamId)} breaks!`
    case 'TeamGone':
      return `${team(event.teamId)} ${event.reason === 'fled' ? 'flees the battlefield' : event.reason === 'captured' ? 'is captured' : 'is wiped out'}.`
    case 'ItemPickedUp':
      return `${name(event.figureId)} picked up a ${event.weapon}.`
    case 'OtherOptionTaken':
      return ''
    case 'FirstAidGiven':
      return `${name(event.byFigureId)} gave first aid to ${name(event.figureId)}.`
    case 'Helping':
      return event.woundedId
        ? `${name(event.figureId)} helps ${name(event.woundedId)} along.`
        : `${name(event.figureId)} lets go.`
    case 'WeaponsReloaded':
      return `${team(event.teamId)} reloaded.`
    case 'WeaponStateChanged':
      return event.state === 'jammed'
        ? `${name(event.figureId)}'s ${event.weapon} jammed.`
        : event.state === 'spent'
          ? `${name(event.figureId)} threw away the spent ${event.weapon}.`
          : ''
    case 'VehicleRepaired':
      return `${state.vehicles[event.vehicleId]?.name ?? event.vehicleId} was repaired.`
    case 'FigureStatusChanged':
      return `${name(event.figureId)}: ${event.status === 'ok' ? 'back on his feet' : event.status === 'lightWound' ? 'lightly wounded' : event.status === 'seriousWound' ? 'seriously wounded' : event.status === 'dead' ? 'killed' : 'lies still'} (${event.cause}).`
    case 'FigureSpent':
      return ''
    case 'FireReceived':
      return `${team(event.teamId)} is under fire from ${team(event.fromTeamId)}.`
    case 'AttackMade':
      return ''
    case 'ContactMade':
      return ''
    case 'ShotResolved':
      return event.kind === 'observer'
        ? ''
        : `${name(event.figureId)} fired (${event.weapon}): ${event.success ? (event.hits > 0 ? `${event.hits} hit${event.hits === 1 ? '' : 's'}` : 'on target') : 'missed'}.`
    case 'AmmoSpent':
      return `${team(event.teamId)} has ${event.left} ${event.weapon} round${event.left === 1 ? '' : 's'} left.`
    case 'Explosion':
      return `A ${event.weapon} round ${event.deviated ? 'went astray and ' : ''}burst${event.impactFigureId ? ` on ${name(event.impactFigureId)}` : ''}.`
    case 'VehicleDamaged':
      return `${state.vehicles[event.vehicleId]?.name ?? event.vehicleId} hit on the ${event.face}: ${event.result === 'noEffect' ? 'no effect' : event.result === 'kill' ? 'destroyed' : event.result === 'VSW' ? 'seriously damaged' : 'lightly damaged'}.`
    case 'MissionCalled':
      return `${team(event.mission.observerTeamId)} called fire from ${team(event.mission.firingTeamId)}; it arrives next round.`
    case 'MissionEnded':
      return event.outcome === 'cancelled' ? 'A fire mission was cancelled.' : ''
    case 'ObservationSet':
      return ''
    case 'MonsterState':
      return event.lurking === 'playingDead'
        ? `${name(event.figureId)} falls... and lies still.`
        : event.lurking === 'vanished'
          ? `${name(event.figureId)} vanishes in the blast.`
          : `${name(event.figureId)} is back!`
  }
}
