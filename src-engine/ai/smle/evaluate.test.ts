import { describe, expect, it } from 'vitest'
import sevenJson from '../../../assets/scenarios/smle-magnificent-seven.json'
import { parseScenario } from '../../rules/loading'
import { initialState } from '../../rules/smle/initial-state'
import type { Scenario } from '../../rules/smle/scenario/schema'
import type { FigureState, MatchState } from '../../rules/smle/state/state'
import { buildWorld } from '../../world/create-world'
import { evalContext, evaluate, goalsOf } from './evaluate'

const parsed = parseScenario(sevenJson)
if (!parsed.ok) throw new Error(parsed.message)
const seven = parsed.scenario as Scenario
const world = buildWorld(seven)
const well = seven.objectives.find((o) => o.id === 'well')!

/** The state with one figure changed. */
function withFigure(state: MatchState, id: string, change: Partial<FigureState>): MatchState {
  const f = state.figures[id]!
  return { ...state, figures: { ...state.figures, [id]: { ...f, ...change } } }
}

/** The state with every figure of `sideId` dead but `keep`. */
function onlyLeft(state: MatchState, sideId: string, keep: readonly string[]): MatchState {
  let s = state
  for (const f of Object.values(state.figures))
    if (f.sideId === sideId && !keep.includes(f.id)) s = withFigure(s, f.id, { status: 'dead' })
  return s
}

const at = (x: number, z: number) => ({ x, y: world.groundHeightAt(x, z), z })
const score = (s: MatchState, sideId: string) => evaluate(s, world, sideId, evalContext(goalsOf(s, seven, sideId)))

describe('what the computer wants from the scenario terms (SMLE-SCEN-02: the Bandits must take the well)', () => {
  const start = { ...initialState(seven, 1), phase: 'play' as const, round: 1 }

  it('the side that must take the objective hurries more each round; the side that wins by waiting does not', () => {
    const early = goalsOf({ ...start, round: 1 }, seven, 'bandits')
    const late = goalsOf({ ...start, round: start.roundLimit }, seven, 'bandits')
    expect(early.urgency).toBe(1)
    expect(late.urgency).toBeGreaterThan(early.urgency * 3)
    expect(goalsOf({ ...start, round: start.roundLimit }, seven, 'seven').urgency).toBe(1)
  })

  it('a bandit standing in the well area, alone there, is worth much more than one a step outside it', () => {
    // The Seven all dead but Chris, far away; one bandit walks to the well.
    let s = onlyLeft(start, 'seven', ['s7-chris'])
    s = withFigure(s, 's7-chris', { position: at(44, 44) })
    const outside = withFigure(s, 'bd1-1', { position: at(well.x, well.z - well.radiusIn - 1) })
    const inside = withFigure(s, 'bd1-1', { position: at(well.x, well.z - well.radiusIn + 0.5) })
    const step = score(inside, 'bandits') - score(outside, 'bandits')
    // Walking 1.5" nearer is worth 1.5 × the pull; being in the area is worth far more (SMLE-SCEN-01 control).
    expect(step).toBeGreaterThan(0.4)
  })

  it('an enemy figure inside the objective it must take counts against it, more as time runs out', () => {
    const there = withFigure(start, 's7-chris', { position: at(well.x, well.z) })
    const away = withFigure(start, 's7-chris', { position: at(well.x + 10, well.z + 12) })
    const early = score(away, 'bandits') - score(there, 'bandits')
    const lateThere = { ...there, round: start.roundLimit }
    const lateAway = { ...away, round: start.roundLimit }
    const late = score(lateAway, 'bandits') - score(lateThere, 'bandits')
    expect(early).toBeGreaterThan(0)
    expect(late).toBeGreaterThan(early)
  })

  it('losing a figure is always worse than keeping it, however far from the well it stands and however late', () => {
    const late = { ...start, round: start.roundLimit }
    for (const [x, z] of [
      [1, 1],
      [47, 1],
      [24, 20],
    ] as const) {
      const kept = withFigure(late, 'bd1-1', { position: at(x, z) })
      const shot = withFigure(kept, 'bd1-1', { status: 'dead' })
      const wounded = withFigure(kept, 'bd1-1', { status: 'seriousWound' })
      expect(score(kept, 'bandits')).toBeGreaterThan(score(wounded, 'bandits'))
      expect(score(wounded, 'bandits')).toBeGreaterThan(score(shot, 'bandits'))
    }
  })

  it('a figure that leaves by an edge its side has no business with is nearly lost to it', () => {
    const stays = start
    const leaves = withFigure(start, 'bd1-1', { offTable: 'exited' })
    const dies = withFigure(start, 'bd1-1', { status: 'dead' })
    expect(score(leaves, 'bandits')).toBeLessThan(score(stays, 'bandits') - 0.5)
    expect(score(leaves, 'bandits')).toBeGreaterThan(score(dies, 'bandits'))
  })
})
