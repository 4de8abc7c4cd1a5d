import { describe, expect, it } from 'vitest'
import ambushJson from '../../../assets/scenarios/smle-ambush.json'
import braveJson from '../../../assets/scenarios/smle-few-brave-sentients.json'
import signalsJson from '../../../assets/scenarios/smle-multiple-signals.json'
import commandoJson from '../../../assets/scenarios/smle-commando.json'
import { dispatch } from '../../core/match'
import { parseScenario } from '../../rules/loading'
import { type Match, newHeader, startMatch } from '../../rules/smle/match'
import { randomPlayer, sideToAct } from '../../rules/smle/queries/legal-commands'
import {
  decisionCandidates,
  figureMoveProposals,
  moveAccepted,
  turnGenerators,
} from '../../rules/smle/queries/candidates'
import type { Scenario } from '../../rules/smle/scenario/schema'
import { seedRng } from '../../rng/sfc32'
import { seatInputs } from '../seat-input'
import {
  enemyFireInCommand,
  siftedFigure,
  playsPastWindows,
  smleBot,
  turnCandidates,
  unseenSides,
  veteranToLieDown,
  warriorsOptions,
} from './smle-bot'
import type { CommandInput } from '../../rules/smle/commands/index'
import { playersFor } from './players'
import { planMoveFigure } from '../../rules/smle/commands/move-figure'
import { moveLeftIn } from '../../rules/smle/commands/move-rules'
import { figureGapIn, knownEnemyFigures } from '../../rules/smle/organisation'
import { playOutWith } from '../../rules/smle/queries/playout'
import { goalsOf } from './evaluate'
import { initialState } from '../../rules/smle/initial-state'
import { activeTeam } from '../../rules/smle/sequence'
import type { FigureState, MatchState } from '../../rules/smle/state/state'

const load = (json: unknown): Scenario => {
  const parsed = parseScenario(json)
  if (!parsed.ok) throw new Error(parsed.message)
  return parsed.scenario as Scenario
}

/**
 * Plays until `stop` holds and gives the match there: the random player on
 * every side but `quiet`, which holds its fire and ends its turns at once.
 */
function playUntil(start: Match, seed: number, stop: (m: Match) => boolean, quiet = ''): Match {
  const random = randomPlayer(seedRng(seed))
  let m = start
  for (let n = 0; n < 2000 && !stop(m); n++) {
    const side = sideToAct(m.state)
    const hold = side === quiet ? decisionCandidates(m.state, m.world, side).find((c) => c.type === 'holdFire') : null
    const end = side === quiet ? turnGenerators(m.state, side).end?.(m.state, m.world)[0] : null
    const cmd = hold ?? end ?? random.next(m.state, m.world)
    if (!cmd) break
    const r = dispatch(m, cmd)
    if (!r.decision.ok) throw new Error(r.decision.reason.message)
    m = r.match
  }
  if (!stop(m)) throw new Error('the position was not reached')
  return m
}

describe('SMLE-SCEN-05: the Column against partisans it cannot see', () => {
  const ambush = load(ambushJson)

  it('a side the view shows with no unbroken units is known to have units hidden from it', () => {
    const m = startMatch(newHeader(ambush, 4, 'quick'))
    const view = seatInputs()(m, 'column').state
    expect(unseenSides(view, m.world)).toEqual(['partisans'])
    expect(unseenSides(seatInputs()(m, 'partisans').state, m.world)).toEqual([])
  })

  it('its first team moves off in round 1: an unseen enemy is not a beaten one (the game goes on)', () => {
    // The partisans hold their fire, so a Column team acts while every partisan is still hidden.
    const at = playUntil(
      startMatch(newHeader(ambush, 4, 'quick')),
      4,
      (m) => m.state.phase === 'play' && sideToAct(m.state) === 'column' && m.state.pending === null,
      'partisans',
    )
    expect(Object.values(at.state.teams).filter((t) => t.sideId === 'partisans' && t.hidden)).toHaveLength(3)
    const command = smleBot('normal', 1).choose(seatInputs()(at, 'column'))
    // Once it judged every command a won game (the partisans gone from its view) and stood still.
    expect(command?.type).toBe('moveFigure')
  })
})

