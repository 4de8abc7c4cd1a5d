import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { parseScenario, type Scenario } from '../../src-engine/index'
import { playersFor } from '../../src-engine/ai/smle/players'
import { newHeader, startMatch } from '../../src-engine/rules/smle/match'
import { playOutWith } from '../../src-engine/rules/smle/queries/playout'
const root = join(import.meta.dirname, '..', '..')
const id = process.argv[2] ?? 'smle-few-brave-sentients'
const parsed = parseScenario(JSON.parse(readFileSync(join(root, 'assets', 'scenarios', `${id}.json`), 'utf8')))
if (!parsed.ok) throw new Error(parsed.message)
const few = parsed.scenario as Scenario
const runs = Number(process.argv[3] ?? 3)
for (let i = 0; i < runs; i++) {
  const t0 = performance.now()
  let n = 0
  const next = playersFor(Object.fromEntries(few.sides.map((s) => [s.id, { kind: 'bot' as const, level: 'normal' as const }])), 1)
  const r = playOutWith(startMatch(newHeader(few, 1, 'quick')), (m) => { n++; return next(m) })
  console.log(((performance.now() - t0) / 1000).toFixed(3), 's', n, 'commands', r.winnerSideId, r.rounds)
}
process.on("exit",()=>console.log(JSON.stringify((globalThis as any).SIMC)))
