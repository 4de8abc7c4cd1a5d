import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { newHeader, startMatch } from './match'
import { isTeamOnTable } from './organisation'
import { playOut } from './queries/playout'
import { ScenarioSchema } from './scenario/schema'
import { activationSituation, workOutSituation } from './situation'
import type { MatchState } from './state/state'
import { subjectTeamIds } from './units'
import type { World } from './world'

function loadScenario(id: string): unknown {
  return JSON.parse(
    readFileSync(join(import.meta.dirname, '..', '..', '..', 'assets', 'scenarios', `${id}.json`), 'utf8'),
  )
}

/**
 * SMLE-ACT-16: the AL is measured again whenever something changes. A unit's
 * situation (Table 1a's inputs, SMLE-ACT-08..14) kept from an earlier state
 * must be the one worked out afresh in every state of a random game: a moved
 * figure, a wounded one, an enemy come nearer or gone, a vehicle driven or
 * hit, a door opened, a leader lost.
 */
describe('SMLE-ACT-16: a unit situation kept between states is the one worked out afresh', () => {
  // Random games of both sides by the random legal player: farm-lane-armour to its end (vehicles, crews and
  // passengers, hulls); the reference town (100 figures a side, enemy lists indexed) for its first commands;
  // the farmhouse (a house with doors) to its end.
  for (const [id, seed, commands] of [
    ['farm-lane-armour', 21, 20_000],
    ['reference-town', 22, 60],
    ['farmhouse-skirmish', 23, 20_000],
  ] as const) {
    it(`${id}, seed ${seed}: every unit after every command`, () => {
      const scenario = ScenarioSchema.parse(loadScenario(id))
      let compared = 0
      let kept = 0
      const last = new Map<string, unknown>()
      const onCommand = (m: { state: MatchState; world: World }): void => {
        const { state, world } = m
        for (const team of Object.values(state.teams)) {
          if (!isTeamOnTable(state, team)) continue
          const teamIds = subjectTeamIds(state, team.id)
          const situation = activationSituation(state, world, teamIds, team.id)
          expect(situation, `${team.id} at command ${compared}`).toEqual(
            workOutSituation(state, world, teamIds, team.id),
          )
          if (last.get(team.id) === situation) kept++
          last.set(team.id, situation)
          compared++
        }
      }
      try {
        playOut(startMatch(newHeader(scenario, seed, 'quick')), seed, commands, onCommand)
      } catch (err) {
        // The reference town is played for its first commands only.
        if (!(err instanceof Error && /did not end within/.test(err.message) && commands < 20_000)) throw err
      }
      expect(compared).toBeGreaterThan(200)
      // The check is not empty: most situations were kept from the state before.
      expect(kept).toBeGreaterThan(compared / 3)
    }, 180_000)
  }

  it('SMLE-VEH-15: a vehicle wounded (its record changed, its crew\u2019s figures and team not) counts for the crew at once', () => {
    const scenario = ScenarioSchema.parse(loadScenario('farm-lane-armour'))
    const m = startMatch(newHeader(scenario, 5, 'quick'))
    const state = m.state
    const vehicle = Object.values(state.vehicles).find((v) => v.crewTeamId === 'de-panzer-crew')!
    const teamIds = subjectTeamIds(state, 'de-panzer-crew')
    const before = activationSituation(state, m.world, teamIds, 'de-panzer-crew')
    for (const [status, wounded, casualties] of [
      ['VLW', 1, 0],
      ['VSW', 0, 1],
    ] as const) {
      const hit: MatchState = { ...state, vehicles: { ...state.vehicles, [vehicle.id]: { ...vehicle, status } } }
      const after = activationSituation(hit, m.world, subjectTeamIds(hit, 'de-panzer-crew'), 'de-panzer-crew')
      expect(after).toEqual(workOutSituation(hit, m.world, teamIds, 'de-panzer-crew'))
      expect([after.wounded - before.wounded, after.casualties - before.casualties]).toEqual([wounded, casualties])
    }
  })
})
