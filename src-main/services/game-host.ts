import {
  type AnyMatch,
  canUndo,
  CORE_CLAUSES,
  dispatchAs,
  labelledOptions,
  maskSecretIds,
  mentionsSecret,
  previewFire,
  newMatchHeader,
  parseBotSpec,
  rulesetFor,
  secretsFor,
  seedRng,
  simulateThrow,
  smle,
  smr,
  smrLabelledOptions,
  smrNextBattle,
  type SmrScenario,
  type SmrState,
  startMatchOf,
  type TableScenario,
  undo,
  unmask,
  type Viewer,
  viewerMayAct,
  viewRefusal,
} from '../../src-engine/index'
import type {
  DispatchReply,
  FirePreviewReply,
  LegalOptions,
  MatchChanged,
  MatchSnapshot,
  SaveSummary,
} from '../ipc/types'
import { hasActions, type JournalRecord, replayJournal } from './autosave-journal'
import { createDurableAutosave } from './durable-autosave'
import { type BotRunner, createLocalBotRunner } from './bot-runner'
import type { JournalStorage } from './journal-file'
import type { ScenarioLibrary } from './scenario-library'
import { AUTOSAVE_ID, type SaveStore } from './save-store'
import { HOT_SEAT, type Seat, seatInfo, seatKey, seatRefusal, type SeatTable, seatViewer, sideSeat } from './seats'

export { HOT_SEAT, parseSeat, type Seat, SPECTATOR_SEAT, sideSeat } from './seats'

/** A refusal by the host (not by the rules): unknown scenario, unreadable save… */
export class HostError extends Error {
  constructor(message: string) {
    super(message)
    this.name = 'HostError'
  }
}

/** The refusal for a change made in the game that could not be written to disk. */
function notOnDisk(err: unknown): HostError {
  return new HostError(
    `The game could not be written to disk (${err instanceof Error ? err.message : String(err)}): the last change is not saved.`,
  )
}

type UndoReply = { ok: true; snapshot: MatchSnapshot } | { ok: false; clause: string; message: string }

/**
 * The authoritative game, of any registered ruleset (the match's own ruleset
 * decides, views and words it): applies commands, keeps the log, autosaves,
 * tells subscribers. Every call names the seat it comes from: what it returns
 * is that seat's view (what it may not know is left out: SMLE's hidden teams,
 * SMLE-SCEN-05; SMR's hidden peasants, SMR-SCEN-02),
 * and a command is accepted only from a seat that plays the side to act
 * (CORE-SEAT-01); a spectator gives none and starts, loads or saves no game.
 */
export interface GameHost {
  /** Restores the autosave if there is a readable one, else starts the default scenario. */
  start(): Promise<MatchSnapshot>
  snapshot(seat: Seat): MatchSnapshot
  /**
   * A new game of a scenario; `players` names the sides the computer plays
   * (`bot`, `bot:hard`…; the rest are people); with `campaign`, the next
   * battle of an SMR campaign: the finished game's surviving heroes come into
   * it one type up (SMR-OPT-05), and its scenario (saved with it) records the campaign.
   */
  newMatch(
    options: {
      scenarioId: string
      seed?: number | undefined
      players?: Readonly<Record<string, string>> | undefined
      campaign?: boolean | undefined
    },
    seat: Seat,
  ): Promise<MatchSnapshot>
  /** Resolves once the computer has nothing left to do (its side is not to act, or it could not act). */
  botsIdle(): Promise<void>
  dispatch(command: unknown, seat: Seat): Promise<DispatchReply>
  /** What the side to act may do now, labelled and grouped; no options when the seat does not play it. */
  legal(seat: Seat): LegalOptions
  /** An SMLE attack by fire before its roll, or its refusal (the game is unchanged). */
  previewFire(command: unknown, seat: Seat): FirePreviewReply
  /** Takes back the last command, when it was given by a side this seat plays. */
  undo(seat: Seat): Promise<UndoReply>
  save(name: string, seat: Seat): Promise<SaveSummary>
  load(saveId: string, seat: Seat): Promise<MatchSnapshot>
  /** Each change, as `seat` may see it. */
  subscribe(seat: Seat, listener: (change: MatchChanged) => void): () => void
  /** Waits for pending autosaves. */
  flush(): Promise<void>
  /** The match itself, everything in it (the referee's access), for tools and benchmarks. */
  match(): AnyMatch
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
  /**
   * The autosave journal. With it, a command, undo, new game or load is
   * answered only once it is on disk (journaled, fsynced; see
   * `durable-autosave.ts`), and `start()` replays the journal onto the
   * autosave. Without it the autosave is rewritten after each change, in the
   * background.
   */
  readonly journal?: JournalStorage
  /** Journal records between two rewrites of the autosave (default `COMPACT_EVERY`). */
  readonly compactEvery?: number
  /**
   * Spend idle moments preparing the open game's path searches (`World.prepare`,
   * in slices of `PREPARE_SLICE_MS`), so the first long search of a big table
   * does not hold a request (default true).
   */
  readonly prepareWhenIdle?: boolean
  /** Where the computer's commands are worked out (default: in this thread; the app gives a worker thread). */
  readonly bots?: BotRunner
  /** The least time between two of the computer's commands, so a person sees each (default `BOT_PACE_MS`). */
  readonly botPaceMs?: number
  /** Told when the computer could not give a command (it then waits until the game changes). */
  readonly onBotError?: (err: unknown) => void
}

