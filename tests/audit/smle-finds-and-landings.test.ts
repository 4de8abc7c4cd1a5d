/**
 * Audit: a Close Assault that runs into what its side does not know (SMLE-COMBAT-01, SMLE-CA-01..03 with the
 * project's decisions on hidden set-up, SMLE-SCEN-05, and concealed prepared positions, SMLE-SHOOT-26: docs/engine.md
 * "What a seat can still learn", "Closed since", "Closed last", rules version 7), and where a deviating explosive
 * round lands when a vehicle or a wreck is on its line (SMLE-EXP-11..15, SMLE-VEH-15, docs/engine.md "knows the
 * hulls"). Black-box: tables built here, commands through the public API, states patched only to place figures,
 * set ALs as if rolled, wreck a vehicle and re-seed the dice. Expectations come from shared/rules/smle.md and those
 * doc paragraphs.
 *
 * Readings chosen where the text is open:
 * - "Would end on a hidden enemy figure": the attacker's base, where its move ends, would overlap the hidden
 *   figure's base (the CORE-TABLE-03 overlap), not only land on its very centre. A hidden figure merely near an
 *   attacker's end (bases apart) is not found by the assault.
 * - "Nobody moves and no assault is made": the command's events are the find alone: no FigureMoved, no roll of any
 *   kind, no MoveOptionChosen, no AttackMade; every attacker keeps its place with nothing moved this turn; the team's
 *   move option, attack and attackedThisTurn stay unset, so it may still assault (the found team included) or move.
 * - The TeamRevealed reason names the attacker whose move would have ended on the hidden figure ("found by a2").
 * - "A refusal for any other reason reads exactly the same": the same clause and the same message, with the hidden
 *   figure (or the concealed position) on the table or not, and the hidden team still hidden afterwards.
 * - A side knows its own hidden figures and its own concealed positions (docs: "The side that holds the position
 *   … knows it"): an assault ending on its own hidden figure reads as one ending on its own visible figure, and one
 *   crossing its own concealed position as one crossing the same position set up visible. Neither finds anything.
 * - SMLE-EXP-15 "the line" of a round fired flat: in plan, the straight line from the firer's figure to the point
 *   the round deviated to (SMLE-EXP-13 measures deviation along the firer→target line).
 * - SMLE-EXP-15 "the line" of a thrown grenade: its deviation, from the target point to where it deviated to ("a
 *   grenade deviating into a wall": lobbed, it comes down at the point and goes astray from there). The docs put
 *   "a round fired flat, or a grenade thrown, whose line crosses" together, which could also mean the line from
 *   the thrower; the engine's grenades were found to treat walls this way (a wall beside the throw, off the
 *   deviation, stops nothing), and the hulls are to act "as against a wall", so the test pins hull = wall.
 * - "Bursts against it on the near side": the burst is on that line, outside the hull, on the line's start side of
 *   the face it meets, within half an inch of that face. A large (1.5" high) hull is used wherever a round should
 *   stop, so no reading of the round's height can let it pass over.
 * - A round fired at a vehicle aims at the point of its hull nearest the firer on the line to its centre (the
 *   target point of SMLE-EXP-11: the text leaves open where on a vehicle a firer aims).
 * - Indirect fire deviates along the line from the firing weapon's figure to the target point (docs: "along the
 *   gun's line") and falls from above: it lands where it deviated to, whatever hulls lie between the gun and there.
 */
import { describe, expect, it } from 'vitest'
import { dispatch, type GameEvent, type Match, type ScenarioInput, seedRng } from '../../src-engine/index'
import type { CommandInput } from '../../src-engine/rules/smle/commands/index'
import type { VehicleState } from '../../src-engine/rules/smle/state/state'
import { inTurn, newMatch, withFigure, withTeam } from '../fixtures/play'
import { field, fig, team, type TeamInput } from './helpers'
import { act, endTurnCommand, ofType, rolls, withAl } from './smle-s09-s16-helpers'

// ---------------------------------------------------------------------------------------------
// Shared bits

type VehicleInput = NonNullable<ScenarioInput['vehicles']>[number]
type Pt = { x: number; z: number }

const start = (teams: TeamInput[], extra: Partial<ScenarioInput> = {}, seed = 1): Match =>
  newMatch(seed, field(teams, extra))

const posOf = (m: Match, id: string): Pt => {
  const f = m.state.figures[id]
  if (!f) throw new Error(`no figure ${id}`)
  return { x: f.position.x, z: f.position.z }
}

/** The refusal of a command (clause and message), or null when accepted. */
function refusalOf(m: Match, c: CommandInput): { clause: string; message: string } | null {
  const r = dispatch(m, c)
  return r.decision.ok ? null : { clause: r.decision.reason.clause, message: r.decision.reason.message }
}

/** Gives a command and lets any opportunity window it opens pass; every event on the way. */
function through(m0: Match, command: CommandInput): { match: Match; events: GameEvent[] } {
  const first = act(m0, command)
  let m = first.match
  const events: GameEvent[] = [...first.events]
  for (let i = 0; i < 20 && m.state.pending?.kind === 'opportunity'; i++) {
    const r = act(m, { type: 'holdFire', sideId: m.state.pending.sideId, until: 'move' })
    events.push(...r.events)
    m = r.match
  }
  return { match: m, events }
}

/** Same state, dice from another seed (quick dice come from the generator alone). */
const reseeded = (m: Match, seed: number): Match => ({ ...m, state: { ...m.state, rng: seedRng(seed) } })

// ---------------------------------------------------------------------------------------------
// 1. Close Assault moves judged on the table as the attacking side knows it

