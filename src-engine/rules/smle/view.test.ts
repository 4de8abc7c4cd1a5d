import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { REFEREE, sidesViewer, type Viewer } from '../../core/viewer'
import { dispatch, type Match, newHeader, startMatch } from './match'
import { ScenarioSchema, type Scenario } from './scenario/schema'
import { randomPlayer } from './queries/legal-commands'
import type { GameEvent } from './events/events'
import type { MatchState } from './state/state'
import { secretsFor, UNSEEN_FIRER, viewScenario, viewState } from './view'
import { decisionCandidates } from './queries/candidates'
import { mentionsSecret, viewEvents, viewRefusal } from './view-events'
import { inTurn, newMatch } from '../../../tests/fixtures/play'
import { hutScenario } from '../../../tests/fixtures/scenarios'

const SPECTATOR: Viewer = { kind: 'spectator' }
const COLUMN = sidesViewer('column')
const PARTISANS = sidesViewer('partisans')

const ambush: Scenario = ScenarioSchema.parse(
  JSON.parse(
    readFileSync(join(import.meta.dirname, '..', '..', '..', 'assets', 'scenarios', 'smle-ambush.json'), 'utf8'),
  ),
)

/** Every word that would give away the partisans' set-up: ids, names and exact set-up positions. */
function partisanWords(scenario: Scenario): { teamId: string; words: string[] }[] {
  return scenario.teams
    .filter((t) => t.hidden)
    .map((t) => ({
      teamId: t.id,
      words: [
        `"${t.id}"`,
        t.name,
        ...t.figures.flatMap((f) => [`"${f.id}"`, f.name, `"x":${f.position.x},"z":${f.position.z}`]),
      ],
    }))
}

/** Plays the ambush with the random player until `stop` says so; returns every batch of events with the state after it. */
function play(
  seed: number,
  stop: (m: Match, events: readonly GameEvent[]) => boolean,
  limit = 4000,
): { match: Match; batches: { events: readonly GameEvent[]; state: MatchState }[] } {
  let match = startMatch(newHeader(ambush, seed, 'quick'))
  const player = randomPlayer([seed, 7, 11, 13])
  const batches: { events: readonly GameEvent[]; state: MatchState }[] = []
  for (let i = 0; i < limit; i++) {
    const command = player.next(match.state, match.world)
    if (command === null) break
    const r = dispatch(match, command)
    if (!r.decision.ok) throw new Error(`the random player was refused: ${r.decision.reason.message}`)
    match = r.match
    batches.push({ events: r.decision.events, state: match.state })
    if (stop(match, r.decision.events)) break
  }
  return { match, batches }
}

const firstReveal = (_m: Match, events: readonly GameEvent[]): boolean => events.some((e) => e.type === 'TeamRevealed')

