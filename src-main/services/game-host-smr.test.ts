import * as fsp from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import contactJson from '../../assets/scenarios/smr-contact.json'
import villageJson from '../../assets/scenarios/smr-village-invasion.json'
import { seedRng } from '../../src-engine/rng/sfc32'
import { parseScenario } from '../../src-engine/rules/loading'
import { SmrRandomPlayer } from '../../src-engine/rules/smr/random-player'
import type { SmrState } from '../../src-engine/rules/smr/state'
import { canonicalJson } from '../../src-engine/util/canonical-json'
import type { MatchChanged, SmrSnapshot } from '../ipc/types'
import { createGameHost, type GameHost, HOT_SEAT, sideSeat, SPECTATOR_SEAT } from './game-host'
import { createFileSaveStore } from './save-store'
import { type AnyScenario, createMemoryScenarioLibrary } from './scenario-library'

const SEED = 7

function scenarioOf(json: unknown): AnyScenario {
  const r = parseScenario(json)
  if (!r.ok) throw new Error(r.message)
  return r.scenario as AnyScenario
}
const contact = scenarioOf(contactJson)
const village = scenarioOf(villageJson)
/** Contact with a one-turn limit (SMR-SETUP-08): the turn ends the game with no die thrown when no one is in reach. */
const contactOneTurn = scenarioOf({ ...contactJson, id: 'smr-contact-one-turn', turnLimit: 1 })
/** The same, Hugh a hero of an earlier battle (SMR-OPT-05). */
const contactOneTurnHero = scenarioOf({
  ...contactJson,
  id: 'smr-contact-one-turn-hero',
  turnLimit: 1,
  units: contactJson.units.map((u) => (u.id === 'nor-peasant-1' ? { ...u, hero: true } : u)),
})

/** Plays the quietest answer to every step until the game ends (a one-turn game); returns the last command. */
async function playQuietly(host: GameHost): Promise<Parameters<GameHost['dispatch']>[0]> {
  let s = smrSnapshot(host).state
  await host.dispatch({ type: 'rollInitiative', sideId: s.actingSide! }, HOT_SEAT)
  let last: Parameters<GameHost['dispatch']>[0] | null = null
  for (let i = 0; i < 12 && (s = smrSnapshot(host).state).phase !== 'ended'; i++) {
    const side = s.actingSide!
    last =
      s.phase === 'setup'
        ? { type: 'endSetup', sideId: side }
        : s.step === 'order'
          ? { type: 'chooseOrder', sideId: side, firstSideId: side }
          : s.step === 'missiles'
            ? { type: 'declareMissiles', sideId: side, shots: [] }
            : { type: 'endMovement', sideId: side }
    expect((await host.dispatch(last, HOT_SEAT)).ok).toBe(true)
  }
  return last!
}

let dir: string
let hosts: GameHost[] = []

beforeEach(async () => {
  dir = await fsp.mkdtemp(join(tmpdir(), 'smr-game-host-'))
})

afterEach(async () => {
  await Promise.all(hosts.map((h) => h.flush()))
  hosts = []
  await fsp.rm(dir, { recursive: true, force: true })
})

/** A host on the saves folder `dir` with both SMR scenarios (Contact the default). */
function makeHost(): GameHost {
  let clock = Date.UTC(2024, 5, 1)
  const now = (): number => (clock += 1000)
  const host = createGameHost({
    saves: createFileSaveStore(dir, now),
    scenarios: createMemoryScenarioLibrary([contact, village, contactOneTurn, contactOneTurnHero]),
    defaultScenarioId: 'smr-contact',
    now,
    randomSeed: () => SEED,
    prepareWhenIdle: false,
  })
  hosts.push(host)
  return host
}

const smrSnapshot = (host: GameHost, seat = HOT_SEAT): SmrSnapshot => {
  const s = host.snapshot(seat)
  if (s.ruleset !== 'smr') throw new Error(`expected an SMR game, got ${s.ruleset}`)
  return s
}

/** The referee's SMR state (everything, hidden peasants included). */
const refereeState = (host: GameHost): SmrState => host.match().state as SmrState

