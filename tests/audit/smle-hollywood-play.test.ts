/**
 * Audit of the §14 optional and Hollywood rules as they are played in the built-in scenarios that switch them
 * on, written from shared/rules/smle.md (the engine was read only to learn how to build states and commands):
 *
 * - smle-magnificent-seven (`heroes`): Chris (Hero +2), Vin, Britt (Minor Heroes +1) among Veteran gunmen.
 * - smle-exterminator (`heroes`, `monsters`, `cameraFodder`): MacReady (Minor Hero +1), the Thing (armour
 *   "monsters", Veteran, Fanatic) and four Camera Fodder cultists (Untrained, Fanatic).
 * - smle-multiple-signals (`monsters`): alien packs (armour "aliens", Trained).
 *
 * What the reference asks, clause by clause:
 * - SMLE-HERO-02/03, Table 1a, 3, 5, §10.3, SMLE-DOOR-05: the hero's grade is added once to each of his own
 *   rolls (to hit, damage, damage defence, close assault, door) and to the activation of the team he is with;
 *   never to an enemy's roll against him. A light wound's −2 (SMLE-DMG-07) still applies to him.
 * - SMLE-HERO-05 / SMLE-TURN-08: a heroic unit may double-move round after round.
 * - SMLE-FODDER-02/03: a Camera Fodder figure hit rolls no effect of fire; it plays dead (prone, no actions,
 *   not a target, no casualty for activation); it gets up at the end of a round in which no enemy sees it.
 * - SMLE-MONSTER-01: monster move 8", armour +3 vs B / +2 vs E, close assault +6; aliens move 12", +1/+0,
 *   close assault +4, activation base 6.
 * - SMLE-MONSTER-03: "killed" by non-explosive fire → plays dead; the first enemy within 4" wakes it: light
 *   wound, at once a close assault on that figure, which is surprised (−2). "Killed" by explosive fire →
 *   removed, back 1D6 rounds later within 6" of an enemy figure that cannot see the spot, with a light wound.
 *   At most 2 revivals. SMLE-SCEN-06: the survivors win when the monster is killed after its revivals.
 *
 * Readings: "aliens" are not "monsters" for SMLE-MONSTER-02/03 (the clause names the monster; SMLE-MONSTER-01
 * lists aliens apart); with two heroes in one team the activation bonus is at least the best grade (the text
 * gives "+hero grade" and does not say whether two heroes add up); a dead hero is no longer "with" his team.
 *
 * Reading the engine keeps where this audit leaned the other way (not tested here): a monster due back with no
 * spot within 6" of an enemy figure that cannot see it (SMLE-MONSTER-03) waits, tried again each round, rather than
 * come back in sight.
 */
import { describe, expect, it } from 'vitest'
import { type GameEvent, type Match, figureFullMoveIn, legalCommands, previewFire } from '../../src-engine/index'
import type { CommandInput } from '../../src-engine/rules/smle/commands/index'
import { unitActivation } from '../../src-engine/rules/smle/activation'
import { immediateVerdict } from '../../src-engine/rules/smle/victory'
import { inTurn, withFigure, withTeam } from '../fixtures/play'
import {
  act,
  builtIn,
  clauseOf,
  endTurnCommand,
  modSum,
  ofType,
  reseed,
  rolls,
  start,
  sum,
} from './smle-s09-s16-helpers'

type Patch = Parameters<typeof withFigure>[2]
type Band = Parameters<typeof inTurn>[2]

// ---------------------------------------------------------------- helpers

