import type { SmrEvent } from './events'
import type { SmrState } from './state'

const fmt = (n: number): string => (Math.round(n * 10) / 10).toString()

/** An SMR event in words, for the game log (`state`: the state before it). */
export function describeSmrEvent(e: SmrEvent, state: SmrState): string {
  const name = (id: string | null | undefined): string => (id ? (state.units[id]?.name ?? id) : 'nobody')
  switch (e.type) {
    case 'DiceRolled': {
      const natural = e.faces.reduce((a, b) => a + b, 0)
      const mods = e.modifiers.map((m) => `${m.value >= 0 ? '+' : ''}${m.value} ${m.label}, ${m.clause}`).join('; ')
      const need = e.target === undefined ? '' : `needed ${e.target}, `
      const result = e.success === undefined ? '' : e.success ? ': success' : ': failure'
      return `${e.purpose}: ${need}rolled ${natural}${mods ? ` (${mods}) = ${e.total}` : ''}${result}.`
    }
    case 'InitiativeRolled':
      return `${e.winnerSideId} wins the initiative (SMR-MOVE-01).`
    case 'SetupTurn':
      return `${e.sideId} deploys (SMR-SETUP-06).`
    case 'UnitPlaced':
      return e.hiddenIn ? `${name(e.unitId)} hides in ${e.hiddenIn}.` : `${name(e.unitId)} is placed.`
    case 'LeaderDesignated':
      return `${name(e.unitId)} leads ${e.sideId} (SMR-SETUP-02).`
    case 'SetupEnded':
      return `${e.sideId} has deployed.`
    case 'TurnBegan':
      return `Turn ${e.turn} begins; ${e.chooserSideId} chooses who moves first.`
    case 'OrderChosen':
      return `${e.firstSideId} moves first this turn.`
    case 'StepBegan':
      return `${e.sideId}: ${{ order: 'choose the order', missiles: 'declare missile targets', movement: 'move', bonus: 'take the bonus move and attack', reinforcements: 'roll for reinforcements' }[e.step]}.`
    case 'EventBegan':
      return `Event ${{ missiles: '1 — missile attacks', movement: '2 — movement', melee: '3 — melee', rally: '4 — rally' }[e.event]}.`
    case 'MissilesDeclared':
      return e.shots.length === 0
        ? `${e.sideId} holds its fire.`
        : `${e.sideId} declares: ${e.shots.map((s) => `${name(s.unitId)} at ${name(s.targetId)}`).join(', ')} (SMR-MISS-04).`
    case 'AttackResolved': {
      const what = e.kind === 'missile' ? 'shoots at' : e.kind === 'bonus' ? 'makes a bonus attack on' : 'attacks'
      const result = e.killed ? 'killed' : e.routedId ? `${name(e.routedId)} routs` : 'no effect'
      return `${name(e.attackerId)} ${what} ${name(e.targetId)} (${e.arc}): needed ${e.needed}, rolled ${e.natural}${e.total !== e.natural ? ` (total ${e.total})` : ''} — ${result}.`
    }
    case 'UnitMoved':
      if (e.reason === 'turn') return `${name(e.unitId)} turns to face ${fmt(e.facingDeg)}°.`
      if (e.reason === 'reveal' || e.reason === 'leave') return `${name(e.unitId)} comes out of its building.`
      return `${name(e.unitId)} ${{ move: 'moves', charge: 'charges', rout: 'flees', bonus: 'makes its free move', rally: 'goes to rally' }[e.reason]} ${fmt(e.distanceIn)}".`
    case 'Engaged':
      return e.faceToFace
        ? `${name(e.unitId)} and ${name(e.targetId)} are locked face-to-face (SMR-MELEE-03).`
        : `${name(e.unitId)} engages ${name(e.targetId)} (SMR-MELEE-05).`
    case 'UnitKilled':
      return `${name(e.unitId)} is killed${e.byId ? ` by ${name(e.byId)}` : ''}.`
    case 'UnitRouted':
      return `${name(e.unitId)} routs${e.cause === 'again' ? ' again (SMR-ROUT-06)' : e.cause === 'retreat' ? ' in the general retreat (SMR-OPT-10)' : ''}.`
    case 'UnitEliminated':
      return `${name(e.unitId)} is eliminated (${{ routBlocked: 'it could not rout, SMR-MOVE-09', offTable: 'it fled off the table, SMR-ROUT-04', failedRally: 'it failed to rally, SMR-RALLY-03', trapped: 'trapped in a burnt building, SMR-SCEN-02' }[e.reason]}).`
    case 'UnitRallied':
      return e.leaderId
        ? `${name(e.leaderId)} rallies ${name(e.unitId)} (SMR-RALLY-02).`
        : `${name(e.unitId)} rallies (SMR-RALLY-03).`
    case 'BonusGranted':
      return `${name(e.unitId)} earns a free move and +2 attack (${e.reason === 'rage' ? 'battle rage, SMR-OPT-01' : 'hero, SMR-OPT-04'}).`
    case 'BonusEnded':
      return `${name(e.unitId)}'s bonus is over.`
    case 'HeroMade':
      return `${name(e.unitId)} becomes a hero (SMR-OPT-03)!`
    case 'MoraleResult':
      return e.result === 'retreat'
        ? `${e.sideId} makes a general retreat (SMR-OPT-10).`
        : e.result === 'honoured'
          ? `${e.sideId} will fight harder for its honoured leader (+1, SMR-OPT-12).`
          : `${e.sideId} holds firm.`
    case 'DoorBashSet':
      return `${name(e.unitId)} sets to work on door ${e.doorId}.`
    case 'DoorBashed':
      return `${name(e.unitId)} bashes door ${e.doorId}: ${e.success ? 'a success' : 'it holds'} (${e.successes} so far)${e.broken ? ' — the door breaks open' : ''}.`
    case 'UnitsRevealed':
      return `${e.unitIds.map(name).join(', ')} ${e.unitIds.length === 1 ? 'is' : 'are'} revealed at ${e.buildingId}.`
    case 'BurnProgress':
      return e.buildingId
        ? `${name(e.unitId)} works on ${e.buildingId} (${e.turns} turns).`
        : `${name(e.unitId)} is disturbed.`
    case 'BuildingBurnt':
      return `${e.buildingId} burns (set alight by ${name(e.byUnitId)}).`
    case 'ReinforcementsArrived':
      return `${e.units.length} peasants reinforce ${e.sideId}.`
    case 'TurnEnded':
      return `Turn ${e.turn} ends.`
    case 'GameEnded':
      return `The game is over: ${e.reason}`
  }
}
