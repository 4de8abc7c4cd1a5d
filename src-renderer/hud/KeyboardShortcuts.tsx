import { useEffect } from 'react'
import { useApp } from '../state/context'
import { isTyping, shortcutsFor } from './shortcuts'

/** Listens for the table's keyboard shortcuts of the open game's ruleset (not while typing in a field, except Esc). */
export function KeyboardShortcuts() {
  const app = useApp()
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (isTyping(e.target) && e.key !== 'Escape') return
      const s = shortcutsFor(app.matchStore.getState().ruleset).find((k) => k.matches(e))
      if (!s) return
      e.preventDefault()
      s.run(app)
    }
    window.addEventListener('keydown', onKey)
    return () => window.removeEventListener('keydown', onKey)
  }, [app])
  return null
}
