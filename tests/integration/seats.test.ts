import * as fsp from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { WebSocket } from 'ws'
import {
  canonicalJson,
  type CommandInput,
  hashText,
  type Match,
  randomPlayer,
  sideToAct,
  viewState,
} from '../../src-engine/index'
import { sidesViewer } from '../../src-engine/core/viewer'
import type { RouterReply, WsServerMessage } from '../../src-main/ipc/contract'
import type { SmleLegalOptions as LegalOptions, SmleSnapshot as MatchSnapshot } from '../../src-main/ipc/types'
import { createAppServices } from '../../src-main/services/app-services'
import { HOT_SEAT } from '../../src-main/services/game-host'
import { SEAT_REFUSED_CLOSE_CODE, startWebServer, type WebServer } from '../../src-main/web/server'

/**
 * Secrecy is checked where it leaves the host (SMLE-SCEN-05, CORE-SEAT-01):
 * on "Ambush!" a spectator and the column's seat record every frame they get
 * over the real WebSocket while the game is played, until a partisan team is
 * revealed; none names, or stands at the spot of, a hidden partisan before.
 */

const repoRoot = fileURLToPath(new URL('../..', import.meta.url))
const SEED = 5
/** Commands the partisans spend without attacking, before anything goes. */
const LIE_LOW_COMMANDS = 60
const ATTACKS = new Set(['directFire', 'opportunityFire', 'returnFire', 'panicFire', 'closeAssault', 'callFire'])

let root: string
let server: WebServer
let services: Awaited<ReturnType<typeof createAppServices>>
const sockets: WebSocket[] = []

beforeAll(async () => {
  root = await fsp.mkdtemp(join(tmpdir(), 'smle-seats-'))
  await fsp.mkdir(join(root, 'static'))
  await fsp.writeFile(join(root, 'static', 'index.html'), '<!doctype html><title>seats</title>')
  services = await createAppServices({ dataDir: join(root, 'data'), assetsDir: join(repoRoot, 'assets') })
  server = await startWebServer({ services, staticDir: join(root, 'static'), port: 0 })
})

afterAll(async () => {
  for (const ws of sockets) ws.terminate()
  await server.close()
  await services.host.flush()
  await fsp.rm(root, { recursive: true, force: true })
})

interface Client {
  readonly ws: WebSocket
  /** Every frame received, as sent (text) and parsed. */
  readonly frames: { readonly text: string; readonly msg: WsServerMessage }[]
  call(channel: string, payload?: unknown): Promise<RouterReply>
  pushes(): number
}

async function connect(seat?: string): Promise<Client> {
  const ws = new WebSocket(
    `ws://127.0.0.1:${server.port}/ws${seat === undefined ? '' : `?seat=${encodeURIComponent(seat)}`}`,
  )
  sockets.push(ws)
  const frames: { text: string; msg: WsServerMessage }[] = []
  const waiters = new Map<number, (r: RouterReply) => void>()
  ws.on('message', (data) => {
    const text = String(data)
    const msg = JSON.parse(text) as WsServerMessage
    frames.push({ text, msg })
    if ('reply' in msg) waiters.get(msg.id)?.(msg.reply)
  })
  await new Promise<void>((resolve, reject) => {
    ws.once('open', () => resolve())
    ws.once('error', reject)
  })
  let nextId = 1
  return {
    ws,
    frames,
    call(channel, payload) {
      const id = nextId++
      return new Promise((resolve) => {
        waiters.set(id, resolve)
        ws.send(JSON.stringify({ id, channel, payload }))
      })
    },
    pushes: () => frames.filter((f) => 'push' in f.msg).length,
  }
}

function valueOf<T>(reply: RouterReply): T {
  if (!reply.ok) throw new Error(`${reply.error.code}: ${reply.error.message}`)
  return reply.value as T
}

