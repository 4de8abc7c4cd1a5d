import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'

const root = join(import.meta.dirname, '..', '..')
const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as {
  main: string
  build: Record<string, unknown>
  dependencies: Record<string, string>
  devDependencies: Record<string, string>
}
const require = createRequire(import.meta.url)
const { validateConfiguration } = require('app-builder-lib/out/util/config/config') as {
  validateConfiguration(c: unknown, l: unknown): Promise<void>
}
const { DebugLogger } = require('builder-util') as { DebugLogger: new (enabled: boolean) => unknown }

// electron-builder cannot package on machines without network access; its configuration is checked here instead.
describe('electron-builder configuration', () => {
  it('passes electron-builder\u2019s own schema', async () => {
    await expect(validateConfiguration(pkg.build, new DebugLogger(false))).resolves.toBeUndefined()
  })

  it('the schema check can fail (an unknown option is reported)', async () => {
    await expect(
      validateConfiguration({ ...pkg.build, linuxx: { target: 'AppImage' } }, new DebugLogger(false)),
    ).rejects.toThrow(/does not match the API schema/)
  })

  it('ships the built app and the scenarios, and starts the built main process', () => {
    expect(pkg.main).toBe('./out/main/index.js')
    expect(pkg.build.files).toContain('out/**/*')
    expect(pkg.build.extraResources).toEqual([{ from: 'assets', to: 'assets', filter: ['**/*'] }])
    const main = readFileSync(join(root, 'src-main', 'electron', 'main.ts'), 'utf8')
    expect(main).toContain("join(process.resourcesPath, 'assets')")
  })

  it('electron and the builder are build tools, not runtime dependencies; versions are pinned', () => {
    expect(pkg.dependencies.electron).toBeUndefined()
    expect(pkg.devDependencies.electron).toMatch(/^\d+\.\d+\.\d+$/)
    for (const v of [...Object.values(pkg.dependencies), ...Object.values(pkg.devDependencies)])
      expect(v).toMatch(/^\d+\.\d+\.\d+$/)
  })
})
