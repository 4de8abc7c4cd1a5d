import { describe, expect, it } from 'vitest'
import { act, loadDice, smrScenario, startSmr, unit } from '../../../tests/fixtures/smr'
import { planLabel, planView, planWords } from './plan-preview'
import { planCommand, type SmrView } from './smr-game'

/** Side b sets up (SMR-SETUP-06): its zone is z 42–48; its unit B faces south (180°). */
function setup(): SmrView {
  const scenario = smrScenario(
    [unit('A', 'a', 'L', 24, 3), unit('B', 'b', 'L', 24, 45, { facingDeg: 180 }), unit('B2', 'b', 'L', 10, 45)],
    { deployment: 'free' },
  )
  const m = act(loadDice(startSmr(scenario), [6, 6, 1, 1]), { type: 'rollInitiative', sideId: 'a' }).m
  return { scenario, state: m.state, world: m.world }
}

const place = (x: number, z: number, facingDeg: number | null = null) => ({
  kind: 'place' as const,
  unitId: 'B',
  to: { x, y: 0, z },
  facingDeg,
})

describe('planning a placement at set-up', () => {
  it('shows a spot in the zone as fine, and one outside it refused with the clause before Enter (CORE-DEPLOY-01)', () => {
    const g = setup()
    const inside = planView(g.state, g.world, place(30, 45))!
    expect(inside.ok).toBe(true)
    expect(planWords(g.state, inside, 'place')).toMatchObject({ ok: true, text: 'Place B here, facing 180°.' })
    const outside = planView(g.state, g.world, place(30, 38))!
    expect(outside.ok).toBe(false)
    const words = planWords(g.state, outside, 'place')
    expect(words).toMatchObject({ ok: false, clause: 'CORE-DEPLOY-01' })
    expect(words.text).toMatch(/wholly inside its side's deployment zone/)
    expect(planLabel(g.state, outside, place(30, 38))).toMatch(/^CORE-DEPLOY-01: /)
  })

  it('shows a spot on another unit refused (CORE-TABLE-03)', () => {
    const g = setup()
    const onB2 = planView(g.state, g.world, place(10.4, 45))!
    expect(onB2.ok).toBe(false)
    expect(planWords(g.state, onB2, 'place').clause).toBe('CORE-TABLE-03')
  })

  it('places the unit facing the way its ghost shows: its own facing unless turned (not north by default)', () => {
    const g = setup()
    expect(planCommand(place(30, 45), g)).toEqual({
      type: 'placeUnit',
      unitId: 'B',
      at: { x: 30, z: 45 },
      facingDeg: 180,
    })
    expect(planCommand(place(30, 45, 90), g)).toMatchObject({ facingDeg: 90 })
    const m = act(loadDice(startSmr(g.scenario), [6, 6, 1, 1]), { type: 'rollInitiative', sideId: 'a' }).m
    expect(act(m, planCommand(place(30, 45), g)).m.state.units.B?.facingDeg).toBe(180)
  })
})