describe('SMLE-SCEN-05: what each seat sees of the hidden partisans', () => {
  it('the spectator and the column see no id, name or set-up position of a hidden partisan at the start', () => {
    const match = startMatch(newHeader(ambush, 1, 'quick'))
    for (const viewer of [SPECTATOR, COLUMN]) {
      const text = JSON.stringify({
        state: viewState(match.state, viewer, ambush),
        scenario: viewScenario(ambush, match.state, viewer),
      })
      for (const { words } of partisanWords(ambush)) for (const w of words) expect(text, w).not.toContain(w)
      expect(Object.values(viewState(match.state, viewer, ambush).teams).every((t) => t.sideId === 'column')).toBe(true)
    }
  })

  it('the partisans, the hot seat and the referee see every partisan', () => {
    const match = startMatch(newHeader(ambush, 1, 'quick'))
    for (const viewer of [PARTISANS, sidesViewer('column', 'partisans'), REFEREE]) {
      const viewed = viewState(match.state, viewer, ambush)
      expect(Object.keys(viewed.teams)).toEqual(Object.keys(match.state.teams))
      expect(Object.keys(viewed.figures)).toEqual(Object.keys(match.state.figures))
      expect(viewScenario(ambush, match.state, viewer).teams).toHaveLength(ambush.teams.length)
    }
    expect(viewState(match.state, REFEREE, ambush)).toBe(match.state)
  })

  it('seed 1: until the first reveal no viewed state or event names a hidden partisan; the revealed team then appears', () => {
    const { match, batches } = play(1, firstReveal)
    const revealed = batches.at(-1)?.events.find((e) => e.type === 'TeamRevealed')
    expect(revealed, 'a partisan team is revealed within the game').toBeDefined()
    for (const viewer of [SPECTATOR, COLUMN]) {
      for (const [i, b] of batches.entries()) {
        const last = i === batches.length - 1
        const text = JSON.stringify({
          state: viewState(b.state, viewer, ambush),
          events: viewEvents(b.events, b.state, viewer),
          scenario: viewScenario(ambush, b.state, viewer),
        })
        for (const { teamId, words } of partisanWords(ambush)) {
          if (last && revealed?.type === 'TeamRevealed' && teamId === revealed.teamId) continue
          for (const w of words.filter((w) => !w.startsWith('"x"'))) expect(text, `batch ${i}: ${w}`).not.toContain(w)
        }
      }
      const after = viewState(match.state, viewer, ambush)
      if (revealed?.type !== 'TeamRevealed') throw new Error('no reveal')
      expect(after.teams[revealed.teamId]?.hidden).toBe(false)
      for (const id of match.state.teams[revealed.teamId]?.figureIds ?? []) expect(after.figures[id]).toBeDefined()
      expect(viewScenario(ambush, match.state, viewer).teams.some((t) => t.id === revealed.teamId)).toBe(true)
      expect(viewEvents(batches.at(-1)?.events ?? [], match.state, viewer).some((e) => e.type === 'TeamRevealed')).toBe(
        true,
      )
    }
  })

  it('seed 2: the partisans see their own moves while they are hidden; the column sees none of them', () => {
    const { batches } = play(2, firstReveal)
    const hiddenFigures = new Set(ambush.teams.filter((t) => t.hidden).flatMap((t) => t.figures.map((f) => f.id)))
    const moves = (viewer: Viewer): number =>
      batches
        .slice(0, -1)
        .reduce(
          (n, b) =>
            n +
            viewEvents(b.events, b.state, viewer).filter(
              (e) => e.type === 'FigureMoved' && hiddenFigures.has(e.figureId),
            ).length,
          0,
        )
    expect(moves(PARTISANS)).toBeGreaterThan(0)
    expect(moves(COLUMN)).toBe(0)
    expect(moves(SPECTATOR)).toBe(0)
  })

  it('the view is pure: the state is not changed, and the same input gives the same view', () => {
    const { match } = play(3, (_m, _e) => false, 40)
    const before = JSON.stringify(match.state)
    const a = JSON.stringify(viewState(match.state, COLUMN, ambush))
    expect(JSON.stringify(viewState(match.state, COLUMN, ambush))).toBe(a)
    expect(JSON.stringify(match.state)).toBe(before)
  })

  it('a viewed state keeps every team, figure and record that holds nothing secret as the very object of the game (caches go by identity), and copies only what it scrubs', () => {
    const { batches } = play(4, () => false, 300)
    let kept = 0
    for (const b of batches) {
      const secrets = secretsFor(b.state, COLUMN)
      const view = viewState(b.state, COLUMN, ambush)
      for (const [id, team] of Object.entries(view.teams)) {
        const real = b.state.teams[id]!
        const secret =
          [...real.fire.thisRound.byTeams, ...real.fire.lastRound.byTeams].some((t) => secrets.teamIds.has(t)) ||
          (real.activation !== null && secrets.teamIds.has(real.activation.blockId))
        if (secret) expect(team).not.toBe(real)
        else {
          kept++
          expect(team).toBe(real)
        }
      }
      for (const [id, figure] of Object.entries(view.figures))
        if (figure.helping === b.state.figures[id]!.helping && figure.vehicleId === b.state.figures[id]!.vehicleId)
          expect(figure).toBe(b.state.figures[id])
      if (secrets.teamIds.size === 0) expect(view.teams).toBe(b.state.teams)
      else expect(Object.keys(view.teams).length).toBeLessThan(Object.keys(b.state.teams).length)
    }
    expect(kept).toBeGreaterThan(1000)
    // A team fired on by a hidden one: its copy, without the hidden id; the others as they are.
    const state = batches[0]!.state
    const hiddenId = Object.values(state.teams).find((t) => t.hidden)!.id
    const target = Object.values(state.teams).find((t) => t.sideId === 'column')!
    const fired: MatchState = {
      ...state,
      teams: {
        ...state.teams,
        [target.id]: {
          ...target,
          fire: { ...target.fire, thisRound: { ...target.fire.thisRound, byTeams: [hiddenId] } },
        },
      },
    }
    const view = viewState(fired, COLUMN, ambush)
    expect(view.teams[target.id]).not.toBe(fired.teams[target.id])
    expect(view.teams[target.id]!.fire.thisRound.byTeams).toEqual([])
    for (const t of Object.values(view.teams)) if (t.id !== target.id) expect(t).toBe(fired.teams[t.id])
  })

  it('no viewed state of a whole seeded game names a team still hidden from the viewer (every structure is scrubbed)', () => {
    const { batches } = play(4, () => false, 600)
    for (const b of batches) {
      for (const viewer of [SPECTATOR, COLUMN]) {
        const secrets = secretsFor(b.state, viewer)
        expect(mentionsSecret(viewState(b.state, viewer, ambush), secrets)).toBe(false)
        expect(mentionsSecret(viewScenario(ambush, b.state, viewer), secrets)).toBe(false)
      }
    }
  })
})

