import { z } from 'zod'
import { type Match, type MatchHeader, restoreMatchOf } from '../core/match'
import type { AnyRuleset } from '../core/ruleset'
import type { TableScenario } from '../scenario/schema'
import { hashValue } from '../util/canonical-json'
import { buildWorld } from '../world/world'
import { migrateSave } from './migrations'
import { rederiveLog } from './rederive'

/** Finds the ruleset a save names: the registry's lookup (`rules/index.ts`), passed in so the format stays neutral. */
export type RulesetLookup = (id: string) => { ok: true; value: AnyRuleset } | { ok: false; reason: { message: string } }

/** Marks a file as ours; anything else is a foreign file. */
export const SAVE_MAGIC = 'smle-table-save'
/** The save format this version writes and the newest it reads. */
export const SAVE_FORMAT_VERSION = 1

const HeaderSchema = z.object({
  name: z.string().min(1).max(200),
  savedAt: z.string(),
  rulesVersion: z.number().int().positive(),
  /** The ruleset that plays the game: its scenario, commands and events are checked by that ruleset's schemas. */
  ruleset: z.string().min(1),
  seed: z.number().int().min(0).max(0xffffffff),
  rng: z.literal('sfc32'),
  dice: z.enum(['physics', 'quick']),
  scenario: z.unknown(),
  players: z.record(z.string(), z.string().regex(/^bot:(easy|normal|hard)$/)).optional(),
})

const LogEntrySchema = z.object({
  seq: z.number().int().positive(),
  command: z.unknown(),
  events: z.array(z.unknown()),
  barrier: z.boolean(),
})

/** A save file: header, the command/event log, and a snapshot check of the state it leads to. */
/**
 * What a list of saves shows, written beside the header so that listing
 * needs neither the world nor a replay (files written before it have none:
 * they are listed by replaying them).
 */
const SummarySchema = z.object({
  scenarioId: z.string(),
  scenarioName: z.string(),
  round: z.number().int().nonnegative(),
  commands: z.number().int().nonnegative(),
})
export type SaveSummaryFields = z.infer<typeof SummarySchema>