describe("SMLE-COMBAT-05: the moves the look-ahead plays past the enemy's Opportunity Fire", () => {
  /** The scenario's first state in play, with `teamId` the active team. */
  const acting = (scenario: Scenario, teamId: string): MatchState => ({
    ...initialState(scenario, 1),
    phase: 'play',
    round: 1,
    activeUnit: { teamIds: [teamId], index: 0, turn: 'first' },
  })
  const past = (scenario: Scenario, sideId: string, teamId: string): boolean => {
    const state = acting(scenario, teamId)
    return playsPastWindows(state, goalsOf(state, scenario, sideId))
  }

  it('the Column, which must get half its men off the east edge (SMLE-SCEN-05), plays every team past them', () => {
    const ambush = load(ambushJson)
    expect(past(ambush, 'column', 'cl-1')).toBe(true)
    expect(past(ambush, 'column', 'cl-hq')).toBe(true)
    expect(past(ambush, 'partisans', 'pt-a')).toBe(false)
  })

  it("the Garrison plays its reserve's walk past them (SMLE-SCEN-04), not its sections'; the Militia neither", () => {
    const commando = load(commandoJson)
    expect(past(commando, 'garrison', 'gr-hq')).toBe(true)
    expect(past(commando, 'garrison', 'gr-mast')).toBe(false)
    // The Commandos make for an objective before they head home by their base edge.
    expect(past(commando, 'commandos', 'cm-a')).toBe(false)
    const brave = load(braveJson)
    expect(past(brave, 'militia', 'ml-cmd')).toBe(false)
    expect(past(brave, 'militia', 'm1a')).toBe(false)
  })

  it('the sides that must take the crossroads (SMLE-SCEN-01) play their moves past them in the last two rounds, as they go in', () => {
    const brave = load(braveJson)
    const at = (round: number, sideId: string, teamId: string): boolean => {
      const state = { ...acting(brave, teamId), round }
      return playsPastWindows(state, goalsOf(state, brave, sideId))
    }
    expect(at(8, 'militia', 'm1a')).toBe(false)
    expect(at(9, 'militia', 'm1a')).toBe(true)
    expect(at(10, 'militia', 'ml-cmd')).toBe(true)
    expect(at(9, 'rangers', 'rg-hq')).toBe(true)
    // The Marines hold the pumping station as they stand (SMLE-SCEN-03): nothing to go into.
    const signals = load(signalsJson)
    const last = { ...acting(signals, 'mr-hq'), round: signals.roundLimit }
    expect(playsPastWindows(last, goalsOf(last, signals, 'marines'))).toBe(false)
  })
})

describe('SMLE-COMBAT-04: fire at the next team is not the cost of ending this one', () => {
  it("the Garrison's command team, hidden and lying down, ends its turn though the raiders may then fire at a section", () => {
    const commando = load(commandoJson)
    // Seed 2, round 1: the Garrison rolled its platoon as one, the command team acts first, the raiders hold their fire.
    const m = playUntil(
      startMatch(newHeader(commando, 2, 'quick')),
      2,
      (x) => x.state.phase === 'play' && x.state.pending === null && activeTeam(x.state)?.id === 'gr-hq',
      'commandos',
    )
    const s = m.state
    expect(s.activeUnit?.teamIds).toEqual(['gr-hq', 'gr-dump', 'gr-mast', 'gr-bridge'])
    // Its two figures prone side by side at the first place along the north edge no raider sees, nor is seen from,
    // having lain down there this turn: going prone ended their moves (SMLE-MOVE-05), so it may fire or stop.
    const raiders = Object.values(s.figures).filter((f) => f.sideId === 'commandos' && f.offTable === null)
    const lying = (id: string, x: number, z: number): FigureState => ({
      ...s.figures[id]!,
      position: { x, y: m.world.groundHeightAt(x, z), z },
      prone: true,
      moveEnded: true,
    })
    const hidden = (f: FigureState): boolean =>
      m.world.footprintBlocker(f.position, f.baseRadiusIn, s.doors) === null &&
      raiders.every((e) => !m.world.sees(e, f, s.doors) && !m.world.sees(f, e, s.doors))
    let pair: [FigureState, FigureState] | null = null
    for (let x = 2; x < 58 && !pair; x++) {
      const two: [FigureState, FigureState] = [lying('gr-lt', x, 1), lying('gr-h2', x + 1.6, 1)]
      if (two.every(hidden)) pair = two
    }
    expect(pair).not.toBeNull()
    const at: Match = { ...m, state: { ...s, figures: { ...s.figures, 'gr-lt': pair![0], 'gr-h2': pair![1] } } }
    // Ending its turn begins the next team's, and the raiders may fire at that team (SMLE-COMBAT-04, -05).
    const stop = turnGenerators(at.state, 'garrison').end!(at.state, at.world)[0]!
    expect(dispatch(at, stop).match.state.pending).toMatchObject({ kind: 'opportunity', targetTeamId: 'gr-dump' })
    // The look-ahead once played that fire as the cost of ending the turn, and the team fired blind instead.
    expect(smleBot('normal', 1).choose(seatInputs()(at, 'garrison'))).toEqual(stop)
  })
})

describe("SMLE-COMBAT-05, SMLE-OPT-02: the enemy's fire the look-ahead charges a command with", () => {
  it("fire during a figure's move, not fire at the start of the Double Move's second turn its stop begins", () => {
    const ambush = load(ambushJson)
    // Seed 9, round 1: the Column plays at random and the partisans hold their fire; the 1st squad rolled a Double
    // Move and is the last team to take its first turn.
    const at = playUntil(
      startMatch(newHeader(ambush, 9, 'quick')),
      9,
      (m) =>
        m.state.phase === 'play' &&
        m.state.pending === null &&
        m.state.activeUnit?.turn === 'first' &&
        activeTeam(m.state)?.id === 'cl-1' &&
        activeTeam(m.state)?.secondTurn === 'waiting',
      'partisans',
    )
    // Ending its first turn begins its second (SMLE-OPT-02), where the partisans may fire at it at once
    // (SMLE-COMBAT-04): a window at the very team that gave the command, which comes whatever the command was.
    const stop = turnGenerators(at.state, 'column').end!(at.state, at.world)[0]!
    const second = dispatch(at, stop).match.state
    expect(second.activeUnit?.turn).toBe('second')
    const window = second.pending
    expect(window).toMatchObject({ kind: 'opportunity', sideId: 'partisans', targetTeamId: 'cl-1' })
    if (window?.kind !== 'opportunity') return
    expect(enemyFireInCommand(window, 'column')).toBe(false)
    // A figure of the team walking east: the partisans may fire before its first step (SMLE-COMBAT-05), fire the
    // walk is charged with.
    const f = at.state.figures['cl1-1']!
    const walk = { type: 'moveFigure' as const, figureId: f.id, to: { x: f.position.x + 3, z: f.position.z }, via: [] }
    const moved = dispatch(at, { ...walk, pace: 'tactical' }).match.state.pending
    expect(moved).toMatchObject({ kind: 'opportunity', sideId: 'partisans', targetTeamId: 'cl-1' })
    if (moved?.kind !== 'opportunity') return
    expect(enemyFireInCommand(moved, 'column')).toBe(true)
    // The side that may fire never charges its own fire to the command it answers.
    expect(enemyFireInCommand(moved, 'partisans')).toBe(false)
  })
})

