import { describe, expect, it } from 'vitest'
import { sha256Words } from './sha256'

const hex = (words: readonly number[]): string => words.map((w) => w.toString(16).padStart(8, '0')).join('')

describe('SHA-256 of 32-bit words', () => {
  it('gives the FIPS 180-4 digests of the standard messages', () => {
    expect(hex(sha256Words([]))).toBe('e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855')
    // "abcd" as one big-endian word
    expect(hex(sha256Words([0x61626364]))).toBe('88d4266fd4e6338d13b845fcf289579d209c897823b9217da3e161936f031589')
    // 16 words = 64 bytes: the padding takes a second block
    const sixtyFourA = new Array<number>(16).fill(0x61616161)
    expect(hex(sha256Words(sixtyFourA))).toBe('ffe054fe7ae0cb6dc65c3af9b61d5209f439851db43d0ba5997337df154668eb')
  })
})