export const SaveFileSchema = z.object({
  format: z.literal(SAVE_MAGIC),
  formatVersion: z.literal(SAVE_FORMAT_VERSION),
  summary: SummarySchema.optional(),
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
export function stateHash(state: unknown): string {
  return hashValue(state)
}

/** The save file for a game. */
export function toSaveFile(match: AnyMatch, meta: SaveMeta): SaveFile {
  return {
    format: SAVE_MAGIC,
    formatVersion: SAVE_FORMAT_VERSION,
    summary: summaryOf(match),
    header: { ...meta, ...match.header },
    entries: match.entries.map((e) => ({ ...e, events: [...e.events] })),
    snapshot: { seq: match.entries.length, stateHash: stateHash(match.state) },
  }
}

/** The list's view of a game: its scenario, round and length. */
export function summaryOf(match: AnyMatch): SaveSummaryFields {
  return {
    scenarioId: match.header.scenario.id,
    scenarioName: match.header.scenario.name,
    round: match.ruleset.round(match.state),
    commands: match.entries.length,
  }
}

/** Serialises a game as save-file text. */
export function serializeSave(match: AnyMatch, meta: SaveMeta): string {
  return `${JSON.stringify(toSaveFile(match, meta), null, 1)}\n`
}

/** The result of reading a save file: the restored game, or why it was refused. */
export type ParsedSave = { ok: true; save: SaveFile; match: AnyMatch; meta: SaveMeta } | { ok: false; message: string }

/** A game of any ruleset. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyMatch = Match<any, any, any, any>

/** What a save's header tells without a replay: its name, date and summary, or why the file cannot be opened. */
export type SaveHeading =
  { ok: true; meta: SaveMeta; summary: SaveSummaryFields | null } | { ok: false; message: string }

/**
 * Reads only a save's envelope and header: the checks that need no replay
 * (a readable file of ours, a format and rules this version reads, a ruleset
 * this build has) and the summary written with it. A damaged log is found
 * when the save is loaded. `summary` is null for files written before
 * summaries were.
 */
export function readSaveHeading(text: string, rulesetFor: RulesetLookup): SaveHeading {
  const envelope = checkEnvelope(text)
  if (!envelope.ok) return envelope
  const header = HeadingSchema.safeParse(envelope.raw)
  if (!header.success) return damagedAt(header.error)
  const found = rulesetFor(header.data.header.ruleset)
  if (!found.ok) return { ok: false, message: found.reason.message }
  if (header.data.header.rulesVersion > found.value.version)
    return newerRules(header.data.header.rulesVersion, found.value)
  const { name, savedAt } = header.data.header
  return { ok: true, meta: { name, savedAt }, summary: header.data.summary ?? null }
}

/** Just what `readSaveHeading` reads: the summary and the header without its scenario. */
const HeadingSchema = z.object({ summary: SummarySchema.optional(), header: HeaderSchema })

/** The refusal for a schema problem, naming where it is. */
function damagedAt(error: z.ZodError): { ok: false; message: string } {
  const issue = error.issues[0]
  return {
    ok: false,
    message: `The save is damaged${issue ? ` (at ${issue.path.join('.') || 'the top level'}: ${issue.message})` : ''}.`,
  }
}

function newerRules(version: number, ruleset: AnyRuleset): { ok: false; message: string } {
  return {
    ok: false,
    message: `The save uses newer ${ruleset.name} rules (version ${version}) than this program knows (${ruleset.version}). Update the program to open it.`,
  }
}

/** The text without a leading UTF-8 byte-order mark (U+FEFF), which some editors write and `JSON.parse` refuses. */
export function stripBom(text: string): string {
  return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text
}

/** Parses the JSON, checks it is a save of ours in a format this version reads, and migrates it. */
function checkEnvelope(text: string): { ok: true; raw: unknown } | { ok: false; message: string } {
  let raw: unknown
  try {
    raw = JSON.parse(stripBom(text))
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
    return {
      ok: false,
      message: `The save was written by a newer version of SMLE Table (save format ${version}; this version reads up to ${SAVE_FORMAT_VERSION}). Update the program to open it.`,
    }
  }
  return { ok: true, raw: migrateSave(raw, version) }
}

/**
 * Reads save-file text (a leading byte-order mark is allowed): refuses
 * anything damaged, truncated, foreign or from a newer version with a
 * sentence saying which; migrates older versions; replays the log and checks
 * it against the recorded snapshot; then plays the game again from its
 * scenario, seed and commands and accepts it only if every entry's events
 * and undo barrier are what the rules decide (`rederiveLog`), so that a log
 * edited by hand, even with its snapshot rehashed, is refused naming the
 * first entry that differs. Only reads the text: a refused file is never
 * changed.
 *
 * With `rederive: false` the log is checked against its schemas and its
 * snapshot but not played again: for a replay, which only shows what the
 * log recorded and gives no command (playing a long log again re-throws
 * every die in the tray: minutes for a thousand commands on a big table).
 */
export function parseSave(
  text: string,
  rulesetFor: RulesetLookup,
  options: { readonly rederive?: boolean } = {},
): ParsedSave {
  const envelope = checkEnvelope(text)
  if (!envelope.ok) return envelope
  const parsed = SaveFileSchema.safeParse(envelope.raw)
  if (!parsed.success) return damagedAt(parsed.error)
  const save = parsed.data
  const found = rulesetFor(save.header.ruleset)
  if (!found.ok) return { ok: false, message: found.reason.message }
  const ruleset = found.value
  if (save.header.rulesVersion > ruleset.version) return newerRules(save.header.rulesVersion, ruleset)
  const checked = checkWithRuleset(save, ruleset)
  if (!checked.ok) return checked
  const { name, savedAt } = save.header
  const header = checked.header
  let match: AnyMatch
  const world = buildWorld(header.scenario)
  try {
    match = restoreMatchOf(ruleset, header, checked.entries, world)
  } catch (err) {
    return {
      ok: false,
      message: `The save is damaged: its log cannot be replayed (${err instanceof Error ? err.message : String(err)}).`,
    }
  }
  if (
    save.snapshot &&
    (save.snapshot.seq !== save.entries.length || save.snapshot.stateHash !== stateHash(match.state))
  ) {
    // Older rules may have kept the state otherwise (a base's height on a hill, a record a later version added), so
    // its log folds to another state now: as a replay it shows what the log recorded; to be played on it is refused
    // as a game of older rules (or a damaged file), not called damaged outright.
    const older = save.snapshot.seq === save.entries.length && header.rulesVersion < ruleset.version
    if (!older)
      return { ok: false, message: 'The save is damaged: its log does not lead to the state recorded with it.' }
    if (options.rederive !== false)
      return {
        ok: false,
        message: `The save was played under older ${ruleset.name} rules (version ${header.rulesVersion}), whose game this program's rules (version ${ruleset.version}) no longer keep the same way: its log no longer leads to the state recorded with it (or the file is damaged). It can still be watched as a replay.`,
      }
  }
  if (options.rederive === false) return { ok: true, save, match, meta: { name, savedAt } }
  const rederived = rederiveLog(ruleset, header, checked.entries, world)
  if (!rederived.ok) {
    // Played under older rules that a later version changed: say so rather than call it forged.
    if (header.rulesVersion < ruleset.version)
      return {
        ok: false,
        message: `The save was played under older ${ruleset.name} rules (version ${header.rulesVersion}), which this program's rules (version ${ruleset.version}) no longer give: ${rederived.detail}.`,
      }
    return { ok: false, message: rederived.message }
  }
  return { ok: true, save, match, meta: { name, savedAt } }
}

/** Parses a save's scenario, commands and events with its ruleset's own schemas; a damaged one is refused naming where. */
function checkWithRuleset(
  save: SaveFile,
  ruleset: AnyRuleset,
):
  | {
      ok: true
      header: MatchHeader<TableScenario>
      entries: { seq: number; command: unknown; events: unknown[]; barrier: boolean }[]
    }
  | { ok: false; message: string } {
  const damaged = (path: (string | number | symbol)[], message: string): { ok: false; message: string } => ({
    ok: false,
    message: `The save is damaged (at ${path.map(String).join('.') || 'the top level'}: ${message}).`,
  })
  const scenario = ruleset.scenarioSchema.safeParse(save.header.scenario)
  if (!scenario.success) {
    const issue = scenario.error.issues[0]
    return damaged(['header', 'scenario', ...(issue?.path ?? [])], issue?.message ?? 'invalid scenario')
  }
  const entries: { seq: number; command: unknown; events: unknown[]; barrier: boolean }[] = []
  for (const [i, e] of save.entries.entries()) {
    const command = ruleset.commandSchema.safeParse(e.command)
    if (!command.success) {
      const issue = command.error.issues[0]
      return damaged(['entries', i, 'command', ...(issue?.path ?? [])], issue?.message ?? 'invalid command')
    }
    const events: unknown[] = []
    for (const [j, ev] of e.events.entries()) {
      const event = ruleset.eventSchema.safeParse(ev)
      if (!event.success) {
        const issue = event.error.issues[0]
        return damaged(['entries', i, 'events', j, ...(issue?.path ?? [])], issue?.message ?? 'invalid event')
      }
      events.push(event.data)
    }
    entries.push({ seq: e.seq, command: command.data, events, barrier: e.barrier })
  }
  const { rulesVersion, seed, rng, dice, players } = save.header
  return {
    ok: true,
    header: {
      rulesVersion,
      ruleset: ruleset.id,
      seed,
      rng,
      dice,
      scenario: scenario.data as TableScenario,
      ...(players && Object.keys(players).length > 0 ? { players } : {}),
    },
    entries,
  }
}
