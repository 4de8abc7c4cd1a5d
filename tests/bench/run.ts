import { execFileSync } from 'node:child_process'
import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { aiFigures } from './ai-bench'
import { diceFigures } from './dice-bench'
import { editorFigures } from './editor-bench'
import { engineFigures } from './engine-bench'
import { type Figure, formatTable } from './figures'
import { hostFigures } from './host-bench'
import { renderFigures } from './render-bench'
import { replayFigures } from './replay-bench'
import { webFigures } from './web-bench'
import { worldFigures } from './world-bench'

/** The groups of figures, by the prefix of their names. */
const GROUPS: Record<string, () => Promise<Figure[]> | Figure[]> = {
  world: worldFigures,
  host: hostFigures,
  dice: diceFigures,
  engine: engineFigures,
  web: () => webFigures(),
  render: renderFigures,
  ai: aiFigures,
  editor: editorFigures,
  replay: replayFigures,
}

/**
 * `npm run bench`: performance figures as a table; `-- --json` prints one JSON
 * object of named figures instead (`-- --out file.json` also writes it to a file);
 * `-- --only web,render` measures only those groups (world, host, dice, engine, web, render, ai, editor, replay).
 * Builds the app first (browser mode is measured from the built files).
 */
async function main(): Promise<void> {
  const args = process.argv.slice(2)
  const json = args.includes('--json')
  const outIndex = args.indexOf('--out')
  const out = outIndex >= 0 ? args[outIndex + 1] : undefined
  const onlyIndex = args.indexOf('--only')
  const only = onlyIndex >= 0 ? (args[onlyIndex + 1] ?? '').split(',') : Object.keys(GROUPS)
  const unknown = only.filter((g) => !(g in GROUPS))
  if (unknown.length > 0) throw new Error(`--only: no group ${unknown.join(', ')} (${Object.keys(GROUPS).join(', ')})`)
  const root = join(import.meta.dirname, '..', '..')
  execFileSync(
    process.execPath,
    [join(root, 'node_modules', 'electron-vite', 'bin', 'electron-vite.js'), 'build', '--logLevel', 'silent'],
    { cwd: root, stdio: 'ignore' },
  )

  const figures: Figure[] = []
  for (const [name, measure] of Object.entries(GROUPS)) {
    if (!only.includes(name)) continue
    const t0 = performance.now()
    process.stderr.write(`bench: ${name}…`)
    figures.push(...(await measure()))
    process.stderr.write(` ${((performance.now() - t0) / 1000).toFixed(0)} s\n`)
  }
  const object = Object.fromEntries(figures.map((f) => [f.name, Math.round(f.value * 1000) / 1000]))
  if (out) writeFileSync(out, `${JSON.stringify(object, null, 2)}\n`)
  if (json) process.stdout.write(`${JSON.stringify(object)}\n`)
  else process.stdout.write(`${formatTable(figures)}\n`)
}

main().catch((err: unknown) => {
  process.stderr.write(`bench failed: ${err instanceof Error ? err.message : String(err)}\n`)
  process.exit(1)
})
