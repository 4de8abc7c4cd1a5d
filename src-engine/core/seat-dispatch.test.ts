import { describe, expect, it } from 'vitest'
import { maskSecretIds, unmask } from './seat-dispatch'

describe('maskSecretIds (CORE-CMD-01: a secret id is judged as one naming nothing)', () => {
  const secret = new Set(['pt-a', 'pt-a1'])
  it('swaps every secret string and object key, nested, and nothing else', () => {
    const cmd = {
      type: 'fire',
      teamId: 'cl-1',
      targetTeamId: 'pt-a',
      hits: [{ figureId: 'pt-a1' }],
      split: { 'pt-a': 2 },
    }
    const { command, masks } = maskSecretIds(cmd, secret)
    expect(masks.size).toBe(2)
    const text = JSON.stringify(command)
    expect(text).not.toContain('pt-a')
    expect(text).toContain('"teamId":"cl-1"')
    // One placeholder per id, used wherever the id was.
    const [pa] = [...masks].find(([, id]) => id === 'pt-a')!
    expect(command).toMatchObject({ targetTeamId: pa, split: { [pa]: 2 } })
  })
  it('leaves a command naming no secret as it was (the same object)', () => {
    const cmd = { type: 'fire', targetTeamId: 'pt-b' }
    expect(maskSecretIds(cmd, secret).command).toBe(cmd)
    expect(maskSecretIds(cmd, new Set()).masks.size).toBe(0)
  })
  it('unmask gives the refusal back in the ids the seat sent', () => {
    const { masks } = maskSecretIds({ t: 'pt-a' }, secret)
    const [p] = [...masks.keys()]
    expect(unmask({ clause: 'CORE-CMD-01', message: `There is no team "${p}".` }, masks)).toEqual({
      clause: 'CORE-CMD-01',
      message: 'There is no team "pt-a".',
    })
  })
})
