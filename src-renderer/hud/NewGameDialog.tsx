import { useEffect, useState } from 'react'
import type { ScenarioSummary } from '../../src-main/ipc/contract'
import { scenarioGroups } from '../play/scenario-groups'
import { UserScenarioTools } from './UserScenarioTools'
import { attempt } from '../state/actions'
import { useApp, useUi } from '../state/context'

/** Choose a built-in scenario (and optionally a seed) and start a new game. */
export function NewGameDialog() {
  const open = useUi((s) => s.newGameOpen)
  const app = useApp()
  const [scenarios, setScenarios] = useState<ScenarioSummary[]>([])
  const [chosen, setChosen] = useState<string>('')
  const [seed, setSeed] = useState('')
  /** Who plays each side of the chosen scenario: `person` or `bot:<level>`. */
  const [players, setPlayers] = useState<Record<string, string>>({})

  const [listed, setListed] = useState(0)

  useEffect(() => {
    if (!open) return
    void attempt(app, () => app.bridge.scenarioList()).then((list) => {
      if (!list) return
      setScenarios(list)
      setChosen((c) => (list.some((s) => s.id === c) ? c : (scenarioGroups(list)[0]?.scenarios[0]?.id ?? '')))
    })
  }, [open, app, listed])

  if (!open) return null
  const seedValue = seed.trim() === '' ? undefined : Number(seed)
  const seedOk = seedValue === undefined || (Number.isInteger(seedValue) && seedValue >= 0 && seedValue <= 0xffffffff)
  const picked = scenarios.find((s) => s.id === chosen && !s.problem)
  const sides = picked?.sides ?? []
  // Both rulesets (SMLE and SMR): the computer plays them and the editor edits them.
  const isKnownRuleset = picked?.ruleset === 'smle' || picked?.ruleset === 'smr'
  const canComputer = isKnownRuleset
  const computer = Object.fromEntries(
    sides.map((s) => [s.id, players[s.id] ?? 'person']).filter(([, p]) => canComputer && p !== 'person'),
  )
  const start = async () => {
    const snap = await attempt(app, () =>
      app.bridge.matchNew({
        scenarioId: chosen,
        ...(seedValue === undefined ? {} : { seed: seedValue }),
        ...(Object.keys(computer).length === 0 ? {} : { players: computer }),
      }),
    )
    if (!snap) return
    app.uiStore.getState().setNewGameOpen(false)
    // A game chosen here is no play-test of a scenario being edited.
    app.uiStore.getState().setPlayTestOf(null)
    app.uiStore.getState().select(null)
    const against = Object.keys(computer).length
    app.uiStore.getState().say({
      kind: 'info',
      text: `New game: ${snap.scenario.name}${snap.seed === null ? '' : ` (seed ${snap.seed})`}${
        against > 0
          ? `; the computer plays ${sides
              .filter((s) => computer[s.id])
              .map((s) => s.name)
              .join(' and ')}`
          : ''
      }.`,
    })
  }
  // The editor builds SMLE and SMR tables; it opens on a copy of the chosen scenario (nothing of the original changes).
  const editCopy = async () => {
    const raw = await attempt(app, () => app.bridge.scenarioGet({ id: chosen }))
    if (raw === null || raw === undefined || typeof raw !== 'object') return
    // The editor makes the copy (its own id and name), in its own chunk.
    app.uiStore.getState().setEditing({ copyOf: raw })
  }
  return (
    <div className="dialog-backdrop" onClick={() => app.uiStore.getState().setNewGameOpen(false)}>
      <section className="panel dialog" role="dialog" aria-label="New game" onClick={(e) => e.stopPropagation()}>
        <h2>New game</h2>
        {scenarioGroups(scenarios).map((g) => (
          <div key={g.title}>
            <h3>{g.title}</h3>
            <ul className="scenario-list">
              {g.scenarios.map((s) => (
                <li key={s.id} data-source={s.source ?? 'builtin'}>
                  <label>
                    <input
                      type="radio"
                      name="scenario"
                      value={s.id}
                      checked={chosen === s.id}
                      disabled={s.problem !== undefined}
                      onChange={() => setChosen(s.id)}
                    />
                    <strong>{s.name}</strong>
                    {s.source === 'user' ? <span className="tag">yours</span> : null}
                    {s.problem ? (
                      <div className="problem">{s.problem}</div>
                    ) : (
                      <div className="hint">{s.description}</div>
                    )}
                  </label>
                </li>
              ))}
            </ul>
          </div>
        ))}
        <UserScenarioTools chosen={scenarios.find((s) => s.id === chosen)} onChanged={() => setListed((n) => n + 1)} />
        {sides.length > 0 ? (
          <fieldset className="players">
            <legend>Who plays</legend>
            {sides.map((side) => (
              <label key={side.id} className="row">
                {side.name}
                <select
                  aria-label={`Who plays ${side.name}`}
                  value={canComputer ? (players[side.id] ?? 'person') : 'person'}
                  disabled={!canComputer}
                  onChange={(e) => setPlayers((p) => ({ ...p, [side.id]: e.target.value }))}
                >
                  <option value="person">A person (this window)</option>
                  <option value="bot:easy">The computer (easy)</option>
                  <option value="bot:normal">The computer (normal)</option>
                  <option value="bot:hard">The computer (hard)</option>
                </select>
              </label>
            ))}
            {!canComputer ? <div className="hint">The computer does not play this ruleset.</div> : null}
          </fieldset>
        ) : null}
        <label className="row">
          Seed (optional)
          <input
            aria-label="Seed"
            inputMode="numeric"
            value={seed}
            onChange={(e) => setSeed(e.target.value)}
            placeholder="random"
          />
        </label>
        {!seedOk && <div className="problem">A seed is a whole number from 0 to 4294967295.</div>}
        <div className="row">
          <button type="button" disabled={!picked || !seedOk} onClick={() => void start()}>
            Start
          </button>
          <button
            type="button"
            disabled={!isKnownRuleset}
            title="Open a copy of the chosen scenario in the scenario editor"
            onClick={() => void editCopy()}
          >
            Edit a copy
          </button>
          <button type="button" onClick={() => app.uiStore.getState().setEditing({ blank: true })}>
            Build a scenario
          </button>
          <button type="button" onClick={() => app.uiStore.getState().setNewGameOpen(false)}>
            Cancel
          </button>
        </div>
      </section>
    </div>
  )
}
