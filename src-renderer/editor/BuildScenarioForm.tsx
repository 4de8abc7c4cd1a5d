import { useState } from 'react'
import { useApp } from '../state/context'
import { blankScenario, freeScenarioId, slug, TABLE_SIZES } from './blank-scenario'
import type { Draft } from './editor-store'
import { smrBlankScenario } from './smr-blank'

export interface BuildScenarioFormProps {
  /** Called with the new scenario to edit. */
  readonly onBuild: (draft: Draft) => void
}

/**
 * New game → Build a scenario: the rules (SMLE or SMR), the new scenario's name, its table's size
 * (the §16 default 48"×48" first) and its two sides' names; Build opens it
 * in the editor on an empty table (see `blankScenario`).
 */
export function BuildScenarioForm({ onBuild }: BuildScenarioFormProps) {
  const app = useApp()
  const [rules, setRules] = useState<'smle' | 'smr'>('smle')
  const [name, setName] = useState('New scenario')
  const [size, setSize] = useState('48x48')
  const [sides, setSides] = useState<[string, string]>(['Blue', 'Red'])
  const [problem, setProblem] = useState<string | null>(null)
  const build = async (): Promise<void> => {
    const [w, d] = size.split('x').map(Number) as [number, number]
    let taken: string[]
    try {
      taken = (await app.bridge.scenarioList()).map((s) => s.id)
    } catch (err) {
      setProblem(err instanceof Error ? err.message : String(err))
      return
    }
    const id = freeScenarioId(slug(name, 'new-scenario'), taken)
    const named = sides.map((s, i) => s.trim() || (i === 0 ? 'Blue' : 'Red')) as [string, string]
    const options = { id, name: name.trim() || 'New scenario', widthIn: w, depthIn: d, sides: named }
    onBuild(rules === 'smr' ? smrBlankScenario(options) : blankScenario(options))
  }
  return (
    <div className="editor" data-testid="editor-build">
      <section className="panel dialog" role="dialog" aria-label="Build a scenario">
        <h2>Build a scenario</h2>
        <label className="editor-field">
          Rules
          <select aria-label="Rules" value={rules} onChange={(e) => setRules(e.target.value as 'smle' | 'smr')}>
            <option value="smle">SMLE (skirmishes of the modern age)</option>
            <option value="smr">SMR (medieval battles)</option>
          </select>
        </label>
        <div className="hint">
          {rules === 'smr'
            ? 'An empty table with two sides of 15 points, each deploying within 6" of its own edge with one light infantryman as its leader.'
            : 'An empty table with two sides, each deploying within 8" of its own edge with one fire team to start from.'}
        </div>
        <label className="editor-field">
          Scenario name
          <input aria-label="Scenario name" value={name} onChange={(e) => setName(e.target.value)} />
        </label>
        <label className="editor-field">
          Table size
          <select aria-label="Table size" value={size} onChange={(e) => setSize(e.target.value)}>
            {TABLE_SIZES.map(([w, d]) => (
              <option key={`${w}x${d}`} value={`${w}x${d}`}>
                {`${w}" × ${d}" (${w / 12}' × ${d / 12}')`}
              </option>
            ))}
          </select>
        </label>
        {(['south', 'north'] as const).map((edge, i) => (
          <label key={edge} className="editor-field">
            {/* SMR: the side that wins the initiative deploys second (SMR-SETUP-06), so neither is named first here. */}
            {i === 0
              ? `Side deploying along the south edge${rules === 'smle' ? ' (sets up first)' : ''}`
              : 'Side deploying along the north edge'}
            <input
              aria-label={`Side along the ${edge} edge`}
              value={sides[i]}
              onChange={(e) => setSides((now) => (i === 0 ? [e.target.value, now[1]] : [now[0], e.target.value]))}
            />
          </label>
        ))}
        {problem ? <div className="problem">{problem}</div> : null}
        <div className="row">
          <button type="button" onClick={() => void build()}>
            Build
          </button>
          <button type="button" onClick={() => app.uiStore.getState().setEditing(null)}>
            Cancel
          </button>
        </div>
      </section>
    </div>
  )
}
