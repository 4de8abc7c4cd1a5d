import * as fsp from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import ambushJson from '../../assets/scenarios/smle-ambush.json'
import { parseScenario } from '../../src-engine/rules/loading'
import type { Match } from '../../src-engine/rules/smle/match'
import { randomPlayer } from '../../src-engine/rules/smle/queries/legal-commands'
import { activeTeam } from '../../src-engine/rules/smle/sequence'
import { nextCommand } from '../../tests/fixtures/drive'
import { createGameHost, type GameHost, HOT_SEAT, sideSeat } from './game-host'
import { createFileSaveStore } from './save-store'
import { type AnyScenario, createMemoryScenarioLibrary } from './scenario-library'

const parsed = parseScenario(ambushJson)
if (!parsed.ok) throw new Error(parsed.message)
const ambush = parsed.scenario as AnyScenario

let dir: string
let host: GameHost

beforeEach(async () => {
  dir = await fsp.mkdtemp(join(tmpdir(), 'smle-seat-secrets-'))
  let clock = Date.UTC(2024, 5, 1)
  const now = (): number => (clock += 1000)
  host = createGameHost({
    saves: createFileSaveStore(dir, now),
    scenarios: createMemoryScenarioLibrary([ambush]),
    defaultScenarioId: 'smle-ambush',
    now,
    randomSeed: () => 11,
    autosave: false,
    prepareWhenIdle: false,
  })
  await host.start()
})

afterEach(async () => {
  await host.flush()
  await fsp.rm(dir, { recursive: true, force: true })
})

/** The same reply with `from` written as `to` wherever it appears. */
const renamed = (reply: unknown, from: string, to: string): string => JSON.stringify(reply).split(from).join(to)

describe('a seat cannot tell a hidden team from no team (CORE-CMD-01, SMLE-SCEN-05)', () => {
  it('fire, a fire preview and a set-up move naming a hidden partisan are refused word for word as an unknown id is', async () => {
    const column = sideSeat('column')
    let judged = 0
    for (let i = 0; i < 120 && judged < 3; i++) {
      const m = host.match() as unknown as Match
      const s = m.state
      const hidden = Object.values(s.teams).filter((t) => t.hidden && t.sideId === 'partisans')
      if (hidden.length === 0) break
      const team = activeTeam(s)
      if (s.pending === null && s.activeSideId === 'column' && team && s.phase !== 'setup') {
        for (const target of hidden) {
          const fire = (targetTeamId: string) => ({ type: 'directFire', teamId: team.id, targetTeamId })
          const named = await host.dispatch(fire(target.id), column)
          const none = await host.dispatch(fire('nobody-here'), column)
          expect(named.ok).toBe(false)
          expect(JSON.stringify(named)).toBe(renamed(none, 'nobody-here', target.id))
          const preview = host.previewFire(fire(target.id), column)
          expect(JSON.stringify(preview)).toBe(
            renamed(host.previewFire(fire('nobody-here'), column), 'nobody-here', target.id),
          )
          if (!none.ok && none.reason.clause === 'CORE-CMD-01') {
            judged++
            // The hot seat holds the partisans too: it is told the rules' own reason.
            const told = await host.dispatch(fire(target.id), HOT_SEAT)
            expect(told.ok || told.reason.clause).not.toBe('CORE-CMD-01')
          }
          // A hidden figure by id: the same again.
          const figureId = target.figureIds[0]!
          const move = (id: string) => ({ type: 'moveFigure', figureId: id, to: { x: 10, z: 10 } })
          const moved = await host.dispatch(move(figureId), column)
          expect(JSON.stringify(moved)).toBe(
            renamed(await host.dispatch(move('nobody-here'), column), 'nobody-here', figureId),
          )
        }
      }
      expect((await host.dispatch(nextCommand(m), HOT_SEAT)).ok).toBe(true)
    }
    // The rules' look-up of the target was reached, where a hidden team used to draw SMLE-SHOOT-01.
    expect(judged).toBeGreaterThan(0)
  })
})

describe('SMLE-SCEN-05: a team revealed brings the scenario to every seat again', () => {
  it('the change of the command that reveals a hidden partisan team carries the scenario as each seat now sees it, that team in it', async () => {
    const changes: { scenario?: { teams: { id: string }[] }; events: { type: string; teamId?: string }[] }[] = []
    host.subscribe(sideSeat('column'), (c) => changes.push(c as never))
    let revealed: string | null = null
    const player = randomPlayer([11, 7, 11, 13])
    for (let i = 0; i < 600 && revealed === null; i++) {
      const m = host.match() as unknown as Match
      if (m.state.phase === 'ended') break
      const before = changes.length
      const r = await host.dispatch(player.next(m.state, m.world), HOT_SEAT)
      expect(r.ok).toBe(true)
      const change = changes[before]
      const reveal = change?.events.find((e) => e.type === 'TeamRevealed')
      if (reveal?.teamId) {
        revealed = reveal.teamId
        expect(change!.scenario?.teams.map((t) => t.id)).toContain(revealed)
      } else expect(change?.scenario).toBeUndefined()
    }
    const end = host.match() as unknown as Match
    expect(revealed, `${end.state.phase} round ${end.state.round} after ${end.entries.length}`).not.toBeNull()
  }, 120_000)
})
