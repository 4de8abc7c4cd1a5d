import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { ESLint } from 'eslint'
import { describe, expect, it } from 'vitest'
import { cycles, importGraph, sources } from '../lint/import-cycles.mjs'

const root = join(import.meta.dirname, '..', '..')
const eslint = new ESLint({ cwd: root, overrideConfigFile: join(root, 'tests', 'lint', 'eslint.config.js') })

/** The rule ids ESLint reports for a piece of code at a given path. */
async function violations(path: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: join(root, path) })
  return (result?.messages ?? []).map((m) => m.ruleId ?? m.message)
}

describe('layer boundaries (ARCHITECTURE.md), as lint rules', () => {
  it('src-engine may not import Node, Electron, React or our other layers', async () => {
    for (const code of [
      "import fs from 'node:fs'\nexport const x = fs",
      "import { app } from 'electron'\nexport const x = app",
      "import React from 'react'\nexport const x = React",
      "import { createRouter } from '../src-main/ipc/router'\nexport const x = createRouter",
    ]) {
      expect(await violations('src-engine/x.ts', code)).toContain('no-restricted-imports')
    }
  })

  it('src-engine may not read the clock or draw ambient randomness', async () => {
    expect(await violations('src-engine/x.ts', 'export const x = Math.random()')).toContain('no-restricted-properties')
    expect(await violations('src-engine/x.ts', 'export const x = Date.now()')).toContain('no-restricted-properties')
    expect(await violations('src-engine/x.ts', 'export const x = new Date()')).toContain('no-restricted-syntax')
    expect(await violations('src-engine/x.ts', 'export const x = performance.now()')).toContain('no-restricted-globals')
    expect(await violations('src-engine/x.ts', 'setTimeout(() => undefined, 1)')).toContain('no-restricted-globals')
  })

  it('only src-main/electron and src-main/preload import electron', async () => {
    const code = "import { app } from 'electron'\nexport const x = app"
    expect(await violations('src-main/services/x.ts', code)).toContain('no-restricted-imports')
    expect(await violations('src-main/ipc/x.ts', code)).toContain('no-restricted-imports')
    expect(await violations('src-main/electron/x.ts', code)).not.toContain('no-restricted-imports')
    expect(await violations('src-main/preload/x.ts', code)).not.toContain('no-restricted-imports')
  })

  it('the renderer sees src-main only through import type', async () => {
    expect(
      await violations(
        'src-renderer/x.ts',
        "import { createRouter } from '../src-main/ipc/router'\nexport const x = createRouter",
      ),
    ).toContain('no-restricted-imports')
    expect(
      await violations(
        'src-renderer/x.ts',
        "import type { GameBridge } from '../src-main/ipc/contract'\nexport type X = GameBridge",
      ),
    ).toEqual([])
    expect(await violations('src-renderer/x.ts', "import fs from 'node:fs'\nexport const x = fs")).toContain(
      'no-restricted-imports',
    )
  })

  it('the renderer imports the engine only through its index (tests excepted)', async () => {
    expect(
      await violations(
        'src-renderer/scene/x.ts',
        "import { TABLE_1 } from '../../src-engine/rules/smle/bands'\nexport const x = TABLE_1",
      ),
    ).toContain('no-restricted-imports')
    expect(
      await violations(
        'src-renderer/dice/x.ts',
        "import { TRAY } from '../../src-engine/dice/tray'\nexport const x = TRAY",
      ),
    ).toContain('no-restricted-imports')
    expect(
      await violations(
        'src-renderer/dice/x.ts',
        "import type { DiceReport } from '../../src-engine/dice/fairness'\nexport type X = DiceReport",
      ),
    ).toContain('no-restricted-imports')
    expect(
      await violations(
        'src-renderer/scene/x.ts',
        "import { activationOrder } from '../../src-engine/index'\nexport const x = activationOrder",
      ),
    ).toEqual([])
    expect(
      await violations(
        'src-renderer/scene/x.test.ts',
        "import { activeTeam } from '../../src-engine/rules/smle/sequence'\nexport const x = activeTeam",
      ),
    ).toEqual([])
    expect(
      await violations(
        'src-renderer/scene/x.test.ts',
        "import { createRouter } from '../../src-main/ipc/router'\nexport const x = createRouter",
      ),
    ).toContain('no-restricted-imports')
  })

  it('the kernel and the table world import nothing from rules/ (their tests excepted)', async () => {
    for (const dir of ['core', 'save', 'scenario', 'world', 'dice', 'rng', 'util']) {
      expect(
        await violations(
          `src-engine/${dir}/x.ts`,
          "import { DEFAULT_SMLE_SETTINGS } from '../rules/smle/settings'\nexport const x = DEFAULT_SMLE_SETTINGS",
        ),
      ).toContain('no-restricted-imports')
    }
    expect(
      await violations(
        'src-engine/world/los/x.ts',
        "import type { MatchState } from '../../rules/smle/state/state'\nexport type X = MatchState",
      ),
    ).toContain('no-restricted-imports')
    expect(
      await violations('src-engine/core/x.ts', "import { rulesets } from '../rules'\nexport const x = rulesets"),
    ).toContain('no-restricted-imports')
    // The engine-wide bans still hold there.
    expect(await violations('src-engine/world/x.ts', "import fs from 'node:fs'\nexport const x = fs")).toContain(
      'no-restricted-imports',
    )
    expect(
      await violations(
        'src-engine/world/x.test.ts',
        "import { DEFAULT_SMLE_SETTINGS } from '../rules/smle/settings'\nexport const x = DEFAULT_SMLE_SETTINGS",
      ),
    ).toEqual([])
    expect(
      await violations(
        'src-engine/rules/smle/x.ts',
        "import { buildWorld } from '../../world/world'\nexport const x = buildWorld",
      ),
    ).toEqual([])
    expect(
      await violations(
        'src-engine/world/x.ts',
        "import { pointInPolygon } from './geometry/polygon'\nexport const x = pointInPolygon",
      ),
    ).toEqual([])
  })

  it('clean engine code passes', async () => {
    expect(await violations('src-engine/x.ts', "import { z } from 'zod'\nexport const X = z.number()")).toEqual([])
  })
})

