import * as fsp from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { parseSave } from '../../src-engine/rules/loading'
import { smle } from '../../src-engine/rules/smle/ruleset'
import { canonicalJson } from '../../src-engine/util/canonical-json'
import { connect, type HostClient, type HostLaunch, startAndKill, startHost } from './host-process'

export interface KillTestOptions {
  /** The repository (package.json, assets, out/). */
  readonly root: string
  readonly kills: number
  readonly launch: HostLaunch
  /** Seeds the test's own choices (which option, when to kill). */
  readonly seed: number
  /** Longest time a game is played before a timed kill. */
  readonly maxPlayMs?: number
  readonly log?: (line: string) => void
}

export interface KillTestReport {
  readonly kills: number
  /** Kills done right after an acknowledgement arrived (the others at a random time). */
  readonly killsAfterAck: number
  /** Extra kills of a host still starting (restoring the autosave and journal), before it was ready; not in `kills`. */
  readonly killsWhileStarting: number
  /** Commands, undos and new games the host acknowledged. */
  readonly acknowledged: number
  /** Acknowledged actions missing after a restart. */
  readonly lost: number
  /** Restored games that were not what the acknowledgements said in some other way (another game, an extra action). */
  readonly wrong: number
  /** Save files that do not load, and files the host set aside as damaged or ignored. */
  readonly corruptFiles: number
  /** Temporary files found after a kill (the host removes them at start). */
  readonly tempFilesAfterKill: number
  /** Temporary files still there once the host had restarted. */
  readonly tempFilesLeft: number
  readonly runtimeMs: number
  /** The first problems, in words. */
  readonly problems: readonly string[]
}

/** The game as the acknowledgements describe it: its seed and the commands in its log. */
interface Known {
  seed: number
  commands: string[]
}

/** An action sent whose reply has not arrived: after a kill it may or may not be in the game. */
type InFlight = { kind: 'dispatch'; command: string } | { kind: 'undo' } | { kind: 'new'; seed: number } | null

