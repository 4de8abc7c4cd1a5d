/**
 * Pure upgrades of older save files, one step per format version: the entry
 * for version N turns a version-N file into a version-(N+1) file. Format 1 is
 * the first, so there are none yet.
 */
export const SAVE_MIGRATIONS: Readonly<Record<number, (raw: Record<string, unknown>) => Record<string, unknown>>> = {}

/** Brings a raw save of format `from` up to the current format. */
export function migrateSave(raw: unknown, from: number, migrations = SAVE_MIGRATIONS): unknown {
  let current = raw as Record<string, unknown>
  for (let v = from, step = migrations[v]; step; v++, step = migrations[v]) {
    current = { ...step(current), formatVersion: v + 1 }
  }
  return current
}