function at(m: Match, id: string, x: number, z: number): Match {
  return withFigure(m, id, { position: { x, y: m.world.groundHeightAt(x, z), z } })
}
function each(m: Match, ids: readonly string[], patch: Patch): Match {
  let out = m
  for (const id of ids) out = withFigure(out, id, patch)
  return out
}
const pass = (m: Match): Match => act(m, endTurnCommand(m)).match
/** Declines every window until the acting side may go on. */
function settle(m0: Match): Match {
  let m = m0
  for (let i = 0; i < 100 && m.state.pending !== null; i++) m = pass(m)
  return m
}
/** Through set-up to phase 1 of round 1. */
function pastSetup(m0: Match): Match {
  let m = m0
  for (let i = 0; i < 20 && m.state.phase === 'setup'; i++) m = pass(m)
  return m
}
/** `teamId` acting at `band`, every other team done for the round: ending its turn ends the round. */
function soleTurn(m0: Match, teamId: string, band: Band): Match {
  let m = inTurn(m0, teamId, band)
  for (const id of Object.keys(m.state.teams))
    if (id !== teamId) m = withTeam(m, id, { turn: 'done', secondTurn: 'none' })
  return withTeam(m, teamId, { secondTurn: 'none' })
}
/** Ends the round from a `soleTurn` state. */
function endRound(m: Match, teamId: string): { match: Match; events: readonly GameEvent[] } {
  return act(settle(m), { type: 'endActivation', teamId })
}
const verdict = (m: Match) => immediateVerdict(m.state, m.world)
const fig = (m: Match, id: string) => {
  const f = m.state.figures[id]
  if (!f) throw new Error(`no figure ${id}`)
  return f
}
const sees = (m: Match, a: string, b: string) => m.world.sees(fig(m, a), fig(m, b), m.state.doors)
/** Sum of a preview's modifiers for each firer. */
function previewAll(m: Match, cmd: CommandInput): Record<string, number> {
  const p = previewFire(m.state, m.world, cmd)
  if (!p.ok) throw new Error(`preview refused: ${p.reason.clause}`)
  return Object.fromEntries(p.value.firers.map((f) => [f.firerId, sum(f.modifiers.map((x) => x.value))]))
}
/** Sum of a preview's modifiers for one firer. */
function previewMods(m: Match, cmd: CommandInput, firerId: string): number {
  const p = previewFire(m.state, m.world, cmd)
  if (!p.ok) throw new Error(`preview refused: ${p.reason.clause}`)
  const f = p.value.firers.find((x) => x.firerId === firerId)
  if (!f) throw new Error(`${firerId} does not fire`)
  return sum(f.modifiers.map((x) => x.value))
}
const alOf = (m: Match, teamId: string, die = 3) => unitActivation(m.state, m.world, teamId, die).al
const scoreOf = (m: Match, teamId: string, die = 3) =>
  die + sum(unitActivation(m.state, m.world, teamId, die).modifiers.map((x) => x.value))

// ---------------------------------------------------------------- The Magnificent Seven (heroes)

const seven = (seed = 1): Match => pastSetup(start(builtIn('smle-magnificent-seven'), seed))
const BD1 = ['bd-calvera', 'bd1-1', 'bd1-2', 'bd1-3', 'bd1-4']
/** Calvera's men 4" north of Chris and Vin, in the open, Chris's team acting at `band`. */
function sevenFacing(band: Band = 9): Match {
  let m = seven()
  for (const [i, id] of BD1.entries()) m = at(m, id, 18 + 1.6 * i, 20)
  return inTurn(m, 's7-a', band)
}

