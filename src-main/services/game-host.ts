import {
  canUndo,
  type Decision,
  dispatch,
  labelledOptions,
  type Match,
  previewFire,
  newHeader,
  type Scenario,
  sideToAct,
  startMatch,
  undo,
} from '../../src-engine/index'
import type { FirePreviewReply, LegalOptions, MatchChanged, MatchSnapshot, SaveSummary } from '../ipc/types'
import type { ScenarioLibrary } from './scenario-library'
import { AUTOSAVE_ID, type SaveStore } from './save-store'

/** A refusal by the host (not by the rules): unknown scenario, unreadable save… */
export class HostError extends Error {
  constructor(message: string) {
    super(message)
    this.name = 'HostError'
  }
}

/** The authoritative game: applies commands, keeps the log, autosaves, tells subscribers. */
export interface GameHost {
  /** Restores the autosave if there is a readable one, else starts the default scenario. */
  start(): Promise<MatchSnapshot>
  snapshot(): MatchSnapshot
  newMatch(options: { scenarioId: string; seed?: number | undefined }): Promise<MatchSnapshot>
  dispatch(command: unknown): Promise<Decision>
  /** What the side to act may do now, labelled and grouped. */
  legal(): LegalOptions
  /** An attack by fire before its roll, or its refusal (the game is unchanged). */
  previewFire(command: unknown): FirePreviewReply
  undo(): Promise<{ ok: true; snapshot: MatchSnapshot } | { ok: false; clause: string; message: string }>
  save(name: string): Promise<SaveSummary>
  load(saveId: string): Promise<MatchSnapshot>
  subscribe(listener: (change: MatchChanged) => void): () => void
  /** Waits for pending autosaves. */
  flush(): Promise<void>
  /** The match itself, for tools and benchmarks. */
  match(): Match
}

export interface GameHostDeps {
  readonly saves: SaveStore
  readonly scenarios: ScenarioLibrary
  readonly defaultScenarioId: string
  readonly now: () => number
  readonly randomSeed: () => number
  /** Write the autosave after every change (default true). */
  readonly autosave?: boolean
  /** Reports autosave failures (default: console.error). */
  readonly onAutosaveError?: (err: unknown) => void
}

export function createGameHost(deps: GameHostDeps): GameHost {
  let match: Match | null = null
  let gameId = ''
  let notice: string | null = null
  let games = 0
  let pending: Promise<void> = Promise.resolve()
  const listeners = new Set<(change: MatchChanged) => void>()
  const autosave = deps.autosave ?? true
  const reportAutosave = deps.onAutosaveError ?? ((err: unknown) => console.error('Autosave failed:', err))

  const current = (): Match => {
    if (!match) throw new HostError('No game is open yet.')
    return match
  }

  const snapshot = (): MatchSnapshot => {
    const m = current()
    return { gameId, scenario: m.header.scenario, seed: m.header.seed, dice: m.header.dice, state: m.state, seq: m.entries.length, canUndo: canUndo(m), notice }
  }

  const queueAutosave = (): void => {
    if (!autosave) return
    const m = current()
    pending = pending.then(() => deps.saves.save(m, `Autosave: ${m.header.scenario.name}`, AUTOSAVE_ID).then(() => undefined, reportAutosave))
  }

  const emit = (change: MatchChanged): void => {
    for (const l of listeners) l(change)
  }

  const openGame = (m: Match, reason: 'new' | 'load'): MatchSnapshot => {
    match = m
    gameId = `${deps.now().toString(36)}-${++games}`
    queueAutosave()
    emit({ reason, gameId, seq: m.entries.length, state: m.state, canUndo: canUndo(m), events: [], scenario: m.header.scenario })
    return snapshot()
  }

  const host: GameHost = {
    async start() {
      const autosaved = await deps.saves.load(AUTOSAVE_ID)
      if (autosaved.ok) return openGame(autosaved.match, 'load')
      if (!autosaved.missing) {
        // Keep the unreadable file byte for byte under another name, so the next autosave cannot overwrite it.
        const keptAs = await deps.saves.setAside(AUTOSAVE_ID)
        const snap = await host.newMatch({ scenarioId: deps.defaultScenarioId })
        notice = `The last autosave could not be read (${autosaved.message}) It was kept, unchanged, as the save "${keptAs}".`
        return { ...snap, notice }
      }
      return host.newMatch({ scenarioId: deps.defaultScenarioId })
    },
    snapshot,
    async newMatch({ scenarioId, seed }) {
      let scenario: Scenario
      try {
        scenario = await deps.scenarios.get(scenarioId)
      } catch (err) {
        throw new HostError(err instanceof Error ? err.message : String(err))
      }
      notice = null
      return openGame(startMatch(newHeader(scenario, seed ?? deps.randomSeed())), 'new')
    },
    async dispatch(command) {
      const m = current()
      const r = dispatch(m, command)
      if (r.decision.ok) {
        match = r.match
        queueAutosave()
        emit({ reason: 'dispatch', gameId, seq: r.match.entries.length, state: r.match.state, canUndo: canUndo(r.match), events: r.decision.events })
      }
      return r.decision
    },
    legal() {
      const m = current()
      const sideId = sideToAct(m.state)
      return { gameId, seq: m.entries.length, sideId, options: sideId === null ? [] : labelledOptions(m.state, m.world, sideId) }
    },
    previewFire(command) {
      const m = current()
      const r = previewFire(m.state, m.world, command)
      return r.ok ? { ok: true, preview: r.value } : { ok: false, clause: r.reason.clause, message: r.reason.message }
    },
    async undo() {
      const r = undo(current())
      if (!r.ok) return { ok: false, clause: r.reason.clause, message: r.reason.message }
      match = r.match
      queueAutosave()
      emit({ reason: 'undo', gameId, seq: r.match.entries.length, state: r.match.state, canUndo: canUndo(r.match), events: r.undone.events })
      return { ok: true, snapshot: snapshot() }
    },
    async save(name) {
      const trimmed = name.trim()
      if (trimmed === '') throw new HostError('A save needs a name.')
      if (trimmed.length > 200) throw new HostError('A save name can be at most 200 characters long.')
      return deps.saves.save(current(), trimmed)
    },
    async load(saveId) {
      const r = await deps.saves.load(saveId)
      if (!r.ok) throw new HostError(r.message)
      notice = null
      return openGame(r.match, 'load')
    },
    subscribe(listener) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    flush: () => pending,
    match: current,
  }
  return host
}