/**
 * Blue's team `a` (no armour: 10" moves) at a1 (20, 29.5) and a2 (22, 29.5), 8.5" from Red (edge to edge, so no
 * one is spotted, SMLE-SCEN-05); Red's target team `r` is one rifleman r1 at (20, 20), in plain view. a1's charge
 * to (20, 21) touches r1 from the south (8.5"); a2's to (21, 20) touches him from the east (9.6"). Red's team `h`
 * is one rifleman set up hidden at `hAt` (by default (21, 20), the very spot a2 charges to, more than 8" from every
 * Blue figure). Every team but `a` waits at AL 4 (no opportunity fire).
 */
const A1_CONTACT: Pt = { x: 20, z: 21 }
const A2_CONTACT: Pt = { x: 21, z: 20 }
interface AssaultTable {
  hAt?: Pt | null
  hHidden?: boolean
  aHidden?: boolean
  blue?: TeamInput[]
  red?: TeamInput[]
  more?: Partial<ScenarioInput>
  a2At?: Pt
}
function assaultTable(o: AssaultTable = {}): Match {
  const hAt = o.hAt === undefined ? A2_CONTACT : o.hAt
  const a2At = o.a2At ?? { x: 22, z: 29.5 }
  const teams: TeamInput[] = [
    team('a', 'blue', [fig('a1', 20, 29.5, { armour: 'none' }), fig('a2', a2At.x, a2At.z, { armour: 'none' })], {
      hidden: o.aHidden ?? false,
    }),
    team('r', 'red', [fig('r1', 20, 20)]),
    ...(hAt ? [team('h', 'red', [fig('h1', hAt.x, hAt.z)], { hidden: o.hHidden ?? true })] : []),
    ...(o.blue ?? []),
    ...(o.red ?? []),
  ]
  let m = inTurn(start(teams, o.more ?? {}), 'a', 9)
  for (const id of Object.keys(m.state.teams)) if (id !== 'a') m = withAl(m, id, 4)
  return m
}
const assault = (moves: { figureId: string; to: Pt; via?: Pt[] }[], targetTeamId = 'r'): CommandInput => ({
  type: 'closeAssault',
  teamId: 'a',
  targetTeamId,
  moves: moves.map((mv) => ({ figureId: mv.figureId, to: mv.to, via: mv.via ?? [] })),
})
const BOTH = assault([
  { figureId: 'a1', to: A1_CONTACT },
  { figureId: 'a2', to: A2_CONTACT },
])

/** Nothing of the assault happened: nobody moved, no roll, no move option or attack taken. */
function nothingHappened(before: Match, after: Match, events: readonly GameEvent[]): void {
  const kinds = events.map((e) => e.type)
  for (const t of ['FigureMoved', 'DiceRolled', 'MoveOptionChosen', 'AttackMade', 'FigureStatusChanged'] as const)
    expect(kinds, `no ${t}`).not.toContain(t)
  for (const id of ['a1', 'a2']) {
    expect(posOf(after, id), `${id} stays`).toEqual(posOf(before, id))
    expect(after.state.figures[id]!.movedIn, `${id} moved nothing`).toBe(0)
  }
  const a = after.state.teams['a']!
  expect(a.moveOption).toBeNull()
  expect(a.attack).toBeNull()
  expect(a.attackedThisTurn).toBe(false)
  expect(after.state.figures['r1']!.status).toBe('ok')
  expect(posOf(after, 'r1')).toEqual({ x: 20, z: 20 })
}