/** A change before it is viewed: the events it appended or took back, and whether the game itself changed. */
interface RawChange {
  readonly reason: MatchChanged['reason']
  readonly events: readonly unknown[]
  readonly withScenario: boolean
  /** Events of changes held back from the seat, already as it sees them, told before these (see `emit`). */
  readonly earlier?: readonly unknown[]
}

/** The sides of a game, from its scenario (every ruleset's scenario names them). */
function tableOf(m: AnyMatch): SeatTable {
  const { sides } = m.header.scenario as TableScenario & SeatTable
  return { sides, computerSideIds: Object.keys(m.header.players ?? {}) }
}

/** The side that must give the next command, by the game's own rules. */
function sideToAct(m: AnyMatch): string | null {
  return m.ruleset.sideToAct(m.state)
}

/**
 * Events after which a seat may know more of the scenario (a hidden team or
 * unit revealed, a concealed position found: SMLE-SCEN-05, SMLE-SHOOT-26,
 * SMR-SCEN-02), or less once they are taken back: the scenario as each seat
 * sees it is sent again with the change.
 */
const SCENARIO_VIEW_EVENTS: ReadonlySet<string> = new Set(['TeamRevealed', 'PositionFound', 'UnitsRevealed'])
const changesScenarioView = (events: readonly unknown[]): boolean =>
  events.some((e) => SCENARIO_VIEW_EVENTS.has((e as { type?: string }).type ?? ''))

/** The least time between two of the computer's commands. */
export const BOT_PACE_MS = 400

/** The rulesets the computer can play (the bot brain has an opponent for each). */
const COMPUTER_RULESETS: readonly string[] = ['smle', 'smr']

/** The sides the computer plays, as a header records them: each checked against the scenario's sides and ruleset. */
function computerPlayers(
  ruleset: { readonly id: string },
  scenario: TableScenario,
  players: Readonly<Record<string, string>> | undefined,
): Record<string, string> {
  const out: Record<string, string> = {}
  const sides = (scenario as TableScenario & SeatTable).sides
  for (const [sideId, spec] of Object.entries(players ?? {})) {
    if (spec === 'person' || spec === 'human') continue
    const side = sides.find((s) => s.id === sideId)
    if (!side) throw new HostError(`"${sideId}" is not a side of ${scenario.name}.`)
    const level = parseBotSpec(spec)
    if (!level) throw new HostError(`"${spec}" is not a player: use bot, bot:easy, bot:normal or bot:hard.`)
    if (!COMPUTER_RULESETS.includes(ruleset.id))
      throw new HostError(`There is no computer opponent for ${ruleset.id.toUpperCase()} yet.`)
    out[sideId] = `bot:${level}`
  }
  return out
}

/** About how long the host works at preparing path searches before it looks at requests again. */
export const PREPARE_SLICE_MS = 15
/** How long after a game opens the host starts preparing it. */
const PREPARE_DELAY_MS = 2000
/** Throwaway throws that warm the physics dice up (about as many as the code takes to be compiled). */
const WARM_THROWS = 12

