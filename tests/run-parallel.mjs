#!/usr/bin/env node
// Runs the given shell commands side by side, as many at once as the machine has cores.
// Each command's output is printed whole when it ends (never interleaved); the exit code is
// the first failure's, after every command has ended.
//
//   node tests/run-parallel.mjs "tsc -p src-engine" "tsc -p src-main" …
import { Buffer } from 'node:buffer'
import { spawn } from 'node:child_process'
import { availableParallelism } from 'node:os'
import { performance } from 'node:perf_hooks'

const commands = process.argv.slice(2)
if (commands.length === 0) {
  console.error('usage: node tests/run-parallel.mjs "<command>" ["<command>" …]')
  process.exit(2)
}
const width = Math.max(1, Number(process.env.PARALLEL_JOBS ?? availableParallelism()))

/** Runs one command through the shell, its output gathered. */
function run(command) {
  return new Promise((resolve) => {
    const t0 = performance.now()
    const child = spawn(command, { shell: true, env: { ...process.env, FORCE_COLOR: process.env.FORCE_COLOR ?? '0' } })
    const out = []
    child.stdout.on('data', (d) => out.push(d))
    child.stderr.on('data', (d) => out.push(d))
    child.on('close', (code, signal) => {
      const seconds = ((performance.now() - t0) / 1000).toFixed(1)
      const status = code === 0 ? 'ok' : `failed (${signal ?? `exit ${code}`})`
      process.stdout.write(`── ${command}: ${status} in ${seconds} s\n${Buffer.concat(out).toString()}`)
      resolve(code === 0 ? 0 : (code ?? 1))
    })
  })
}

let next = 0
let failure = 0
async function lane() {
  while (next < commands.length) {
    const code = await run(commands[next++])
    if (code !== 0 && failure === 0) failure = code
  }
}
await Promise.all(Array.from({ length: Math.min(width, commands.length) }, lane))
process.exit(failure)
