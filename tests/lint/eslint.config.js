// Lint rules, and the layer boundaries of ARCHITECTURE.md stated as rules:
// src-engine imports nothing of ours and no DOM/Node/Electron, and draws no
// clock or ambient randomness; the engine's kernel and table world (core,
// save, scenario, world, dice, rng, util) import nothing from rules/; only
// src-main/electron and src-main/preload import electron; the renderer sees
// src-main only through `import type`, and the engine only through
// src-engine/index. Import cycles are found by import-cycles.mjs.
import js from '@eslint/js'
import tseslint from 'typescript-eslint'

const nodeBuiltins = [
  'node:*',
  'fs',
  'fs/*',
  'path',
  'os',
  'child_process',
  'crypto',
  'http',
  'https',
  'net',
  'url',
  'worker_threads',
  'process',
  'module',
]

/** What nothing in src-engine imports. */
const enginePaths = [{ name: 'electron', message: 'src-engine is pure: no Electron.' }]
const enginePatterns = [
  { group: nodeBuiltins, message: 'src-engine is pure: no Node built-ins (it runs in the browser too).' },
  {
    group: ['react', 'react-dom', '@react-three/*', 'zustand'],
    message: 'src-engine is pure: no React or view state.',
  },
  { group: ['**/src-main/**', '**/src-renderer/**', '**/tests/**'], message: 'src-engine imports nothing of ours.' },
]

/** What every renderer file (tests too) may not import: Electron, Node, and src-main other than its types. */
const rendererPaths = [{ name: 'electron', message: 'The renderer talks to the host only through the bridge.' }]
const rendererPatterns = [
  { group: nodeBuiltins, message: 'The renderer has no Node.' },
  {
    group: ['**/src-main/**'],
    allowTypeImports: true,
    message: 'The renderer sees src-main only through `import type` (the IPC contract).',
  },
]

export default tseslint.config(
  { basePath: '../..' },
  { ignores: ['out/**', 'dist/**', 'node_modules/**', 'test-results/**', 'playwright-report/**', 'tests/results/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      'no-console': 'off',
    },
  },
  {
    // Plain scripts run by Node.
    files: ['**/*.js', '**/*.mjs'],
    languageOptions: { globals: { process: 'readonly', console: 'readonly' } },
  },
  {
    files: ['src-engine/**/*.ts'],
    ignores: ['src-engine/**/*.test.ts'],
    rules: {
      'no-restricted-imports': ['error', { paths: enginePaths, patterns: enginePatterns }],
      'no-restricted-properties': [
        'error',
        {
          object: 'Math',
          property: 'random',
          message: 'Randomness comes only from the seeded generator in the state (rng/sfc32).',
        },
        {
          object: 'Date',
          property: 'now',
          message: 'The engine never reads the clock: same seed and commands, same game.',
        },
        { object: 'performance', property: 'now', message: 'The engine never reads the clock.' },
        { object: 'crypto', property: 'getRandomValues', message: 'Randomness comes only from the seeded generator.' },
      ],
      'no-restricted-globals': [
        'error',
        { name: 'window', message: 'src-engine has no DOM.' },
        { name: 'document', message: 'src-engine has no DOM.' },
        { name: 'performance', message: 'The engine never reads the clock.' },
        { name: 'setTimeout', message: 'The engine has no timers.' },
        { name: 'setInterval', message: 'The engine has no timers.' },
        { name: 'crypto', message: 'Randomness comes only from the seeded generator.' },
        { name: 'process', message: 'src-engine has no Node.' },
      ],
      'no-restricted-syntax': [
        'error',
        { selector: "NewExpression[callee.name='Date']", message: 'The engine never reads the clock.' },
      ],
    },
  },
  {
    // The kernel and the table world know no ruleset (STYLE.md §2b). The
    // engine-wide patterns come again: this setting replaces the one above.
    files: ['src-engine/{core,save,scenario,world,dice,rng,util}/**/*.ts'],
    ignores: ['src-engine/**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: enginePaths,
          patterns: [
            ...enginePatterns,
            {
              group: ['**/rules', '**/rules/**'],
              message: 'The kernel and the table world are ruleset-neutral: they import nothing from rules/.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['src-main/**/*.ts'],
    ignores: ['src-main/electron/**', 'src-main/preload/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: 'electron',
              message: 'Only src-main/electron and src-main/preload import electron; services stay plain Node.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['src-renderer/**/*.ts', 'src-renderer/**/*.tsx'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: rendererPaths,
          patterns: [
            ...rendererPatterns,
            {
              group: ['**/src-engine/**', '!**/src-engine/index', '!**/src-engine/table-geometry'],
              message:
                'The renderer imports the engine only through src-engine/index (its public surface; src-engine/table-geometry is its table geometry alone, for a worker that must not load the rules): the engine answers, the renderer draws.',
            },
          ],
        },
      ],
    },
  },
  {
    // Tests may reach inside the engine where the index has nothing for them (fixtures, internals under test).
    files: ['src-renderer/**/*.test.ts', 'src-renderer/**/*.test.tsx'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: rendererPaths,
          patterns: rendererPatterns,
        },
      ],
    },
  },
)