describe('SMLE-SCEN-05 [decision] / SMLE-COMBAT-01: an assault move that would end on a hidden enemy figure finds it', () => {
  it('control: without the hidden team the two-man assault is accepted and both attackers charge home', () => {
    const r = through(assaultTable({ hAt: null }), BOTH)
    expect(posOf(r.match, 'a1')).toEqual(A1_CONTACT)
    expect(posOf(r.match, 'a2')).toEqual(A2_CONTACT)
    expect(ofType(r.events, 'AttackMade').map((e) => [e.teamId, e.kind, e.targetTeamId])).toEqual([
      ['a', 'assault', 'r'],
    ])
  })

  it('two attackers, only a2 ends on the hidden figure: the team is revealed "found by a2"; nobody moves (a1 neither), no assault, Move option and attack not taken', () => {
    const m0 = assaultTable()
    expect(m0.state.teams['h']!.hidden).toBe(true)
    const r = act(m0, BOTH)
    const rev = ofType(r.events, 'TeamRevealed')
    expect(rev.map((e) => [e.teamId, e.reason])).toEqual([['h', 'found by a2']])
    expect(r.match.state.teams['h']!.hidden).toBe(false)
    expect(ofType(r.events, 'PositionFound')).toEqual([])
    nothingHappened(m0, r.match, r.events)
    expect(posOf(r.match, 'h1')).toEqual(A2_CONTACT)
  })

  it('the reason names the finder by its name (a2 called "Pte Able")', () => {
    let m0 = assaultTable()
    m0 = withFigure(m0, 'a2', { name: 'Pte Able' })
    const r = act(m0, BOTH)
    expect(ofType(r.events, 'TeamRevealed').map((e) => e.reason)).toEqual(['found by Pte Able'])
  })

  it('the attacker listed first may be the finder: a1 ending on the hidden figure, a2 charging legally, finds it just the same', () => {
    const m0 = assaultTable({ hAt: { x: 19, z: 20 } })
    const r = act(
      m0,
      assault([
        { figureId: 'a1', to: { x: 19, z: 20 } },
        { figureId: 'a2', to: A2_CONTACT },
      ]),
    )
    expect(ofType(r.events, 'TeamRevealed').map((e) => [e.teamId, e.reason])).toEqual([['h', 'found by a1']])
    nothingHappened(m0, r.match, r.events)
  })

  it('an end whose base would only overlap the hidden figure (not on its centre) finds it too', () => {
    const m0 = assaultTable()
    // 0.67" from h1's centre (bases of 0.5" radius overlap), 1.43" from r1 (clear of him).
    const r = act(
      m0,
      assault([
        { figureId: 'a1', to: A1_CONTACT },
        { figureId: 'a2', to: { x: 21.3, z: 20.6 } },
      ]),
    )
    expect(ofType(r.events, 'TeamRevealed').map((e) => e.teamId)).toEqual(['h'])
    nothingHappened(m0, r.match, r.events)
  })

  it('a hidden figure near an attacker\'s end but not under it is not "found" by the assault: the assault is made', () => {
    // h1 at (22.6, 20.4): 1.6" from a2's end at (21, 20), bases apart.
    const m0 = assaultTable({ hAt: { x: 22.6, z: 20.4 } })
    const r = through(m0, BOTH)
    expect(posOf(r.match, 'a1')).toEqual(A1_CONTACT)
    expect(posOf(r.match, 'a2')).toEqual(A2_CONTACT)
    expect(ofType(r.events, 'AttackMade').map((e) => e.kind)).toEqual(['assault'])
    expect(ofType(r.events, 'TeamRevealed').every((e) => !/^found by/.test(e.reason))).toBe(true)
  })

  it('the move stays unspent and the attack untaken: the found team is then a legal assault target (a2 charges h1 from the south)', () => {
    const found = act(assaultTable(), BOTH).match
    const r = through(found, assault([{ figureId: 'a2', to: { x: 21, z: 21 } }], 'h'))
    // a2 charged home (wherever the fight's result then sent him).
    const charged = ofType(r.events, 'FigureMoved').filter((e) => e.figureId === 'a2' && !e.forced)
    expect(charged.at(-1)?.to).toMatchObject({ x: 21, z: 21 })
    expect(ofType(r.events, 'AttackMade').map((e) => [e.kind, e.targetTeamId])).toEqual([['assault', 'h']])
    expect(rolls(r.events, /close assault/).length).toBeGreaterThan(0)
  })

  it('after the find the original target may still be assaulted, the attacker sent to another spot', () => {
    const found = act(assaultTable(), BOTH).match
    const r = through(
      found,
      assault([
        { figureId: 'a1', to: A1_CONTACT },
        { figureId: 'a2', to: { x: 19, z: 20 } },
      ]),
    )
    expect(posOf(r.match, 'a1')).toEqual(A1_CONTACT)
    expect(posOf(r.match, 'a2')).toEqual({ x: 19, z: 20 })
    expect(ofType(r.events, 'AttackMade').map((e) => [e.kind, e.targetTeamId])).toEqual([['assault', 'r']])
  })

  it('after the find a figure may still make (almost) its whole move, 9.9" of 10", with moveFigure', () => {
    const found = act(assaultTable(), BOTH).match
    const r = act(found, { type: 'moveFigure', figureId: 'a1', to: { x: 29.9, z: 29.5 } })
    expect(posOf(r.match, 'a1')).toEqual({ x: 29.9, z: 29.5 })
  })

  it('CORE-TABLE-03: once found, the same assault is refused as ending on a figure the side can see', () => {
    const found = act(assaultTable(), BOTH).match
    expect(refusalOf(found, BOTH)?.clause).toBe('CORE-TABLE-03')
  })

  it('CORE-TABLE-03: a visible enemy figure (of another team) at the spot refuses the assault', () => {
    const m0 = assaultTable({ hHidden: false })
    const r = dispatch(m0, BOTH)
    expect(r.decision.ok).toBe(false)
    if (!r.decision.ok) expect(r.decision.reason.clause).toBe('CORE-TABLE-03')
  })

  it('a hidden attacking team that finds a hidden enemy is not revealed itself', () => {
    const m0 = assaultTable({ aHidden: true })
    expect(m0.state.teams['a']!.hidden).toBe(true)
    // Control: a turn that ends doing nothing leaves it hidden (nobody is within 8" of it).
    expect(act(m0, { type: 'endActivation', teamId: 'a' }).match.state.teams['a']!.hidden).toBe(true)
    const r = act(m0, BOTH)
    expect(ofType(r.events, 'TeamRevealed').map((e) => e.teamId)).toEqual(['h'])
    expect(r.match.state.teams['a']!.hidden).toBe(true)
    nothingHappened(m0, r.match, r.events)
  })

  it("a hidden figure of the attacker's own side at the spot is known to it: the assault reads exactly as with that figure visible (CORE-TABLE-03), and nothing is revealed", () => {
    const own = (hidden: boolean) =>
      assaultTable({ hAt: null, blue: [team('bh', 'blue', [fig('bh1', A2_CONTACT.x, A2_CONTACT.z)], { hidden })] })
    const hiddenOwn = own(true)
    expect(hiddenOwn.state.teams['bh']!.hidden).toBe(true)
    const withHidden = refusalOf(hiddenOwn, BOTH)
    expect(withHidden).toEqual(refusalOf(own(false), BOTH))
    expect(withHidden?.clause).toBe('CORE-TABLE-03')
  })
})

