import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import {
  dispatch,
  KEYFRAME_EVERY,
  type Match,
  newHeader,
  openReplay,
  randomPlayer,
  ScenarioSchema,
  seedRng,
  RngCursor,
  startMatch,
} from '../../src-engine/index'
import { createReplayService, type ReplayService } from '../../src-main/services/replay-service'
import { HOT_SEAT } from '../../src-main/services/seats'
import { createMemorySaveStore } from '../../src-main/services/save-store'
import { type Figure, median } from './figures'

/** Commands in the game the replay is measured on. */
export const REPLAY_COMMANDS = 1000
/** Random seeks timed. */
const SEEKS = 200

/**
 * A 1,000-command game of the reference town (the biggest table), played by
 * the random legal-command player on both sides with the tray's physics dice
 * (as the app throws them); its 1,000 commands reach round 4 or 5, so one
 * game is long enough.
 */
export function thousandCommandGame(commands = REPLAY_COMMANDS, seed = 7): Match {
  const file = join(import.meta.dirname, '..', '..', 'assets', 'scenarios', 'reference-town.json')
  let m = startMatch(newHeader(ScenarioSchema.parse(JSON.parse(readFileSync(file, 'utf8'))), seed, 'physics'))
  const player = randomPlayer(seedRng(seed))
  while (m.entries.length < commands) {
    const c = player.next(m.state, m.world)
    if (!c) throw new Error(`the reference town game ended after ${m.entries.length} commands`)
    const r = dispatch(m, c)
    if (!r.decision.ok) throw new Error(`the random player's command was refused: ${r.decision.reason.message}`)
    m = r.match
  }
  return m
}

/** Median time of `SEEKS` random seeks (the reply serialised, as the WebSocket sends it), ms. */
function seekMedianMs(service: ReplayService, replayId: string, length: number): number {
  const cursor = new RngCursor(seedRng(length))
  const times: number[] = []
  for (let k = 0; k < SEEKS; k++) {
    const index = cursor.int(length + 1)
    const t0 = performance.now()
    JSON.stringify(service.seek(replayId, index))
    times.push(performance.now() - t0)
  }
  return median(times)
}

/**
 * Replays: opening a 1,000-command game (the running game, and a save of it),
 * and random seeks in it through the host's replay service as a seat asks
 * for them (the state at the index as the seat sees it, the step's events and
 * words, serialised), with the keyframes every `KEYFRAME_EVERY` commands and,
 * for comparison, with none (every seek replays from the start).
 */
export async function replayFigures(): Promise<Figure[]> {
  const game = thousandCommandGame()
  const saves = createMemorySaveStore()
  const summary = await saves.save(game as never, 'Bench game')
  const service = createReplayService({ saves, match: () => game as never })

  const o0 = performance.now()
  const opened = await service.open({ source: 'game' }, 'start', HOT_SEAT)
  const openMs = performance.now() - o0
  seekMedianMs(service, opened.info.replayId, opened.info.length) // warm-up
  const seekMs = seekMedianMs(service, opened.info.replayId, opened.info.length)

  const s0 = performance.now()
  await service.open({ source: 'save', saveId: summary.id }, 'start', HOT_SEAT)
  const openSaveMs = performance.now() - s0

  // The same seeks with a single keyframe (the start): what the keyframes save.
  const noKeyframes = openReplay(game.ruleset, game.header, game.entries, { keyframeEvery: REPLAY_COMMANDS + 1 })
  const cursor = new RngCursor(seedRng(1))
  const slow: number[] = []
  for (let k = 0; k < 40; k++) {
    const i = cursor.int(noKeyframes.length + 1)
    const t0 = performance.now()
    noKeyframes.stateAt(i)
    slow.push(performance.now() - t0)
  }
  return [
    {
      name: 'replay.seekMs',
      value: seekMs,
      unit: 'ms',
      note: `median of ${SEEKS} random seeks in a ${REPLAY_COMMANDS}-command reference-town game (random player, physics dice), keyframes every ${KEYFRAME_EVERY} commands: the hot seat's view, the step's events and words, serialised`,
    },
    {
      name: 'replay.seekNoKeyframesMs',
      value: median(slow),
      unit: 'ms',
      note: 'median of 40 random seeks in the same game folding from the start (no keyframes), the state alone',
    },
    {
      name: 'replay.openMs',
      value: openMs,
      unit: 'ms',
      note: 'opening that game (the running game) as a replay: one pass over the log for keyframes and marks',
    },
    {
      name: 'replay.openSaveMs',
      value: openSaveMs,
      unit: 'ms',
      note: 'opening a save of it as a replay: read, checked against its schemas and snapshot (not played again), keyframes and marks',
    },
  ]
}