describe('§14.1 Heroes in The Magnificent Seven', () => {
  it('SMLE-HERO-03 / Table 1a: Britt (Minor Hero +1) adds 1 to the activation of Britt and Lee; the unheroic O’Reilly team gets nothing', () => {
    const m = seven()
    expect(scoreOf(m, 's7-b') - scoreOf(withFigure(m, 's7-britt', { hero: null }), 's7-b')).toBe(1)
    const mods = unitActivation(m.state, m.world, 's7-c', 3).modifiers
    expect(mods.filter((x) => /hero/i.test(x.label))).toEqual([])
  })

  it('SMLE-HERO-03 / Table 1a: Chris (+2) and Vin (+1) in one team: the team gets at least the best grade (+2)', () => {
    const m = seven()
    const noHeroes = withFigure(withFigure(m, 's7-chris', { hero: null }), 's7-vin', { hero: null })
    const bonus = scoreOf(m, 's7-a') - scoreOf(noHeroes, 's7-a')
    expect([2, 3]).toContain(bonus)
  })

  it('SMLE-HERO-03 / SMLE-ACT-09: Britt lightly wounded is still with his team: −1 wounded and still +1 hero', () => {
    const m = withFigure(seven(), 's7-britt', { status: 'lightWound', treated: false })
    expect(scoreOf(m, 's7-b') - scoreOf(withFigure(m, 's7-britt', { hero: null }), 's7-b')).toBe(1)
    expect(scoreOf(m, 's7-b') - scoreOf(seven(), 's7-b')).toBe(-1)
  })

  it('SMLE-HERO-03: Britt dead makes no roll: his team loses 2 for the casualty and has no hero bonus left', () => {
    const m = withFigure(seven(), 's7-britt', { status: 'dead' })
    expect(scoreOf(m, 's7-b') - scoreOf(withFigure(m, 's7-britt', { hero: null }), 's7-b')).toBe(0)
    const mods = unitActivation(m.state, m.world, 's7-b', 3).modifiers
    expect(mods.filter((x) => /casualt/i.test(x.label)).map((x) => x.value)).toEqual([-2])
    expect(mods.filter((x) => /hero/i.test(x.label))).toEqual([])
  })

  it("SMLE-HERO-02 / Table 3: Chris's to-hit roll gets +2, Vin's +1, once each; the bandits' to-hit roll at them gets nothing from it", () => {
    const m = sevenFacing()
    const fire: CommandInput = { type: 'directFire', teamId: 's7-a', targetTeamId: 'bd-1' }
    const plain = withFigure(withFigure(m, 's7-chris', { hero: null }), 's7-vin', { hero: null })
    expect(previewMods(m, fire, 's7-chris') - previewMods(plain, fire, 's7-chris')).toBe(2)
    expect(previewMods(m, fire, 's7-vin') - previewMods(plain, fire, 's7-vin')).toBe(1)
    // The other way round: Calvera's men shooting at Chris's team.
    const back = withTeam(inTurn(m, 'bd-1', 9), 'bd-1', {
      fire: { ...m.state.teams['bd-1']!.fire, thisRound: { ...m.state.teams['bd-1']!.fire.thisRound, direct: true } },
    })
    const backPlain = withTeam(inTurn(plain, 'bd-1', 9), 'bd-1', { fire: back.state.teams['bd-1']!.fire })
    const shoot: CommandInput = { type: 'directFire', teamId: 'bd-1', targetTeamId: 's7-a' }
    const withHeroes = previewAll(back, shoot)
    expect(Object.keys(withHeroes).length).toBeGreaterThan(0)
    expect(withHeroes).toEqual(previewAll(backPlain, shoot))
  })

  it('SMLE-HERO-03 / SMLE-DMG-07: Britt with a light wound shoots at −2 +1: one less than unhurt, one more than a plain wounded man', () => {
    let m = seven()
    for (const [i, id] of BD1.entries()) m = at(m, id, 16 + 1.6 * i, 22)
    m = inTurn(m, 's7-b', 9)
    const fire: CommandInput = { type: 'directFire', teamId: 's7-b', targetTeamId: 'bd-1', firerIds: ['s7-britt'] }
    const hurt = withFigure(m, 's7-britt', { status: 'lightWound', treated: false })
    expect(previewMods(hurt, fire, 's7-britt') - previewMods(m, fire, 's7-britt')).toBe(-2)
    expect(
      previewMods(hurt, fire, 's7-britt') - previewMods(withFigure(hurt, 's7-britt', { hero: null }), fire, 's7-britt'),
    ).toBe(1)
  })

  it("SMLE-HERO-03 / §10.3: Chris's damage roll is 1D+2 (pistol 1D + grade); a bandit's damage roll at Britt has no hero bonus, Britt's defence +1 Veteran +1 hero", () => {
    const m = sevenFacing()
    let n = 0
    for (let seed = 1; seed <= 40 && n < 3; seed++) {
      const r = act(reseed(m, seed), {
        type: 'directFire',
        teamId: 's7-a',
        targetTeamId: 'bd-1',
        firerIds: ['s7-chris'],
      })
      for (const d of rolls(r.events, 'damage')) {
        expect(d.faces).toHaveLength(1)
        expect(d.total - sum(d.faces)).toBe(2)
        n++
      }
    }
    expect(n).toBeGreaterThan(0)
    // Calvera's men, fired on by the Seven last round, shoot back at Britt and Lee at 4".
    let b = seven()
    for (const [i, id] of BD1.entries()) b = at(b, id, 17 + 1.6 * i, 23)
    b = inTurn(b, 'bd-1', 9)
    let k = 0
    for (let seed = 1; seed <= 80 && k < 3; seed++) {
      const r = act(reseed(b, seed), { type: 'directFire', teamId: 'bd-1', targetTeamId: 's7-b', aimAt: 's7-britt' })
      const rs = rolls(r.events, /^damage/)
      for (const [i, d] of rs.entries()) {
        if (d.purpose !== 'damage defence' || d.figureId !== 's7-britt') continue
        expect(modSum(d)).toBe(2)
        const attack = rs[i - 1]!
        expect(attack.purpose).toBe('damage')
        expect(attack.total - sum(attack.faces)).toBe(0)
        k++
      }
    }
    expect(k).toBeGreaterThan(0)
  })

  it('SMLE-HERO-03 / Table 5: in close assault Chris rolls 1D +2 pistol +1 Veteran +2 hero = +5, Vin 1D +1 rifle +1 Veteran +1 hero = +3', () => {
    let m = seven()
    // Two bandits stand 3" north of Chris and Vin; the rest of Calvera's men 6" away.
    m = at(m, 'bd1-1', 22, 21.9)
    m = at(m, 'bd1-2', 23.6, 21.9)
    for (const [i, id] of ['bd-calvera', 'bd1-3', 'bd1-4'].entries()) m = at(m, id, 30 + 1.6 * i, 21.9)
    m = inTurn(m, 's7-a', 9)
    const r = act(m, {
      type: 'closeAssault',
      teamId: 's7-a',
      targetTeamId: 'bd-1',
      moves: [
        { figureId: 's7-chris', to: { x: 22, z: 22.95 } },
        { figureId: 's7-vin', to: { x: 23.6, z: 22.95 } },
      ],
    })
    const ca = rolls(r.events, 'close assault')
    expect(modSum(ca.find((x) => x.figureId === 's7-chris')!)).toBe(5)
    expect(modSum(ca.find((x) => x.figureId === 's7-vin')!)).toBe(3)
  })

  it('SMLE-HERO-05 / SMLE-TURN-08: with heroes on, the team of Britt (a hero) that double-moved last round double-moves again', () => {
    for (let seed = 1; seed <= 60; seed++) {
      const m0 = withTeam(seven(seed), 's7-b', { doubleMovedLastRound: true })
      const { events } = playRound(m0)
      const set = ofType(events, 'ActivationSet').filter((e) => e.teamId === 's7-b')
      if (set[0]?.activation.band !== 10) continue
      expect(events.some((e) => e.type === 'TurnStarted' && e.turn === 'second' && e.teamIds.includes('s7-b'))).toBe(
        true,
      )
      return
    }
    throw new Error('s7-b never rolled B10')
  })

  it('SMLE-HERO-05 / SMLE-TURN-08: once its hero Britt is dead, Lee alone is no heroic unit: no second double move in a row', () => {
    for (let seed = 1; seed <= 120; seed++) {
      const m0 = withTeam(withFigure(seven(seed), 's7-britt', { status: 'dead' }), 's7-b', {
        doubleMovedLastRound: true,
      })
      const { events } = playRound(m0)
      const set = ofType(events, 'ActivationSet').filter((e) => e.teamId === 's7-b')
      if (set[0]?.activation.band !== 10) continue
      expect(events.some((e) => e.type === 'TurnStarted' && e.turn === 'second' && e.teamIds.includes('s7-b'))).toBe(
        false,
      )
      return
    }
    throw new Error('s7-b never rolled B10')
  })
})

