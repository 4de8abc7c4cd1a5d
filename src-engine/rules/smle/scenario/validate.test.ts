import { describe, expect, it } from 'vitest'
import { hutScenario } from '../../../../tests/fixtures/scenarios'
import { ScenarioSchema } from './schema'

describe('a scenario is checked before it is played', () => {
  const moved = (x: number, z: number) => {
    const s = structuredClone(hutScenario())
    const f = s.teams[0]!.figures[0]!
    f.position = { x, z }
    return { s, id: f.id }
  }

  it('a figure whose base reaches past the table edge is refused, with where it stands and the table size', () => {
    const { widthIn, depthIn } = hutScenario().table
    for (const [x, z] of [
      [widthIn + 0.4, 5],
      [widthIn - 0.2, 5],
      [5, -0.1],
      [0.3, 5],
      [5, depthIn - 0.3],
    ] as const) {
      const { s, id } = moved(x, z)
      const r = ScenarioSchema.safeParse(s)
      expect(r.success).toBe(false)
      expect(r.error?.issues.map((i) => i.message).join('\n')).toContain(`figure "${id}" stands off the table`)
      expect(r.error?.issues.map((i) => i.message).join('\n')).toContain(`${widthIn}" × ${depthIn}" table`)
    }
  })

  it('a base just touching the edge is on the table', () => {
    const { s } = moved(0.5, 0.5)
    expect(ScenarioSchema.safeParse(s).error?.issues.filter((i) => i.message.includes('off the table'))).toBeUndefined()
  })
})
