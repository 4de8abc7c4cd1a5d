import { useMemo } from 'react'
import { afterEach, describe, expect, it } from 'vitest'
import { useStore } from 'zustand'
import type { StoreApi } from 'zustand/vanilla'
import { ScenarioSchema } from '../../src-engine/index'
import type { EditorState } from './editor-store'
import { draftTeams, draftVehicles } from './force-draft'
import { liveTallies } from './force-points'
import { ForcesSection } from './ForcesSection'
import { button, choose, click, labelled, renderPanel, type, unmount } from './panel-test-kit'

afterEach(unmount)

function Panel({ store }: { store: StoreApi<EditorState> }) {
  const draft = useStore(store, (s) => s.draft)
  const tallies = useMemo(() => {
    const parsed = ScenarioSchema.safeParse(draft)
    return liveTallies(parsed.success ? parsed.data : null)
  }, [draft])
  return <ForcesSection store={store} draft={draft} tallies={tallies} problems={[]} />
}

describe('a team’s set-up in the Forces section', () => {
  it('hidden doubles the side’s points (SMLE-PTS-07); a round to arrive in; aboard a half-track and out', async () => {
    const { el, store } = await renderPanel((s) => <Panel store={s} />)
    const points = () => el.querySelector('[data-testid="side-points-british"]')!.textContent
    await click(button(el, '▸ Forces'))
    await click(labelled(el, 'Edit Bren team'))
    await click(labelled(el, 'Bren team sets up hidden'))
    expect(points()).toBe('72 points')
    expect(el.querySelector('[aria-label="Points of British"]')!.textContent).toContain('Hidden set-up×2')
    await click(labelled(el, 'Bren team sets up hidden'))
    expect(points()).toBe('36 points')

    await type(labelled(el, 'Round Bren team arrives in (blank: at the start)'), '3')
    expect(draftTeams(store.getState().draft).find((t) => t.id === 'br-bren')!.entersRound).toBe(3)

    await choose(labelled(el, 'Add a vehicle to British'), 'halftrack')
    const ht = String(draftVehicles(store.getState().draft)[0]!.id)
    const where = labelled<HTMLSelectElement>(el, 'Where Bren team starts')
    expect([...where.options].map((o) => o.textContent)).toContain('Aboard Halftrack 1')
    await choose(where, `vehicle:${ht}`)
    expect(draftTeams(store.getState().draft).find((t) => t.id === 'br-bren')!.vehicleId).toBe(ht)
    await choose(labelled(el, 'Where Bren team starts'), 'table')
    expect(draftTeams(store.getState().draft).find((t) => t.id === 'br-bren')!.vehicleId).toBeUndefined()
    // The crew's card says what it crews, with no choice of where it starts.
    await click(
      labelled(el, `Edit ${String(draftTeams(store.getState().draft).find((t) => t.id === `${ht}-crew`)!.name)}`),
    )
    expect(el.textContent).toContain('Crews Halftrack 1, aboard it.')
  })

  it('a platoon added, the section put in it, a team made its command team (SMLE-ORG-04)', async () => {
    const { el, store } = await renderPanel((s) => <Panel store={s} />)
    await click(button(el, '▸ Forces'))
    await click(button(el, 'Add platoon to British'))
    await choose(labelled(el, 'Platoon of section 1st Section'), 'british-platoon-1')
    await click(labelled(el, 'Edit Bren team'))
    const section = labelled<HTMLSelectElement>(el, 'Section of Bren team')
    expect([...section.options].map((o) => o.textContent)).toContain('Platoon 1 (its command team)')
    await type(labelled(el, 'Platoon Platoon 1 is called'), '1st Platoon')
    const s = ScenarioSchema.parse(store.getState().draft)
    expect(s.groups.find((g) => g.id === 'british-platoon-1')).toMatchObject({ name: '1st Platoon', level: 'platoon' })
    expect(s.groups.find((g) => g.id === 'br-section')!.parentId).toBe('british-platoon-1')
    expect(el.querySelector('[data-testid="side-points-british"]')!.textContent).toBe('48 points')
  })
})
