import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { GOLDEN_GAMES, type GoldenRecord, goldenKey, playGolden } from './golden-games'

const golden = JSON.parse(readFileSync(join(import.meta.dirname, 'golden-hashes.json'), 'utf8')) as GoldenRecord[]
const byKey = new Map(golden.map((r) => [r.key, r]))

/**
 * Same scenario, seed and commands, same game: the state hash after every
 * command of seeded random games on every built-in scenario is what it was
 * when the file was recorded (tests/golden/record.ts). A refactor keeps these;
 * only a deliberate rules change re-records them.
 */
describe('golden games: the same hashes after every command', () => {
  for (const g of GOLDEN_GAMES) {
    it(goldenKey(g), { timeout: 120_000 }, () => {
      const want = byKey.get(goldenKey(g))
      expect(want, 'recorded in golden-hashes.json').toBeDefined()
      const got = playGolden(g)
      if (got.hashes !== want?.hashes) {
        const first = [...got.hashes].findIndex((c, i) => c !== want?.hashes[i])
        expect.fail(
          `first difference after command ${Math.floor(first / 8) + 1} of ${got.commands} (recorded ${want?.commands})`,
        )
      }
      expect(got.commands).toBe(want?.commands)
      expect(got.winner).toBe(want?.winner)
    })
  }
})
