import { restoreMatchOf, type LogEntry, type Match, type MatchHeader } from '../core/match'
import { rulesetFor } from '../rules/index'
import { smle } from '../rules/smle/ruleset'
import { smr } from '../rules/smr/ruleset'
import type { TableScenario } from '../scenario/schema'
import { buildWorld } from '../world/create-world'
import { parseBotSpec } from './bot'
import { seatInputs } from './seat-input'
import type { Bot, BotLevel } from './bot'
import { smleBot } from './smle/smle-bot'
import { smrBot } from './smr/smr-bot'

/** A request for the computer's next command: the game as its header and log, and the side to play. */
export interface BotRequest {
  readonly gameId: string
  readonly header: MatchHeader<TableScenario>
  readonly entries: readonly LogEntry[]
  readonly sideId: string
}

/** Each ruleset's computer opponent, by ruleset id. */
const BOTS: Readonly<Record<string, (level: BotLevel, seed: number) => Bot<never, unknown, never>>> = {
  [smle.id]: smleBot as never,
  [smr.id]: smrBot as never,
}

/** Mixes a game's seed and a position into the seed of the computer's generator for that decision. */
function decisionSeed(seed: number, seq: number, sideId: string): number {
  let h = (seed ^ Math.imul(seq + 1, 0x9e3779b1)) >>> 0
  for (let i = 0; i < sideId.length; i++) h = Math.imul(h ^ sideId.charCodeAt(i), 0x01000193) >>> 0
  return h
}

/**
 * The computer's side of a game, wherever it runs (a worker thread in the
 * host, or in-process): it keeps the game it was last asked about and
 * follows it by the new entries of each request (rebuilding it only after an
 * undo or another game), and answers with the command of the side named.
 * Each decision draws from a generator seeded by the game's seed and the
 * position, so a decision does not depend on what the computer did before
 * (a game resumed from a save plays on exactly as it would have).
 */
export function createBotBrain(): { choose(request: BotRequest): unknown } {
  let held: { gameId: string; match: Match<unknown, unknown, unknown, TableScenario>; keys: string[] } | null = null
  const inputs = seatInputs()
  const follow = (request: BotRequest): Match<unknown, unknown, unknown, TableScenario> => {
    const keys = request.entries.map((e) => JSON.stringify(e.command))
    if (held && held.gameId === request.gameId && held.keys.length <= keys.length) {
      const same = held.keys.every((k, i) => k === keys[i])
      if (same) {
        let { match } = held
        for (const entry of request.entries.slice(held.keys.length)) {
          let state = match.state
          for (const e of entry.events) state = match.ruleset.apply(state, e)
          match = { ...match, entries: [...match.entries, entry], state }
        }
        held = { gameId: request.gameId, match, keys }
        return match
      }
    }
    const ruleset = rulesetFor(request.header.ruleset)
    if (!ruleset.ok) throw new Error(ruleset.reason.message)
    const world = held?.gameId === request.gameId ? held.match.world : buildWorld(request.header.scenario)
    const match = restoreMatchOf(ruleset.value, request.header, request.entries, world)
    held = { gameId: request.gameId, match, keys }
    return match
  }
  return {
    choose(request) {
      const spec = request.header.players?.[request.sideId]
      const level = spec ? parseBotSpec(spec) : null
      if (!level) throw new Error(`The computer does not play "${request.sideId}" in this game.`)
      const make = BOTS[request.header.ruleset]
      if (!make) throw new Error(`There is no computer opponent for ${request.header.ruleset.toUpperCase()} yet.`)
      const match = follow(request)
      const bot = make(level, decisionSeed(request.header.seed, request.entries.length, request.sideId))
      return bot.choose(inputs(match as never, request.sideId) as never)
    },
  }
}
