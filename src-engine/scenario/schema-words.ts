import type { z } from 'zod'
import type { ScenarioProblem } from './problems'

/** What each list of a scenario holds, as a player names it. */
const LIST_NOUNS: Readonly<Record<string, string>> = {
  sides: 'side',
  teams: 'team',
  figures: 'figure',
  groups: 'group',
  vehicles: 'vehicle',
  buildings: 'building',
  doors: 'door',
  windows: 'window',
  stairs: 'stair',
  floors: 'floor',
  positions: 'prepared position',
  objectives: 'objective',
  linearFeatures: 'wall, hedge or fence',
  obstacles: 'obstacle',
  baseLines: 'base line',
  areas: 'area',
  hills: 'hill',
  ridges: 'ridge',
  slopes: 'slope',
  conditions: 'victory condition',
  units: 'unit',
}

/** Fields whose words are not simply their name taken apart. */
const FIELD_WORDS: Readonly<Record<string, string>> = {
  formatVersion: 'format version',
  ruleset: 'ruleset',
  id: 'id',
  widthIn: 'width',
  depthIn: 'depth',
  heightIn: 'height',
  lengthIn: 'length',
  radiusIn: 'radius',
  baseRadiusIn: 'base radius',
  offsetIn: 'place along its wall',
  wallThicknessIn: 'wall thickness',
  wallHeightIn: 'wall height',
  thicknessIn: 'thickness',
  arcDeg: 'arc',
  arcWidthDeg: 'arc width',
  facingDeg: 'facing',
  rotationDeg: 'turn',
  weapon: 'main weapon',
  otherWeapons: 'other weapons',
  firstSideId: 'side that goes first',
  roundLimit: 'round limit',
  deploymentZone: 'deployment zone',
  resolutionIn: 'ground resolution',
  sideId: 'side',
  teamId: 'team',
  crewTeamId: 'crew team',
  leaderFigureId: 'leader',
  preparedPositionId: 'prepared position',
  vehicleId: 'vehicle',
  groupId: 'group',
  atTimeLimit: 'winner when time runs out',
  combatSpeedIn: 'combat speed',
  roadSpeedIn: 'road speed',
  entersRound: 'round it enters',
  minX: 'west edge',
  maxX: 'east edge',
  minZ: 'north edge',
  maxZ: 'south edge',
}

/** `baseRadiusIn` → "base radius": camel case taken apart, units dropped. */
export function fieldWords(key: string): string {
  const known = FIELD_WORDS[key]
  if (known) return known
  return key
    .replace(/(In|Deg|Ms)$/, '')
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .toLowerCase()
}

const TYPE_WORDS: Readonly<Record<string, string>> = {
  number: 'a number',
  int: 'a whole number',
  string: 'some text',
  boolean: 'yes or no',
  array: 'a list',
  object: 'a group of settings',
}

/** How an item of a list is named: its name, else its id, else its place in the list. */
function itemLabel(item: unknown, index: number): string {
  if (item && typeof item === 'object') {
    const o = item as Record<string, unknown>
    if (typeof o.name === 'string' && o.name.trim() !== '') return `"${o.name}"`
    if (typeof o.id === 'string' && o.id.trim() !== '') return `"${o.id}"`
  }
  return `number ${index + 1}`
}

/**
 * The thing a path leads to, in words ("team "Rifles", figure "Pte Smith",
 * main weapon"), and the innermost object with an id on the way (for
 * `objectId`). Lists are named by their items' names, never by indices.
 */
