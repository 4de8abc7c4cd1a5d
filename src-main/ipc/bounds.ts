/**
 * The sizes a request may carry, checked at the door before any service or
 * rule sees it: a request past a bound is refused at once (`bad-request`,
 * naming the bound), so no request can make the host work in proportion to
 * what a client chose to send.
 *
 * The bounds come from the rules: a side fields a few dozen figures at most,
 * a move names at most 16 waypoints (SMLE-MOVE), and every id in the game is
 * a short slug.
 */
export const REQUEST_LIMITS = {
  /** An id (team, figure, side, door, weapon key, scenario, …). */
  idChars: 128,
  /** A save's name. */
  nameChars: 200,
  /** Entries in any list of a command (firers, figures going prone, movers, group rolls, …). */
  listItems: 64,
  /** Waypoints of one move (the rules' own bound). */
  waypoints: 16,
  /** Keys of any object in a command (a command's fields, weapons per figure, positions per figure, …). */
  objectKeys: 64,
  /** Nesting of objects and lists in a command (a close assault's mover → via → point is 5). */
  depth: 8,
  /** A command's size, counted as its JSON text. */
  commandBytes: 16 * 1024,
  /** A replay step's index (a log is far shorter: a long game is a few thousand commands). */
  replaySteps: 1_000_000,
  /** One piece of a recording of the table, in bytes (sent as base64: 683 KB, under a WebSocket message's 1 MB). */
  recordingPieceBytes: 512 * 1024,
} as const

const L = REQUEST_LIMITS

/** The JSON size of a number, a boolean or null (close enough for a bound). */
const scalarBytes = (v: number | boolean | null): number => String(v).length

/**
 * Why `value` (a command: a loose object the engine parses) is past a bound,
 * or null when it is within every one. Walks the value without recursion and
 * stops at the first bound passed, so a huge or deep value costs no more than
 * the bound itself; cycles (possible over Electron IPC) stop at the depth bound.
 */
export function commandBoundsProblem(value: unknown): string | null {
  let bytes = 0
  const stack: { v: unknown; path: string; depth: number }[] = [{ v: value, path: 'payload', depth: 0 }]
  while (stack.length > 0) {
    const { v, path, depth } = stack.pop()!
    if (typeof v === 'string') {
      if (v.length > L.idChars) return `${path} is ${v.length} characters long; at most ${L.idChars} are allowed`
      bytes += v.length + 2
    } else if (typeof v === 'number') {
      if (!Number.isFinite(v)) return `${path} is not a finite number`
      bytes += scalarBytes(v)
    } else if (typeof v === 'boolean' || v === null) {
      bytes += scalarBytes(v)
    } else if (typeof v === 'object') {
      if (depth >= L.depth) return `${path} is nested more than ${L.depth} levels deep`
      if (Array.isArray(v)) {
        if (v.length > L.listItems) return `${path} has ${v.length} entries; at most ${L.listItems} are allowed`
        const seen = new Set<string>()
        for (let i = v.length - 1; i >= 0; i--) {
          const item: unknown = v[i]
          if (typeof item === 'string') {
            if (seen.has(item.slice(0, L.idChars + 1)))
              return `${path} names "${item.slice(0, L.idChars)}" more than once`
            seen.add(item.slice(0, L.idChars + 1))
          }
          stack.push({ v: item, path: `${path}.${i}`, depth: depth + 1 })
        }
        bytes += 2 + v.length
      } else {
        const keys = Object.keys(v)
        if (keys.length > L.objectKeys) return `${path} has ${keys.length} fields; at most ${L.objectKeys} are allowed`
        for (const k of keys) {
          if (k.length > L.idChars)
            return `${path} has a field name of ${k.length} characters; at most ${L.idChars} are allowed`
          bytes += k.length + 4
          stack.push({ v: (v as Record<string, unknown>)[k], path: `${path}.${k}`, depth: depth + 1 })
        }
        bytes += 2
      }
    } else if (v !== undefined) {
      return `${path} is a ${typeof v}, which a command cannot carry`
    }
    if (bytes > L.commandBytes) return `the command is over ${L.commandBytes / 1024} KB`
  }
  return null
}

/** Fields that hold waypoints: bounded as the rules bound them, tighter than any other list. */
const WAYPOINT_FIELDS = new Set(['via'])

/**
 * A command's waypoint lists (`via`, of a move or of each mover of a close
 * assault) past the rules' bound, or null. Checked after `commandBoundsProblem`,
 * so the value is small and shallow.
 */
export function waypointProblem(value: unknown, path = 'payload', depth = 0): string | null {
  if (typeof value !== 'object' || value === null || depth > L.depth) return null
  for (const [k, v] of Object.entries(value)) {
    const at = `${path}.${k}`
    if (WAYPOINT_FIELDS.has(k) && Array.isArray(v) && v.length > L.waypoints)
      return `${at} has ${v.length} waypoints; at most ${L.waypoints} are allowed`
    const inner = waypointProblem(v, at, depth + 1)
    if (inner) return inner
  }
  return null
}
