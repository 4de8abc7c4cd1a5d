import type { DiceRolled } from '../../dice/dice-event'
import { describeSmrEvent } from './describe'
import type { SmrEvent, SmrEventOf } from './events'
import type { SmrState } from './state'

/** One event of a game as the log has it: the command's sequence number, the event, and the state it was applied to. */
export interface SmrLogItem {
  readonly seq: number
  readonly event: SmrEvent
  readonly before: SmrState
}

/** A line of the account: its words, and the item it tells of (for where it happened). */
export interface SmrAccountLine {
  readonly text: string
  readonly index: number
}

/** Events that tell the outcome of the dice just thrown (their roll is told with them, not on a line of its own). */
const RESULTS: ReadonlySet<SmrEvent['type']> = new Set([
  'UnitRallied',
  'UnitEliminated',
  'DoorBashed',
  'MoraleResult',
  'ReinforcementsArrived',
])

/**
 * The game told as a person would tell it, one line per thing that
 * happened: an attack is one line with its dice, its need and its outcome
 * (the kill or the rout it causes, and the routed unit's flight, are not
 * told again); initiative gives both sides' rolls on the winner's line; a
 * rally, a door blow, a morale check or the reinforcements roll name the
 * dice on the line of their result; a charge and the contact it makes are
 * one line; an Event and the side it waits for are one line. Dice with no
 * result event after them (a failed reinforcements roll) keep a line. A
 * hidden unit coming out is one line, naming its building.
 * Nothing merges across commands.
 */
export function smrAccount(items: readonly SmrLogItem[]): SmrAccountLine[] {
  const out: { text: string; index: number }[] = []
  let dice: { roll: DiceRolled; index: number }[] = []
  /** Units whose rout (or death) an attack line already told, with that line. */
  const routTold = new Map<string, { line: number; name: string; missile: boolean }>()
  const killTold = new Set<string>()
  const placedTold = new Set<string>()
  /** The line of a rout, where the flight that follows is told. */
  let fleeing: { unitId: string; line: number } | null = null
  let seq = -1
  const name = (it: SmrLogItem, id: string | null) => (id ? (it.before.units[id]?.name ?? id) : 'nobody')
  const flushDice = () => {
    for (const d of dice) out.push({ text: diceLine(d.roll), index: d.index })
    dice = []
  }
  // SMR-MISS-11 / SMR-MELEE-14: a roll that would rout a unit another attack kills routs no one.
  const untellRouts = () => {
    for (const [, r] of routTold) {
      const line = out[r.line]!
      const clause = r.missile ? 'SMR-MISS-11' : 'SMR-MELEE-14'
      out[r.line] = {
        ...line,
        text: line.text.replace(
          `— ${r.name} routs.`,
          `— ${r.name} would rout, but another attack kills it (${clause}).`,
        ),
      }
    }
    routTold.clear()
  }
  items.forEach((it, index) => {
    const e = it.event
    if (it.seq !== seq) {
      flushDice()
      untellRouts()
      killTold.clear()
      fleeing = null
      seq = it.seq
    }
    if (e.type === 'DiceRolled') {
      dice.push({ roll: e, index })
      return
    }
    const prev = out[out.length - 1]
    switch (e.type) {
      case 'AttackResolved': {
        dice = []
        out.push({ text: attackLine(e, (id) => name(it, id)), index })
        if (e.killed) killTold.add(e.targetId)
        if (e.routedId)
          routTold.set(e.routedId, { line: out.length - 1, name: name(it, e.routedId), missile: e.kind === 'missile' })
        return
      }
      case 'InitiativeRolled': {
        const rolls = dice.slice(-2).map((d) => `${d.roll.purpose.replace(/^initiative for /, '')} ${d.roll.total}`)
        dice = []
        out.push({
          text: `${e.winnerSideId} wins the initiative (SMR-MOVE-01)${rolls.length ? `: ${rolls.join(' to ')}` : ''}.`,
          index,
        })
        return
      }
      case 'UnitKilled':
        flushDice()
        if (killTold.has(e.unitId)) return
        break
      case 'UnitRouted': {
        flushDice()
        const told = routTold.get(e.unitId)
        if (told !== undefined && e.cause !== 'again' && e.cause !== 'retreat') {
          routTold.delete(e.unitId)
          fleeing = { unitId: e.unitId, line: told.line }
          return
        }
        out.push({ text: describeSmrEvent(e, it.before), index })
        fleeing = { unitId: e.unitId, line: out.length - 1 }
        return
      }
      case 'UnitsRevealed': {
        flushDice()
        const next = items[index + 1]?.event
        for (const id of e.unitIds) placedTold.add(id)
        // One unit coming out of its own accord (SMR-SCEN-02): one line.
        if (next?.type === 'UnitMoved' && next.reason === 'leave' && e.unitIds.length === 1)
          out.push({ text: `${name(it, e.unitIds[0]!)} comes out of ${e.buildingId}.`, index })
        else out.push({ text: describeSmrEvent(e, it.before), index })
        return
      }
      case 'UnitMoved':
        flushDice()
        // Placed by the building it was revealed at: told on the reveal's line.
        if ((e.reason === 'leave' || e.reason === 'reveal') && placedTold.delete(e.unitId)) return
        // The pivots that turn two units face-to-face are told by the contact's line (SMR-MELEE-03).
        if (e.reason === 'turn' && lockFollows(items, index)) return
        if (e.reason === 'rout' && fleeing?.unitId === e.unitId) {
          const line = out[fleeing.line]!
          out[fleeing.line] = { ...line, text: `${line.text.replace(/\.$/, '')}, fleeing ${inches(e.distanceIn)}.` }
          fleeing = null
          return
        }
        if (e.reason === 'move' && e.distanceIn < 0.05) {
          out.push({ text: `${name(it, e.unitId)} turns where it stands to face ${Math.round(e.facingDeg)}°.`, index })
          return
        }
        break
      case 'Engaged': {
        flushDice()
        let c = index - 1
        while (c >= 0 && isPivot(items[c]!.event)) c--
        const charged = c >= 0 ? items[c]!.event : undefined
        if (
          prev &&
          prev.index === c &&
          charged?.type === 'UnitMoved' &&
          charged.reason === 'charge' &&
          charged.unitId === e.unitId
        ) {
          out[out.length - 1] = {
            text: `${prev.text.replace(/\.$/, '')} into ${name(it, e.targetId)}: ${e.faceToFace ? 'they are locked face-to-face (SMR-MELEE-03)' : `it joins the melee (SMR-MELEE-05)`}.`,
            index: prev.index,
          }
          return
        }
        break
      }
      case 'StepBegan': {
        flushDice()
        const before = index > 0 ? items[index - 1]?.event : undefined
        if (prev && prev.index === index - 1 && before?.type === 'EventBegan' && before.event === e.step) {
          out[out.length - 1] = { text: `${prev.text.replace(/\.$/, '')}: ${STEP_WORDS(e)}.`, index }
          return
        }
        // The chooser of the turn's order is already named on the turn's line.
        if (before?.type === 'TurnBegan' && e.step === 'order') return
        out.push({ text: `${STEP_WORDS(e)}.`, index })
        return
      }
      default:
        if (RESULTS.has(e.type) && dice.length > 0) {
          const rolled = dice.map((d) => rollWords(d.roll)).join(', ')
          dice = []
          out.push({ text: `${describeSmrEvent(e, it.before).replace(/\.$/, '')}: ${rolled}.`, index })
          return
        }
        flushDice()
    }
    out.push({ text: describeSmrEvent(e, it.before), index })
  })
  flushDice()
  untellRouts()
  return out
}

