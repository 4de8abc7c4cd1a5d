import { fileURLToPath } from 'node:url'
import react from '@vitejs/plugin-react'
import { defineConfig } from 'vitest/config'

const root = fileURLToPath(new URL('..', import.meta.url))

export default defineConfig({
  root,
  test: {
    projects: [
      {
        root,
        test: {
          name: 'node',
          environment: 'node',
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
          include: ['src-renderer/**/*.test.ts', 'src-renderer/**/*.test.tsx'],
        },
      },
    ],
  },
})
