import { runDiceReport } from '../services/dice-report'
import { type GameHost, HostError } from '../services/game-host'
import type { SaveStore } from '../services/save-store'
import type { ScenarioLibrary } from '../services/scenario-library'
import { type RequestChannel, requests, type RouterReply } from './contract'

export interface RouterServices {
  readonly host: GameHost
  readonly saves: SaveStore
  readonly scenarios: ScenarioLibrary
}

type Handlers = { [C in RequestChannel]: (input: never) => Promise<unknown> }

/** A fresh seed for a report nobody seeded; the report names it, so it can be thrown again with the CLI. */
const reportSeed = (): number => Math.floor(Math.random() * 0x100000000)

/**
 * Checks every message from a view against the contract before any service
 * sees it. A malformed message gets an error reply and changes nothing.
 */
export function createRouter(services: RouterServices): { handle(channel: unknown, payload: unknown): Promise<RouterReply> } {
  const { host, saves, scenarios } = services
  const handlers: Handlers = {
    'match:snapshot': async () => host.snapshot(),
    'match:new': async (input: { scenarioId: string; seed?: number }) => host.newMatch(input),
    'match:dispatch': async (command: unknown) => host.dispatch(command),
    'match:legal': async () => host.legal(),
    'match:previewFire': async (command: unknown) => host.previewFire(command),
    'match:undo': async () => host.undo(),
    'save:list': async () => saves.list(),
    'save:create': async (input: { name: string }) => host.save(input.name),
    'save:load': async (input: { id: string }) => host.load(input.id),
    'save:delete': async (input: { id: string }) => {
      await saves.remove(input.id)
      return { deleted: input.id }
    },
    'scenario:list': async () => scenarios.list(),
    'dice:report': async (input?: { dice?: number; seed?: number }) => runDiceReport({ dice: input?.dice, seed: input?.seed ?? reportSeed() }),
  }

  return {
    async handle(channel, payload) {
      if (typeof channel !== 'string' || !Object.hasOwn(requests, channel)) {
        return { ok: false, error: { code: 'bad-channel', message: `Unknown request "${String(channel)}".` } }
      }
      const c = channel as RequestChannel
      const parsed = requests[c].input.safeParse(payload)
      if (!parsed.success) {
        const issue = parsed.error.issues[0]
        return { ok: false, error: { code: 'bad-request', message: `Malformed ${c} request${issue ? ` at "${issue.path.join('.') || 'payload'}": ${issue.message}` : ''}.` } }
      }
      try {
        const value = await (handlers[c] as (input: unknown) => Promise<unknown>)(parsed.data)
        return { ok: true, value }
      } catch (err) {
        if (err instanceof HostError) return { ok: false, error: { code: 'refused', message: err.message } }
        return { ok: false, error: { code: 'failed', message: err instanceof Error ? err.message : String(err) } }
      }
    },
  }
}