describe('SMLE-SCEN-05 [decision]: a refusal for any other reason reads the same with or without the hidden figure', () => {
  /** The refusal with the hidden team on a2's end, and without it; the hidden team is still hidden. */
  function same(o: AssaultTable, cmd: CommandInput, patch: (m: Match) => Match = (m) => m): string {
    const withH = patch(assaultTable(o))
    const withoutH = patch(assaultTable({ ...o, hAt: null }))
    const a = refusalOf(withH, cmd)
    const b = refusalOf(withoutH, cmd)
    expect(a, 'refused with the hidden figure').not.toBeNull()
    expect(a).toEqual(b)
    const r = dispatch(withH, cmd)
    expect(r.match.state.teams['h']!.hidden).toBe(true)
    return a!.clause
  }

  it('a1 ordered too far (a 21" detour) while a2 would end on the hidden figure', () => {
    const cmd = assault([
      { figureId: 'a1', to: A1_CONTACT, via: [{ x: 30, z: 25 }] },
      { figureId: 'a2', to: A2_CONTACT },
    ])
    same({}, cmd)
  })

  it('no attacker would touch the defender (SMLE-CA-03) while a2 would end on the hidden figure', () => {
    // h1 at (23, 21): 3.2" from r1, so a2's end on it touches nobody; a1 stops 2" short.
    const cmd = assault([
      { figureId: 'a1', to: { x: 20, z: 23 } },
      { figureId: 'a2', to: { x: 23, z: 21 } },
    ])
    same({ hAt: { x: 23, z: 21 } }, cmd)
  })

  it('the team at B8 (Close Assault needs B9+, SMLE-COMBAT-01)', () => {
    same({}, BOTH, (m) => withAl(m, 'a', 10))
  })

  it('the team has already made its attack this round (SMLE-TURN-07)', () => {
    same({}, BOTH, (m) => withTeam(m, 'a', { attack: 'direct', attackedThisTurn: true }))
  })
})

// ---------------------------------------------------------------------------------------------
// 1b. Concealed prepared positions crossed by an assault move (SMLE-SHOOT-26 [decision])

/**
 * A 5" × 4" bunker at (26, 24) (x 23.5–28.5, z 22–26), arc north. a2 starts at (25, 28), 2" south of it; its
 * straight charge to (21, 20) (8.9") crosses the bunker's south-west corner. a1's charge from (20, 29) to (20, 21)
 * passes well west of it.
 */
const BUNKER = { id: 'bx', kind: 'bunker' as const, x: 26, z: 24, arcDeg: 0 }
function bunkerTable(bunker: { concealed: boolean; sideId: string } | null, o: AssaultTable = {}): Match {
  return assaultTable({
    hAt: null,
    a2At: { x: 25, z: 28 },
    more: bunker ? { positions: [{ ...BUNKER, ...bunker }] } : {},
    ...o,
  })
}
/** Round the bunker's west side: 9.6". */
const AROUND_WEST = [{ x: 22.6, z: 26.6 }]

/** What an assault did: refused (clause and message) or accepted (where a1 and a2 ended). */
function outcome(m: Match, cmd: CommandInput): unknown {
  const r = dispatch(m, cmd)
  if (!r.decision.ok) return { refused: r.decision.reason.clause, message: r.decision.reason.message }
  return {
    a1: posOf(r.match, 'a1'),
    a2: posOf(r.match, 'a2'),
    found: r.decision.events.filter((e) => e.type === 'PositionFound').length,
  }
}

describe('SMLE-SHOOT-26 [decision]: an assault move across a concealed position the side has not found finds it', () => {
  it('control: with no bunker on the table the straight charges are accepted', () => {
    const r = through(bunkerTable(null), BOTH)
    expect(posOf(r.match, 'a2')).toEqual(A2_CONTACT)
    expect(ofType(r.events, 'AttackMade').map((e) => e.kind)).toEqual(['assault'])
  })

  it("a2's charge across Red's concealed bunker: PositionFound, on the table from then on; nobody moves, no assault", () => {
    const m0 = bunkerTable({ concealed: true, sideId: 'red' })
    const r = act(m0, BOTH)
    expect(ofType(r.events, 'PositionFound').map((e) => e.positionId)).toEqual(['bx'])
    expect(r.match.state.foundPositionIds ?? []).toContain('bx')
    expect(ofType(r.events, 'TeamRevealed')).toEqual([])
    nothingHappened(m0, r.match, r.events)
  })

  it('a hidden attacking team that finds a concealed position is not revealed', () => {
    const m0 = bunkerTable({ concealed: true, sideId: 'red' }, { aHidden: true })
    const r = act(m0, BOTH)
    expect(ofType(r.events, 'PositionFound').length).toBe(1)
    expect(r.match.state.teams['a']!.hidden).toBe(true)
    nothingHappened(m0, r.match, r.events)
  })

  it('after the find, the same team assaults again round the bunker: accepted, the move and attack were unspent', () => {
    const found = act(bunkerTable({ concealed: true, sideId: 'red' }), BOTH).match
    const r = through(
      found,
      assault([
        { figureId: 'a1', to: A1_CONTACT },
        { figureId: 'a2', to: A2_CONTACT, via: AROUND_WEST },
      ]),
    )
    expect(posOf(r.match, 'a2')).toEqual(A2_CONTACT)
    expect(ofType(r.events, 'AttackMade').map((e) => [e.kind, e.targetTeamId])).toEqual([['assault', 'r']])
    expect(ofType(r.events, 'PositionFound')).toEqual([])
  })

  it('once found, the straight charge reads exactly as against the same bunker set up visible (no second find)', () => {
    const found = act(bunkerTable({ concealed: true, sideId: 'red' }), BOTH).match
    const visible = bunkerTable({ concealed: false, sideId: 'red' })
    const seen = outcome(visible, BOTH)
    expect(outcome(found, BOTH)).toEqual(seen)
    expect(seen).not.toMatchObject({ found: 1 })
  })

  it("Blue's own concealed bunker is known to Blue: the charge reads exactly as against it set up visible, and finds nothing", () => {
    const own = outcome(bunkerTable({ concealed: true, sideId: 'blue' }), BOTH)
    expect(own).toEqual(outcome(bunkerTable({ concealed: false, sideId: 'blue' }), BOTH))
    expect(own).not.toMatchObject({ found: 1 })
  })

  it('a refusal for another reason (the team at B8) reads the same with or without the concealed bunker', () => {
    const a = refusalOf(withAl(bunkerTable({ concealed: true, sideId: 'red' }), 'a', 10), BOTH)
    const b = refusalOf(withAl(bunkerTable(null), 'a', 10), BOTH)
    expect(a).not.toBeNull()
    expect(a).toEqual(b)
  })

  it('a refusal for another reason (a1 too far) reads the same with or without the concealed bunker, which stays unfound', () => {
    const cmd = assault([
      { figureId: 'a1', to: A1_CONTACT, via: [{ x: 10, z: 25 }] },
      { figureId: 'a2', to: A2_CONTACT },
    ])
    const m = bunkerTable({ concealed: true, sideId: 'red' })
    const a = refusalOf(m, cmd)
    expect(a).not.toBeNull()
    expect(a).toEqual(refusalOf(bunkerTable(null), cmd))
    expect(dispatch(m, cmd).match.state.foundPositionIds ?? []).not.toContain('bx')
  })
})

