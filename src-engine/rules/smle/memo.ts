import type { DoorStates } from '../../world/types'
import type { World } from './world'

/**
 * A cache of geometric answers per world, for questions asked again and
 * again with the same inputs (a figure's cover from the same enemy at the
 * same spots). The key must name every input, so a cached answer is always
 * the answer the world would give: it saves time and changes nothing.
 */
const caches = new WeakMap<World, Map<string, unknown>>()
const LIMIT = 100_000

/** The cached answer for `key`, computing it the first time. */
export function memo<T>(world: World, key: string, compute: () => T): T {
  let cache = caches.get(world)
  if (!cache) {
    cache = new Map()
    caches.set(world, cache)
  }
  if (cache.has(key)) return cache.get(key) as T
  if (cache.size >= LIMIT) cache.clear()
  const value = compute()
  cache.set(key, value)
  return value
}

/** A key for a body's place and posture. */
export function bodyKey(b: {
  readonly id: string
  readonly position: { readonly x: number; readonly y: number; readonly z: number }
  readonly prone: boolean
  readonly facingDeg: number
  readonly baseRadiusIn: number
}): string {
  return `${b.id}@${b.position.x},${b.position.y},${b.position.z},${b.prone ? 1 : 0},${b.facingDeg},${b.baseRadiusIn}`
}

/** A key for the state of every door (they change sight and cover). */
export function doorsKey(doors: DoorStates): string {
  const known = doorKeys.get(doors)
  if (known !== undefined) return known
  let k = ''
  for (const id of Object.keys(doors).sort()) k += `${id}=${doors[id]?.state};`
  doorKeys.set(doors, k)
  return k
}

/** Door states are never changed in place (a new object per change), so each object's key is kept. */
const doorKeys = new WeakMap<DoorStates, string>()
