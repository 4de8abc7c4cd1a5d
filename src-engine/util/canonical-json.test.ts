import { describe, expect, it } from 'vitest'
import { canonicalJson, hashText, hashValue } from './canonical-json'

describe('canonicalJson', () => {
  it('sorts keys at every depth and keeps array order', () => {
    expect(canonicalJson({ b: 1, a: { d: [3, 1], c: 2 } })).toBe('{"a":{"c":2,"d":[3,1]},"b":1}')
  })
  it('drops undefined members like JSON.stringify', () => {
    expect(canonicalJson({ a: undefined, b: null })).toBe('{"b":null}')
  })
})

describe('hashText (cyrb53)', () => {
  it('matches the published cyrb53 values', () => {
    // cyrb53('a') = 7929297801672961, cyrb53('b') = 8684336938537663 (reference implementation, seed 0)
    expect(parseInt(hashText('a'), 16)).toBe(7929297801672961)
    expect(parseInt(hashText('b'), 16)).toBe(8684336938537663)
  })
  it('equal values hash equal regardless of key order', () => {
    expect(hashValue({ x: 1, y: 2 })).toBe(hashValue({ y: 2, x: 1 }))
    expect(hashValue({ x: 1 })).not.toBe(hashValue({ x: 2 }))
  })
})
