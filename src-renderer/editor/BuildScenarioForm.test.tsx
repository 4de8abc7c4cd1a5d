import { act } from 'react'
import { createRoot } from 'react-dom/client'
import { afterEach, describe, expect, it } from 'vitest'
import type { HostApi } from '../bridge/host-api'
import { AppProvider, type AppContextValue } from '../state/context'
import { createMatchStore, createUiStore } from '../state/stores'
import { ScenarioSchema } from '../../src-engine/index'
import { BuildScenarioForm } from './BuildScenarioForm'
import type { Draft } from './editor-store'
import { choose, click, labelled, button } from './panel-test-kit'

let host: HTMLElement | null = null
afterEach(() => {
  host?.remove()
  host = null
})

const typeInto = (input: HTMLInputElement, text: string) =>
  act(async () => {
    Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!.call(input, text)
    input.dispatchEvent(new Event('input', { bubbles: true }))
  })

describe('Build a scenario: the empty table asked for', () => {
  it('its name, size and sides give the scenario the editor opens, with an id not yet used', async () => {
    const bridge = { scenarioList: async () => [{ id: 'ambush' }] } as unknown as HostApi
    const app: AppContextValue = { bridge, matchStore: createMatchStore(), uiStore: createUiStore() }
    let built: Draft | null = null
    host = document.createElement('div')
    document.body.append(host)
    const root = createRoot(host)
    await act(async () =>
      root.render(
        <AppProvider value={app}>
          <BuildScenarioForm onBuild={(d) => (built = d)} />
        </AppProvider>,
      ),
    )
    await typeInto(labelled(host, 'Scenario name'), 'Ambush')
    await choose(labelled(host, 'Table size'), '60x36')
    await typeInto(labelled(host, 'Side along the south edge'), 'Column')
    await typeInto(labelled(host, 'Side along the north edge'), 'Partisans')
    await click(button(host, 'Build'))
    const s = ScenarioSchema.parse(built)
    expect(s.id).toBe('ambush-2')
    expect(s.name).toBe('Ambush')
    expect(s.table).toEqual({ widthIn: 60, depthIn: 36 })
    expect(s.sides.map((x) => x.name)).toEqual(['Column', 'Partisans'])
  })
})