function random(seed: number): () => number {
  let a = seed >>> 0
  return () => {
    a = (a + 0x6d2b79f5) >>> 0
    let t = a
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

/** A command as the log records it (the rules fill in defaults, e.g. a fall back's distance). */
function logged(command: unknown): string {
  const parsed = smle.parseCommand(command)
  return canonicalJson(parsed.ok ? parsed.value : command)
}

const sameList = (a: readonly string[], b: readonly string[]): boolean =>
  a.length === b.length && a.every((x, i) => x === b[i])

/**
 * Plays the browser-mode host over its WebSocket and kills it with SIGKILL,
 * `kills` times: at a random moment, or right after an acknowledgement. After
 * each restart on the same data folder the autosave must hold every action the
 * host acknowledged (an action in flight may or may not be there), the saves
 * folder must hold no file that fails to load and no temporary file.
 */
export async function runKillTest(options: KillTestOptions): Promise<KillTestReport> {
  const t0 = performance.now()
  const log = options.log ?? (() => undefined)
  const rand = random(options.seed)
  const maxPlayMs = options.maxPlayMs ?? 300
  const dataDir = await fsp.mkdtemp(join(tmpdir(), 'smle-kill-'))
  const saves = join(dataDir, 'saves')
  const problems: string[] = []
  const problem = (p: string): void => {
    if (problems.length < 20) problems.push(p)
  }
  let known: Known | null = null
  let inFlight: InFlight = null
  const counts = {
    kills: 0,
    killsAfterAck: 0,
    killsWhileStarting: 0,
    acknowledged: 0,
    lost: 0,
    wrong: 0,
    corruptFiles: 0,
    tempFilesAfterKill: 0,
    tempFilesLeft: 0,
  }

  /** Compares the restored game with what was acknowledged, counts the difference, and carries on from the restored one. */
  const check = async (client: HostClient, cycle: number): Promise<void> => {
    const snap = (await client.request('match:snapshot')).value as { seq: number; seed: number }
    const text = await fsp.readFile(join(saves, 'autosave.smle.json'), 'utf8')
    const parsed = parseSave(text)
    if (!parsed.ok) {
      counts.corruptFiles++
      problem(`cycle ${cycle}: the autosave does not load (${parsed.message})`)
      return
    }
    const restored: Known = {
      seed: parsed.match.header.seed,
      commands: parsed.match.entries.map((e) => canonicalJson(e.command)),
    }
    if (snap.seq !== restored.commands.length || snap.seed !== restored.seed) {
      counts.wrong++
      problem(`cycle ${cycle}: the snapshot (seq ${snap.seq}) is not the autosave (seq ${restored.commands.length})`)
    }
    if (known) {
      const k: Known = known
      const f = inFlight
      const matches =
        (k.seed === restored.seed && sameList(k.commands, restored.commands)) ||
        (f?.kind === 'dispatch' &&
          k.seed === restored.seed &&
          sameList([...k.commands, f.command], restored.commands)) ||
        (f?.kind === 'undo' && k.seed === restored.seed && sameList(k.commands.slice(0, -1), restored.commands)) ||
        (f?.kind === 'new' && restored.seed === f.seed && restored.commands.length === 0)
      if (!matches) {
        let common = 0
        if (k.seed === restored.seed)
          while (common < k.commands.length && k.commands[common] === restored.commands[common]) common++
        const lost = k.commands.length - common
        counts.lost += lost
        if (lost === 0) counts.wrong++
        problem(
          `cycle ${cycle}: acknowledged seed ${k.seed}, ${k.commands.length} commands; restored seed ${restored.seed}, ${restored.commands.length} commands (${lost} lost; in flight: ${f?.kind ?? 'nothing'}; first difference: ${k.commands[common] ?? '-'} / ${restored.commands[common] ?? '-'})`,
        )
      }
    }
    known = restored
    inFlight = null
  }

  /** Files in the saves folder: temporary ones counted, every save loaded, nothing set aside. */
  const checkFiles = async (when: 'after-kill' | 'after-start', cycle: number): Promise<void> => {
    const names = await fsp.readdir(saves).catch(() => [] as string[])
    const temps = names.filter((n) => n.endsWith('.tmp'))
    if (when === 'after-kill') {
      counts.tempFilesAfterKill += temps.length
      return
    }
    counts.tempFilesLeft += temps.length
    if (temps.length > 0) problem(`cycle ${cycle}: temporary files left after the start: ${temps.join(', ')}`)
    for (const n of names) {
      if (n.startsWith('damaged-') || n.startsWith('ignored-')) {
        counts.corruptFiles++
        problem(`cycle ${cycle}: the host set ${n} aside`)
      } else if (n.endsWith('.smle.json') && n !== 'autosave.smle.json') {
        const parsed = parseSave(await fsp.readFile(join(saves, n), 'utf8'))
        if (!parsed.ok) {
          counts.corruptFiles++
          problem(`cycle ${cycle}: ${n} does not load (${parsed.message})`)
        }
      }
    }
  }

  /** Plays until the connection is gone: legal options picked at random, now and then an undo, a new game at the end. */
  const play = async (client: HostClient, onAck: () => void, killed: () => boolean): Promise<void> => {
    for (;;) {
      const k = known
      if (!k || killed()) return
      if (rand() < 0.08) {
        inFlight = { kind: 'undo' }
        const r = await client.request('match:undo')
        const v = r.value as { ok: boolean } | undefined
        if (r.ok && v?.ok) {
          k.commands.pop()
          counts.acknowledged++
          inFlight = null
          onAck()
        }
        inFlight = null
        continue
      }
      const legal = (await client.request('match:legal')).value as {
        sideId: string | null
        options: { command: unknown }[]
      }
      if (legal.sideId === null || legal.options.length === 0) {
        const seed = Math.floor(rand() * 0xffffffff)
        inFlight = { kind: 'new', seed }
        const r = await client.request('match:new', { scenarioId: 'farmhouse-skirmish', seed })
        if (r.ok) {
          known = { seed, commands: [] }
          counts.acknowledged++
          inFlight = null
          onAck()
        }
        inFlight = null
        continue
      }
      const option = legal.options[Math.floor(rand() * legal.options.length)]!
      const command = logged(option.command)
      inFlight = { kind: 'dispatch', command }
      const r = await client.request('match:dispatch', option.command)
      if (r.ok && (r.value as { ok: boolean }).ok) {
        k.commands.push(command)
        counts.acknowledged++
        inFlight = null
        onAck()
      }
      inFlight = null
    }
  }

  try {
    for (let cycle = 1; cycle <= options.kills + 1; cycle++) {
      // Now and then the restart itself is cut short, while it replays the journal and rewrites the autosave.
      if (cycle > 1 && rand() < 0.1) {
        await startAndKill(options.root, options.launch, dataDir, 200 + rand() * 1500)
        counts.killsWhileStarting++
      }
      const host = await startHost(options.root, options.launch, dataDir)
      const client = await connect(host.port)
      await checkFiles('after-start', cycle)
      await check(client, cycle)
      if (cycle > options.kills) {
        client.close()
        await host.kill()
        break
      }
      // Half the kills land right after an acknowledgement, before the next request; the others at a random time.
      const afterAck = rand() < 0.5
      const acksBeforeKill = 1 + Math.floor(rand() * 6)
      let acks = 0
      let killed = false
      const killNow = (): void => {
        killed = true
        host.child.kill('SIGKILL')
      }
      // After an acknowledgement: a fallback in case the acknowledgements are slow to come.
      const timer = setTimeout(killNow, afterAck ? 5_000 : rand() * maxPlayMs)
      await play(
        client,
        () => {
          if (afterAck && ++acks >= acksBeforeKill) killNow()
        },
        () => killed,
      ).catch(() => undefined)
      clearTimeout(timer)
      await host.kill()
      client.close()
      counts.kills++
      if (afterAck) counts.killsAfterAck++
      await checkFiles('after-kill', cycle)
      if (cycle % 20 === 0)
        log(`${cycle} kills, ${counts.acknowledged} acknowledged, ${counts.lost} lost, ${counts.wrong} wrong`)
    }
  } finally {
    await fsp.rm(dataDir, { recursive: true, force: true })
  }
  return { ...counts, runtimeMs: performance.now() - t0, problems }
}
