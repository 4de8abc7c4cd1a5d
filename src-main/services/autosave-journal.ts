import { dispatch, type Match, stateHash, undo } from '../../src-engine/index'

/**
 * The autosave journal: one JSON line per accepted command or undo, appended
 * beside the autosave and fsynced before the host answers. The autosave plus
 * the journal's records after it are the game; a compaction rewrites the
 * autosave and starts a new journal.
 *
 * Lines, in order:
 * - `base`: the first line; the autosave this journal continues (its mark).
 * - `entry`: a log entry appended to the game (seq, command, events, barrier).
 * - `undo`: the entry `seq` was taken back.
 * - `compact`: an autosave of the game at `mark` is about to be written. A
 *   crash after the autosave is written but before the journal is replaced
 *   leaves a journal whose base no longer matches the autosave and whose
 *   `compact` line does: everything in it is already in the autosave.
 */
export type JournalRecord =
  | { readonly kind: 'base'; readonly gameId: string; readonly mark: GameMark }
  | { readonly kind: 'compact'; readonly gameId: string; readonly mark: GameMark }
  | {
      readonly kind: 'entry'
      readonly gameId: string
      readonly seq: number
      readonly command: unknown
      readonly events: readonly unknown[]
      readonly barrier: boolean
    }
  | { readonly kind: 'undo'; readonly gameId: string; readonly seq: number }

/** Which game, at which point: enough to tell whether a journal continues a given autosave. */
export interface GameMark {
  readonly scenarioId: string
  readonly seed: number
  readonly seq: number
  readonly stateHash: string
}

/** The mark of a game as it stands. */
export function markOf(match: Match): GameMark {
  return {
    scenarioId: match.header.scenario.id,
    seed: match.header.seed,
    seq: match.entries.length,
    stateHash: stateHash(match.state),
  }
}

function sameMark(a: GameMark, b: GameMark): boolean {
  return a.scenarioId === b.scenarioId && a.seed === b.seed && a.seq === b.seq && a.stateHash === b.stateHash
}

/** One journal line (with its newline). */
export function journalLine(record: JournalRecord): string {
  return `${JSON.stringify(record)}\n`
}

/** What reading the journal on start made of it. */
export interface JournalReplay {
  /** The autosave with the journal's records applied. */
  readonly match: Match
  /** Records (entries and undos) applied on top of the autosave. */
  readonly applied: number
  /**
   * `none`: no journal, or nothing in it to apply. `replayed`: it continued
   * the autosave and its records were applied (up to `problem`, if any).
   * `compacted`: its records are already in the autosave. `foreign`: it
   * continues another autosave (another game); the autosave is kept as it is.
   */
  readonly outcome: 'none' | 'replayed' | 'compacted' | 'foreign'
  /** Why records were left out, in a sentence; null when none was. */
  readonly problem: string | null
}

/**
 * Splits the journal into records. A last line without its newline is a write
 * cut short by a crash: it was never acknowledged, and is dropped. A damaged
 * complete line ends the journal there.
 */
function readRecords(text: string): { records: JournalRecord[]; problem: string | null } {
  const lines = text.split('\n')
  lines.pop() // '' after the last newline, or the torn tail
  const records: JournalRecord[] = []
  for (const [i, line] of lines.entries()) {
    if (line === '') continue
    let record: unknown
    try {
      record = JSON.parse(line)
    } catch {
      return { records, problem: `line ${i + 1} of the autosave journal is damaged` }
    }
    const kind = (record as { kind?: unknown } | null)?.kind
    if (kind !== 'base' && kind !== 'compact' && kind !== 'entry' && kind !== 'undo')
      return { records, problem: `line ${i + 1} of the autosave journal is not a journal record` }
    records.push(record as JournalRecord)
  }
  return { records, problem: null }
}

/** The autosave brought up to date from the journal written after it (see `JournalRecord`). */
export function replayJournal(autosaved: Match, text: string | null): JournalReplay {
  const none: JournalReplay = { match: autosaved, applied: 0, outcome: 'none', problem: null }
  if (text === null) return none
  const { records, problem: damage } = readRecords(text)
  const here = markOf(autosaved)
  const first = records[0]
  if (first?.kind !== 'base' || !sameMark(first.mark, here)) {
    if (records.some((r) => r.kind === 'compact' && sameMark(r.mark, here))) return { ...none, outcome: 'compacted' }
    if (!records.some((r) => r.kind === 'entry' || r.kind === 'undo') && damage === null) return none
    return {
      ...none,
      outcome: 'foreign',
      problem: 'the autosave journal belongs to another game or autosave, so it was not applied',
    }
  }
  let match = autosaved
  let applied = 0
  const stop = (problem: string | null): JournalReplay => ({ match, applied, outcome: 'replayed', problem })
  for (const [i, r] of records.slice(1).entries()) {
    const at = `journal record ${i + 2}`
    if (r.kind === 'compact') {
      // An autosave of another game (a new game or a load) was never written: it was not acknowledged.
      if (!sameMark(r.mark, markOf(match))) return stop(null)
      continue
    }
    if (r.kind === 'base') return stop(`${at} starts another journal`)
    if (r.gameId !== first.gameId) return stop(`${at} belongs to another game`)
    if (r.kind === 'undo') {
      const u = undo(match)
      if (r.seq !== match.entries.length || !u.ok) return stop(`${at} takes back an action the game cannot take back`)
      match = u.match
    } else {
      if (r.seq !== match.entries.length + 1) return stop(`${at} is entry ${r.seq}, not ${match.entries.length + 1}`)
      const d = dispatch(match, r.command)
      if (!d.decision.ok) return stop(`${at} is a command the rules refuse (${d.decision.reason.message})`)
      const entry = d.match.entries.at(-1)
      if (JSON.stringify(entry?.events) !== JSON.stringify(r.events) || entry?.barrier !== r.barrier)
        return stop(`${at} records other events than the rules give for its command`)
      match = d.match
    }
    applied++
  }
  return stop(damage)
}

/** True when the journal holds any complete entry or undo line: something a player did. */
export function hasActions(text: string): boolean {
  return readRecords(text).records.some((r) => r.kind === 'entry' || r.kind === 'undo')
}
