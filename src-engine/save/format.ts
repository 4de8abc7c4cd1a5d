import { z } from 'zod'
import { CommandSchema } from '../rules/smle/commands/index'
import { GameEventSchema } from '../rules/smle/events/events'
import type { MatchState } from '../rules/smle/state/state'
import { type Match, type MatchHeader, restoreMatch, RULES_VERSION } from '../match/match'
import { ScenarioSchema } from '../scenario/schema'
import { hashValue } from '../util/canonical-json'
import { migrateSave } from './migrations'

/** Marks a file as ours; anything else is a foreign file. */
export const SAVE_MAGIC = 'smle-table-save'
/** The save format this version writes and the newest it reads. */
export const SAVE_FORMAT_VERSION = 1

const HeaderSchema = z.object({
  name: z.string().min(1).max(200),
  savedAt: z.string(),
  rulesVersion: z.number().int().positive(),
  ruleset: z.enum(['smle', 'smr']),
  seed: z.number().int().min(0).max(0xffffffff),
  rng: z.literal('sfc32'),
  dice: z.enum(['physics', 'quick']),
  scenario: ScenarioSchema,
})

const LogEntrySchema = z.object({
  seq: z.number().int().positive(),
  command: CommandSchema,
  events: z.array(GameEventSchema),
  barrier: z.boolean(),
})

/** A save file: header, the command/event log, and a snapshot check of the state it leads to. */
export const SaveFileSchema = z.object({
  format: z.literal(SAVE_MAGIC),
  formatVersion: z.literal(SAVE_FORMAT_VERSION),
  header: HeaderSchema,
  entries: z.array(LogEntrySchema),
  snapshot: z.object({ seq: z.number().int().nonnegative(), stateHash: z.string() }).optional(),
})
export type SaveFile = z.infer<typeof SaveFileSchema>

/** What a save is called and when it was written; not part of the game itself. */
export interface SaveMeta {
  readonly name: string
  readonly savedAt: string
}

/** Hash of a state, as recorded in a save's snapshot. */
export function stateHash(state: MatchState): string {
  return hashValue(state)
}

/** The save file for a game. */
export function toSaveFile(match: Match, meta: SaveMeta): SaveFile {
  return {
    format: SAVE_MAGIC,
    formatVersion: SAVE_FORMAT_VERSION,
    header: { ...meta, ...match.header },
    entries: match.entries.map((e) => ({ ...e, events: [...e.events] })),
    snapshot: { seq: match.entries.length, stateHash: stateHash(match.state) },
  }
}

/** Serialises a game as save-file text. */
export function serializeSave(match: Match, meta: SaveMeta): string {
  return `${JSON.stringify(toSaveFile(match, meta), null, 1)}\n`
}

/** The result of reading a save file: the restored game, or why it was refused. */
export type ParsedSave = { ok: true; save: SaveFile; match: Match; meta: SaveMeta } | { ok: false; message: string }

/**
 * Reads save-file text: refuses anything damaged, truncated, foreign or from
 * a newer version with a sentence saying which; migrates older versions;
 * replays the log and checks it against the recorded snapshot.
 */
export function parseSave(text: string): ParsedSave {
  let raw: unknown
  try {
    raw = JSON.parse(text)
  } catch {
    return { ok: false, message: 'The file is not a readable save: it is damaged or was cut short (not valid JSON).' }
  }
  if (typeof raw !== 'object' || raw === null || (raw as { format?: unknown }).format !== SAVE_MAGIC) {
    return { ok: false, message: 'The file is not an SMLE Table save.' }
  }
  const version = (raw as { formatVersion?: unknown }).formatVersion
  if (typeof version !== 'number' || !Number.isInteger(version) || version < 1) {
    return { ok: false, message: 'The save is damaged: it has no valid format version.' }
  }
  if (version > SAVE_FORMAT_VERSION) {
    return { ok: false, message: `The save was written by a newer version of SMLE Table (save format ${version}; this version reads up to ${SAVE_FORMAT_VERSION}). Update the program to open it.` }
  }
  const migrated = migrateSave(raw, version)
  const parsed = SaveFileSchema.safeParse(migrated)
  if (!parsed.success) {
    const issue = parsed.error.issues[0]
    return { ok: false, message: `The save is damaged${issue ? ` (at ${issue.path.join('.') || 'the top level'}: ${issue.message})` : ''}.` }
  }
  const save = parsed.data
  if (save.header.rulesVersion > RULES_VERSION) {
    return { ok: false, message: `The save uses newer rules (version ${save.header.rulesVersion}) than this program knows (${RULES_VERSION}). Update the program to open it.` }
  }
  const { name, savedAt, ...rest } = save.header
  const header: MatchHeader = rest
  let match: Match
  try {
    match = restoreMatch(header, save.entries)
  } catch (err) {
    return { ok: false, message: `The save is damaged: its log cannot be replayed (${err instanceof Error ? err.message : String(err)}).` }
  }
  if (save.snapshot && (save.snapshot.seq !== save.entries.length || save.snapshot.stateHash !== stateHash(match.state))) {
    return { ok: false, message: 'The save is damaged: its log does not lead to the state recorded with it.' }
  }
  return { ok: true, save, match, meta: { name, savedAt } }
}