describe('SMLE-TURN-06: rolling a group as one', () => {
  it('the Militia rolls section by section when one die for the whole platoon would gain it nothing', () => {
    const brave = load(braveJson)
    // Round 1: every team fresh and with its leader, so the platoon's one roll is worth what the sections' are.
    const m = playUntil(
      startMatch(newHeader(brave, 2, 'quick')),
      2,
      (x) => x.state.phase === 'activation' && sideToAct(x.state) === 'militia',
    )
    const command = smleBot('normal', 1).choose(seatInputs()(m, 'militia'))
    expect(command).toEqual({ type: 'rollActivation', sideId: 'militia', groupRolls: [] })
  })
})

describe('SMLE-SHOOT-26: a team in a prepared position and an enemy outside its arc', () => {
  it('the Marine HQ steps a figure out of its west-facing pit and fires at an alien pack coming from the north', () => {
    const signals = load(signalsJson)
    const m = playUntil(
      startMatch(newHeader(signals, 1, 'quick')),
      1,
      (x) =>
        x.state.phase === 'play' &&
        x.state.pending === null &&
        sideToAct(x.state) === 'marines' &&
        activeTeam(x.state)?.id === 'mr-hq',
      'aliens',
    )
    // Every alien pack far off in the north-east corner but pack 3, 12" north of the HQ's pit (its arc faces west),
    // at B9 with its turn to come: it may close-assault the HQ this round (Table 1).
    const s = m.state
    const figures = { ...s.figures }
    const teams = { ...s.teams }
    for (const t of Object.values(s.teams)) {
      if (t.sideId !== 'aliens') continue
      t.figureIds.forEach((id, i) => {
        const far = t.id === 'al-3' ? { x: 15 + i * 1.5, z: 12 } : { x: 44 - i * 1.5, z: 1 + Number(t.id.slice(3)) }
        figures[id] = { ...figures[id]!, position: { ...figures[id]!.position, ...far }, prone: false }
      })
      if (t.id === 'al-3') teams[t.id] = { ...t, activation: { ...t.activation!, band: 9, al: 11 }, turn: 'waiting' }
    }
    const hq = teams['mr-hq']!
    teams['mr-hq'] = { ...hq, activation: { ...hq.activation!, band: 8, al: 9 }, attack: null }
    const at: Match = { ...m, state: { ...s, figures, teams } as MatchState }
    const bot = smleBot('normal', 1)
    const step = bot.choose(seatInputs()(at, 'marines'))
    expect(step?.type).toBe('moveFigure')
    if (step?.type !== 'moveFigure') return
    expect(at.world.positionAt(step.to)?.id).not.toBe('pit-w')
    const moved = dispatch(at, step)
    expect(moved.decision.ok).toBe(true)
    // The figure out of the pit is the Veteran sergeant: he ends his move lying down (SMLE-MOVE-05) and fires prone.
    expect(moved.match.state.figures[step.figureId]!.quality).toBe('veteran')
    expect(bot.choose(seatInputs()(moved.match, 'marines'))).toEqual({ type: 'goProne', figureId: step.figureId })
    const down = dispatch(moved.match, { type: 'goProne', figureId: step.figureId })
    expect(down.decision.ok).toBe(true)
    expect(bot.choose(seatInputs()(down.match, 'marines'))).toMatchObject({ type: 'directFire', targetTeamId: 'al-3' })
  })
})

/**
 * Plays on from `start` while `going` holds (at most `most` commands): the militia by the computer, the Rangers
 * holding their fire at every window. The game then, and the militiamen the computer moved.
 */
function militiaAgainstQuietRangers(
  start: Match,
  most: number,
  going: (m: Match) => boolean,
): { game: Match; moved: string[] } {
  const bot = smleBot('normal', 1)
  let game = start
  const moved: string[] = []
  for (let n = 0; n < most && going(game); n++) {
    const side = sideToAct(game.state)
    const c =
      side === 'rangers'
        ? decisionCandidates(game.state, game.world, side).find((x) => x.type === 'holdFire')
        : bot.choose(seatInputs()(game, 'militia'))
    expect(c).toBeDefined()
    if (c?.type === 'moveFigure') moved.push(c.figureId)
    const r = dispatch(game, c!)
    expect(r.decision.ok).toBe(true)
    game = r.match
  }
  return { game, moved }
}