// ---------------------------------------------------------------------------------------------
// 2. SMLE-EXP-15 with vehicles and wrecks

interface Rect {
  minX: number
  maxX: number
  minZ: number
  maxZ: number
}
/** A hull's footprint (facing 0 or 90 only). */
function hullOf(v: { position: Pt; facingDeg: number; lengthIn: number; widthIn: number }): Rect {
  const alongX = Math.round(v.facingDeg) % 180 === 90
  const hx = (alongX ? v.lengthIn : v.widthIn) / 2
  const hz = (alongX ? v.widthIn : v.lengthIn) / 2
  return { minX: v.position.x - hx, maxX: v.position.x + hx, minZ: v.position.z - hz, maxZ: v.position.z + hz }
}
/** Where the segment from→to first enters the rectangle (from outside it), or null. */
function entry(from: Pt, to: Pt, r: Rect): Pt | null {
  let t0 = 0
  let t1 = 1
  const d = { x: to.x - from.x, z: to.z - from.z }
  for (const [p, dp, lo, hi] of [
    [from.x, d.x, r.minX, r.maxX],
    [from.z, d.z, r.minZ, r.maxZ],
  ] as const) {
    if (Math.abs(dp) < 1e-12) {
      if (p < lo || p > hi) return null
      continue
    }
    let a = (lo - p) / dp
    let b = (hi - p) / dp
    if (a > b) [a, b] = [b, a]
    t0 = Math.max(t0, a)
    t1 = Math.min(t1, b)
    if (t0 > t1) return null
  }
  return { x: from.x + d.x * t0, z: from.z + d.z * t0 }
}
const inside = (p: Pt, r: Rect, eps = 1e-6) =>
  p.x > r.minX + eps && p.x < r.maxX - eps && p.z > r.minZ + eps && p.z < r.maxZ - eps
/** SMLE-EXP-12/13: the deviation of each face, [long, right] in inches. */
const DEVIATION: Record<number, [number, number]> = {
  1: [-2, 0],
  2: [0, -1],
  3: [0, 1],
  4: [2, -1],
  5: [2, 1],
  6: [4, 0],
}
/** SMLE-EXP-13: the point `face` puts a miss, along the firer→target line, scaled (½ grenades, 2 indirect). */
function deviated(from: Pt, target: Pt, face: number, scale: number): Pt {
  const [long, right] = DEVIATION[face]!
  const len = Math.hypot(target.x - from.x, target.z - from.z)
  const ux = (target.x - from.x) / len
  const uz = (target.z - from.z) / len
  // Right of a heading (ux, uz), X east and Z south: (−uz, ux).
  return { x: target.x + (ux * long - uz * right) * scale, z: target.z + (uz * long + ux * right) * scale }
}
const distToLine = (p: Pt, a: Pt, b: Pt): number => {
  const len = Math.hypot(b.x - a.x, b.z - a.z)
  return Math.abs((b.x - a.x) * (a.z - p.z) - (a.x - p.x) * (b.z - a.z)) / len
}

/**
 * Where a round should land (SMLE-EXP-15 with hulls): the deviated point, or the first entry of the line from the
 * firer into a stopping hull.
 */
function expectedLanding(from: Pt, dev: Pt, stops: Rect[]): { at: Pt; stoppedBy: Rect | null } {
  let best: { at: Pt; stoppedBy: Rect | null } = { at: dev, stoppedBy: null }
  let bestD = Infinity
  for (const r of stops) {
    const e = entry(from, dev, r)
    if (!e) continue
    const d = Math.hypot(e.x - from.x, e.z - from.z)
    if (d < bestD) {
      bestD = d
      best = { at: e, stoppedBy: r }
    }
  }
  return best
}

/** Asserts a burst landed as expected: exactly at an unstopped point; at the near face of a hull that stops it. */
function expectLanding(at: Pt, from: Pt, dev: Pt, stops: Rect[], label: string): 'stopped' | 'clear' {
  const want = expectedLanding(from, dev, stops)
  if (!want.stoppedBy) {
    expect(at.x, `${label}: x`).toBeCloseTo(want.at.x, 3)
    expect(at.z, `${label}: z`).toBeCloseTo(want.at.z, 3)
    return 'clear'
  }
  // Against the hull on the near side: on the line, outside the hull, before its face and within ½" of it.
  expect(distToLine(at, from, dev), `${label}: on the line`).toBeLessThan(0.05)
  expect(inside(at, want.stoppedBy), `${label}: not inside the hull (${at.x}, ${at.z})`).toBe(false)
  const dAt = Math.hypot(at.x - from.x, at.z - from.z)
  const dFace = Math.hypot(want.at.x - from.x, want.at.z - from.z)
  expect(dAt, `${label}: on the near side of the face at (${want.at.x}, ${want.at.z})`).toBeLessThanOrEqual(
    dFace + 1e-6,
  )
  expect(dFace - dAt, `${label}: against the face`).toBeLessThan(0.5)
  return 'stopped'
}

