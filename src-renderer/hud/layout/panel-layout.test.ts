import { describe, expect, it } from 'vitest'
import {
  createLayoutStore,
  defaultPlacements,
  type LayoutStorage,
  PANEL_IDS,
  readPlacements,
  sizeClassOf,
  storageKey,
} from './panel-layout'

function memoryStorage(entries: Record<string, string> = {}): LayoutStorage & { data: Map<string, string> } {
  const data = new Map(Object.entries(entries))
  return {
    data,
    getItem: (k) => data.get(k) ?? null,
    setItem: (k, v) => void data.set(k, v),
    removeItem: (k) => void data.delete(k),
  }
}

const LAPTOP = { width: 1280, height: 720 }
const DESKTOP = { width: 1920, height: 1080 }

describe('panel layout', () => {
  it('a small window starts with the saves and the log folded; a large one with every panel open', () => {
    expect(sizeClassOf(LAPTOP)).toBe('compact')
    expect(sizeClassOf({ width: 1600, height: 900 })).toBe('roomy')
    expect(sizeClassOf({ width: 2560, height: 800 })).toBe('compact')
    const small = defaultPlacements(LAPTOP)
    expect(PANEL_IDS.filter((id) => small[id].collapsed)).toEqual(['log', 'saves'])
    expect(PANEL_IDS.filter((id) => defaultPlacements(DESKTOP)[id].collapsed)).toEqual([])
    // The same object while the size class holds: a store selector must not see a new value each time.
    expect(defaultPlacements({ width: 1024, height: 640 })).toBe(small)
  })

  it('folding a panel is remembered per panel, and read back by a new store', () => {
    const storage = memoryStorage()
    const store = createLayoutStore(storage, LAPTOP)
    expect(store.getState().placementOf('teams')).toMatchObject({ dock: 'left', collapsed: false })
    store.getState().toggleCollapsed('teams')
    expect(store.getState().placementOf('teams').collapsed).toBe(true)
    expect(JSON.parse(storage.data.get(storageKey('teams'))!)).toMatchObject({ dock: 'left', collapsed: true })
    expect([...storage.data.keys()]).toEqual(['smle.panel.teams'])
    const again = createLayoutStore(storage, LAPTOP)
    expect(again.getState().placementOf('teams').collapsed).toBe(true)
    expect(again.getState().placementOf('selection').collapsed).toBe(false)
  })

  it('a panel moved to another dock goes after the panels already there', () => {
    const store = createLayoutStore(memoryStorage(), DESKTOP)
    const rightOrders = PANEL_IDS.map((id) => store.getState().placementOf(id))
      .filter((p) => p.dock === 'right')
      .map((p) => p.order)
    store.getState().moveTo('log', 'right')
    const log = store.getState().placementOf('log')
    expect(log.dock).toBe('right')
    expect(log.order).toBeGreaterThan(Math.max(...rightOrders))
    // Moving to the dock it is in changes nothing.
    store.getState().moveTo('log', 'right')
    expect(store.getState().placementOf('log')).toBe(log)
  })

  it('a placement the player chose holds when the window changes size; the others follow the window', () => {
    const store = createLayoutStore(memoryStorage(), DESKTOP)
    // Folded and opened again: the player wants the saves open.
    store.getState().toggleCollapsed('saves')
    store.getState().setCollapsed('saves', false)
    store.getState().setViewport(LAPTOP)
    expect(store.getState().placementOf('saves').collapsed).toBe(false)
    expect(store.getState().placementOf('log').collapsed).toBe(true)
  })

  it('reset forgets every choice, in the store and in storage', () => {
    const storage = memoryStorage({ unrelated: 'kept' })
    const store = createLayoutStore(storage, LAPTOP)
    store.getState().moveTo('dice', 'left')
    store.getState().toggleCollapsed('actions')
    store.getState().reset()
    expect(store.getState().placementOf('dice')).toBe(defaultPlacements(LAPTOP).dice)
    expect(store.getState().placementOf('actions').collapsed).toBe(false)
    expect([...storage.data.keys()]).toEqual(['unrelated'])
  })

  it('a malformed or unreadable stored entry leaves that panel at its default', () => {
    const storage = memoryStorage({
      [storageKey('teams')]: '{"dock":"top","collapsed":true,"order":1}',
      [storageKey('log')]: 'not json',
      [storageKey('dice')]: '{"dock":"left","collapsed":true,"order":4}',
    })
    expect(readPlacements(storage)).toEqual({ dice: { dock: 'left', collapsed: true, order: 4 } })
    const throwing: LayoutStorage = {
      getItem: () => {
        throw new Error('denied')
      },
      setItem: () => {
        throw new Error('denied')
      },
      removeItem: () => undefined,
    }
    const store = createLayoutStore(throwing, LAPTOP)
    store.getState().toggleCollapsed('teams')
    expect(store.getState().placementOf('teams').collapsed).toBe(true)
  })
})