/** Plays the random player's commands through the host's hot seat, `n` of them or to the end. */
async function playRandom(host: GameHost, n: number, seed = 3): Promise<number> {
  const player = new SmrRandomPlayer(seedRng(seed))
  let given = 0
  for (; given < n; given++) {
    const m = host.match()
    const cmd = player.next(m.state as SmrState, m.world as never)
    if (!cmd) break
    const r = await host.dispatch(cmd, HOT_SEAT)
    if (!r.ok) throw new Error(`${r.reason.clause}: ${r.reason.message}`)
  }
  return given
}

describe('the game host plays SMR through the ruleset the scenario names', () => {
  it('starts an SMR game: its snapshot, options in words and first roll', async () => {
    const host = makeHost()
    const changes: MatchChanged[] = []
    host.subscribe(HOT_SEAT, (c) => changes.push(c))
    const snap = await host.newMatch({ scenarioId: 'smr-contact', seed: 11 }, HOT_SEAT)
    expect(snap.ruleset).toBe('smr')
    expect(snap.scenario.id).toBe('smr-contact')
    expect(snap.seed).toBe(11)
    expect(snap.dice).toBe('physics')
    const state = smrSnapshot(host).state
    expect(state.phase).toBe('initiative')
    expect(changes.at(-1)).toMatchObject({ reason: 'new', ruleset: 'smr' })
    expect(host.match().ruleset.id).toBe('smr')

    const legal = host.legal(HOT_SEAT)
    expect(legal.ruleset).toBe('smr')
    expect(legal.sideId).toBe(state.actingSide)
    expect(legal.options.map((o) => o.label)).toEqual(['Roll for initiative (2D6 each side)'])

    const r = await host.dispatch(legal.options[0]!.command, HOT_SEAT)
    expect(r.ok).toBe(true)
    const push = changes.at(-1)!
    expect(push).toMatchObject({ reason: 'dispatch', ruleset: 'smr', canUndo: false })
    const rolls = push.events.filter((e) => e.type === 'DiceRolled')
    expect(rolls.length).toBeGreaterThanOrEqual(2)
    expect(rolls.every((e) => e.type === 'DiceRolled' && e.method === 'physics' && e.physics !== undefined)).toBe(true)
    expect(smrSnapshot(host).state.phase).toBe('setup')
  })

  it('refuses an illegal command with its clause, the game unchanged; takes back a plain command, never a roll', async () => {
    const host = makeHost()
    await host.newMatch({ scenarioId: 'smr-contact', seed: 11 }, HOT_SEAT)
    expect((await host.dispatch({ type: 'endMovement', sideId: 'normans' }, HOT_SEAT)).ok).toBe(false)
    const side = smrSnapshot(host).state.actingSide!
    await host.dispatch({ type: 'rollInitiative', sideId: side }, HOT_SEAT)
    // The roll is an undo barrier (CORE-UNDO-01).
    expect(await host.undo(HOT_SEAT)).toMatchObject({ ok: false, clause: 'CORE-UNDO-01' })
    const deployer = smrSnapshot(host).state.actingSide!
    const unit = Object.values(smrSnapshot(host).state.units).find((u) => u.sideId === deployer)!
    // Out of the deployment zone: refused with its clause, nothing changed.
    const seq = host.snapshot(HOT_SEAT).seq
    const refused = await host.dispatch({ type: 'placeUnit', unitId: unit.id, at: { x: 24, z: 24 } }, HOT_SEAT)
    expect(refused).toMatchObject({ ok: false, reason: { clause: 'CORE-DEPLOY-01' } })
    expect(host.snapshot(HOT_SEAT).seq).toBe(seq)
    // A placement inside the zone is plain, and undone.
    const before = canonicalJson(refereeState(host))
    const at = { x: unit.position.x + 1, z: unit.position.z }
    const placed = await host.dispatch({ type: 'placeUnit', unitId: unit.id, at, facingDeg: 90 }, HOT_SEAT)
    expect(placed.ok).toBe(true)
    expect(smrSnapshot(host).state.units[unit.id]?.facingDeg).toBe(90)
    expect(host.snapshot(HOT_SEAT).canUndo).toBe(true)
    const undone = await host.undo(HOT_SEAT)
    expect(undone.ok).toBe(true)
    expect(canonicalJson(refereeState(host))).toBe(before)
  })

  it('CORE-UNDO-01 at game over, as in an SMLE game: a last command that threw no dice is taken back (the game goes on), and ends it again when given again', async () => {
    const host = makeHost()
    await host.newMatch({ scenarioId: 'smr-contact-one-turn', seed: 11 }, HOT_SEAT)
    const last = await playQuietly(host)
    const ended = smrSnapshot(host)
    expect(ended.state.result?.reason).toMatch(/turn limit \(1\)/)
    expect(host.match().entries.at(-1)?.barrier).toBe(false)
    expect(ended.canUndo).toBe(true)
    const undone = await host.undo(HOT_SEAT)
    expect(undone.ok).toBe(true)
    const again = smrSnapshot(host)
    expect(again.state.phase).toBe('turn')
    expect(again.state.result).toBeNull()
    expect(again.state.step).toBe('movement')
    expect((await host.dispatch(last, HOT_SEAT)).ok).toBe(true)
    expect(smrSnapshot(host).state.phase).toBe('ended')
  })

  it('SMR-OPT-05: the next battle of a campaign brings the surviving heroes, one type up; the save keeps the campaign; not before the battle is over', async () => {
    const host = makeHost()
    await host.newMatch({ scenarioId: 'smr-contact-one-turn-hero', seed: 11 }, HOT_SEAT)
    await expect(host.newMatch({ scenarioId: 'smr-contact', campaign: true }, HOT_SEAT)).rejects.toThrow(
      'The next battle of a campaign begins when this one is over.',
    )
    await playQuietly(host)
    const hugh = refereeState(host).units['nor-peasant-1']!
    expect(hugh).toMatchObject({ hero: true, status: 'ok' })
    await host.newMatch({ scenarioId: 'smr-contact', seed: 3, campaign: true }, HOT_SEAT)
    const next = smrSnapshot(host)
    const heroes = Object.values(next.state.units).filter((u) => u.hero)
    expect(heroes.map((u) => [u.id, u.name, u.profile.cls])).toEqual([['nor-archer-1', hugh.name, 'L']])
    expect(next.scenario.campaign).toMatchObject({ battle: 2, previousScenarioId: 'smr-contact-one-turn-hero' })
    const saved = await host.save('Campaign, battle two', HOT_SEAT)
    await host.newMatch({ scenarioId: 'smr-contact', seed: 3 }, HOT_SEAT)
    await host.load(saved.id, HOT_SEAT)
    const loaded = smrSnapshot(host)
    expect(loaded.scenario.campaign?.battle).toBe(2)
    expect(loaded.state.units['nor-archer-1']).toMatchObject({ hero: true, name: hugh.name })
  })

  it('offers SMLE fire previews for SMLE games only', async () => {
    const host = makeHost()
    await host.newMatch({ scenarioId: 'smr-contact', seed: 11 }, HOT_SEAT)
    expect(host.previewFire({ type: 'directFire', teamId: 'x', targetTeamId: 'y' }, HOT_SEAT)).toMatchObject({
      ok: false,
      clause: 'CORE-RULESET-01',
    })
  })

  it('saves and loads an SMR game, and restores it from the autosave after a restart', async () => {
    const host = makeHost()
    await host.newMatch({ scenarioId: 'smr-contact', seed: 5 }, HOT_SEAT)
    expect(await playRandom(host, 40)).toBe(40)
    const state = canonicalJson(refereeState(host))
    const summary = await host.save('Contact, turn two', HOT_SEAT)
    expect(summary).toMatchObject({ scenarioId: 'smr-contact', scenarioName: 'Contact', commands: 40 })
    await playRandom(host, 5, 9)
    const loaded = await host.load(summary.id, HOT_SEAT)
    expect(loaded.ruleset).toBe('smr')
    expect(loaded.seq).toBe(40)
    expect(canonicalJson(refereeState(host))).toBe(state)
    await host.flush()

    const again = makeHost()
    const restored = await again.start()
    expect(restored.ruleset).toBe('smr')
    expect(restored.seq).toBe(40)
    expect(canonicalJson(refereeState(again))).toBe(state)
  })

  it("keeps the hidden peasants from the invader's seat and the spectator's: no frame, snapshot, option or refusal names one", async () => {
    const host = makeHost()
    await host.newMatch({ scenarioId: 'smr-village-invasion', seed: 21 }, HOT_SEAT)
    const all = refereeState(host)
    const hiddenAtStart = Object.values(all.units).filter((u) => u.hiddenIn !== null)
    expect(hiddenAtStart.length).toBe(10)
    /** Units still hidden now, as the referee knows them: ids and names no seat but the villagers' may see. */
    const secretsNow = (): string[] =>
      Object.values(refereeState(host).units)
        .filter((u) => u.status === 'ok' && u.hiddenIn !== null)
        .flatMap((u) => [`"${u.id}"`, u.name])
    const leaks: string[] = []
    const check = (what: string, value: unknown): void => {
      const text = JSON.stringify(value)
      for (const s of secretsNow()) if (text.includes(s)) leaks.push(`${what} names ${s}`)
    }
    let frames = 0
    for (const seat of [sideSeat('raiders'), SPECTATOR_SEAT])
      host.subscribe(seat, (c) => {
        frames++
        check(`a ${seat.kind} frame`, c)
      })
    let villagersSaw = 0
    host.subscribe(sideSeat('villagers'), (c) => {
      if (c.ruleset === 'smr' && Object.values(c.state.units).some((u) => u.hiddenIn !== null)) villagersSaw++
    })

    const player = new SmrRandomPlayer(seedRng(4))
    let revealed = 0
    let refusedRaiders = false
    let chargedHidden = 0
    for (let i = 0; i < 260 && host.match().state.phase !== 'ended'; i++) {
      const m = host.match()
      const side = m.ruleset.sideToAct(m.state)
      check('the raiders’ snapshot', host.snapshot(sideSeat('raiders')))
      check('the spectator’s snapshot', host.snapshot(SPECTATOR_SEAT))
      if (side === 'raiders' && i % 4 === 0) check('the raiders’ options', host.legal(sideSeat('raiders')))
      const cmd = player.next(m.state as SmrState, m.world as never)!
      if (side === 'villagers' && !refusedRaiders) {
        // CORE-SEAT-01: the raiders' seat cannot give the villagers' commands, and its refusal names nobody hidden.
        const r = await host.dispatch(cmd, sideSeat('raiders'))
        expect(r).toMatchObject({ ok: false, reason: { clause: 'CORE-SEAT-01' } })
        check('a refusal to the raiders', r)
        refusedRaiders = true
      }
      if (side === 'raiders') {
        // A raider asking after a hidden peasant by id is told what he would be told of no one at all (CORE-CMD-01).
        const raider = Object.values(smrSnapshot(host, sideSeat('raiders')).state.units).find(
          (u) => u.sideId === 'raiders' && u.status === 'ok',
        )!
        const target = hiddenAtStart.find((h) => refereeState(host).units[h.id]?.hiddenIn !== null)
        if (target) {
          const charge = (targetId: string) =>
            host.dispatch({ type: 'charge', unitId: raider.id, targetId }, sideSeat('raiders'))
          const r = await charge(target.id)
          const none = await charge('nobody-at-all')
          expect(r.ok).toBe(false)
          expect(JSON.stringify(r)).toBe(JSON.stringify(none).split('nobody-at-all').join(target.id))
          if (!r.ok && r.reason.clause === 'CORE-CMD-01') chargedHidden++
        }
      }
      const r = await host.dispatch(cmd, HOT_SEAT)
      expect(r.ok).toBe(true)
      if (r.ok) revealed += r.events.filter((e) => e.type === 'UnitsRevealed').length
    }
    expect(frames).toBeGreaterThan(100)
    expect(villagersSaw).toBeGreaterThan(0)
    expect(leaks).toEqual([])
    // Some of those charges reached the rules' look-up of the target.
    expect(chargedHidden).toBeGreaterThan(0)
    // The test reached reveals: once out, a peasant is seen by all.
    expect(revealed).toBeGreaterThan(0)
    const out = Object.values(refereeState(host).units).find(
      (u) => hiddenAtStart.some((h) => h.id === u.id) && u.status === 'ok' && u.hiddenIn === null,
    )
    if (out) expect(smrSnapshot(host, sideSeat('raiders')).state.units[out.id]).toBeDefined()
  }, 240_000)
})