/** Every deviated burst of `fire` over seeds: face and burst point. */
function deviations(
  base: Match,
  cmd: CommandInput,
  seeds = 150,
): { seed: number; face: number; at: Pt; events: readonly GameEvent[] }[] {
  const out: { seed: number; face: number; at: Pt; events: readonly GameEvent[] }[] = []
  for (let seed = 1; seed <= seeds; seed++) {
    const r = act(reseeded(base, seed), cmd)
    const dev = rolls(r.events, /^deviation/)[0]
    if (!dev) continue
    const x = ofType(r.events, 'Explosion')[0]
    if (!x) throw new Error(`seed ${seed}: a deviation with no explosion`)
    out.push({ seed, face: dev.faces[0]!, at: { x: x.at.x, z: x.at.z }, events: r.events })
  }
  return out
}

function withVehicle(m: Match, id: string, patch: Partial<VehicleState>): Match {
  const v = m.state.vehicles[id]
  if (!v) throw new Error(`no vehicle ${id}`)
  return { ...m, state: { ...m.state, vehicles: { ...m.state.vehicles, [id]: { ...v, ...patch } } } }
}
/** The vehicle is a wreck (SMLE-VEH-15): killed, its crew dead and set down out of the way. */
function wrecked(m0: Match, id: string): Match {
  let m = withVehicle(m0, id, { status: 'killed' })
  let i = 0
  for (const f of Object.values(m.state.figures))
    if (f.vehicleId === id)
      m = withFigure(m, f.id, { vehicleId: null, status: 'dead', position: { x: 2 + i++, y: 0, z: 2 } })
  return m
}
/** A large (1.5" hull) vehicle of `sideId`; `facingDeg` 90 lies along x, 0 along z. */
const large = (id: string, sideId: string, at: Pt, facingDeg: number, lengthIn = 6, widthIn = 3): VehicleInput => ({
  id,
  name: id,
  sideId,
  profile: 'medium-tank',
  crewTeamId: `${id}-crew`,
  position: at,
  facingDeg,
  lengthIn,
  widthIn,
  size: 'large',
})
const crewOf = (v: VehicleInput, more: Partial<TeamInput> = {}): TeamInput =>
  team(v.crewTeamId, v.sideId, [fig(`${v.id}-c1`, v.position.x, v.position.z)], {
    kind: 'crew',
    vehicleId: v.id,
    ...more,
  })
const rectOf = (v: VehicleInput): Rect =>
  hullOf({ position: v.position, facingDeg: v.facingDeg ?? 0, lengthIn: v.lengthIn ?? 3, widthIn: v.widthIn ?? 1.5 })

/**
 * Blue's grenadier b1 at (20, `throwerZ`) throws at Red's lone r1 at (20, 20): from z 27, 6" off edge to edge
 * (within the grenade's 6", halved deviation); from z 29, 8" off (beyond it: halved and doubled, SMLE-EXP-14).
 * `vehicles` are wrecked; `walls` are stone walls 1.5" high.
 */
const TARGET: Pt = { x: 20, z: 20 }
function grenadeRange(vehicles: VehicleInput[], throwerZ = 27, walls: Pt[][] = []): Match {
  let m = start(
    [
      team('b', 'blue', [fig('b1', 20, throwerZ, { otherWeapons: ['hand-grenade'] })], {
        ammo: { 'hand-grenade': 9 },
      }),
      team('r', 'red', [fig('r1', TARGET.x, TARGET.z)]),
      ...vehicles.map((v) => crewOf(v)),
    ],
    {
      vehicles,
      linearFeatures: walls.map((points, k) => ({ id: `w${k}`, kind: 'stoneWall' as const, points, heightIn: 1.5 })),
    },
  )
  for (const v of vehicles) m = wrecked(m, v.id)
  return inTurn(m, 'b', 9)
}
const THROW: CommandInput = {
  type: 'directFire',
  teamId: 'b',
  targetTeamId: 'r',
  firerIds: ['b1'],
  weapons: { b1: 'hand-grenade' },
}
const THROWER: Pt = { x: 20, z: 27 }

