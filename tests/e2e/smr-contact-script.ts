import type { SmrCommandInput, SmrState } from '../../src-engine/index'
import { smrMoveAllowanceIn } from '../../src-engine/index'

/**
 * "Contact" (SMR-SCEN-01) played to a first missile exchange, a charge, a
 * melee and a rout: the moves that close the two lines are scripted here
 * (the same for the end-to-end flow, through the host, and for the seed
 * search, through the engine), and the steps a person plays through the UI
 * are callbacks, so both follow one path and throw the same dice.
 */

/** Where each unit marches to (inches): the lines meet north of the ploughed field, in bow range. */
export const GOALS: Readonly<Record<string, { x: number; z: number }>> = {
  'nor-knight': { x: 21, z: 28.5 },
  'nor-archer-1': { x: 20, z: 21.6 },
  'nor-archer-2': { x: 28, z: 21.6 },
  'sax-spearman': { x: 20, z: 33.5 },
  'sax-huscarl': { x: 22.5, z: 34.2 },
  'sax-archer': { x: 26, z: 33.6 },
  'sax-fowler': { x: 28, z: 33.6 },
  'sax-slinger': { x: 30, z: 33.6 },
}

/** The Normans' first move, given on the table: Sir Robert rides out, turned a little with Q. */
export const KNIGHT_FIRST_MOVE = { x: 23.6, z: 7.9 }
/** Hugh, placed by hand in the Normans' deployment. */
export const HUGH_PLACED = { x: 15.5, z: 4.5 }

/** The turn whose missiles, charge and melee are played through the UI. */
export const BATTLE_TURN = 6

/** What drives the game: the state as the host has it, and a command given (true when the rules accept it). */
export interface Driver {
  state(): Promise<SmrState>
  send(cmd: SmrCommandInput): Promise<boolean>
}

/** The steps a person plays. */
export interface Steps {
  rollInitiative(sideId: string): Promise<void>
  /** The Normans' deployment: Hugh placed by hand, then deployment done. */
  deployNormans(): Promise<void>
  endSetup(sideId: string): Promise<void>
  /** The chooser moves first. */
  chooseOrder(sideId: string): Promise<void>
  knightFirstMove(): Promise<void>
  /** Every firer of the side at its nearest target (SMR-MISS-04). */
  declare(sideId: string): Promise<void>
  /** Sir Robert charges the enemy the rules offer first. */
  charge(): Promise<void>
  endMovement(sideId: string): Promise<void>
}

/** Each unit of `sideId` with a goal marches toward it, as far as Table V allows (a shorter step if refused). */
export async function march(driver: Driver, sideId: string): Promise<void> {
  const state = await driver.state()
  for (const id of state.unitOrder) {
    const u = state.units[id]
    const goal = GOALS[id]
    if (!u || !goal || u.sideId !== sideId || u.status !== 'ok' || u.routed || u.movedTurn === state.turn) continue
    const d = Math.hypot(goal.x - u.position.x, goal.z - u.position.z)
    if (d < 0.05) continue
    for (const fraction of [1, 0.5]) {
      const step = Math.min(d, smrMoveAllowanceIn(u.profile) - 0.05) * fraction
      const to = {
        x: round2(u.position.x + ((goal.x - u.position.x) / d) * step),
        z: round2(u.position.z + ((goal.z - u.position.z) / d) * step),
      }
      if (await driver.send({ type: 'moveUnit', unitId: id, path: [to] })) break
    }
  }
}

/**
 * Plays Contact from its start to the end of the battle turn's melee:
 * initiative, deployment, then turns of marching (holding fire) until the
 * battle turn, whose missiles, charge and melee are the UI's.
 */
export async function playContact(driver: Driver, steps: Steps): Promise<void> {
  let s = await driver.state()
  await steps.rollInitiative(s.actingSide!)
  for (;;) {
    s = await driver.state()
    if (s.phase !== 'setup') break
    if (s.actingSide === 'normans') await steps.deployNormans()
    else await steps.endSetup(s.actingSide!)
  }
  for (;;) {
    s = await driver.state()
    if (s.phase !== 'turn' || s.turn > BATTLE_TURN) return
    const battle = s.turn === BATTLE_TURN
    if (s.step === 'order') {
      if (battle || s.turn === 1) await steps.chooseOrder(s.actingSide!)
      else if (!(await driver.send({ type: 'chooseOrder', sideId: s.actingSide!, firstSideId: s.actingSide! })))
        throw new Error('chooseOrder refused')
    } else if (s.step === 'missiles') {
      if (battle) await steps.declare(s.actingSide!)
      else if (!(await driver.send({ type: 'declareMissiles', sideId: s.actingSide!, shots: [] })))
        throw new Error('holding fire refused')
    } else if (s.step === 'movement') {
      const side = s.actingSide!
      if (side === 'normans' && s.turn === 1) await steps.knightFirstMove()
      if (battle) {
        if (side === 'normans') await steps.charge()
        await steps.endMovement(side)
        const after = await driver.state()
        if (after.turn !== s.turn || after.step !== 'movement') return
      } else {
        await march(driver, side)
        if (!(await driver.send({ type: 'endMovement', sideId: side }))) throw new Error('endMovement refused')
      }
    } else throw new Error(`unexpected step ${s.step ?? ''} in turn ${s.turn}`)
  }
}

const round2 = (n: number): number => Math.round(n * 100) / 100
