import { act } from 'react'
import { createRoot, type Root } from 'react-dom/client'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { DockLayout } from './DockLayout'
import { DockPanel } from './DockPanel'
import { InSlot } from './InSlot'

;(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true

let host: HTMLElement | null = null
let root: Root | null = null
beforeEach(() => localStorage.clear())
afterEach(async () => {
  await act(async () => root?.unmount())
  host?.remove()
  host = null
  root = null
})

async function render(node: React.ReactNode): Promise<HTMLElement> {
  host = document.createElement('div')
  document.body.append(host)
  root = createRoot(host)
  await act(async () => root!.render(node))
  return host
}

const click = (el: Element | null | undefined) =>
  act(async () => {
    if (!el) throw new Error('nothing to click')
    ;(el as HTMLElement).click()
  })

function Panels() {
  return (
    <DockLayout>
      <InSlot slot="top">
        <div data-panel="toolbar">tools</div>
      </InSlot>
      <DockPanel id="teams" label="Teams" className="teams">
        <p>the teams</p>
      </DockPanel>
      <DockPanel id="actions" label="Actions" attributes={{ 'data-side': 'blue' }}>
        <button type="button">End activation</button>
      </DockPanel>
    </DockLayout>
  )
}

describe('dock panels', () => {
  it('each panel is drawn in its dock, the bars in theirs', async () => {
    // jsdom's window is 1024×768: the compact layout.
    const el = await render(<Panels />)
    expect(el.querySelector('.dock-left [data-panel="teams"]')?.textContent).toContain('the teams')
    expect(el.querySelector('.dock-right [data-panel="actions"]')?.getAttribute('data-side')).toBe('blue')
    expect(el.querySelector('.dock-top [data-panel="toolbar"]')).not.toBeNull()
    expect(el.querySelector('[data-panel="teams"]')?.getAttribute('aria-label')).toBe('Teams')
  })

  it('a click on the title folds the panel to its title bar and is remembered; a second click opens it', async () => {
    const el = await render(<Panels />)
    const toggle = () => el.querySelector('[data-panel="teams"] .panel-toggle')
    expect(toggle()?.getAttribute('aria-expanded')).toBe('true')
    await click(toggle())
    const teams = el.querySelector('[data-panel="teams"]')!
    expect(teams.getAttribute('data-collapsed')).toBe('true')
    expect(teams.textContent).not.toContain('the teams')
    expect(toggle()?.getAttribute('aria-expanded')).toBe('false')
    expect(JSON.parse(localStorage.getItem('smle.panel.teams')!)).toMatchObject({ collapsed: true, dock: 'left' })
    await click(toggle())
    expect(el.querySelector('[data-panel="teams"]')?.textContent).toContain('the teams')
  })

  it('the menu docks a panel elsewhere (remembered across a new page) and resets the layout', async () => {
    const el = await render(<Panels />)
    const menuButton = () => el.querySelector('[data-panel="teams"] [aria-haspopup="menu"]')
    await click(menuButton())
    const menu = el.querySelector('[data-panel="teams"] [role="menu"]')!
    expect([...menu.querySelectorAll('button')].map((b) => b.textContent)).toEqual([
      'Dock left',
      'Dock right',
      'Dock at the bottom',
      'Reset layout',
    ])
    expect(menu.querySelector('[aria-checked="true"]')?.textContent).toBe('Dock left')
    await click(menu.querySelector('[data-dock-to="bottom"]'))
    expect(el.querySelector('[role="menu"]')).toBeNull()
    expect(el.querySelector('.dock-bottom [data-panel="teams"]')).not.toBeNull()
    expect(el.querySelector('.dock-left [data-panel="teams"]')).toBeNull()

    // A new page (a reload) reads the choice back.
    await act(async () => root!.unmount())
    host!.remove()
    const again = await render(<Panels />)
    expect(again.querySelector('.dock-bottom [data-panel="teams"]')).not.toBeNull()

    await click(again.querySelector('[data-panel="actions"] [aria-haspopup="menu"]'))
    await click(again.querySelector('[data-testid="reset-layout"]'))
    expect(again.querySelector('.dock-left [data-panel="teams"]')).not.toBeNull()
    expect(localStorage.getItem('smle.panel.teams')).toBeNull()
  })

  it('dragged by its title bar onto another dock, the panel moves there; every dock shows while it is dragged', async () => {
    const el = await render(<Panels />)
    const drag = async (type: string, target: Element | null) => {
      const data = new Map<string, string>()
      const event = new Event(type, { bubbles: true, cancelable: true })
      Object.defineProperty(event, 'dataTransfer', {
        value: { setData: (k: string, v: string) => data.set(k, v), dropEffect: 'none', effectAllowed: 'all' },
      })
      await act(async () => void target?.dispatchEvent(event))
      return event
    }
    expect(el.querySelector('.dock-bottom')?.children).toHaveLength(0)
    await drag('dragstart', el.querySelector('[data-panel="teams"] .panel-head'))
    expect(el.querySelector('.dock-grid')?.classList.contains('dragging')).toBe(true)
    const over = await drag('dragover', el.querySelector('.dock-bottom'))
    // Cancelled dragover: the dock accepts the drop.
    expect(over.defaultPrevented).toBe(true)
    await drag('drop', el.querySelector('.dock-bottom'))
    expect(el.querySelector('.dock-bottom [data-panel="teams"]')).not.toBeNull()
    expect(el.querySelector('.dock-grid')?.classList.contains('dragging')).toBe(false)
    expect(JSON.parse(localStorage.getItem('smle.panel.teams')!)).toMatchObject({ dock: 'bottom' })
    // Without a panel being dragged, a dock takes nothing (a file dropped from the desktop, say).
    const stray = await drag('dragover', el.querySelector('.dock-left'))
    expect(stray.defaultPrevented).toBe(false)
  })

  it('a click outside closes the menu without moving anything', async () => {
    const el = await render(<Panels />)
    await click(el.querySelector('[data-panel="teams"] [aria-haspopup="menu"]'))
    expect(el.querySelector('[role="menu"]')).not.toBeNull()
    await act(async () => {
      document.body.dispatchEvent(new MouseEvent('pointerdown', { bubbles: true }) as PointerEvent)
    })
    expect(el.querySelector('[role="menu"]')).toBeNull()
    expect(el.querySelector('.dock-left [data-panel="teams"]')).not.toBeNull()
  })

  it('outside the HUD (a panel on its own) it is drawn in place, folds, and offers no dock menu', async () => {
    const el = await render(
      <DockPanel id="log" label="Game log" title="Log">
        <ol>
          <li>one</li>
        </ol>
      </DockPanel>,
    )
    const section = el.querySelector('section[aria-label="Game log"]')!
    expect(section.parentElement).toBe(el)
    expect(section.querySelector('[aria-haspopup="menu"]')).toBeNull()
    expect(section.querySelector('h2')?.textContent).toContain('Log')
    await click(section.querySelector('.panel-toggle'))
    expect(section.textContent).not.toContain('one')
  })
})