describe('SMLE-SCEN-01: the last activation of the game', () => {
  it('a militiaman steps into the crossroads and wins, where ending the activation at once would draw', () => {
    const brave = load(braveJson)
    const marker = brave.objectives.find((o) => o.id === 'crossroads')!
    // A militia team about to act, the last team of its unit to do so.
    const m = playUntil(startMatch(newHeader(brave, 3, 'quick')), 3, (x) => {
      const u = x.state.activeUnit
      const team = activeTeam(x.state)
      return (
        x.state.phase === 'play' &&
        x.state.pending === null &&
        team?.sideId === 'militia' &&
        u !== null &&
        u.turn === 'first' &&
        u.index === u.teamIds.length - 1 &&
        team.moveOption === null &&
        team.attack === null
      )
    })
    // Made the last activation of round 10: every other team has had its turns, the rangers are far from the
    // crossroads, and one of the team's figures stands 3" east of its centre (outside its 2"), at Close (B9).
    const s = m.state
    const team = activeTeam(s)!
    const teams = { ...s.teams }
    for (const t of Object.values(s.teams))
      if (t.id !== team.id) teams[t.id] = { ...t, turn: 'done', secondTurn: t.secondTurn === 'none' ? 'none' : 'done' }
    teams[team.id] = { ...team, activation: { ...team.activation!, band: 9, al: 11 } }
    const figures = { ...s.figures }
    for (const f of Object.values(s.figures))
      if (f.sideId === 'rangers') figures[f.id] = { ...f, position: { ...f.position, z: Math.max(f.position.z, 40) } }
    const [walker] = team.figureIds.filter((id) => s.figures[id]?.status === 'ok')
    // East of the marker: the chapel stands south-west of it (a team falling back from the west side goes round it,
    // through the marker).
    const y = m.world.groundHeightAt(marker.x + 3, marker.z)
    figures[walker!] = { ...figures[walker!]!, position: { x: marker.x + 3, y, z: marker.z }, prone: false }
    const at: Match = { ...m, state: { ...s, round: s.roundLimit, teams, figures } as MatchState }
    // Ending the activation now ends the game with the crossroads held by no one.
    const stop = turnGenerators(at.state, 'militia').end!(at.state, at.world)[0]!
    const drawn = dispatch(at, stop)
    expect(drawn.match.state.result?.winnerSideId).toBeNull()
    // The computer moves a figure into it instead, and ending the activation after that wins the game.
    const { game, moved: moves } = militiaAgainstQuietRangers(at, 12, (g) => g.state.result === null)
    expect(moves).toContain(walker)
    expect(game.state.result?.winnerSideId).toBe('militia')
  })
})

describe('SMLE-MOVE-05 [decision]: computer-controlled Veteran figures end every move prone', () => {
  const brave = load(braveJson)
  const seat = seatInputs()

  /** A team of `sideId` at the start of its first turn, with the band `ok` accepts (the Militia holds its fire). */
  function turnOf(sideId: string, ok: (band: number) => boolean): Match {
    for (let seed = 1; seed <= 40; seed++) {
      try {
        return playUntil(
          startMatch(newHeader(brave, seed, 'quick')),
          seed,
          (x) => {
            const team = activeTeam(x.state)
            return (
              x.state.phase === 'play' &&
              x.state.pending === null &&
              team?.sideId === sideId &&
              x.state.activeUnit?.turn === 'first' &&
              team.moveOption === null &&
              team.attack === null &&
              team.figureIds.every(
                (id) =>
                  x.state.figures[id]!.movedIn === 0 &&
                  x.state.figures[id]!.status === 'ok' &&
                  !x.state.figures[id]!.prone,
              ) &&
              ok(team.activation?.band ?? 0)
            )
          },
          'militia',
        )
      } catch {
        continue
      }
    }
    throw new Error(`no ${sideId} turn found`)
  }

  /** `m` after a standing figure of the active team walks, the enemy holding its fire at every window. */
  function walked(m: Match): { match: Match; figureId: string } {
    const team = activeTeam(m.state)!
    for (const id of team.figureIds) {
      const f = m.state.figures[id]!
      if (f.prone) continue
      const move = figureMoveProposals(m.state, m.world, team, f).find(
        (c) => c.type === 'moveFigure' && c.pace === 'tactical' && moveAccepted(m.state, m.world, c),
      )
      if (!move) continue
      let r = dispatch(m, move)
      expect(r.decision.ok).toBe(true)
      while (r.match.state.pending) {
        const side = r.match.state.pending.sideId
        const answer =
          decisionCandidates(r.match.state, r.match.world, side).find((c) => c.type === 'holdFire') ??
          decisionCandidates(r.match.state, r.match.world, side)[0]!
        r = dispatch(r.match, answer)
        expect(r.decision.ok).toBe(true)
      }
      return { match: r.match, figureId: id }
    }
    throw new Error('no figure could walk')
  }

  it('a Ranger who has walked lies down before his team does anything else (Advance or Stand: no assault to come)', () => {
    const start = turnOf('rangers', (band) => band >= 4 && band <= 8)
    const { match, figureId } = walked(start)
    expect(match.state.figures[figureId]!.prone).toBe(false)
    expect(smleBot('normal', 1).choose(seat(match, 'rangers'))).toEqual({ type: 'goProne', figureId })
  })

  it('at Close (B9) a team may still close-assault: it lies down only before its turn ends', () => {
    const start = turnOf('rangers', (band) => band >= 4 && band <= 8)
    const { match, figureId } = walked(start)
    const team = activeTeam(match.state)!
    const close = {
      ...match.state,
      teams: { ...match.state.teams, [team.id]: { ...team, activation: { ...team.activation!, band: 9, al: 11 } } },
    }
    expect(veteranToLieDown(close, match.world, false)).toBeNull()
    expect(veteranToLieDown(close, match.world, true)).toEqual({ type: 'goProne', figureId })
    // A team that has made its close assault ended its move in it.
    const assaulted = { ...close, teams: { ...close.teams, [team.id]: { ...team, attack: 'assault' as const } } }
    expect(veteranToLieDown(assaulted, match.world, true)).toBeNull()
  })

  it('a Ranger who has not moved, or already lies down, is left as he is; so is a Green militiaman who walked', () => {
    const start = turnOf('rangers', (band) => band >= 4 && band <= 8)
    expect(veteranToLieDown(start.state, start.world, true)).toBeNull()
    const { match, figureId } = walked(start)
    const lying = {
      ...match.state,
      figures: { ...match.state.figures, [figureId]: { ...match.state.figures[figureId]!, prone: true } },
    }
    expect(veteranToLieDown(lying, match.world, true)).toBeNull()
    const militia = walked(turnOf('militia', (band) => band >= 6 && band <= 8))
    expect(militia.match.state.figures[militia.figureId]!.quality).toBe('green')
    expect(veteranToLieDown(militia.match.state, militia.match.world, true)).toBeNull()
  })

  it('over a whole game the computer’s Rangers end no turn with a Ranger standing who moved in it', () => {
    const next = playersFor({ rangers: { kind: 'bot', level: 'normal' } }, 5)
    let lieDowns = 0
    playOutWith(startMatch(newHeader(brave, 5, 'quick')), (m) => {
      const c = next(m)
      const team = activeTeam(m.state)
      if (c?.type === 'goProne' && team?.sideId === 'rangers') lieDowns++
      if (c?.type === 'endActivation' && team?.sideId === 'rangers' && team.attack !== 'assault') {
        const standing = team.figureIds.filter((id) => {
          const f = m.state.figures[id]!
          return f.status !== 'dead' && f.offTable === null && f.movedIn > 0 && !f.prone
        })
        expect(standing, `round ${m.state.round}, ${team.id}`).toEqual([])
      }
      return c
    })
    expect(lieDowns).toBeGreaterThan(0)
  })
})