/** Plays the current round out with every turn ended at once; its events. */
function playRound(m0: Match): { match: Match; events: GameEvent[] } {
  let m = m0
  const events: GameEvent[] = []
  const round = m.state.round
  for (let i = 0; i < 3000 && m.state.phase !== 'ended' && m.state.round === round; i++) {
    const r = act(m, endTurnCommand(m))
    events.push(...r.events)
    m = r.match
  }
  return { match: m, events }
}

// ---------------------------------------------------------------- Exterminator

const SURVIVORS = ['sv-mac', 'sv-childs', 'sv-garry', 'sv-norris', 'sv-windows', 'sv-palmer', 'sv-fuchs', 'sv-bennings']
const CULT = ['cult-1', 'cult-2', 'cult-3', 'cult-4']
const exterminator = (seed = 1): Match => pastSetup(start(builtIn('smle-exterminator'), seed))

describe('§14.1 Heroes in Exterminator: MacReady', () => {
  it('SMLE-HERO-03 / Table 1a: MacReady (Minor Hero +1) adds 1 to the activation of Mac and Childs', () => {
    const m = exterminator()
    expect(scoreOf(m, 'sv-a') - scoreOf(withFigure(m, 'sv-mac', { hero: null }), 'sv-a')).toBe(1)
  })

  it('SMLE-HERO-03 / SMLE-DOOR-05: MacReady forcing the laboratory door adds his +1 to the kick roll; Childs does not', () => {
    const door = exterminator().world.door('lab-front')
    if (!door) throw new Error('no lab-front door')
    const spot = { x: door.centre.x + door.outward.x * 1.2, z: door.centre.z + door.outward.z * 1.2 }
    const kick = (id: string) => {
      let m = exterminator()
      m = at(m, id, spot.x, spot.z)
      m = at(m, id === 'sv-mac' ? 'sv-childs' : 'sv-mac', spot.x + 1.6, spot.z + 1)
      m = inTurn(m, 'sv-a', 9)
      return rolls(act(m, { type: 'kickDoor', figureId: id, doorId: 'lab-front' }).events, 'force door')[0]!
    }
    expect(modSum(kick('sv-mac')) - modSum(kick('sv-childs'))).toBe(1)
  })
})

/** Mac and Childs 4" south of the cultists, acting at B9. */
function atCultists(): Match {
  let m = exterminator()
  m = at(m, 'sv-mac', 30, 9)
  m = at(m, 'sv-childs', 31.6, 9)
  return inTurn(m, 'sv-a', 9)
}