/** The side a step waits for, and what it does. */
const STEP_WORDS = (e: SmrEventOf<'StepBegan'>): string =>
  `${e.sideId} ${{ order: 'chooses who moves first', missiles: 'declares its missile targets', movement: 'moves', bonus: 'takes the bonus move and attack', reinforcements: 'may roll for reinforcements' }[e.step]}`

const isPivot = (e: SmrEvent): boolean => e.type === 'UnitMoved' && e.reason === 'turn'

/** The pivot at `index` is one of those that lock two units face-to-face (an `Engaged` follows the pivots). */
function lockFollows(items: readonly SmrLogItem[], index: number): boolean {
  let i = index + 1
  while (i < items.length && items[i]!.seq === items[index]!.seq && isPivot(items[i]!.event)) i++
  const next = items[i]
  return next !== undefined && next.seq === items[index]!.seq && next.event.type === 'Engaged' && next.event.faceToFace
}

/** An attack in one line: who, whom, from which side, the need and the dice, and what came of it. */
function attackLine(e: SmrEventOf<'AttackResolved'>, name: (id: string | null) => string): string {
  const what = e.kind === 'missile' ? 'shoots at' : e.kind === 'bonus' ? 'makes a bonus attack on' : 'attacks'
  const result = e.killed ? `${name(e.targetId)} is killed` : e.routedId ? `${name(e.routedId)} routs` : 'no effect'
  const arc = e.arc === 'front' ? '' : ` in the ${e.arc}`
  return `${name(e.attackerId)} ${what} ${name(e.targetId)}${arc}: needs ${e.needed}, rolls ${e.natural}${e.total !== e.natural ? ` (${e.total} with bonuses)` : ''} — ${result}.`
}

/** A roll in a few words: "rolled 5 (needed 6)". */
function rollWords(r: DiceRolled): string {
  const natural = r.faces.reduce((a, b) => a + b, 0)
  const total = r.total !== natural ? ` (${r.total} with bonuses)` : ''
  return `rolled ${natural}${total}${r.target === undefined ? '' : `, needed ${r.target}`}`
}

/** A roll told on its own: what it was for, and whether it succeeded. */
function diceLine(r: DiceRolled): string {
  const verdict = r.success === undefined ? '' : r.success ? ' — success' : ' — failure'
  return `${r.purpose[0]!.toUpperCase()}${r.purpose.slice(1)}: ${rollWords(r)}${verdict}.`
}

const inches = (n: number): string => `${Math.round(n * 10) / 10}"`