describe('SMLE-MOT-07 / SMLE-MOT-08 [decision]: a computer-controlled Warriors team', () => {
  /** The Few Brave Sentients with the Rangers' teams Warriors. */
  const json = structuredClone(braveJson) as {
    sides: { id: string; points?: number }[]
    teams: { sideId: string; motivation?: string }[]
  }
  for (const t of json.teams) if (t.sideId === 'rangers') t.motivation = 'warriors'
  // Warriors cost more (SMLE-PTS-06): the Rangers' points total is lifted, or the file is refused (SMLE-PTS-09).
  for (const s of json.sides) delete s.points
  const warriors = load(json)
  const state: MatchState = {
    ...initialState(warriors, 1),
    phase: 'play',
    round: 1,
    activeUnit: { teamIds: ['rg-rifles'], index: 0, turn: 'first' },
  }
  const world = startMatch(newHeader(warriors, 1, 'quick')).world
  const f = state.figures['rgr-1']!
  // The militia stand south of the rangers (z 0–10 against 43.5).
  const toward: CommandInput = {
    type: 'moveFigure',
    figureId: f.id,
    to: { x: f.position.x, z: f.position.z - 4 },
    via: [],
    pace: 'tactical',
  }
  const sideways: CommandInput = {
    type: 'moveFigure',
    figureId: f.id,
    to: { x: f.position.x - 3, z: f.position.z - 0.5 },
    via: [],
    pace: 'tactical',
  }
  const away: CommandInput = {
    type: 'moveFigure',
    figureId: f.id,
    to: { x: f.position.x, z: f.position.z + 3 },
    via: [],
    pace: 'tactical',
  }
  const fallBack: CommandInput = { type: 'fallBack', teamId: 'rg-rifles' }
  const fire: CommandInput = {
    type: 'directFire',
    teamId: 'rg-rifles',
    targetTeamId: 'm2a',
    weapons: {},
    atVehicle: false,
  }
  const charge: CommandInput = {
    type: 'closeAssault',
    teamId: 'rg-rifles',
    targetTeamId: 'm2a',
    moves: [{ figureId: f.id, to: { x: 24, z: 10 }, via: [] }],
  }

  it('moves only toward the enemy, or no farther from him (into cover alongside), and never falls back by choice', () => {
    expect(warriorsOptions(state, world, [toward, sideways, away, fallBack, fire])).toEqual([toward, sideways, fire])
  })

  it('charges when it can: a close assault open to it leaves it nothing else to choose', () => {
    expect(warriorsOptions(state, world, [toward, fire, charge])).toEqual([charge])
  })

  it('binds no other team: the same Rangers without the motivation keep every option', () => {
    const plain = load(braveJson)
    const s = { ...initialState(plain, 1), phase: 'play' as const, round: 1, activeUnit: state.activeUnit }
    expect(warriorsOptions(s, world, [toward, away, fallBack, fire, charge])).toEqual([
      toward,
      away,
      fallBack,
      fire,
      charge,
    ])
  })

  it('over a whole game it charges when it can, never moves a figure away from the nearest enemy it knows of, nor falls back by choice', () => {
    // Seed 9: the Rangers have a close assault open to them.
    const SEED = 9
    const next = playersFor({ rangers: { kind: 'bot', level: 'normal' } }, SEED)
    let moves = 0
    let charges = 0
    playOutWith(startMatch(newHeader(warriors, SEED, 'quick')), (m) => {
      const c = next(m)
      const team = activeTeam(m.state)
      if (team?.sideId === 'rangers' && !m.state.pending) {
        if (c?.type === 'fallBack') expect(team.activation!.band).toBeLessThanOrEqual(2)
        if (c?.type === 'moveFigure') {
          moves++
          expect(warriorsOptions(m.state, m.world, [c])).toEqual([c])
          // Measured here from the clause: the gap to the nearest enemy the Rangers know of does not grow.
          const f = m.state.figures[c.figureId]!
          const moved = { ...f, position: { x: c.to.x, y: m.world.groundHeightAt(c.to.x, c.to.z), z: c.to.z } }
          const enemies = knownEnemyFigures(m.state, 'rangers')
          const gap = (g: FigureState): number => Math.min(...enemies.map((e) => figureGapIn(m.state, m.world, g, e)))
          if (enemies.length > 0) expect(gap(moved)).toBeLessThanOrEqual(gap(f) + m.state.settings.contactTolerance)
        }
        // SMLE-MOT-07: it charges whenever a close assault is open to it.
        if (c && (turnGenerators(m.state, 'rangers').assault?.(m.state, m.world) ?? []).length > 0) {
          charges++
          expect(c.type).toBe('closeAssault')
        }
      }
      return c
    })
    expect(moves).toBeGreaterThan(0)
    expect(charges).toBeGreaterThan(0)
  })
})

