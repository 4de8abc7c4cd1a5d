// Types for import-cycles.mjs, for the tests that call it.

/** Every .ts/.tsx file under `dir`, tests and .d.ts files left out. */
export function sources(dir: string): string[]
/** The import graph of the files: file → files among them it imports (relative imports, type-only ones included). */
export function importGraph(files: readonly string[]): Map<string, string[]>
/** The import cycles: strongly connected components of more than one file, or a file importing itself, each sorted. */
export function cycles(graph: ReadonlyMap<string, readonly string[]>): string[][]
