import { useMemo } from 'react'
import { describeEvent } from '../../src-engine/index'
import { useMatch } from '../state/context'

/** The latest events in words. */
export function LogPanel() {
  const recent = useMatch((s) => s.recent)
  const lines = useMemo(
    () =>
      recent
        .map((r, i) => ({ key: `${r.seq}-${i}`, text: describeEvent(r.event, r.before) }))
        .filter((l) => l.text !== '')
        .slice(-8),
    [recent],
  )
  if (lines.length === 0) return null
  return (
    <section className="panel log" aria-label="Game log">
      <h2>Log</h2>
      <ol>
        {lines.map((l) => (
          <li key={l.key}>{l.text}</li>
        ))}
      </ol>
    </section>
  )
}