/** The log length the last change pushed to a client was for (-1 before any). */
function lastPushedSeq(c: Client): number {
  for (let i = c.frames.length - 1; i >= 0; i--) {
    const msg = c.frames[i]!.msg
    if ('push' in msg) return (msg.payload as { seq: number }).seq
  }
  return -1
}

/** Waits until every client has been pushed the change that brought the game to where it stands. */
async function caughtUp(clients: readonly Client[]): Promise<void> {
  const seq = (services.host.match() as Match).entries.length
  for (let i = 0; i < 300 && clients.some((c) => lastPushedSeq(c) < seq); i++)
    await new Promise((r) => setTimeout(r, 10))
}

/** The referee's fingerprint of the game: log length and the hash of the whole state. */
function fingerprint(): { seq: number; hash: string } {
  const m = services.host.match() as Match
  return { seq: m.entries.length, hash: hashText(canonicalJson(m.state)) }
}

/** Waits until every client has received at least `n` pushes (the host pushes before it replies, but to other sockets). */
async function settled(clients: readonly Client[], n: number): Promise<void> {
  for (let i = 0; i < 200 && clients.some((c) => c.pushes() < n); i++) await new Promise((r) => setTimeout(r, 10))
}

/** Every point (x, z) an object in `value` stands at. */
function pointsIn(value: unknown, out: { x: number; z: number }[] = []): { x: number; z: number }[] {
  if (Array.isArray(value)) for (const v of value) pointsIn(v, out)
  else if (value !== null && typeof value === 'object') {
    const o = value as Record<string, unknown>
    if (typeof o.x === 'number' && typeof o.z === 'number') out.push({ x: o.x, z: o.z })
    for (const v of Object.values(o)) pointsIn(v, out)
  }
  return out
}

