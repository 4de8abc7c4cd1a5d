import { resolve } from 'node:path'
import react from '@vitejs/plugin-react'
import { defineConfig } from 'electron-vite'

const root = import.meta.dirname

export default defineConfig({
  main: {
    build: {
      outDir: resolve(root, 'out/main'),
      // The engine's libraries go into the bundle (tree-shaken, one file to load) rather than being loaded from
      // node_modules at start: Node's loader would parse all of three's CommonJS build to find its exports.
      // Browser mode and the desktop app start about 0.2–0.3 s sooner.
      externalizeDeps: { exclude: ['three', 'three-mesh-bvh', 'cannon-es', 'zod'] },
      rolldownOptions: {
        input: {
          // The Electron main process.
          index: resolve(root, 'src-main/electron/main.ts'),
          // Browser mode (`npm run web`): the same services over a WebSocket.
          web: resolve(root, 'src-main/web/cli.ts'),
          // `npm start`: the desktop app, or browser mode when Electron cannot be had.
          launcher: resolve(root, 'src-main/launcher/start.ts'),
          // The computer opponent's thread (the host's own never waits on a decision).
          'bot-worker': resolve(root, 'src-main/services/bot-worker.ts'),
        },
      },
    },
  },
  preload: {
    build: {
      outDir: resolve(root, 'out/preload'),
      // A sandboxed preload is one CommonJS file with its dependencies inside.
      externalizeDeps: false,
      rolldownOptions: {
        input: { index: resolve(root, 'src-main/preload/index.ts') },
        output: { format: 'cjs', entryFileNames: '[name].cjs' },
      },
    },
  },
  renderer: {
    root: resolve(root, 'src-renderer'),
    plugins: [react()],
    build: {
      outDir: resolve(root, 'out/renderer'),
      // electron-vite leaves the renderer unminified; minified, the page has less to download, parse and compile
      // before its first frame (browser mode, and the desktop app's start).
      minify: true,
      rolldownOptions: {
        input: { index: resolve(root, 'src-renderer/index.html') },
        output: {
          codeSplitting: {
            // The bundler's own helpers go with the first download, not into a lazy chunk that it would then pull in.
            groups: [{ name: 'index', tags: ['$initial'] }],
          },
        },
        treeshake: {
          // The engine runs nothing when imported (no registrations, no patches: its modules hold declarations,
          // and its zod schemas are values built from calls the bundler cannot prove pure). Saying so lets the
          // renderer leave out what it never uses: the rules' command resolution, the save and scenario
          // schemas (zod), and the physics dice (cannon-es), which only the dice tray's lazy chunk needs.
          moduleSideEffects: [{ test: /[\\/]src-engine[\\/]/, sideEffects: false }],
        },
      },
    },
  },
})
