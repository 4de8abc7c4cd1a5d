import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { runKillTest } from '../kill/kill-test'

const root = fileURLToPath(new URL('../..', import.meta.url))

// The full run (200 kills of the built host) is `npm run kill-test`; this one runs the sources, so it needs no build.
describe('killing the browser-mode host', () => {
  it('loses no acknowledged action and leaves no damaged or temporary file (5 kills, seed 7)', async () => {
    const r = await runKillTest({ root, kills: 5, seed: 7, launch: 'source' })
    expect(r.problems).toEqual([])
    expect(r).toMatchObject({ kills: 5, lost: 0, wrong: 0, corruptFiles: 0, tempFilesLeft: 0 })
    expect(r.acknowledged).toBeGreaterThan(0)
  }, 300_000)
})