describe('SMLE-EXP-15 / SMLE-VEH-15: a thrown grenade deviating into a vehicle or wreck bursts against it, as against a wall', () => {
  it('control: with no hull on the table every missed grenade lands at its halved deviation (SMLE-EXP-14)', () => {
    const got = deviations(grenadeRange([]), THROW)
    expect(new Set(got.map((g) => g.face)).size).toBe(6)
    for (const g of got) expectLanding(g.at, TARGET, deviated(THROWER, TARGET, g.face, 0.5), [], `face ${g.face}`)
  })

  it('a grenade deviating 2" long into a tank wreck behind the target bursts against the wreck on the near side; shorter deviations land where they fall', () => {
    // Wreck broadside at (20, 17): hull x 17–23, z 15.5–18.5. Face 6 (→ (20, 18)) runs into it; faces 4, 5 (→ z 19) fall short of it.
    const W = large('wk', 'red', { x: 20, z: 17 }, 90)
    const got = deviations(grenadeRange([W]), THROW)
    expect([...new Set(got.map((g) => g.face))].sort()).toEqual([1, 2, 3, 4, 5, 6])
    for (const g of got) {
      const how = expectLanding(g.at, TARGET, deviated(THROWER, TARGET, g.face, 0.5), [rectOf(W)], `face ${g.face}`)
      expect(how, `face ${g.face}`).toBe(g.face === 6 ? 'stopped' : 'clear')
    }
  })

  it('a grenade deviating long-left passes by a wreck lying beside the target; long-right it bursts against the wreck', () => {
    // Wreck lying north–south just north-east of r1: hull x 20.3–23.3, z 13.4–19.4 (its corner 0.67" from r1's
    // centre, clear of his base). Face 5 (→ (20.5, 19)) meets the corner's faces; face 4 (→ (19.5, 19)) passes by.
    const W = large('wk', 'red', { x: 21.8, z: 16.4 }, 0)
    const got = deviations(grenadeRange([W]), THROW)
    const byFace = new Map(got.map((g) => [g.face, g]))
    expect(byFace.has(4) && byFace.has(5), 'faces 4 and 5 seen').toBe(true)
    for (const g of got) {
      const how = expectLanding(g.at, TARGET, deviated(THROWER, TARGET, g.face, 0.5), [rectOf(W)], `face ${g.face}`)
      expect(how, `face ${g.face}`).toBe(g.face === 5 ? 'stopped' : 'clear')
    }
    expect(byFace.get(4)!.at).toEqual({ x: 19.5, z: 19 })
  })

  it('beyond 6" a grenade deviates a full inch sideways: right, into a wreck alongside the target, it bursts against it; left it falls clear', () => {
    // Thrown from (20, 29), 8" off: deviation halved and doubled. Wreck north–south at (22.1, 20): hull x 20.6–23.6,
    // z 17–23, 0.1" clear of r1's base. Faces 3 (→ (21, 20)) and 5 (→ (21, 18)) go into it; 2, 4, 6, 1 fall clear.
    const W = large('wk', 'red', { x: 22.1, z: 20 }, 0)
    const from: Pt = { x: 20, z: 29 }
    const got = deviations(grenadeRange([W], 29), THROW, 250)
    const faces = new Set(got.map((g) => g.face))
    expect(faces.has(2) && faces.has(3), 'faces 2 and 3 seen').toBe(true)
    for (const g of got) {
      const how = expectLanding(g.at, TARGET, deviated(from, TARGET, g.face, 1), [rectOf(W)], `face ${g.face}`)
      expect(how, `face ${g.face}`).toBe(g.face === 3 || g.face === 5 ? 'stopped' : 'clear')
    }
  })

  it('"as against a wall": a wreck and a stone wall in the same place (beside the throw, off the deviation) give the same landings', () => {
    // Both stand just east of the thrower's line to r1 (x 20.2, z 21–25): the line from the thrower to a right
    // deviation crosses them, the grenade's deviation from the target point does not.
    const W = large('wk', 'red', { x: 21.7, z: 23 }, 0, 4, 3)
    const wreck = deviations(grenadeRange([W]), THROW)
    const wall = deviations(
      grenadeRange([], 27, [
        [
          { x: 20.2, z: 21 },
          { x: 20.2, z: 25 },
        ],
      ]),
      THROW,
    )
    expect(wreck.some((g) => g.face === 3 || g.face === 5)).toBe(true)
    expect(wreck.map((g) => [g.seed, g.face, g.at])).toEqual(wall.map((g) => [g.seed, g.face, g.at]))
  })
})

describe('SMLE-EXP-15 / SMLE-VEH-15: a round fired flat stops at a vehicle or wreck on its line, except the one it starts in or was aimed at', () => {
  it('a bazooka round that misses the tank it was aimed at is not stopped by that tank; a second vehicle beyond it stops it', () => {
    // Red's tank broadside at (24, 20): hull x 21–27, z 18.5–21.5, crew aboard; Blue's bazooka at (24, 33.5) aims
    // at the hull's near face (24, 21.5). A second Red vehicle (live, crew aboard) north–south beyond it at
    // (24, 16.5): hull x 23.25–24.75, z 15–18. Face 6 (→ (24, 17.5)) crosses the target's hull and runs into it.
    const T = large('rt', 'red', { x: 24, z: 20 }, 90)
    const V = large('rv', 'red', { x: 24, z: 16.5 }, 0, 3, 1.5)
    const FIRER: Pt = { x: 24, z: 33.5 }
    const AIM: Pt = { x: 24, z: 21.5 }
    const table = (withV: boolean) =>
      inTurn(
        start(
          [
            team('b', 'blue', [fig('b2', FIRER.x, FIRER.z, { weapon: 'bazooka' })], { ammo: { bazooka: 9 } }),
            crewOf(T),
            ...(withV ? [crewOf(V)] : []),
          ],
          { vehicles: withV ? [T, V] : [T] },
        ),
        'b',
        9,
      )
    const cmd: CommandInput = {
      type: 'directFire',
      teamId: 'b',
      targetTeamId: T.crewTeamId,
      firerIds: ['b2'],
      atVehicle: true,
      weapons: { b2: 'bazooka' },
    }
    // Without the second vehicle: every miss lands at its full deviation, faces 4 and 5 inside the target's own hull.
    const alone = deviations(table(false), cmd)
    expect(new Set(alone.map((g) => g.face)).size).toBeGreaterThanOrEqual(4)
    for (const g of alone) expectLanding(g.at, FIRER, deviated(FIRER, AIM, g.face, 1), [], `alone face ${g.face}`)
    // With it: face 6 stops at its near (south) side; the others are as before.
    const both = deviations(table(true), cmd)
    expect(
      both.some((g) => g.face === 6),
      'face 6 seen',
    ).toBe(true)
    for (const g of both) {
      const how = expectLanding(g.at, FIRER, deviated(FIRER, AIM, g.face, 1), [rectOf(V)], `face ${g.face}`)
      expect(how, `face ${g.face}`).toBe(g.face === 6 ? 'stopped' : 'clear')
    }
  })

  it("a round fired from a tank is not stopped by the firer's own hull; a friendly vehicle beside the line to a target beyond it stops the rounds deviating into it", () => {
    // Blue's tank north–south at (24, 36) (hull x 22.5–25.5, z 33–39), its gunner aboard at (24, 36). Red's r1 at
    // (24, 20). Another Blue hull north–south at (26.3, 24): x 24.8–27.8, z 21–27, just east of the line of sight:
    // the lines to a right deviation (faces 3, 5) cross it.
    const BT = large('bt', 'blue', { x: 24, z: 36 }, 0)
    const BV = large('bv', 'blue', { x: 26.3, z: 24 }, 0)
    const GUN: Pt = { x: 24, z: 36 }
    const AIM: Pt = { x: 24, z: 20 }
    const table = (withBv: boolean) => {
      let m = start(
        [
          crewOf(BT, { ammo: { 'gun-75': 99 } }),
          ...(withBv ? [crewOf(BV)] : []),
          team('r', 'red', [fig('r1', AIM.x, AIM.z)]),
        ],
        { vehicles: withBv ? [BT, BV] : [BT] },
      )
      m = withFigure(m, 'bt-c1', { braced: true })
      return inTurn(m, BT.crewTeamId, 9)
    }
    const cmd: CommandInput = {
      type: 'directFire',
      teamId: BT.crewTeamId,
      targetTeamId: 'r',
      firerIds: ['bt-c1'],
      weapons: { 'bt-c1': 'gun-75' },
    }
    const alone = deviations(table(false), cmd)
    expect(alone.length, 'some misses').toBeGreaterThan(3)
    for (const g of alone) expectLanding(g.at, GUN, deviated(GUN, AIM, g.face, 1), [], `alone face ${g.face}`)
    const beside = deviations(table(true), cmd, 250)
    const faces = new Set(beside.map((g) => g.face))
    expect(faces.has(3) || faces.has(5), 'a right deviation seen').toBe(true)
    for (const g of beside) {
      const how = expectLanding(g.at, GUN, deviated(GUN, AIM, g.face, 1), [rectOf(BV)], `face ${g.face}`)
      expect(how, `face ${g.face}`).toBe(g.face === 3 || g.face === 5 ? 'stopped' : 'clear')
    }
  })
})