describe('SMLE-MOVE-05 / SMLE-MOVE-08: a prone figure may stand up and run', () => {
  const ambush = load(ambushJson)

  /**
   * Round 7 of 8 of the Ambush with the Column still at its west edge: too far from the east edge to get half its men
   * off (SMLE-SCEN-05), it can win only by breaking the partisans (§16), and hunts them. A Column team at Close (B9),
   * its men lying down and unarmed (they fire at no one), has a partisan team in plain view `gapIn` east of it.
   */
  function hunt(gapIn: number): { match: Match; hunterIds: readonly string[] } {
    const m = playUntil(
      startMatch(newHeader(ambush, 4, 'quick')),
      4,
      (x) => {
        const team = activeTeam(x.state)
        return (
          x.state.phase === 'play' &&
          x.state.pending === null &&
          team?.sideId === 'column' &&
          x.state.activeUnit?.turn === 'first' &&
          team.moveOption === null &&
          team.attack === null
        )
      },
      'partisans',
    )
    const s = m.state
    const team = activeTeam(s)!
    const teams = { ...s.teams }
    const figures = { ...s.figures }
    teams[team.id] = { ...team, activation: { ...team.activation!, band: 9, al: 11 } }
    const hunterIds = team.figureIds.filter((id) => s.figures[id]!.status === 'ok' && s.figures[id]!.offTable === null)
    hunterIds.forEach((id, i) => {
      const at = { x: 4, z: 16 + 1.5 * i }
      figures[id] = {
        ...figures[id]!,
        position: { ...at, y: m.world.groundHeightAt(at.x, at.z) },
        prone: true,
        weapons: [],
      }
    })
    const prey = s.teams['pt-b']!
    teams[prey.id] = { ...prey, hidden: false }
    prey.figureIds.forEach((id, i) => {
      const at = { x: 4 + gapIn, z: 16 + 1.5 * i }
      figures[id] = { ...figures[id]!, position: { ...at, y: m.world.groundHeightAt(at.x, at.z) }, prone: false }
    })
    return { match: { ...m, state: { ...s, round: 7, teams, figures } as MatchState }, hunterIds }
  }

  it('the rules let a prone man stand (1") and run double his move: 15" at Close (B9), where a walk takes him 7"', () => {
    const { match, hunterIds } = hunt(14)
    const id = hunterIds[0]!
    const f = match.state.figures[id]!
    // What refuses a move of `inches` east (toward the partisans) or north (open ground to the table's edge), or null.
    const refusal = (pace: 'run' | 'tactical', inches: number, north = false): string | null => {
      const to = north ? { x: f.position.x, z: f.position.z - inches } : { x: f.position.x + inches, z: f.position.z }
      const r = planMoveFigure(match.state, { type: 'moveFigure', figureId: id, to, via: [], pace }, match.world)
      return r.ok ? null : r.reason.clause
    }
    expect(refusal('tactical', 6.5)).toBeNull()
    expect(refusal('tactical', 7.5)).toBe('SMLE-MOVE-01')
    expect(refusal('run', 12)).toBeNull()
    expect(refusal('run', 14.5, true)).toBeNull()
    expect(refusal('run', 15.5, true)).toBe('SMLE-MOVE-01')
  })

  it('the hunting Column stands a prone man up and runs him at the partisans, beyond where a walk would take him', () => {
    const { match, hunterIds } = hunt(14)
    const c = smleBot('normal', 1).choose(seatInputs()(match, 'column'))
    expect(c?.type).toBe('moveFigure')
    if (c?.type !== 'moveFigure') return
    expect(hunterIds).toContain(c.figureId)
    expect(c.pace).toBe('run')
    const from = match.state.figures[c.figureId]!.position
    expect(c.to.x - from.x).toBeGreaterThan(7)
  })
})