describe('SMLE-COMBAT-05 with SMLE-SCEN-05: fire declared by a team still hidden', () => {
  it('the target side is still asked whether to drop prone, told that fire is coming but not who fires, and its answer is accepted', () => {
    let found = 0
    for (let seed = 1; seed <= 60 && found === 0; seed++) {
      const { match } = play(seed, (m) => {
        const p = m.state.pending
        return p?.kind === 'fireReaction' && p.sideId === 'column' && m.state.teams[p.firerTeamId]?.hidden === true
      })
      const p = match.state.pending
      if (p?.kind !== 'fireReaction' || match.state.teams[p.firerTeamId]?.hidden !== true) continue
      found++
      const seen = viewState(match.state, COLUMN, ambush)
      expect(seen.pending).toMatchObject({ kind: 'fireReaction', sideId: 'column', firerTeamId: UNSEEN_FIRER })
      expect(JSON.stringify(seen)).not.toContain(`"${p.firerTeamId}"`)
      const answers = decisionCandidates(seen, match.world, 'column')
      expect(answers.map((c) => c.type)).toContain('reactToFire')
      for (const answer of answers) expect(dispatch(match, answer).decision.ok).toBe(true)
    }
    expect(found).toBe(1)
  })
})

describe('SMLE-SHOOT-26: concealed prepared positions', () => {
  it('a concealed position of the partisans is kept from the column until a team it sees occupies it', () => {
    const scenario: Scenario = {
      ...ambush,
      positions: [
        { id: 'pit', kind: 'foxhole', x: 30, z: 20, arcDeg: 0, arcWidthDeg: 90, concealed: true, sideId: 'partisans' },
      ],
    } as Scenario
    const state = startMatch(newHeader(ambush, 1, 'quick')).state
    expect(viewScenario(scenario, state, COLUMN).positions).toHaveLength(0)
    expect(viewScenario(scenario, state, PARTISANS).positions).toHaveLength(1)
    const occupied: MatchState = {
      ...state,
      teams: { ...state.teams, 'cl-1': { ...state.teams['cl-1']!, preparedPositionId: 'pit' } },
    }
    expect(viewScenario(scenario, occupied, SPECTATOR).positions).toHaveLength(1)
  })
})

describe('SMLE-SCEN-05: a refusal names nothing the seat may not see', () => {
  it("a refusal naming a hidden figure reaches Blue with its clause, without the hidden figure's name; the referee reads it whole", () => {
    const scenario = hutScenario()
    const hidden = ScenarioSchema.parse({
      ...scenario,
      teams: scenario.teams.map((t) => (t.id === 'red-1' ? { ...t, hidden: true } : t)),
    })
    const m = inTurn(newMatch(1, hidden), 'blue-1', 10)
    const onto = dispatch(
      {
        ...m,
        state: {
          ...m.state,
          figures: { ...m.state.figures, r1: { ...m.state.figures.r1!, position: { x: 16, y: 0, z: 17 } } },
        },
      },
      { type: 'moveFigure', figureId: 'b1', to: { x: 16, z: 17 } },
    )
    // A move of its own no longer refuses there: it finds the hidden figure (SMLE-SCEN-05, docs/engine.md).
    expect(onto.decision.ok).toBe(true)
    // A refusal that does name it (a Close Assault's move still refuses any figure in the way, in these words).
    const reason = {
      clause: 'CORE-TABLE-03',
      message: "B1 cannot end its move there: its base would overlap Red One's.",
    }
    const state = {
      ...m.state,
      figures: { ...m.state.figures, r1: { ...m.state.figures.r1!, position: { x: 16, y: 0, z: 17 } } },
    }
    const blue = viewRefusal(reason, state, sidesViewer('blue'))
    expect(blue.clause).toBe('CORE-TABLE-03')
    expect(blue.message).not.toMatch(/Red One|r1/)
    expect(viewRefusal(reason, state, REFEREE)).toEqual(reason)
    expect(viewRefusal(reason, state, sidesViewer('red'))).toEqual(reason)
  })
})