// ---------------------------------------------------------------------------------------------
// 2b. Indirect fire falls from above

/**
 * Blue's section: the sergeant `obs` (command team `bhq`) at (10, 30) observes for the light mortar `mort` (team
 * `bm`) at (24, 44); the point is (24, 24), 20" up the table. A tank wreck lies broadside across the gun's line at
 * (24, 34) (hull x 21–27, z 32.5–35.5): every deviated landing's line from the mortar crosses it.
 */
const MORTAR: Pt = { x: 24, z: 44 }
const POINT: Pt = { x: 24, z: 24 }
function mortarTable(withWreck: boolean): Match {
  const W = large('wk', 'red', { x: 24, z: 34 }, 90)
  let m = start(
    [
      team('bhq', 'blue', [fig('obs', 10, 30, { isLeader: true })], { kind: 'command', groupId: 'bs' }),
      team('bm', 'blue', [fig('mort', MORTAR.x, MORTAR.z, { weapon: 'light-mortar' })], {
        groupId: 'bs',
        ammo: { 'light-mortar': 9 },
      }),
      team('r', 'red', [fig('r1', 44, 4)]),
      ...(withWreck ? [crewOf(W)] : []),
    ],
    {
      vehicles: withWreck ? [W] : [],
      groups: [{ id: 'bs', name: 'Blue section', sideId: 'blue', leaderFigureId: 'obs' }],
    },
  )
  if (withWreck) m = wrecked(m, 'wk')
  return inTurn(m, 'bhq', 6)
}
/** The fire called in round 1, then the game played on (every turn ended) until it lands or is cancelled. */
function mortarLanding(base: Match, seed: number): { face: number | null; at: Pt } | null {
  let m = act(reseeded(base, seed), {
    type: 'callFire',
    observerId: 'obs',
    firingTeamId: 'bm',
    point: POINT,
  }).match
  for (let i = 0; i < 200; i++) {
    if (m.state.phase === 'ended' || m.state.round > 2) return null
    const r = act(m, endTurnCommand(m))
    const x = ofType(r.events, 'Explosion')[0]
    if (x) {
      const dev = rolls(r.events, /^deviation/)[0]
      return { face: dev ? dev.faces[0]! : null, at: { x: x.at.x, z: x.at.z } }
    }
    if (r.events.some((e) => e.type === 'MissionEnded' && e.outcome === 'cancelled')) return null
    m = r.match
  }
  return null
}

describe('SMLE-EXP-15 / SMLE-IND-04: indirect fire falls from above and is not stopped by hulls', () => {
  it("a missed mortar round lands at its doubled deviation along the gun's line, over the wreck lying across that line", () => {
    const base = mortarTable(true)
    const seen: number[] = []
    let onTarget = 0
    for (let seed = 1; seed <= 60 && seen.length < 4; seed++) {
      const l = mortarLanding(base, seed)
      if (!l) continue
      if (l.face === null) {
        expect(l.at).toEqual(POINT)
        onTarget++
        continue
      }
      seen.push(l.face)
      const dev = deviated(MORTAR, POINT, l.face, 2)
      // Sanity: a round fired flat along this line would have met the wreck.
      expect(entry(MORTAR, dev, rectOf(large('wk', 'red', { x: 24, z: 34 }, 90)))).not.toBeNull()
      expect(l.at.x, `face ${l.face} x`).toBeCloseTo(dev.x, 3)
      expect(l.at.z, `face ${l.face} z`).toBeCloseTo(dev.z, 3)
    }
    expect(seen.length, `deviated landings seen (on target: ${onTarget})`).toBeGreaterThanOrEqual(2)
  })
})