describe('§14.2 Camera Fodder in Exterminator: the cultists', () => {
  it('SMLE-FODDER-02 / SMLE-FODDER-03: a cultist hit rolls no effect of fire; it plays dead, prone, and is neither killed nor wounded', () => {
    const m = atCultists()
    for (let seed = 1; seed <= 60; seed++) {
      const r = act(reseed(m, seed), { type: 'directFire', teamId: 'sv-a', targetTeamId: 'mn-cult' })
      const hits = sum(ofType(r.events, 'ShotResolved').map((s) => s.hits))
      if (hits === 0) continue
      expect(rolls(r.events, /^damage/)).toEqual([])
      const down = CULT.filter((id) => fig(r.match, id).status === 'playingDead')
      expect(down).toHaveLength(hits)
      for (const id of down) expect(fig(r.match, id).prone).toBe(true)
      for (const id of CULT) expect(['ok', 'playingDead']).toContain(fig(r.match, id).status)
      return
    }
    throw new Error('no hit on the cultists')
  })

  it('SMLE-FODDER-03 / SMLE-ACT-09: two cultists playing dead are no casualties and no wounded for the cult’s activation; two dead are −4', () => {
    const m = exterminator()
    const lying = each(m, ['cult-3', 'cult-4'], { status: 'playingDead', prone: true })
    const mods = unitActivation(lying.state, lying.world, 'mn-cult', 3).modifiers
    expect(mods.filter((x) => /casualt|wounded/i.test(x.label))).toEqual([])
    expect(alOf(lying, 'mn-cult')).toBe(alOf(m, 'mn-cult'))
    const dead = each(m, ['cult-3', 'cult-4'], { status: 'dead' })
    expect(scoreOf(dead, 'mn-cult') - scoreOf(m, 'mn-cult')).toBe(-4)
  })

  it('SMLE-FODDER-03: cultists all playing dead are not a target: the survivors cannot fire at them', () => {
    const m = each(atCultists(), CULT, { status: 'playingDead', prone: true })
    expect(clauseOf(m, { type: 'directFire', teamId: 'sv-a', targetTeamId: 'mn-cult' })).not.toBe('accepted')
    expect(
      legalCommands(m.state, m.world, 'survivors').some(
        (c) => c.type === 'directFire' && 'targetTeamId' in c && c.targetTeamId === 'mn-cult',
      ),
    ).toBe(false)
  })

  it('SMLE-FODDER-03: with two cultists playing dead, only the two standing can take the hits', () => {
    const m = each(atCultists(), ['cult-1', 'cult-2'], { status: 'playingDead', prone: true })
    let seen = 0
    for (let seed = 1; seed <= 40; seed++) {
      const r = act(reseed(m, seed), { type: 'directFire', teamId: 'sv-a', targetTeamId: 'mn-cult' })
      const changed = ofType(r.events, 'FigureStatusChanged').map((e) => e.figureId)
      expect(changed.filter((id) => id === 'cult-1' || id === 'cult-2')).toEqual([])
      seen += changed.length
    }
    expect(seen).toBeGreaterThan(0)
  })

  it('SMLE-FODDER-03: a cultist playing dead takes no action: it may not move, and does not fire with its team', () => {
    let m = exterminator()
    m = at(m, 'sv-mac', 30, 9)
    m = at(m, 'sv-childs', 31.6, 9)
    m = withFigure(m, 'cult-2', { status: 'playingDead', prone: true })
    m = inTurn(m, 'mn-cult', 9)
    expect(clauseOf(m, { type: 'moveFigure', figureId: 'cult-2', to: { x: 31.6, z: 6 } })).not.toBe('accepted')
    const p = previewFire(m.state, m.world, { type: 'directFire', teamId: 'mn-cult', targetTeamId: 'sv-a' })
    if (p.ok) expect(p.value.firers.map((f) => f.firerId)).not.toContain('cult-2')
    expect(clauseOf(m, { type: 'directFire', teamId: 'mn-cult', targetTeamId: 'sv-a', firerIds: ['cult-2'] })).not.toBe(
      'accepted',
    )
  })

  /**
   * Cultist 1 lies "dead" (prone) at (18, 11.5), north of the laboratory; every survivor but Mac and Childs is
   * dead; Childs stands south of the laboratory, which hides the cultist from him; Mac at `mac`.
   */
  function lyingCultist(mac: { x: number; z: number }): Match {
    let m = exterminator()
    m = each(m, SURVIVORS.slice(2), { status: 'dead' })
    m = withFigure(at(m, 'cult-1', 18, 11.5), 'cult-1', { status: 'playingDead', prone: true })
    m = at(m, 'sv-childs', 22, 30)
    m = at(m, 'sv-mac', mac.x, mac.z)
    return m
  }

  it('SMLE-FODDER-03: at the end of a round in which no enemy sees it, the cultist gets up (ok); while Mac still sees it, it stays down', () => {
    const hidden = lyingCultist({ x: 20, z: 30 })
    expect(sees(hidden, 'sv-mac', 'cult-1') || sees(hidden, 'sv-childs', 'cult-1')).toBe(false)
    const up = endRound(soleTurn(hidden, 'sv-a', 4), 'sv-a').match
    expect(up.state.round).toBe(2)
    expect(fig(up, 'cult-1').status).toBe('ok')

    const seen = lyingCultist({ x: 10, z: 11.5 })
    expect(sees(seen, 'sv-mac', 'cult-1')).toBe(true)
    const still = endRound(soleTurn(seen, 'sv-a', 4), 'sv-a').match
    expect(still.state.round).toBe(2)
    expect(fig(still, 'cult-1').status).toBe('playingDead')
  })

  it('SMLE-FODDER-03: it gets up at the end of the round, not the moment Mac walks out of its sight', () => {
    let m = soleTurn(lyingCultist({ x: 16, z: 25 }), 'sv-a', 9)
    expect(sees(m, 'sv-mac', 'cult-1')).toBe(true)
    expect(sees(m, 'sv-childs', 'cult-1')).toBe(false)
    m = settle(act(m, { type: 'moveFigure', figureId: 'sv-mac', to: { x: 19.5, z: 29 } }).match)
    expect(sees(m, 'sv-mac', 'cult-1')).toBe(false)
    expect(fig(m, 'cult-1').status).toBe('playingDead')
    m = endRound(m, 'sv-a').match
    expect(fig(m, 'cult-1').status).toBe('ok')
  })

  it('SMLE-FODDER-03 / SMLE-SCEN-06: every cultist playing dead and the Thing playing dead (revivals left) is no win for the survivors', () => {
    let m = each(exterminator(), CULT, { status: 'playingDead', prone: true })
    m = withFigure(m, 'mn-thing', { status: 'playingDead', lurking: 'playingDead', prone: true })
    expect(verdict(m)).toBeNull()
    expect(pass(m).state.phase).not.toBe('ended')
  })
})