describe('seats over the WebSocket: what each connection may see and do on "Ambush!"', () => {
  it('a malformed or unknown seat is refused at connection with a reason', async () => {
    for (const seat of ['no such side', 'nobody']) {
      const ws = new WebSocket(`ws://127.0.0.1:${server.port}/ws?seat=${encodeURIComponent(seat)}`)
      sockets.push(ws)
      const frames: string[] = []
      ws.on('message', (d) => frames.push(String(d)))
      const closed = await new Promise<{ code: number; reason: string }>((resolve) =>
        ws.on('close', (code, reason) => resolve({ code, reason: String(reason) })),
      )
      expect(closed.code).toBe(SEAT_REFUSED_CLOSE_CODE)
      expect(closed.reason).toMatch(/seat=spectator/)
      expect(JSON.parse(frames[0] ?? '{}')).toMatchObject({ id: -1, reply: { ok: false, error: { code: 'refused' } } })
    }
  })

  it(
    'until a partisan team is revealed, no frame to the spectator or the column names or places a hidden partisan; then the revealed team appears',
    { timeout: 240_000 },
    async () => {
      const driver = await connect()
      const started = valueOf<MatchSnapshot>(await driver.call('match:new', { scenarioId: 'smle-ambush', seed: SEED }))
      expect(started.seat).toEqual({ kind: 'sides', sideIds: ['column', 'partisans'], hotSeat: true })
      expect(started.scenario.teams.some((t) => t.hidden)).toBe(true)

      const spectator = await connect('spectator')
      const column = await connect('column')
      const watchers = [spectator, column]
      const partisans = await connect('partisans')
      for (const c of watchers) valueOf<MatchSnapshot>(await c.call('match:snapshot'))
      expect(valueOf<MatchSnapshot>(await spectator.call('match:snapshot')).seat).toEqual({
        kind: 'spectator',
        sideIds: [],
        hotSeat: false,
      })
      expect(valueOf<MatchSnapshot>(await column.call('match:snapshot')).seat).toEqual({
        kind: 'sides',
        sideIds: ['column'],
        hotSeat: false,
      })
      // The partisans' own seat sees its hidden teams.
      const own = valueOf<MatchSnapshot>(await partisans.call('match:snapshot'))
      expect(Object.values(own.state.teams).filter((t) => t.hidden).length).toBe(3)

      // What would give the partisans away: ids, names, and every spot a hidden figure stood on.
      const scenario = (services.host.match() as Match).header.scenario
      const hiddenTeams = scenario.teams.filter((t) => t.hidden)
      const ids = hiddenTeams.flatMap((t) => [t.id, ...t.figures.map((f) => f.id)])
      const names = hiddenTeams.flatMap((t) => [t.name, ...t.figures.map((f) => f.name)])
      const spots = new Map<string, string>()
      const noteSpots = (): void => {
        for (const t of hiddenTeams) {
          const team = (services.host.match() as Match).state.teams[t.id]
          if (!team?.hidden) continue
          for (const id of team.figureIds) {
            const p = (services.host.match() as Match).state.figures[id]?.position
            if (p) spots.set(`${p.x},${p.z}`, t.id)
          }
        }
      }
      noteSpots()

      const player = randomPlayer([SEED, 1, 2, 3])
      let triedSpectator = false
      let triedColumnForPartisans = false
      let columnActed = false
      let revealedTeam: string | null = null
      for (let i = 0; i < 400 && revealedTeam === null; i++) {
        const m = services.host.match() as Match
        const side = sideToAct(m.state)
        let command = player.next(m.state, m.world) as CommandInput | null
        if (side === null || command === null) break
        // For a while the partisans lie low (no fire, no assault), so that their hidden teams roll, move and decide unseen.
        if (side === 'partisans' && i < LIE_LOW_COMMANDS && ATTACKS.has(command.type)) {
          const quiet = (services.host.legal(HOT_SEAT) as LegalOptions).options.filter(
            (o) => !ATTACKS.has(o.command.type),
          )
          command = quiet[(i * 7) % Math.max(1, quiet.length)]?.command ?? command
        }

        if (!triedSpectator) {
          // A spectator gives no command: refused with its clause, the game unchanged, nothing pushed.
          const before = fingerprint()
          const pushes = spectator.pushes()
          expect(await spectator.call('match:dispatch', command)).toMatchObject({
            ok: true,
            value: { ok: false, reason: { clause: 'CORE-SEAT-01' } },
          })
          expect(valueOf<{ ok: boolean; clause?: string }>(await spectator.call('match:undo'))).toMatchObject({
            ok: false,
            clause: 'CORE-SEAT-01',
          })
          expect(await spectator.call('match:new', { scenarioId: 'smle-ambush' })).toMatchObject({
            ok: false,
            error: { code: 'refused' },
          })
          expect(valueOf<LegalOptions>(await spectator.call('match:legal')).options).toEqual([])
          expect(fingerprint()).toEqual(before)
          expect(spectator.pushes()).toBe(pushes)
          triedSpectator = true
        }
        // A window only hidden partisans may fire in is not the column's to see: its command would wait, not be refused.
        const columnSees = sideToAct(viewState(m.state, sidesViewer('column'), m.header.scenario))
        if (side === 'partisans' && columnSees === 'partisans' && !triedColumnForPartisans) {
          // The column's seat cannot act for the partisans.
          const before = fingerprint()
          const pushes = column.pushes()
          expect(await column.call('match:dispatch', command)).toMatchObject({
            ok: true,
            value: { ok: false, reason: { clause: 'CORE-SEAT-01' } },
          })
          expect(valueOf<LegalOptions>(await column.call('match:legal')).options).toEqual([])
          expect(fingerprint()).toEqual(before)
          expect(column.pushes()).toBe(pushes)
          triedColumnForPartisans = true
        }

        // Replies are frames too: what each seat may do and see now.
        await column.call('match:legal')
        await spectator.call('match:snapshot')

        // The column plays its own turns from its seat; the hot seat plays the partisans'.
        const by = side === 'column' ? column : driver
        const pushesBefore = spectator.pushes()
        const reply = by.call('match:dispatch', command)
        let replied = false
        void reply.finally(() => (replied = true))
        // The column's command waits while the partisans decide a window it is not shown (SMLE-SCEN-05): the hot seat
        // takes that decision meanwhile, as the person at the partisans' seat would, lying low (holding its fire).
        while (!replied) {
          await new Promise((r) => setTimeout(r, 5))
          const now = services.host.match() as Match
          if (replied || side !== 'column' || sideToAct(now.state) !== 'partisans') continue
          if (now.entries.length === m.entries.length) continue
          // Only a decision the column is not shown holds its reply: a partisan turn it sees comes after the reply, and
          // is played by the loop above (answered here, it raced the reply, and the game took a path of its own).
          if (sideToAct(viewState(now.state, sidesViewer('column'), now.header.scenario)) === 'partisans') continue
          const answer: CommandInput =
            now.state.pending?.kind === 'opportunity'
              ? { type: 'holdFire', sideId: 'partisans', until: 'move' }
              : (player.next(now.state, now.world) as CommandInput)
          expect(valueOf<{ ok: boolean }>(await driver.call('match:dispatch', answer)).ok).toBe(true)
        }
        const decision = valueOf<{ ok: boolean }>(await reply)
        expect(decision.ok).toBe(true)
        if (side === 'column') columnActed = true
        await settled(watchers, pushesBefore + 1)
        await caughtUp(watchers)
        const added = (services.host.match() as Match).entries.slice(m.entries.length)
        const reveal = added.flatMap((e) => e.events).find((e) => e.type === 'TeamRevealed')
        if (reveal?.type === 'TeamRevealed') revealedTeam = reveal.teamId
        else noteSpots()
      }
      expect(revealedTeam, 'a partisan team was revealed').not.toBeNull()
      // The partisans did things while hidden (rolled, moved): the frames had something to give away.
      const hiddenActs = (services.host.match() as Match).entries.filter((e) =>
        e.events.some((ev) => ev.type === 'FigureMoved' && ids.includes(ev.figureId)),
      ).length
      expect(hiddenActs).toBeGreaterThan(0)
      expect(triedColumnForPartisans && columnActed).toBe(true)

      const nameRe = new RegExp(
        `(?<![\\p{L}\\p{N}])(?:${names.map((n) => n.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|')})(?![\\p{L}\\p{N}])`,
        'u',
      )
      for (const c of watchers) {
        const revealAt = c.frames.findIndex((f) => f.text.includes('"TeamRevealed"'))
        expect(revealAt, 'the reveal reached the seat').toBeGreaterThan(0)
        for (const [i, f] of c.frames.slice(0, revealAt).entries()) {
          for (const id of ids) expect(f.text.includes(`"${id}"`), `frame ${i} names ${id}`).toBe(false)
          expect(nameRe.test(f.text), `frame ${i} names a partisan: ${nameRe.exec(f.text)?.[0]}`).toBe(false)
          for (const p of pointsIn(f.msg))
            expect(spots.has(`${p.x},${p.z}`), `frame ${i} shows a hidden partisan's spot ${p.x},${p.z}`).toBe(false)
        }
        const revealFrame = c.frames[revealAt]?.text ?? ''
        expect(revealFrame).toContain(`"${revealedTeam}"`)
        const after = valueOf<MatchSnapshot>(await c.call('match:snapshot'))
        const team = revealedTeam === null ? undefined : after.state.teams[revealedTeam]
        expect(team?.hidden).toBe(false)
        for (const id of team?.figureIds ?? []) expect(after.state.figures[id]).toBeDefined()
        expect(after.scenario.teams.some((t) => t.id === revealedTeam)).toBe(true)
        // Teams still hidden stay out of every frame.
        const stillHidden = Object.values((services.host.match() as Match).state.teams).filter((t) => t.hidden)
        for (const t of stillHidden) for (const f of c.frames) expect(f.text.includes(`"${t.id}"`)).toBe(false)
      }
    },
  )
})
