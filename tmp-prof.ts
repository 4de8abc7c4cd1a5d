import { readFileSync } from 'node:fs'
import { parseScenario } from './src-engine/rules/loading'
import { newMatchHeader, startMatchOf } from './src-engine/core/match'
import { smr } from './src-engine/rules/smr/ruleset'
import { playOutSmr } from './src-engine/rules/smr/random-player'
import { seedRng } from './src-engine/rng/sfc32'
const id = process.argv[2] ?? 'smr-contact'
const parsed = parseScenario(JSON.parse(readFileSync(`/work/wt/smr/assets/scenarios/${id}.json`, 'utf8')))
if (!parsed.ok) throw new Error(parsed.message)
for (let seed = 1; seed <= Number(process.argv[3] ?? 2); seed++) {
  const t0 = performance.now()
  const r = playOutSmr(startMatchOf(smr, newMatchHeader(smr, parsed.scenario as never, seed, 'quick')) as never, seedRng(seed))
  console.log(id, seed, r.winnerSideId, r.turns, r.commands, Math.round(performance.now() - t0), 'ms')
}