describe('§14.3 Monsters in Exterminator: the Thing', () => {
  it('SMLE-MONSTER-01 / Table 2: the Thing moves 8"', () => {
    const m = exterminator()
    expect(figureFullMoveIn(m.state, fig(m, 'mn-thing'))).toBe(8)
  })

  it('SMLE-MONSTER-01 / Table 4 / §10.3: hit by a rifle (B) the Thing defends at +3 armour +1 Veteran +1 Fanatic = +5', () => {
    let m = exterminator()
    m = at(m, 'mn-thing', 44, 16)
    m = inTurn(m, 'sv-b', 9)
    let n = 0
    for (let seed = 1; seed <= 60 && n < 3; seed++) {
      const r = act(reseed(m, seed), { type: 'directFire', teamId: 'sv-b', targetTeamId: 'mn-beast' })
      for (const d of rolls(r.events, 'damage defence').filter((x) => x.figureId === 'mn-thing')) {
        expect(modSum(d)).toBe(5)
        n++
      }
    }
    expect(n).toBeGreaterThan(0)
  })

  it('SMLE-MONSTER-01 / Table 5: the Thing assaulting Childs rolls 1D +3 knife +6 monster +1 Veteran +1 Fanatic = +11; Childs, who saw it coming, 1D +2 pistol', () => {
    let m = exterminator()
    m = at(m, 'mn-thing', 24, 10)
    m = at(m, 'sv-childs', 24, 14)
    m = at(m, 'sv-mac', 10, 20)
    m = inTurn(m, 'mn-beast', 9)
    const r = act(m, {
      type: 'closeAssault',
      teamId: 'mn-beast',
      targetTeamId: 'sv-a',
      moves: [{ figureId: 'mn-thing', to: { x: 24, z: 12.95 } }],
    })
    const a = rolls(r.events, 'close assault')
    const d = rolls(r.events, 'close assault (defence)')
    expect(a).toHaveLength(1)
    expect(modSum(a[0]!)).toBe(11)
    expect(d.map((x) => x.figureId)).toEqual(['sv-childs'])
    expect(modSum(d[0]!)).toBe(2)
  })

  /** The Thing lying "dead" at (24, 10); Childs 6" south of it, Mac far off; the survivors' team acting. */
  function lyingThing(revivals = 0): Match {
    let m = exterminator()
    m = at(m, 'mn-thing', 24, 10)
    m = withFigure(m, 'mn-thing', { status: 'playingDead', lurking: 'playingDead', prone: true, revivals })
    m = at(m, 'sv-childs', 24, 16)
    m = at(m, 'sv-mac', 10, 20)
    return inTurn(m, 'sv-a', 9)
  }

  it('SMLE-MONSTER-03: Childs walking within 4" wakes the Thing at once: light wound, one revival, and it assaults Childs then and there', () => {
    const r = act(lyingThing(), { type: 'moveFigure', figureId: 'sv-childs', to: { x: 24, z: 13.5 } })
    const thing = fig(r.match, 'mn-thing')
    expect(thing.lurking).toBeNull()
    expect(thing.revivals).toBe(1)
    expect(['lightWound', 'seriousWound']).toContain(thing.status) // a light wound (more only if Childs won)
    const d = rolls(r.events, 'close assault (defence)')
    expect(d.map((x) => x.figureId)).toEqual(['sv-childs'])
    expect(rolls(r.events, 'close assault').map((x) => x.figureId)).toEqual(['mn-thing'])
  })

  it('SMLE-MONSTER-03 / Table 5 / SMLE-DMG-07: in its revival assault the Thing, lightly wounded, rolls +11 −2 = +9; Childs, surprised, +2 −2 = 0', () => {
    const r = act(lyingThing(), { type: 'moveFigure', figureId: 'sv-childs', to: { x: 24, z: 13.5 } })
    const a = rolls(r.events, 'close assault')[0]!
    const d = rolls(r.events, 'close assault (defence)')[0]!
    expect(d.modifiers.some((x) => x.value === -2 && /surpris|unaware/i.test(x.label))).toBe(true)
    expect(modSum(d)).toBe(0)
    expect(modSum(a)).toBe(9)
  })

  it('SMLE-MONSTER-03 / Table 11.2 (D ≥ 2A): a Thing thrown back in its revival assault falls back to where it lay when the round began, not where it sprang to', () => {
    // A feeble Thing (an Untrained rifleman in light armour, as far as the dice go) that Childs may throw back.
    const base = withFigure(lyingThing(), 'mn-thing', { armour: 'light', weapons: ['rifle'], quality: 'untrained' })
    for (let seed = 1; seed <= 300; seed++) {
      const r = act(reseed(base, seed), { type: 'moveFigure', figureId: 'sv-childs', to: { x: 24, z: 13.5 } })
      const a = rolls(r.events, 'close assault')
      const d = rolls(r.events, 'close assault (defence)')
      if (a.length !== 1 || d.length !== 1 || d[0]!.total < 2 * a[0]!.total) continue
      const thing = fig(r.match, 'mn-thing')
      expect(thing.status).not.toBe('dead')
      expect([thing.position.x, thing.position.z]).toEqual([24, 10])
      return
    }
    throw new Error('no revival assault ended D ≥ 2A')
  })

  it('SMLE-MONSTER-03: a second revival is the last: the Thing woken with one revival used has used both', () => {
    const r = act(lyingThing(1), { type: 'moveFigure', figureId: 'sv-childs', to: { x: 24, z: 13.5 } })
    expect(fig(r.match, 'mn-thing').revivals).toBe(2)
    expect(fig(r.match, 'mn-thing').lurking).toBeNull()
  })

  /**
   * Mac with a bazooka 9" south of the Thing (in the open), one round for it, beside the laboratory's west wall
   * with Childs; the other survivors dead.
   */
  function bazookaAtThing(revivals: number, seed: number): Match {
    let m = exterminator(seed)
    m = each(m, SURVIVORS.slice(2), { status: 'dead' })
    m = at(m, 'mn-thing', 16, 12)
    m = withFigure(m, 'mn-thing', { revivals, status: revivals > 0 ? 'lightWound' : 'ok' })
    m = withFigure(at(m, 'sv-mac', 16, 22), 'sv-mac', { weapons: ['bazooka', 'shotgun'] })
    m = at(m, 'sv-childs', 16, 23.6)
    m = withTeam(m, 'sv-a', { ammo: { bazooka: 1 } })
    return inTurn(m, 'sv-a', 9)
  }
  const bazooka: CommandInput = {
    type: 'directFire',
    teamId: 'sv-a',
    targetTeamId: 'mn-beast',
    firerIds: ['sv-mac'],
    weapons: { 'sv-mac': 'bazooka' },
  }
  /** A seed at which Mac's bazooka "kills" the Thing (damage ≥ 2 × defence on the impact roll). */
  function bazookaKill(revivals: number): { match: Match; events: readonly GameEvent[] } {
    for (let seed = 1; seed <= 600; seed++) {
      const r = act(bazookaAtThing(revivals, seed), bazooka)
      const rs = rolls(r.events, /^damage/)
      const i = rs.findIndex((x) => x.purpose === 'damage defence' && x.figureId === 'mn-thing')
      if (i > 0 && rs[i - 1]!.total >= 2 * rs[i]!.total) return r
    }
    throw new Error('the bazooka never killed the Thing')
  }

  it('SMLE-MONSTER-03: "killed" by the bazooka (explosive) the Thing is removed and comes back 1D6 rounds later, within 6" of a survivor who cannot see it, lightly wounded', () => {
    const r = bazookaKill(0)
    let m = r.match
    const thing = fig(m, 'mn-thing')
    expect(thing.offTable).not.toBeNull()
    expect(verdict(m)).toBeNull()
    const die = rolls(r.events, /returns/)
    expect(die).toHaveLength(1)
    const back = m.state.round + die[0]!.faces[0]!
    for (let i = 0; i < 8 && m.state.round < back; i++) {
      expect(fig(m, 'mn-thing').offTable, `round ${m.state.round}`).not.toBeNull()
      m = endRound(soleTurn(m, 'sv-a', 4), 'sv-a').match
    }
    expect(m.state.round).toBe(back)
    const f = fig(m, 'mn-thing')
    expect(f.offTable).toBeNull()
    expect(f.status).toBe('lightWound')
    expect(f.revivals).toBe(1)
    const near = ['sv-mac', 'sv-childs'].filter(
      (id) => m.world.distanceIn(fig(m, id), f) <= 6 + 1e-9 && !sees(m, id, 'mn-thing'),
    )
    expect(near.length).toBeGreaterThan(0)
  })

  it('SMLE-MONSTER-03 / SMLE-SCEN-06: after its two revivals the bazooka kills the Thing for good and the survivors win in that very command', () => {
    const r = bazookaKill(2)
    expect(fig(r.match, 'mn-thing').status).toBe('dead')
    expect(fig(r.match, 'mn-thing').lurking).toBeNull()
    expect(r.match.state.phase).toBe('ended')
    expect(r.match.state.result?.winnerSideId).toBe('survivors')
    expect(ofType(r.events, 'GameEnded')).toHaveLength(1)
  })

  it('SMLE-MONSTER-03 / SMLE-SCEN-06: the Thing vanished in an explosion (it will be back) and the cultists all dead: no win for the survivors yet', () => {
    let m = exterminator()
    m = each(m, CULT, { status: 'dead' })
    m = withFigure(m, 'mn-thing', {
      status: 'playingDead',
      lurking: 'vanished',
      offTable: 'vanished',
      returnsRound: m.state.round + 3,
    })
    expect(verdict(m)).toBeNull()
  })

  it('SMLE-MONSTER-03 / SMLE-SCEN-06 / SMLE-ACT-15: the Thing vanished (it will be back) and the cultists broken: no win for the survivors yet', () => {
    let m = exterminator()
    m = withTeam(m, 'mn-cult', { breaks: 1 })
    m = withFigure(m, 'mn-thing', {
      status: 'playingDead',
      lurking: 'vanished',
      offTable: 'vanished',
      returnsRound: m.state.round + 3,
    })
    expect(verdict(m)).toBeNull()
  })
})

