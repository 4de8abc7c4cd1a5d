import type { Match } from '../../src-engine/index'
import { journalLine, type JournalRecord, markOf } from './autosave-journal'
import type { JournalStorage } from './journal-file'
import { AUTOSAVE_ID, type SaveStore } from './save-store'

/** How many journal records a compaction folds into the autosave by default. */
export const COMPACT_EVERY = 64

/**
 * Writes the autosave so that what the host acknowledged is on disk: each
 * record is appended to the journal and fsynced before its promise resolves
 * (records that arrive while a write is under way go together in the next
 * one), and every `compactEvery` records, or when asked, the autosave is
 * rewritten and the journal started afresh. Writes happen one at a time, in
 * the order they were asked for.
 */
export interface DurableAutosave {
  /** Journals an accepted command or undo; `after` is the game with it. Resolves once it is on disk. */
  record(record: JournalRecord, after: Match): Promise<void>
  /** Rewrites the autosave as `match` (game `gameId`) and empties the journal; resolves once both are on disk. */
  compact(match: Match, gameId: string): Promise<void>
  /** Resolves when everything asked for so far is written (or has failed). */
  flush(): Promise<void>
}

type Request =
  { kind: 'record'; line: string; after: Match; gameId: string } | { kind: 'compact'; match: Match; gameId: string }
type Op = Request & { resolve: () => void; reject: (e: unknown) => void }
type RecordOp = Extract<Request, { kind: 'record' }> & Op

export function createDurableAutosave(deps: {
  readonly saves: SaveStore
  readonly journal: JournalStorage
  readonly compactEvery?: number
  readonly report: (err: unknown) => void
}): DurableAutosave {
  const { saves, journal, report } = deps
  const compactEvery = deps.compactEvery ?? COMPACT_EVERY
  const queue: Op[] = []
  let running: Promise<void> | null = null
  let sinceCompaction = 0
  // After a failed write the journal may not continue the autosave: the next write is a compaction.
  let needsCompaction = false

  /**
   * The order matters for a crash at any point: the `compact` line first (the
   * journal then says which autosave will cover it), the autosave next
   * (atomic), the new journal last. See `replayJournal`.
   */
  const compactNow = async (match: Match, gameId: string): Promise<void> => {
    const mark = markOf(match)
    // The leading newline ends a line a failed append may have cut short.
    await journal.append(`\n${journalLine({ kind: 'compact', gameId, mark })}`)
    await saves.save(match, `Autosave: ${match.header.scenario.name}`, AUTOSAVE_ID)
    await journal.replace(journalLine({ kind: 'base', gameId, mark }))
    sinceCompaction = 0
    needsCompaction = false
  }

  const run = async (): Promise<void> => {
    while (queue.length > 0) {
      const head = queue[0]!
      if (head.kind === 'compact') {
        queue.shift()
        try {
          await compactNow(head.match, head.gameId)
          head.resolve()
        } catch (err) {
          needsCompaction = true
          report(err)
          head.reject(err)
        }
        continue
      }
      const batch: RecordOp[] = []
      while (queue[0]?.kind === 'record') batch.push(queue.shift() as RecordOp)
      const last = batch.at(-1)!
      try {
        if (needsCompaction) await compactNow(last.after, last.gameId)
        else {
          await journal.append(batch.map((op) => op.line).join(''))
          sinceCompaction += batch.length
        }
        for (const op of batch) op.resolve()
      } catch (err) {
        needsCompaction = true
        report(err)
        for (const op of batch) op.reject(err)
        continue
      }
      if (sinceCompaction >= compactEvery) {
        try {
          await compactNow(last.after, last.gameId)
        } catch (err) {
          needsCompaction = true
          report(err)
        }
      }
    }
    running = null
  }

  const enqueue = (request: Request): Promise<void> =>
    new Promise<void>((resolve, reject) => {
      queue.push({ ...request, resolve, reject })
      running ??= run()
    })

  return {
    record: (record, after) => enqueue({ kind: 'record', line: journalLine(record), after, gameId: record.gameId }),
    compact: (match, gameId) => enqueue({ kind: 'compact', match, gameId }),
    flush: () => running ?? Promise.resolve(),
  }
}
