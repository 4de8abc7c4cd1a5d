import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { GOLDEN_GAMES, playGolden } from './golden-games'

/**
 * `npx tsx tests/golden/record.ts`: plays the golden games and writes their
 * hashes to tests/golden/golden-hashes.json. Run it only when a change is
 * meant to change games (a rules fix); a refactor must leave the file as it is.
 */
const records = GOLDEN_GAMES.map((g) => {
  const t0 = performance.now()
  const r = playGolden(g)
  process.stdout.write(`${r.key}: ${r.commands} commands, ${Math.round(performance.now() - t0)} ms\n`)
  return r
})
writeFileSync(join(import.meta.dirname, 'golden-hashes.json'), `${JSON.stringify(records, null, 1)}\n`)
