import { resolve } from 'node:path'
import react from '@vitejs/plugin-react'
import { defineConfig } from 'electron-vite'

const root = import.meta.dirname

export default defineConfig({
  main: {
    build: {
      outDir: resolve(root, 'out/main'),
      rolldownOptions: {
        input: {
          // The Electron main process.
          index: resolve(root, 'src-main/electron/main.ts'),
          // Browser mode (`npm run web`): the same services over a WebSocket.
          web: resolve(root, 'src-main/web/cli.ts'),
          // `npm start`: the desktop app, or browser mode when Electron cannot be had.
          launcher: resolve(root, 'src-main/launcher/start.ts'),
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
      rolldownOptions: { input: { index: resolve(root, 'src-renderer/index.html') } },
    },
  },
})
