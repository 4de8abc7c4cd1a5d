import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs'
import { join } from 'node:path'

/** The built renderer's JavaScript, as the page loads it. */
export interface RendererChunks {
  /** The entry chunk: the script index.html loads. */
  readonly main: { readonly file: string; readonly bytes: number }
  /** The entry and every chunk it imports statically: what the page runs before its first frame. */
  readonly initialBytes: number
  readonly initialFiles: readonly string[]
  /** Every chunk, lazy ones included. */
  readonly totalBytes: number
}

const STATIC_IMPORT = /(?:\bfrom|\bimport)\s*["'](\.\/[^"']+\.js)["']/g

/** Reads out/renderer (after `npm run build`); null when there is no build. */
export function rendererChunks(root: string): RendererChunks | null {
  const dir = join(root, 'out', 'renderer')
  const html = join(dir, 'index.html')
  if (!existsSync(html)) return null
  const src = /<script[^>]*type="module"[^>]*src="\.?\/?([^"]+\.js)"/.exec(readFileSync(html, 'utf8'))?.[1]
  if (!src) throw new Error('out/renderer/index.html loads no module script')
  const sizeOf = (file: string) => statSync(join(dir, file)).size
  const seen = new Set<string>()
  const visit = (file: string): void => {
    if (seen.has(file)) return
    seen.add(file)
    for (const m of readFileSync(join(dir, file), 'utf8').matchAll(STATIC_IMPORT))
      visit(join(file, '..', m[1]!).replace(/^\.\//, ''))
  }
  visit(src)
  const assets = join(dir, 'assets')
  const all = existsSync(assets) ? readdirSync(assets).filter((f) => f.endsWith('.js')) : []
  return {
    main: { file: src, bytes: sizeOf(src) },
    initialBytes: [...seen].reduce((s, f) => s + sizeOf(f), 0),
    initialFiles: [...seen],
    totalBytes: all.reduce((s, f) => s + sizeOf(join('assets', f)), 0),
  }
}