describe('import cycles (tests/lint/import-cycles.mjs)', () => {
  it('finds none among the non-test modules of src-engine, src-main and src-renderer', () => {
    const files = ['src-engine', 'src-main', 'src-renderer'].flatMap((d) => sources(join(root, d)))
    expect(files.length).toBeGreaterThan(100)
    expect(cycles(importGraph(files)).map((c) => c.map((f) => f.slice(root.length + 1)))).toEqual([])
  })

  it('finds a cycle in a small graph, type-only imports included', () => {
    const dir = mkdtempSync(join(tmpdir(), 'import-cycles-'))
    try {
      const file = (name: string, text: string): string => {
        writeFileSync(join(dir, name), text)
        return join(dir, name)
      }
      const a = file('a.ts', "import { b } from './b'\nexport const a = b + 1\n")
      const b = file('b.ts', "import {\n  type C,\n} from './c'\nexport const b: C = 1\n")
      const c = file('c.ts', "import type { A } from './d'\nexport type C = number\nexport const c = import('./a')\n")
      const d = file('d.ts', 'export type A = number\n')
      const e = file('e.ts', "export { a } from './a'\nexport * from './e'\n")
      const graph = importGraph([a, b, c, d, e])
      expect(graph.get(b)).toEqual([c])
      expect(cycles(graph)).toEqual([[a, b, c].sort(), [e]])
      expect(
        cycles(
          new Map([
            [a, [b]],
            [b, [c]],
            [c, []],
          ]),
        ),
      ).toEqual([])
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  })
})
