import { act } from 'react'
import { createRoot } from 'react-dom/client'
import { afterEach, describe, expect, it } from 'vitest'
import { DiceRoller, seedRng } from '../../src-engine/index'
import { hutMatch } from '../../tests/fixtures/play'
import { RollResult } from './RollResult'
import type { ShownRoll } from './use-roll-queue'

;(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true

let host: HTMLElement | null = null
afterEach(() => {
  host?.remove()
  host = null
})

function render(shown: ShownRoll): HTMLElement {
  host = document.createElement('div')
  document.body.append(host)
  const root = createRoot(host)
  act(() => root.render(<RollResult shown={shown} />))
  return host
}

const event = new DiceRoller({ rng: seedRng(3), rollCount: 0, dice: 'quick' }).roll({
  purpose: 'force door',
  dice: 1,
  figureId: 'b1',
  modifiers: [{ label: 'light wound', value: -2, clause: 'SMLE-DMG-07' }],
  target: 4,
})
const before = hutMatch().state

describe('the result under the tray', () => {
  it('while the dice roll: only what the roll is for', () => {
    const el = render({ event, before, replay: null, playKey: 0, settled: false })
    expect(el.textContent).toContain('force door')
    expect(el.textContent).toContain('Rolling…')
    expect(el.textContent).not.toContain('Total')
  })

  it('once settled: the dice, each modifier with its clause id, and the outcome', () => {
    const el = render({ event, before, replay: null, playKey: 0, settled: true })
    expect(el.querySelector('[data-phase="settled"]')).not.toBeNull()
    expect(el.textContent).toContain(`1D6: ${event.faces[0]}`)
    const mod = el.querySelector('.dice-mods li')
    expect(mod?.textContent).toBe('−2 light wound [SMLE-DMG-07]')
    expect(mod?.querySelector('.clause')?.textContent).toBe('[SMLE-DMG-07]')
    expect(el.querySelector('.dice-outcome')?.textContent).toBe(
      `Total ${event.total} against 4: ${event.success ? 'success' : 'failure'}`,
    )
  })
})