export function describePath(
  raw: unknown,
  path: readonly PropertyKey[],
): { readonly words: string; readonly objectId?: string } {
  const parts: string[] = []
  let node: unknown = raw
  let objectId: string | undefined
  for (let i = 0; i < path.length; i++) {
    const key = path[i]!
    const next = path[i + 1]
    if (typeof key === 'string' && typeof next === 'number' && LIST_NOUNS[key]) {
      const list = (node as Record<string, unknown> | undefined)?.[key]
      const item = Array.isArray(list) ? list[next] : undefined
      parts.push(`${LIST_NOUNS[key]} ${itemLabel(item, next)}`)
      const id = (item as { id?: unknown } | undefined)?.id
      if (typeof id === 'string') objectId = id
      node = item
      i++
      continue
    }
    if (typeof key === 'number') {
      parts.push(`item ${key + 1}`)
      node = Array.isArray(node) ? node[key] : undefined
      continue
    }
    parts.push(fieldWords(String(key)))
    node = node && typeof node === 'object' ? (node as Record<string, unknown>)[String(key)] : undefined
  }
  const words = parts.length === 0 ? 'the scenario' : parts.join(', ')
  return objectId === undefined ? { words } : { words, objectId }
}

/** What an issue says is wrong with the value, without the schema's jargon. */
export function issueWords(issue: z.core.$ZodIssue, value: unknown): string {
  switch (issue.code) {
    case 'invalid_type':
      if (value === undefined) return 'is missing'
      return `should be ${TYPE_WORDS[issue.expected] ?? issue.expected}`
    case 'invalid_value':
      if (issue.values.length === 1) return `should be ${JSON.stringify(issue.values[0])}`
      return `should be one of: ${issue.values.map((v) => String(v)).join(', ')}`
    case 'too_small': {
      const min = Number(issue.minimum)
      if (issue.origin === 'array') return `needs at least ${min} ${min === 1 ? 'entry' : 'entries'}`
      if (issue.origin === 'string') return min <= 1 ? 'cannot be empty' : `needs at least ${min} characters`
      return issue.inclusive ? `must be at least ${min}` : `must be more than ${min}`
    }
    case 'too_big': {
      const max = Number(issue.maximum)
      if (issue.origin === 'array') return `may have at most ${max} ${max === 1 ? 'entry' : 'entries'}`
      if (issue.origin === 'string') return `may be at most ${max} characters long`
      return issue.inclusive ? `must be at most ${max}` : `must be less than ${max}`
    }
    case 'invalid_format':
      // A pattern with its own words says them; a bare pattern is "not in the right form".
      return issue.message.startsWith('Invalid') ? 'is not in the right form' : issue.message
    case 'invalid_union': {
      const options = (issue as { options?: readonly unknown[] }).options
      return options
        ? `should be one of: ${options.map((o) => String(o)).join(', ')}`
        : 'is not in any form it may take'
    }
    case 'unrecognized_keys':
      return `has settings this version does not know: ${issue.keys.join(', ')}`
    case 'not_multiple_of':
      return `must be a multiple of ${String(issue.divisor)}`
    default:
      return issue.message
  }
}

/** The value at a path of the raw input (undefined where it is missing). */
function valueAt(raw: unknown, path: readonly PropertyKey[]): unknown {
  let node = raw
  for (const key of path) {
    if (node === null || typeof node !== 'object') return undefined
    node = (node as Record<PropertyKey, unknown>)[key]
  }
  return node
}

const capitalise = (s: string): string => s.charAt(0).toUpperCase() + s.slice(1)

/**
 * A schema's issues as problems a player can read: the thing named by its
 * list and name ("Team "Rifles", figure "Pte Smith": the main weapon is
 * missing"), never a schema path; refinement messages (already in words)
 * are passed on as they are.
 */
export function schemaProblems(raw: unknown, issues: readonly z.core.$ZodIssue[]): ScenarioProblem[] {
  return issues.map((issue) => {
    const { words, objectId } = describePath(raw, issue.path)
    const at = objectId === undefined ? {} : { objectId }
    const ownWords = issue.code === 'invalid_format' && !issue.message.startsWith('Invalid')
    if (issue.code === 'custom' || ownWords) {
      const message = issue.path.length === 0 ? capitalise(issue.message) : `${capitalise(words)}: ${issue.message}`
      return { code: 'schema', severity: 'error', message: withStop(message), ...at }
    }
    const message = `${capitalise(words)} ${issueWords(issue, valueAt(raw, issue.path))}`
    return { code: 'schema', severity: 'error', message: withStop(message), ...at }
  })
}

const withStop = (s: string): string => (/[.!?]$/.test(s) ? s : `${s}.`)