/**
 * The Few Brave Sentients, seed 3, played at random until a militia section's team is about to take its first turn
 * of a round (no move or attack made yet): the positions the tests below then set up.
 */
function sectionAboutToAct(brave: Scenario): Match {
  return playUntil(startMatch(newHeader(brave, 3, 'quick')), 3, (x) => {
    const team = activeTeam(x.state)
    return (
      x.state.phase === 'play' &&
      x.state.pending === null &&
      team?.sideId === 'militia' &&
      team.kind !== 'command' &&
      x.state.activeUnit?.turn === 'first' &&
      team.moveOption === null &&
      team.attack === null
    )
  })
}

describe('SMLE-SCEN-01: the way round a building to the crossroads', () => {
  it('a militiaman behind the barn, his straight line to the crossroads through it, is offered the way round it', () => {
    const brave = load(braveJson)
    const marker = brave.objectives.find((o) => o.id === 'crossroads')!
    const barn = brave.buildings.find((b) => b.id === 'barn')!
    const m = sectionAboutToAct(brave)
    // Round 9, the team at Close (B9: a run of twice its full move); one of its men stands 1.5" south of the barn's
    // south wall, near its east end.
    const s = m.state
    const team = activeTeam(s)!
    const teams = { ...s.teams, [team.id]: { ...team, activation: { ...team.activation!, band: 9, al: 11 } } }
    const [walker] = team.figureIds.filter((id) => s.figures[id]?.status === 'ok')
    const at = { x: barn.x + barn.widthIn - 1, z: barn.z + barn.depthIn + 1.5 }
    const start = { x: at.x, y: m.world.groundHeightAt(at.x, at.z), z: at.z }
    const w = { ...s.figures[walker!]!, position: start, prone: false }
    const state = { ...s, round: s.roundLimit - 1, teams, figures: { ...s.figures, [w.id]: w } } as MatchState
    // The way round the barn is longer than his run; a run straight at the marker, cut to its length, ends in the barn.
    const run = moveLeftIn(state, w, 'run')
    const way = m.world.path(start, marker, w.baseRadiusIn, s.doors, w)
    expect(way.ok && way.points.length).toBeGreaterThan(2)
    expect(way.ok && way.costIn).toBeGreaterThan(run)
    const nearest = (commands: readonly CommandInput[]): number =>
      Math.min(
        ...commands.flatMap((c) =>
          c.type === 'moveFigure' && c.figureId === w.id && c.pace === 'run'
            ? [Math.hypot(c.to.x - marker.x, c.to.z - marker.z)]
            : [],
        ),
      )
    const offered = turnCandidates(state, m.world, 'militia', goalsOf(state, brave, 'militia'))
    // Run round the barn, as far as his run takes him: within 3" of the marker's centre (13" off now).
    expect(Math.hypot(start.x - marker.x, start.z - marker.z)).toBeGreaterThan(13)
    expect(nearest(offered)).toBeLessThan(3)
    // Every one offered is a move the rules accept.
    for (const c of offered) if (c.type === 'moveFigure') expect(moveAccepted(state, m.world, c)).toBe(true)
  })
})

