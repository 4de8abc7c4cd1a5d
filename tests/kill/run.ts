import { fileURLToPath } from 'node:url'
import { runKillTest } from './kill-test'

/**
 * `npm run kill-test [-- --kills N] [--seed S] [--source]`: kills the
 * browser-mode host N times (default 200) while a game is played and checks
 * that nothing it acknowledged was lost. Uses the build (`npm run build`
 * first) unless `--source` runs the sources through tsx.
 */
async function main(): Promise<void> {
  const argv = process.argv.slice(2)
  const flag = (name: string): string | undefined => {
    const i = argv.indexOf(name)
    return i >= 0 ? argv[i + 1] : undefined
  }
  const kills = Number(flag('--kills') ?? 200)
  const seed = Number(flag('--seed') ?? Date.now() % 0x100000000)
  if (!Number.isInteger(kills) || kills < 1) throw new Error('--kills needs a whole number of kills, at least 1.')
  const root = fileURLToPath(new URL('../..', import.meta.url))
  process.stdout.write(`Kill test: ${kills} kills, seed ${seed}\n`)
  const r = await runKillTest({
    root,
    kills,
    seed,
    launch: argv.includes('--source') ? 'source' : 'built',
    log: (line) => process.stdout.write(`  ${line}\n`),
  })
  for (const p of r.problems) process.stdout.write(`  problem: ${p}\n`)
  process.stdout.write(
    [
      `kills: ${r.kills} (${r.killsAfterAck} right after an acknowledgement), and ${r.killsWhileStarting} more of a host still starting`,
      `acknowledged actions: ${r.acknowledged}`,
      `lost actions: ${r.lost}`,
      `wrong restores: ${r.wrong}`,
      `corrupt files: ${r.corruptFiles}`,
      `temporary files found after a kill: ${r.tempFilesAfterKill}`,
      `temporary files left after a restart: ${r.tempFilesLeft}`,
      `runtime: ${(r.runtimeMs / 1000).toFixed(1)} s`,
    ].join('\n') + '\n',
  )
  const failed = r.lost > 0 || r.wrong > 0 || r.corruptFiles > 0 || r.tempFilesLeft > 0
  process.stdout.write(failed ? 'FAILED\n' : 'passed\n')
  process.exitCode = failed ? 1 : 0
}

main().catch((err: unknown) => {
  process.stderr.write(`${err instanceof Error ? err.message : String(err)}\n`)
  process.exitCode = 2
})