export function createGameHost(deps: GameHostDeps): GameHost {
  let match: AnyMatch | null = null
  let gameId = ''
  let notice: string | null = null
  let games = 0
  let pending: Promise<void> = Promise.resolve()
  const listeners = new Set<{ readonly seat: Seat; readonly listener: (change: MatchChanged) => void }>()
  const autosave = deps.autosave ?? true
  const reportAutosave = deps.onAutosaveError ?? ((err: unknown) => console.error('Autosave failed:', err))
  const journal = autosave ? deps.journal : undefined
  const durable = journal
    ? createDurableAutosave({
        saves: deps.saves,
        journal,
        report: reportAutosave,
        ...(deps.compactEvery !== undefined ? { compactEvery: deps.compactEvery } : {}),
      })
    : null

  const current = (): AnyMatch => {
    if (!match) throw new HostError('No game is open yet.')
    return match
  }

  /** A spectator may look, never change the game (CORE-SEAT-01). */
  const refuseSpectator = (seat: Seat, what: string): void => {
    if (seat.kind === 'spectator')
      throw new HostError(`A spectator cannot ${what} (CORE-SEAT-01: ${CORE_CLAUSES['CORE-SEAT-01']})`)
  }

  /**
   * Whether a seat is told the seed: it gives the generator, so every die to come, which no seat that may not see
   * everything is sent (the views blank the generator's state); once the game is over it tells nothing.
   */
  const seedShown = (m: AnyMatch, viewer: Viewer): boolean =>
    (m.state as { phase?: string }).phase === 'ended' ||
    viewer.kind === 'referee' ||
    (viewer.kind === 'sides' && tableOf(m).sides.every((s) => viewer.sideIds.includes(s.id)))

  const snapshot = (seat: Seat): MatchSnapshot => {
    const m = current()
    const viewer = seatViewer(seat, tableOf(m))
    return {
      ruleset: m.ruleset.id,
      gameId,
      seat: seatInfo(seat, tableOf(m)),
      scenario: m.ruleset.viewScenario(m.header.scenario, m.state, viewer),
      seed: seedShown(m, viewer) ? m.header.seed : null,
      dice: m.header.dice,
      state: m.ruleset.view(m.state, viewer, m.header.scenario),
      seq: m.entries.length,
      canUndo: canUndo(m),
      notice,
      players: m.header.players ?? {},
    } as MatchSnapshot
  }

  const viewChange = (m: AnyMatch, seat: Seat, raw: RawChange): MatchChanged => {
    const viewer = seatViewer(seat, tableOf(m))
    return {
      ruleset: m.ruleset.id,
      reason: raw.reason,
      gameId,
      seat: seatInfo(seat, tableOf(m)),
      seq: m.entries.length,
      state: m.ruleset.view(m.state, viewer, m.header.scenario),
      canUndo: canUndo(m),
      players: m.header.players ?? {},
      events: [...(raw.earlier ?? []), ...m.ruleset.viewEvents(raw.events, m.state, viewer)],
      ...(raw.withScenario ? { scenario: m.ruleset.viewScenario(m.header.scenario, m.state, viewer) } : {}),
    } as MatchChanged
  }

  const queueAutosave = (): void => {
    if (!autosave) return
    const m = current()
    pending = pending.then(() =>
      deps.saves.save(m, `Autosave: ${m.header.scenario.name}`, AUTOSAVE_ID).then(() => undefined, reportAutosave),
    )
  }

  /**
   * Makes a change durable before it is told: with a journal, its record is on
   * disk when this resolves (null), or the reason it could not be written is
   * returned; without one, an autosave is queued.
   */
  const persist = async (record: JournalRecord, after: AnyMatch): Promise<HostError | null> => {
    if (!durable) {
      queueAutosave()
      return null
    }
    try {
      await durable.record(record, after)
      return null
    } catch (err) {
      return notOnDisk(err)
    }
  }

  /**
   * Changes held back from a seat while the computer takes a decision the
   * seat is not shown (SMLE-SCEN-05: a window only hidden teams may fire in):
   * their events, and whether one of them brought the scenario, by seat.
   */
  const heldBack = new Map<string, { gameId: string; events: readonly unknown[]; withScenario: boolean }>()

  /**
   * Tells every subscriber, each its own view (computed once per distinct
   * seat). A seat owed a decision it is not shown (`holdsBack`) is told
   * nothing until it has been taken: then one change, with the events of
   * both, so that a move interrupted by a window it cannot see reaches it
   * whole, as a move no window interrupted does.
   */
  const emit = (raw: RawChange): void => {
    const m = current()
    const views = new Map<string, MatchChanged | null>()
    for (const { seat, listener } of listeners) {
      const key = seatKey(seat)
      let change = views.get(key)
      if (change === undefined) {
        change = viewChange(m, seat, raw)
        const held = raw.reason === 'dispatch' ? heldBack.get(key) : undefined
        const earlier = held?.gameId === gameId ? held : undefined
        heldBack.delete(key)
        if (raw.reason === 'dispatch' && holdsBack(m, seatViewer(seat, tableOf(m)))) {
          heldBack.set(key, {
            gameId,
            events: [...(earlier?.events ?? []), ...change.events],
            withScenario: (earlier?.withScenario ?? false) || raw.withScenario,
          })
          change = null
        } else if (earlier)
          change = viewChange(m, seat, {
            ...raw,
            withScenario: raw.withScenario || earlier.withScenario,
            earlier: earlier.events,
          })
        views.set(key, change)
      }
      if (change) listener(change)
    }
    const waiting = [...changeWaiters]
    changeWaiters.clear()
    for (const resolve of waiting) resolve()
    wakeBots()
  }

  /** The computer's turn, if it has one: the decision it is working on (a game and a position). */
  let thinking: { readonly gameId: string; readonly seq: number; readonly done: Promise<void> } | null = null
  let lastBotAt = 0
  const bots = deps.bots ?? createLocalBotRunner()
  const pace = deps.botPaceMs ?? BOT_PACE_MS
  const reportBot = deps.onBotError ?? ((err: unknown) => console.error('The computer could not play:', err))
  /** Asks the computer for its command when the side to act is one it plays, and gives it as that side's seat. */
  const wakeBots = (): void => {
    const m = match
    if (!m) return
    const side = sideToAct(m)
    if (side === null || !m.header.players?.[side]) return
    if (thinking && thinking.gameId === gameId && thinking.seq === m.entries.length) return
    const ticket = { gameId, seq: m.entries.length }
    const stillCurrent = (): boolean =>
      match !== null && gameId === ticket.gameId && match.entries.length === ticket.seq
    const done = (async () => {
      try {
        const command = await bots.choose({
          gameId,
          header: m.header as never,
          entries: m.entries as never,
          sideId: side,
        })
        const wait = lastBotAt + pace - Date.now()
        if (wait > 0) await new Promise((r) => setTimeout(r, wait))
        if (!stillCurrent()) return
        if (command === null) throw new Error(`The computer found nothing to do for ${side}.`)
        lastBotAt = Date.now()
        // Still `thinking` until the command is in: the change it makes wakes the computer again if it is still to act.
        const r = await host.dispatch(command, sideSeat(side))
        if (!r.ok) throw new Error(`The rules refused the computer's command: ${r.reason.clause} ${r.reason.message}`)
      } catch (err) {
        if (stillCurrent()) reportBot(err)
      } finally {
        if (thinking?.gameId === ticket.gameId && thinking.seq === ticket.seq) thinking = null
      }
    })()
    thinking = { ...ticket, done }
  }

  /**
   * The side that owes a decision `viewer` is not shown (a window only its
   * hidden teams may take, SMLE-SCEN-05), whoever plays it, the computer or
   * a person at another seat: the seat sees its own turn go on; or null.
   */
  const unseenSide = (m: AnyMatch, viewer: Viewer): string | null => {
    const side = sideToAct(m)
    if (side === null || viewerMayAct(viewer, side)) return null
    const seen = m.ruleset.sideToAct(m.ruleset.view(m.state, viewer, m.header.scenario))
    return seen === side ? null : side
  }
  /**
   * Whether a change is held back from a viewer (see `emit`): while a decision it is not shown is taken, by the
   * computer for any viewer, or by a person at another seat for a player's seat. A spectator (the clean feed) is not
   * kept waiting on a person, who may take a while: it sees the side's turn go on meanwhile.
   */
  const holdsBack = (m: AnyMatch, viewer: Viewer): boolean => {
    const side = unseenSide(m, viewer)
    return side !== null && (viewer.kind !== 'spectator' || m.header.players?.[side] !== undefined)
  }
  /** Those waiting for the game to change (a command given or taken back, a game opened): each is called once. */
  const changeWaiters = new Set<() => void>()
  const nextChange = (): Promise<void> => new Promise((resolve) => changeWaiters.add(resolve))
  /**
   * Waits while a decision the seat is not shown is taken, so that the
   * seat's command is judged after it, as if nothing had been waited for (a
   * refusal saying "not your turn" would tell it a hidden team may fire):
   * the computer's, which is asked for at once, or a person's at another
   * seat, which comes when it comes, as at the table.
   */
  const decisionUnseen = async (viewer: Viewer): Promise<void> => {
    for (;;) {
      const m = current()
      const side = unseenSide(m, viewer)
      if (side === null) return
      if (!m.header.players?.[side]) {
        await nextChange()
        continue
      }
      wakeBots()
      const t = thinking
      if (!t) return
      const before = m.entries.length
      await t.done
      // The computer could not play (reported as such): the command is judged as things stand.
      if (current().entries.length === before) return
    }
  }

  let warmThrows = 0
  /** Prepares `m`'s path searches one slice per turn of the event loop, while it is the open game. */
  const prepareWhenIdle = (m: AnyMatch): void => {
    if (deps.prepareWhenIdle === false) return
    const movers = m.ruleset.pathMovers?.(m.state) ?? []
    if (movers.length === 0) return
    let work = 8 // nodes per slice, tuned after each slice to take about PREPARE_SLICE_MS
    const slice = (): void => {
      if (match?.world !== m.world) return
      const t0 = performance.now()
      const done = m.world.prepare(movers, work)
      const ms = performance.now() - t0
      work = Math.max(1, Math.min(4096, Math.round(ms < 1 ? work * 2 : (work * PREPARE_SLICE_MS) / ms)))
      if (!done) setImmediate(slice)
      // Last, throws that count for nothing, one per slice in a tray of their own, so the physics code is
      // compiled (a cold throw takes a few hundred milliseconds, a warm one a few) before the first real throw.
      else if (m.header.dice === 'physics' && warmThrows < WARM_THROWS) {
        simulateThrow(seedRng(warmThrows++), 2)
        setImmediate(slice)
      }
    }
    // Not at once: the first view of the game (the page's snapshot, its first frame) comes first.
    setTimeout(slice, PREPARE_DELAY_MS).unref()
  }

  const openGame = async (m: AnyMatch, reason: 'new' | 'load', seat: Seat): Promise<MatchSnapshot> => {
    match = m
    prepareWhenIdle(m)
    gameId = `${deps.now().toString(36)}-${++games}`
    let failure: HostError | null = null
    if (durable) await durable.compact(m, gameId).catch((err: unknown) => (failure = notOnDisk(err)))
    else queueAutosave()
    emit({ reason, events: [], withScenario: true })
    if (failure) throw failure
    return snapshot(seat)
  }

  const newMatch = async (
    scenarioId: string,
    seed: number | undefined,
    players: Readonly<Record<string, string>> | undefined,
    seat: Seat,
    campaign = false,
  ): Promise<MatchSnapshot> => {
    let scenario: TableScenario
    try {
      scenario = await deps.scenarios.get(scenarioId)
    } catch (err) {
      throw new HostError(err instanceof Error ? err.message : String(err))
    }
    if (campaign) scenario = nextBattle(scenario)
    // The scenario's `ruleset` picks the rules it is played with (CORE-RULESET-01).
    const ruleset = rulesetFor(scenario.ruleset)
    if (!ruleset.ok) throw new HostError(ruleset.reason.message)
    notice = null
    const computer = computerPlayers(ruleset.value, scenario, players)
    const header = newMatchHeader(ruleset.value, scenario, seed ?? deps.randomSeed(), 'physics', computer)
    return openGame(startMatchOf(ruleset.value, header), 'new', seat)
  }

  /** SMR-OPT-05: `scenario` as the next battle after the game now open, which must be a finished SMR game. */
  const nextBattle = (scenario: TableScenario): TableScenario => {
    const m = match
    if (!m || m.ruleset.id !== smr.id || scenario.ruleset !== smr.id)
      throw new HostError('Campaign play carries the heroes of a finished SMR battle into another SMR battle.')
    const last = { scenario: m.header.scenario as SmrScenario, state: m.state as SmrState }
    if (last.state.phase !== 'ended') throw new HostError('The next battle of a campaign begins when this one is over.')
    return smrNextBattle(last, scenario as SmrScenario).scenario
  }

  const host: GameHost = {
    async start() {
      const autosaved = await deps.saves.load(AUTOSAVE_ID)
      const journalText = journal ? await journal.read() : null
      if (autosaved.ok) {
        const replayed = replayJournal(autosaved.match, journalText)
        if (replayed.problem !== null && journal) {
          const keptAs = await journal.setAside('ignored-autosave')
          const applied = replayed.outcome === 'replayed' ? ` after ${replayed.applied} later actions were applied` : ''
          notice = `The autosave was restored, but ${replayed.problem}${applied}. The journal was kept, unchanged, as "${keptAs}" in the saves folder.`
        }
        return openGame(replayed.match, 'load', HOT_SEAT)
      }
      // Without its autosave the journal cannot be applied: it is kept aside if it holds any action.
      const keptJournal =
        journal && journalText !== null && hasActions(journalText) ? await journal.setAside('ignored-autosave') : null
      const journalNote = keptJournal
        ? ` The journal of the actions after it was kept, unchanged, as "${keptJournal}" in the saves folder.`
        : ''
      if (!autosaved.missing) {
        // Keep the unreadable file byte for byte under another name, so the next autosave cannot overwrite it.
        const keptAs = await deps.saves.setAside(AUTOSAVE_ID)
        const snap = await newMatch(deps.defaultScenarioId, undefined, undefined, HOT_SEAT)
        notice = `The last autosave could not be read (${autosaved.message}) It was kept, unchanged, as the save "${keptAs}".${journalNote}`
        return { ...snap, notice }
      }
      if (keptJournal) {
        const snap = await newMatch(deps.defaultScenarioId, undefined, undefined, HOT_SEAT)
        notice = `There was no autosave to apply the autosave journal to.${journalNote}`
        return { ...snap, notice }
      }
      return newMatch(deps.defaultScenarioId, undefined, undefined, HOT_SEAT)
    },
    snapshot,
    async newMatch({ scenarioId, seed, players, campaign }, seat) {
      if (match) refuseSpectator(seat, 'start a new game')
      return newMatch(scenarioId, seed, players, seat, campaign === true)
    },
    async dispatch(command, seat) {
      const viewer = seatViewer(seat, tableOf(current()))
      // A spectator gives no command (CORE-SEAT-01), whatever it might wait for.
      if (viewer.kind !== 'spectator') await decisionUnseen(viewer)
      const m = current()
      const side = sideToAct(m)
      // CORE-SEAT-01: checked before the rules see the command; the game is unchanged and nothing is pushed.
      if (viewer.kind === 'spectator' || (side !== null && !viewerMayAct(viewer, side)))
        return { ok: false, reason: seatRefusal(seat, tableOf(m), side) }
      // A refusal may not name what the seat cannot see, nor tell a hidden team from none (SMLE-SCEN-05, SMR-SCEN-02).
      const r = dispatchAs(m, command, viewer)
      if (!r.decision.ok) return { ok: false, reason: r.decision.reason }
      match = r.match
      const entry = r.match.entries.at(-1)!
      const failure = await persist({ kind: 'entry', gameId, ...entry }, r.match)
      emit({ reason: 'dispatch', events: r.decision.events, withScenario: changesScenarioView(r.decision.events) })
      if (failure) throw failure
      // The reply too waits for a decision of the computer's the seat is not shown, so it comes as late as it would
      // have come had no window opened.
      await decisionUnseen(viewer)
      return { ok: true, events: r.match.ruleset.viewEvents(r.decision.events, r.match.state, viewer) }
    },
    legal(seat) {
      const m = current()
      const sideId = sideToAct(m)
      const viewer = seatViewer(seat, tableOf(m))
      const none = { gameId, seq: m.entries.length, sideId, options: [] }
      if (m.ruleset.id === smr.id) {
        if (sideId === null || !viewerMayAct(viewer, sideId)) return { ruleset: 'smr', ...none }
        // The rules offer nothing against a peasant still hidden from the side to act (SMR-SCEN-02).
        return { ruleset: 'smr', ...none, options: smrLabelledOptions(m.state, m.world, sideId) }
      }
      if (m.ruleset.id !== smle.id) throw new HostError(`The game's ruleset "${m.ruleset.id}" has no options here.`)
      // While the computer takes a decision the seat is not shown, the seat sees its own turn, with nothing to
      // choose until the computer is done (the change it makes brings the options).
      const unseen = unseenSide(m, viewer)
      if (unseen !== null)
        return {
          ruleset: 'smle',
          ...none,
          sideId: m.ruleset.sideToAct(m.ruleset.view(m.state, viewer, m.header.scenario)),
        }
      if (sideId === null || !viewerMayAct(viewer, sideId)) return { ruleset: 'smle', ...none }
      // The rules offer nothing against a team not yet seen (SMLE-SHOOT-01); this keeps any option that would name one from the seat all the same.
      const secrets = secretsFor(m.state, viewer)
      const options = labelledOptions(m.state, m.world, sideId)
      return {
        ruleset: 'smle',
        ...none,
        options: secrets.teamIds.size === 0 ? options : options.filter((o) => !mentionsSecret(o, secrets)),
      }
    },
    previewFire(command, seat) {
      const m = current()
      const side = sideToAct(m)
      if (side === null || !viewerMayAct(seatViewer(seat, tableOf(m)), side))
        return { ok: false, ...seatRefusal(seat, tableOf(m), side) }
      // Fire previews are SMLE's (SMR shows its missile numbers from the engine's own queries).
      if (m.ruleset.id !== smle.id)
        return {
          ok: false,
          clause: 'CORE-RULESET-01',
          message: `Fire previews are for SMLE games; this game is played under ${m.ruleset.name}.`,
        }
      const viewer = seatViewer(seat, tableOf(m))
      // A target the seat may not know exists is previewed as one that does not (CORE-CMD-01).
      const masked = maskSecretIds(command, smle.secretIds?.(m.state, viewer) ?? new Set())
      if (masked.masks.size > 0) {
        const probe = previewFire(m.state, m.world, masked.command)
        if (!probe.ok) return { ok: false, ...unmask(viewRefusal(probe.reason, m.state, viewer), masked.masks) }
      }
      const r = previewFire(m.state, m.world, command)
      return r.ok ? { ok: true, preview: r.value } : { ok: false, ...viewRefusal(r.reason, m.state, viewer) }
    },
    async undo(seat) {
      const m = current()
      const viewer = seatViewer(seat, tableOf(m))
      if (viewer.kind === 'spectator') return { ok: false, ...seatRefusal(seat, tableOf(m), sideToAct(m)) }
      const r = undo(m)
      if (!r.ok) return { ok: false, clause: r.reason.clause, message: r.reason.message }
      // The command taken back was given by the side to act before it: only a seat playing that side may take it back.
      const giver = sideToAct(r.match)
      if (giver !== null && !viewerMayAct(viewer, giver))
        return { ok: false, ...seatRefusal(seat, tableOf(r.match), giver) }
      match = r.match
      const failure = await persist({ kind: 'undo', gameId, seq: r.undone.seq }, r.match)
      emit({ reason: 'undo', events: r.undone.events, withScenario: changesScenarioView(r.undone.events) })
      if (failure) throw failure
      return { ok: true, snapshot: snapshot(seat) }
    },
    async save(name, seat) {
      refuseSpectator(seat, 'save the game')
      const trimmed = name.trim()
      if (trimmed === '') throw new HostError('A save needs a name.')
      if (trimmed.length > 200) throw new HostError('A save name can be at most 200 characters long.')
      const summary = await deps.saves.save(current(), trimmed)
      // A good moment to fold the journal into the autosave; its failure is reported by the writer.
      durable?.compact(current(), gameId).catch(() => undefined)
      return summary
    },
    async load(saveId, seat) {
      if (match) refuseSpectator(seat, 'load a game')
      const r = await deps.saves.load(saveId)
      if (!r.ok) throw new HostError(r.message)
      notice = null
      return openGame(r.match, 'load', seat)
    },
    subscribe(seat, listener) {
      const entry = { seat, listener }
      listeners.add(entry)
      return () => listeners.delete(entry)
    },
    flush: () => (durable ? durable.flush() : pending),
    async botsIdle() {
      for (let i = 0; i < 100000 && thinking; i++) await thinking.done
    },
    match: current,
  }
  return host
}
