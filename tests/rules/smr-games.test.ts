import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { canUndo, dispatch, newMatchHeader, replayLog, startMatchOf, undo } from '../../src-engine/core/match'
import { seedRng } from '../../src-engine/rng/sfc32'
import { parseSave } from '../../src-engine/rules/loading'
import { legalCommands } from '../../src-engine/rules/smr/legal'
import { smrInvariants } from '../../src-engine/rules/smr/invariants'
import { playOutSmr, SmrRandomPlayer, type SmrMatch } from '../../src-engine/rules/smr/random-player'
import { smr } from '../../src-engine/rules/smr/ruleset'
import { SmrScenarioSchema } from '../../src-engine/rules/smr/scenario'
import { serializeSave } from '../../src-engine/save/format'
import { canonicalJson } from '../../src-engine/util/canonical-json'
import { REPO_ROOT } from './clauses'

const scenario = (id: string) =>
  SmrScenarioSchema.parse(JSON.parse(readFileSync(join(REPO_ROOT, 'assets', 'scenarios', `${id}.json`), 'utf8')))
const start = (id: string, seed: number, dice: 'quick' | 'physics' = 'quick'): SmrMatch =>
  startMatchOf(smr, newMatchHeader(smr, scenario(id), seed, dice))

function playChecked(id: string, seed: number): ReturnType<typeof playOutSmr> {
  let n = 0
  return playOutSmr(start(id, seed), seedRng(seed + 1000), 8000, (m) => {
    if (++n % 4 !== 0 && m.state.phase !== 'ended') return
    expect(smrInvariants(m.state, m.world), `${id} seed ${seed} after command ${m.entries.length}`).toEqual([])
  })
}

describe('seeded random SMR games, played to the end headless', () => {
  for (let seed = 1; seed <= 20; seed++)
    it(`smr-contact seed ${seed}: ends with a result and every invariant holding (SMR-SETUP-08)`, () => {
      const r = playChecked('smr-contact', seed)
      expect(r.match.state.phase).toBe('ended')
      expect(r.reason).toMatch(/SMR-SETUP-08/)
      expect(canonicalJson(replayLog(smr, r.match.header, r.match.entries))).toBe(canonicalJson(r.match.state))
    })
  for (let seed = 1; seed <= 6; seed++)
    it(`smr-village-invasion seed ${seed}: ends with a result of SMR-SCEN-02 and every invariant holding`, () => {
      const r = playChecked('smr-village-invasion', seed)
      expect(r.reason).toMatch(/SMR-SCEN-02/)
    })
})

describe('SMR legal commands', () => {
  it('every command legalCommands offers is accepted by decide, at many points of real games', () => {
    for (const id of ['smr-contact', 'smr-village-invasion']) {
      let m = start(id, 3)
      const player = new SmrRandomPlayer(seedRng(77))
      for (let i = 0; i < 240 && m.state.phase !== 'ended'; i++) {
        if (i % 12 === 0) {
          const side = smr.sideToAct(m.state)!
          const offered = legalCommands(m.state, m.world, side)
          expect(offered.length).toBeGreaterThan(0)
          for (const c of offered) expect(dispatch(m, c).decision.ok, `${id} ${JSON.stringify(c)}`).toBe(true)
          const other = m.state.sideIds.find((s) => s !== side)!
          expect(legalCommands(m.state, m.world, other)).toEqual([])
        }
        m = dispatch(m, player.next(m.state, m.world)!).match
      }
    }
  })
})

describe('SMR games through the kernel: undo, saves, dice', () => {
  it('CORE-UNDO-01: a move can be undone; the dice (initiative, melee) are a barrier', () => {
    let m = start('smr-contact', 5)
    m = dispatch(m, { type: 'rollInitiative', sideId: 'normans' }).match
    expect(canUndo(m)).toBe(false)
    while (m.state.step !== 'movement') m = dispatch(m, new SmrRandomPlayer(seedRng(1)).next(m.state, m.world)!).match
    const side = m.state.actingSide!
    const unitId = Object.values(m.state.units).find((u) => u.sideId === side && u.profile.weapon === 'hand')!.id
    const moved = dispatch(m, { type: 'charge', unitId, targetId: 'none' })
    expect(moved.decision.ok).toBe(false)
    const u = m.state.units[unitId]!
    const step = dispatch(m, {
      type: 'moveUnit',
      unitId,
      path: [{ x: u.position.x, z: u.position.z + (side === 'normans' ? 1 : -1) }],
    })
    expect(step.decision.ok).toBe(true)
    const back = undo(step.match)
    expect(back.ok && canonicalJson(back.match.state)).toBe(canonicalJson(m.state))
  })

  it('an SMR game saves, loads (every command decided again) and goes on exactly as the original', () => {
    const full = playOutSmr(start('smr-contact', 9), seedRng(9))
    const half = Math.floor(full.match.entries.length / 2)
    let m = start('smr-contact', 9)
    for (const e of full.match.entries.slice(0, half)) m = dispatch(m, e.command).match
    const text = serializeSave(m, { name: 'smr', savedAt: '2026-12-01T00:00:00.000Z' })
    const loaded = parseSave(text)
    expect(loaded.ok).toBe(true)
    if (!loaded.ok) return
    expect(loaded.match.ruleset.id).toBe('smr')
    expect(canonicalJson(loaded.match.state)).toBe(canonicalJson(m.state))
    let cont = loaded.match as SmrMatch
    for (const e of full.match.entries.slice(half)) cont = dispatch(cont, e.command).match
    expect(canonicalJson(cont.state)).toBe(canonicalJson(full.match.state))
    const forged = text.replace(/"faces": \[\s*(\d)/, (_, d: string) => `"faces": [${d === '6' ? 5 : Number(d) + 1}`)
    expect(parseSave(forged).ok).toBe(false)
  })

  it('physics dice: an SMR turn rolled in the dice tray records its throws and replays without throwing again', () => {
    let m = start('smr-contact', 2, 'physics')
    m = dispatch(m, { type: 'rollInitiative', sideId: 'normans' }).match
    const dice = m.entries[0]!.events.filter((e) => e.type === 'DiceRolled')
    expect(dice.length).toBeGreaterThanOrEqual(2)
    for (const d of dice)
      expect(d.type === 'DiceRolled' && d.method === 'physics' && d.physics?.throws.length).toBeTruthy()
    expect(canonicalJson(replayLog(smr, m.header, m.entries))).toBe(canonicalJson(m.state))
  })
})
