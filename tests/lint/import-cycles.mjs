// Finds import cycles among a tree's TypeScript modules (type-only imports
// included: a cycle of types still ties the files together). Prints each
// cycle and exits 1 when there is one. Usage: node tests/lint/import-cycles.mjs [dir ...]
import { readdirSync, readFileSync, statSync } from 'node:fs'
import { dirname, join, relative, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'

const IMPORT = /(?:^|\n)\s*(?:import|export)\s[^'";]*?from\s*['"](\.[^'"]+)['"]|import\(\s*['"](\.[^'"]+)['"]\s*\)/g

/** Every .ts/.tsx file under `dir`, tests left out (a test may import what it tests from anywhere). */
export function sources(dir) {
  const out = []
  for (const name of readdirSync(dir)) {
    const p = join(dir, name)
    if (statSync(p).isDirectory()) out.push(...sources(p))
    else if (/\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) && !name.endsWith('.d.ts')) out.push(p)
  }
  return out
}

function resolveImport(from, spec) {
  const base = resolve(dirname(from), spec)
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, join(base, 'index.ts'), join(base, 'index.tsx')]) {
    try {
      if (statSync(candidate).isFile()) return candidate
    } catch {
      // not this one
    }
  }
  return null
}

/** The import graph of the files: file → files it imports. */
export function importGraph(files) {
  const set = new Set(files)
  const graph = new Map()
  for (const f of files) {
    const text = readFileSync(f, 'utf8')
    const deps = new Set()
    for (const m of text.matchAll(IMPORT)) {
      const target = resolveImport(f, m[1] ?? m[2])
      if (target && set.has(target)) deps.add(target)
    }
    graph.set(f, [...deps])
  }
  return graph
}

/** The strongly connected components with more than one file (or a file importing itself): Tarjan's algorithm. */
export function cycles(graph) {
  let index = 0
  const stack = []
  const onStack = new Set()
  const idx = new Map()
  const low = new Map()
  const found = []
  const visit = (v) => {
    idx.set(v, index)
    low.set(v, index++)
    stack.push(v)
    onStack.add(v)
    for (const w of graph.get(v) ?? []) {
      if (!idx.has(w)) {
        visit(w)
        low.set(v, Math.min(low.get(v), low.get(w)))
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v), idx.get(w)))
    }
    if (low.get(v) === idx.get(v)) {
      const comp = []
      let w
      do {
        w = stack.pop()
        onStack.delete(w)
        comp.push(w)
      } while (w !== v)
      if (comp.length > 1 || (graph.get(v) ?? []).includes(v)) found.push(comp.sort())
    }
  }
  for (const v of graph.keys()) if (!idx.has(v)) visit(v)
  return found
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const root = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..')
  const dirs = process.argv.slice(2).length > 0 ? process.argv.slice(2) : ['src-engine']
  const files = dirs.flatMap((d) => sources(resolve(root, d)))
  const found = cycles(importGraph(files))
  for (const c of found)
    console.error(`Import cycle (${c.length} files):\n  ${c.map((f) => relative(root, f)).join('\n  ')}`)
  if (found.length > 0) {
    console.error(
      `${found.length} import cycle(s) in ${dirs.join(', ')}: break them (move the shared piece to a module both import).`,
    )
    process.exit(1)
  }
  console.log(`No import cycles in ${dirs.join(', ')} (${files.length} files).`)
}
