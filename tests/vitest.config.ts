import { fileURLToPath } from 'node:url'
import react from '@vitejs/plugin-react'
import { defineConfig } from 'vitest/config'

const root = fileURLToPath(new URL('..', import.meta.url))
/** Renderer tests that replace a module (`vi.mock`): each needs modules of its own. */
const MOCKING = ['src-renderer/feed/FeedOverlays.test.tsx']

export default defineConfig({
  root,
  test: {
    projects: [
      {
        root,
        test: {
          name: 'node',
          environment: 'node',
          // Files share their worker's modules: importing the engine once per worker, not once per file, halves the run.
          isolate: false,
          // A test's time limit only catches a hang: the machines are shared and their speed varies.
          testTimeout: 30_000,
          include: [
            'src-engine/**/*.test.ts',
            'src-main/**/*.test.ts',
            'tests/unit/**/*.test.ts',
            'tests/golden/**/*.test.ts',
            'tests/integration/**/*.test.ts',
            'tests/rules/**/*.test.ts',
            'tests/audit/**/*.test.ts',
          ],
        },
      },
      {
        root,
        plugins: [react()],
        test: {
          name: 'renderer',
          environment: 'jsdom',
          isolate: false,
          include: ['src-renderer/**/*.test.ts', 'src-renderer/**/*.test.tsx'],
          exclude: MOCKING,
        },
      },
      {
        root,
        plugins: [react()],
        test: { name: 'renderer-mocked', environment: 'jsdom', include: MOCKING },
      },
    ],
  },
})
