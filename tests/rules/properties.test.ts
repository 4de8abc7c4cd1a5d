import { describe, expect, it } from 'vitest'
import {
  type CommandInput,
  dispatch,
  type GameEvent,
  type Match,
  newHeader,
  replay,
  startMatch,
} from '../../src-engine/index'
import { randomPlayer } from '../../src-engine/rules/smle/queries/legal-commands'
import { RngCursor, seedRng } from '../../src-engine/rng/sfc32'
import { canonicalJson } from '../../src-engine/util/canonical-json'
import { skirmishScenario } from '../fixtures/scenarios'

/** Events through which a figure acts (a move of its own, a shot, a door, a pick-up). */
function actors(e: GameEvent): string[] {
  switch (e.type) {
    case 'FigureMoved':
      return e.forced ? [] : [e.figureId]
    case 'ShotResolved':
    case 'DoorOpened':
    case 'DoorClosed':
    case 'ItemPickedUp':
      return [e.figureId]
    case 'DoorForced':
      return [e.figureId]
    default:
      return []
  }
}

/** Every figure is in exactly one team, and that team is the one the figure names. */
function teamsPartitionFigures(m: Match): void {
  const seen = new Map<string, string>()
  for (const t of Object.values(m.state.teams)) {
    for (const id of t.figureIds) {
      expect(seen.has(id), `${id} is in two teams`).toBe(false)
      seen.set(id, t.id)
    }
  }
  for (const f of Object.values(m.state.figures)) expect(seen.get(f.id), `${f.id}`).toBe(f.teamId)
}

/**
 * Plays one random game, checking after every command that dead figures
 * never act, that no team attacks twice in a round, and that teams partition
 * the figures; at the end, that the log replays to the same state.
 */
function checkedGame(seed: number): Match {
  const interrupts = seed % 2 === 0
  let m = startMatch(newHeader(skirmishScenario({ settings: { allowEarlyInterrupt: interrupts } }), seed, 'quick'))
  const player = randomPlayer(seedRng(seed ^ 0x5bd1e995))
  const attacks = new Map<string, number>()
  for (let n = 0; m.state.phase !== 'ended'; n++) {
    if (n > 5000) throw new Error(`seed ${seed}: the game does not end`)
    const cmd = player.next(m.state, m.world)
    if (!cmd) throw new Error(`seed ${seed}: no legal command`)
    const before = m.state
    const r = dispatch(m, cmd)
    if (!r.decision.ok)
      throw new Error(`seed ${seed}: legal command refused: ${r.decision.reason.clause} ${JSON.stringify(cmd)}`)
    for (const e of r.decision.events) {
      for (const id of actors(e))
        expect(before.figures[id]?.status, `seed ${seed}: dead ${id} acted (${e.type})`).not.toBe('dead')
      if (e.type === 'AttackMade') {
        const key = `${before.round}:${e.teamId}`
        attacks.set(key, (attacks.get(key) ?? 0) + 1)
        expect(attacks.get(key), `seed ${seed}: ${e.teamId} attacked twice in round ${before.round}`).toBe(1)
      }
    }
    m = r.match
    teamsPartitionFigures(m)
  }
  expect(canonicalJson(replay(m.header, m.entries))).toBe(canonicalJson(m.state))
  return m
}

/** A random command: a real kind with fields drawn at random (figures, teams, points, some garbage). */
function randomCommand(m: Match, c: RngCursor): unknown {
  const figures = Object.keys(m.state.figures)
  const teams = Object.keys(m.state.teams)
  const sides = m.state.sides.map((s) => s.id)
  const one = <T>(xs: readonly T[]): T => xs[c.int(xs.length)] as T
  const point = () => ({ x: c.range(-5, 35), z: c.range(-5, 35) })
  const kinds: (() => unknown)[] = [
    () => ({ type: 'moveFigure', figureId: one(figures), to: point(), pace: one(['tactical', 'run', 'crawl']) }),
    () => ({ type: 'directFire', teamId: one(teams), targetTeamId: one(teams) }),
    () => ({ type: 'opportunityFire', sideId: one(sides), teamId: one(teams) }),
    () => ({ type: 'returnFire', teamId: one(teams), targetTeamId: one(teams), figureId: one(figures) }),
    () => ({ type: 'panicFire', teamId: one(teams) }),
    () => ({
      type: 'closeAssault',
      teamId: one(teams),
      targetTeamId: one(teams),
      moves: [{ figureId: one(figures), to: point() }],
    }),
    () => ({ type: 'endActivation', teamId: one(teams) }),
    () => ({ type: 'rollActivation', sideId: one(sides) }),
    () => ({ type: 'holdFire', sideId: one(sides) }),
    () => ({ type: 'reactToFire', sideId: one(sides), prone: [one(figures)] }),
    () => ({ type: 'openDoor', figureId: one(figures), doorId: one(['hut-door', 'nowhere']) }),
    () => ({ type: 'kickDoor', figureId: one(figures), doorId: 'hut-door' }),
    () => ({ type: 'fallBack', teamId: one(teams) }),
    () => ({ type: 'goProne', figureId: one(figures) }),
    () => ({ type: 'standUp', figureId: one(figures) }),
    () => ({ type: 'reload', teamId: one(teams) }),
    () => ({
      type: 'recoverCasualties',
      teamId: one(teams),
      firstAid: [{ figureId: one(figures), woundedId: one(figures) }],
    }),
    () => ({ type: 'transferLeader', figureId: one(figures), toTeamId: one(teams) }),
    () => ({ type: 'exitTable', figureId: one(figures) }),
    () => ({ type: 'callFire', observerId: one(figures), firingTeamId: one(teams), point: point() }),
    () => ({ type: 'interrupt', sideId: one(sides), teamId: one(teams) }),
    () => ({ type: 'teleport', figureId: one(figures) }),
    () => ({ type: 'moveFigure', figureId: one(figures), to: { x: 'north' } }),
  ]
  return one(kinds)()
}

describe('properties of random games', () => {
  it('500 random games of random legal commands: dead figures never act, one attack per team per round, every figure in exactly one team, and the log replays to the same state', () => {
    let decided = 0
    for (let seed = 1; seed <= 500; seed++) if (checkedGame(seed).state.result?.winnerSideId) decided++
    // The games are real fights: some end with a winner.
    expect(decided).toBeGreaterThan(0)
  }, 600_000)
  it('every refused command names a clause and leaves the game exactly as it was', () => {
    const c = new RngCursor(seedRng(2024))
    let refused = 0
    for (let seed = 1; seed <= 40; seed++) {
      let m = startMatch(newHeader(skirmishScenario(), seed, 'quick'))
      const player = randomPlayer(seedRng(seed))
      for (let n = 0; n < 150 && m.state.phase !== 'ended'; n++) {
        for (let k = 0; k < 4; k++) {
          const before = canonicalJson(m.state)
          const r = dispatch(m, randomCommand(m, c))
          if (r.decision.ok) continue
          refused++
          expect(r.decision.reason.clause).toMatch(/^(SMLE|CORE)-[A-Z]+-E?\d+$/)
          expect(r.decision.reason.message.length).toBeGreaterThan(0)
          expect(r.match).toBe(m)
          expect(canonicalJson(r.match.state)).toBe(before)
        }
        const cmd = player.next(m.state, m.world) as CommandInput
        m = dispatch(m, cmd).match
      }
    }
    expect(refused).toBeGreaterThan(1000)
  }, 600_000)
})