// ---------------------------------------------------------------- Multiple Signals (monsters on: aliens)

const signals = (seed = 1): Match => pastSetup(start(builtIn('smle-multiple-signals'), seed))

describe('§14.3 Aliens in Multiple Signals', () => {
  it('SMLE-MONSTER-01 / Table 2: an alien moves 12"', () => {
    const m = signals()
    expect(figureFullMoveIn(m.state, fig(m, 'al1-1'))).toBe(12)
  })

  it('SMLE-MONSTER-01 / Table 1a: an alien pack (Trained) rolls activation on base 6, as Fanatic, not the Trained 4', () => {
    const m = signals()
    const mods = unitActivation(m.state, m.world, 'al-1', 3).modifiers
    expect(mods.filter((x) => x.value === 6)).toHaveLength(1)
    expect(mods.some((x) => x.value === 4 && /trained/i.test(x.label))).toBe(false)
  })

  it('SMLE-MONSTER-01 / Table 4: an alien hit by an assault rifle (B) defends at +1 armour, +0 Trained', () => {
    let m = signals()
    for (const [i, id] of ['al3-1', 'al3-2', 'al3-3'].entries()) m = at(m, id, 22.4 + 1.6 * i, 8)
    m = inTurn(m, 'mr-a', 9)
    let n = 0
    for (let seed = 1; seed <= 40 && n < 3; seed++) {
      const r = act(reseed(m, seed), {
        type: 'directFire',
        teamId: 'mr-a',
        targetTeamId: 'al-3',
        firerIds: ['mr-a2'],
      })
      for (const d of rolls(r.events, 'damage defence')) {
        expect(modSum(d)).toBe(1)
        n++
      }
    }
    expect(n).toBeGreaterThan(0)
  })

  it('SMLE-MONSTER-01 / Table 5: an alien in close assault rolls 1D +3 claws (melee) +4 alien = +7', () => {
    let m = signals()
    // Marine HQ stepped out of its pit into the open west of the station.
    m = at(m, 'mr-sgt', 6, 30)
    m = at(m, 'mr-2', 9.6, 30)
    m = withTeam(m, 'mr-hq', { preparedPositionId: null })
    for (const [i, id] of ['al1-1', 'al1-2', 'al1-3'].entries()) m = at(m, id, 6 + 1.6 * i, 26)
    m = inTurn(m, 'al-1', 9)
    const r = act(m, {
      type: 'closeAssault',
      teamId: 'al-1',
      targetTeamId: 'mr-hq',
      moves: [{ figureId: 'al1-1', to: { x: 6, z: 28.95 } }],
    })
    const a = rolls(r.events, 'close assault')
    expect(a.map((x) => x.figureId)).toEqual(['al1-1'])
    expect(modSum(a[0]!)).toBe(7)
  })

  it('SMLE-MONSTER-02/03 (reading: aliens are not monsters): an alien killed by fire is dead, it does not play dead', () => {
    let m = signals()
    for (const [i, id] of ['al3-1', 'al3-2', 'al3-3'].entries()) m = at(m, id, 22.4 + 1.6 * i, 10)
    m = inTurn(m, 'mr-a', 9)
    for (let seed = 1; seed <= 200; seed++) {
      const r = act(reseed(m, seed), { type: 'directFire', teamId: 'mr-a', targetTeamId: 'al-3' })
      const killed = ofType(r.events, 'FigureStatusChanged').find((e) => e.status === 'dead')
      const lying = ['al3-1', 'al3-2', 'al3-3'].filter((id) => fig(r.match, id).status === 'playingDead')
      expect(lying).toEqual([])
      if (!killed) continue
      expect(fig(r.match, killed.figureId).lurking).toBeNull()
      return
    }
    throw new Error('no alien killed')
  })
})
