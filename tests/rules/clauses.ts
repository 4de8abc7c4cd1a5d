import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs'
import { join, resolve } from 'node:path'

/** The repository root (this file is in tests/rules/). */
export const REPO_ROOT = resolve(import.meta.dirname, '..', '..')

/** The SMLE rules reference as published, beside the repository (`../shared/rules/smle.md`). */
export const SMLE_PUBLISHED = resolve(REPO_ROOT, '..', 'shared', 'rules', 'smle.md')

/** The copy the repository keeps, so that a clone alone can run the coverage test. */
export const SMLE_COPY = resolve(REPO_ROOT, 'tests', 'rules', 'reference', 'smle.md')

/** The reference the coverage test reads: the published one where it is at hand, else the kept copy. */
export const SMLE_REFERENCE = existsSync(SMLE_PUBLISHED) ? SMLE_PUBLISHED : SMLE_COPY

/**
 * Every clause id the reference defines: the bold clause ids of its lists,
 * its worked examples (`Example SMLE-…-E01`) and its scenario headings
 * (`### SMLE-SCEN-01`). Ids only referred to in passing are not definitions.
 */
export function definedClauseIds(markdown: string): string[] {
  const ids = new Set<string>()
  const patterns = [/\*\*(SMLE-[A-Z]+-E?\d+)\b/g, /Example (SMLE-[A-Z]+-E\d+)/g, /^#{2,4} (SMLE-[A-Z]+-\d+)/gm]
  for (const p of patterns) for (const m of markdown.matchAll(p)) if (m[1]) ids.add(m[1])
  return [...ids].sort()
}

/** Test files of the repository (`*.test.ts`, `*.test.tsx`), skipping dependencies and build output. */
export function testFiles(dir: string = REPO_ROOT): string[] {
  const out: string[] = []
  for (const name of readdirSync(dir)) {
    if (name === 'node_modules' || name === 'out' || name === 'dist' || name.startsWith('.')) continue
    const path = join(dir, name)
    if (statSync(path).isDirectory()) out.push(...testFiles(path))
    else if (/\.test\.tsx?$/.test(name)) out.push(path)
  }
  return out
}

/** The titles of the `describe`/`it`/`test` blocks of a test file. */
export function testTitles(source: string): string[] {
  const titles: string[] = []
  for (const m of source.matchAll(/\b(?:describe|it|test)(?:\.each\([^)]*\))?\(\s*(['"`])((?:\\.|(?!\1).)*)\1/g))
    if (m[2]) titles.push(m[2])
  return titles
}

/** Clause ids named in the titles of every test of the repository. */
export function testedClauseIds(): Set<string> {
  const ids = new Set<string>()
  for (const file of testFiles())
    for (const title of testTitles(readFileSync(file, 'utf8')))
      for (const m of title.matchAll(/SMLE-[A-Z]+-E?\d+/g)) ids.add(m[0])
  return ids
}

/** Clauses listed as not mechanical, each with its reason (`- SMLE-…: reason` lines). */
export function notMechanical(markdown: string): Map<string, string> {
  const out = new Map<string, string>()
  for (const m of markdown.matchAll(/^- (SMLE-[A-Z]+-E?\d+): (.+)$/gm)) if (m[1] && m[2]) out.set(m[1], m[2].trim())
  return out
}

/** The SMR rules reference as published, and the copy the repository keeps. */
export const SMR_PUBLISHED = resolve(REPO_ROOT, '..', 'shared', 'rules', 'smr.md')
export const SMR_COPY = resolve(REPO_ROOT, 'tests', 'rules', 'reference', 'smr.md')
export const SMR_REFERENCE = existsSync(SMR_PUBLISHED) ? SMR_PUBLISHED : SMR_COPY

/** Every clause id the SMR reference defines (bold clause ids, worked examples, scenario headings). */
export function definedSmrClauseIds(markdown: string): string[] {
  const ids = new Set<string>()
  const patterns = [/\*\*(SMR-[A-Z]+-E?\d+)\b/g, /Example (SMR-[A-Z]+-E\d+)/g, /^#{2,4} (SMR-[A-Z]+-\d+)/gm]
  for (const p of patterns) for (const m of markdown.matchAll(p)) if (m[1]) ids.add(m[1])
  return [...ids].sort()
}

/** SMR clause ids named in the titles of every test of the repository. */
export function testedSmrClauseIds(): Set<string> {
  const ids = new Set<string>()
  for (const file of testFiles())
    for (const title of testTitles(readFileSync(file, 'utf8')))
      for (const m of title.matchAll(/SMR-[A-Z]+-E?\d+/g)) ids.add(m[0])
  return ids
}

/** SMR clause ids cited in the SMR ruleset's code (its files other than tests). */
export function smrClauseIdsInCode(): Set<string> {
  const ids = new Set<string>()
  const dir = resolve(REPO_ROOT, 'src-engine', 'rules', 'smr')
  const walk = (d: string): void => {
    for (const name of readdirSync(d)) {
      const path = join(d, name)
      if (statSync(path).isDirectory()) walk(path)
      else if (name.endsWith('.ts') && !name.endsWith('.test.ts'))
        for (const m of readFileSync(path, 'utf8').matchAll(/SMR-[A-Z]+-E?\d+/g)) ids.add(m[0])
    }
  }
  walk(dir)
  return ids
}