describe('SMLE-SCEN-01: going into the crossroads in the last rounds, in the enemy’s sight', () => {
  /**
   * Round 9 of 10, a militia team at Advance (B7) about to act, one of its men standing 3.5" east of the crossroads
   * (outside its 2"), and a Ranger team 14" east of him, in the open, that may still fire at a move it sees
   * (SMLE-COMBAT-04, -05: B5 or better, no attack made yet). The other Rangers are far off.
   */
  const atTheCrossroads = (round: number): { match: Match; walker: string } => {
    const brave = load(braveJson)
    const marker = brave.objectives.find((o) => o.id === 'crossroads')!
    const m = sectionAboutToAct(brave)
    const s = m.state
    const team = activeTeam(s)!
    const teams = { ...s.teams, [team.id]: { ...team, activation: { ...team.activation!, band: 7, al: 8 } } }
    const figures = { ...s.figures }
    const [walker] = team.figureIds.filter((id) => s.figures[id]?.status === 'ok')
    const ground = (x: number, z: number) => ({ x, y: m.world.groundHeightAt(x, z), z })
    figures[walker!] = { ...figures[walker!]!, position: ground(marker.x + 3.5, marker.z), prone: false }
    // His team-mates wait behind the chapel, out of the Rangers' sight (fire at a moving team falls on all it sees).
    team.figureIds
      .filter((id) => id !== walker)
      .forEach((id, i) => {
        figures[id] = { ...figures[id]!, position: ground(16, 16 + 1.2 * i), prone: true }
      })
    const rifles = s.teams['rg-rifles']!
    teams[rifles.id] = {
      ...rifles,
      attack: null,
      opportunityFired: false,
      activation: {
        ...(rifles.activation ?? { die: 4, modifiers: [], shifts: [], blockId: rifles.id }),
        band: 6,
        al: 7,
      },
    }
    rifles.figureIds.forEach((id, i) => {
      figures[id] = { ...figures[id]!, position: ground(marker.x + 17.5, marker.z - 2 + 2 * i), prone: false }
    })
    for (const f of Object.values(s.figures))
      if (f.sideId === 'rangers' && f.teamId !== rifles.id)
        figures[f.id] = { ...f, position: ground(f.position.x, Math.max(f.position.z, 44)) }
    return { match: { ...m, state: { ...s, round, teams, figures } as MatchState }, walker: walker! }
  }

  /** Plays the militia team's turn with the computer, the Rangers holding their fire; the figures that moved. */
  const play = (start: Match): { game: Match; moved: string[] } => {
    const team = activeTeam(start.state)!.id
    return militiaAgainstQuietRangers(start, 16, (g) => activeTeam(g.state)?.id === team)
  }

  it('the Rangers see him where he stands, and may fire as he moves', () => {
    const { match, walker } = atTheCrossroads(9)
    const s = match.state
    const w = s.figures[walker]!
    const seen = s.teams['rg-rifles']!.figureIds.some((id) => match.world.sees(s.figures[id]!, w, s.doors))
    expect(seen).toBe(true)
    // The move that takes him in opens the Rangers' Opportunity Fire window before his first step.
    const to = { x: w.position.x - 2.5, z: w.position.z }
    const r = dispatch(match, { type: 'moveFigure', figureId: walker, to, via: [], pace: 'tactical' })
    expect(r.decision.ok).toBe(true)
    expect(r.match.state.pending?.kind).toBe('opportunity')
  })

  it('in round 9 the militia puts a man into the crossroads, though the Rangers may fire as he goes', () => {
    const { match } = atTheCrossroads(9)
    const marker = match.world.scenario.objectives.find((o) => o.id === 'crossroads')!
    const { game } = play(match)
    const inside = Object.values(game.state.figures).filter(
      (f) =>
        f.sideId === 'militia' &&
        f.offTable === null &&
        f.status === 'ok' &&
        Math.hypot(f.position.x - marker.x, f.position.z - marker.z) <= marker.radiusIn,
    )
    expect(inside.length).toBeGreaterThan(0)
  })
})

describe('SMLE-ACT-19 [decision]: the sift judges a move where the rules leave the figure', () => {
  const brave = load(braveJson)

  /**
   * Each move the computer lists for the acting team, played by the rules to its end (the Rangers holding their fire
   * at each of its windows, SMLE-COMBAT-05), against the figure as the sift puts it: how many were compared, how many
   * turned the figure, and how many crawled.
   */
  function compare(m: Match): { compared: number; turned: number; crawled: number } {
    const goals = goalsOf(m.state, brave, 'militia')
    let compared = 0
    let turned = 0
    let crawled = 0
    for (const c of turnCandidates(m.state, m.world, 'militia', goals)) {
      if (c.type !== 'moveFigure') continue
      let r = dispatch(m, c)
      for (let i = 0; i < 50 && r.decision.ok && r.match.state.pending?.kind === 'opportunity'; i++) {
        const hold = decisionCandidates(r.match.state, r.match.world, 'rangers').find((h) => h.type === 'holdFire')
        if (!hold) break
        r = dispatch(r.match, hold)
      }
      if (!r.decision.ok || r.match.state.pending) continue
      const after = r.match.state.figures[c.figureId]!
      if (Math.hypot(after.position.x - c.to.x, after.position.z - c.to.z) > 1e-6) continue
      const before = m.state.figures[c.figureId]!
      const sifted = siftedFigure(m.world, before, c)
      expect({ x: sifted.position.x, z: sifted.position.z, facingDeg: sifted.facingDeg, prone: sifted.prone }).toEqual({
        x: after.position.x,
        z: after.position.z,
        facingDeg: after.facingDeg,
        prone: after.prone,
      })
      compared++
      if (after.facingDeg !== before.facingDeg) turned++
      if (c.pace === 'crawl') crawled++
    }
    return { compared, turned, crawled }
  }

  // A Militia team's turn in round 1, its men lying down as they set up.
  const lying = playUntil(
    startMatch(newHeader(brave, 3, 'quick')),
    3,
    (x) =>
      x.state.phase === 'play' &&
      x.state.pending === null &&
      activeTeam(x.state)?.sideId === 'militia' &&
      activeTeam(x.state)?.moveOption === null,
    'rangers',
  )

  it('a man lying down crawls and stays down, facing the way he crawled', () => {
    const r = compare(lying)
    expect(r.compared).toBeGreaterThanOrEqual(20)
    expect(r.crawled).toBe(r.compared)
    expect(r.turned).toBeGreaterThanOrEqual(r.compared / 2)
  })

  it('a man on his feet walks or runs and stays on his feet, facing the way he went', () => {
    // On their feet, at Advance (B8: a full move, SMLE-OPT-04; at Stand, B5, a move must end in cover, SMLE-OPT-05).
    const team = activeTeam(lying.state)!
    const figures = { ...lying.state.figures }
    for (const id of team.figureIds) figures[id] = { ...figures[id]!, prone: false }
    const teams = { ...lying.state.teams, [team.id]: { ...team, activation: { ...team.activation!, band: 8, al: 9 } } }
    const r = compare({ ...lying, state: { ...lying.state, figures, teams } })
    expect(r.compared).toBeGreaterThanOrEqual(20)
    expect(r.crawled).toBe(0)
    expect(r.turned).toBeGreaterThanOrEqual(r.compared / 2)
  })
})
