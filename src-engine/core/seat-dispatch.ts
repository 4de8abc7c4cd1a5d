import type { RejectReason } from './decision'
import { dispatch, type Match } from './match'
import type { TableScenario } from '../scenario/schema'
import type { Viewer } from './viewer'

/** A command whose secret ids were swapped for names that exist nowhere, and the way back. */
interface Masked {
  readonly command: unknown
  /** placeholder → the id it stands for */
  readonly masks: ReadonlyMap<string, string>
}

/** Swaps every string (and object key) of `command` that is one of `secret` for a placeholder no game holds. */
export function maskSecretIds(command: unknown, secret: ReadonlySet<string>): Masked {
  const masks = new Map<string, string>()
  const byId = new Map<string, string>()
  const mask = (id: string): string => {
    let p = byId.get(id)
    if (p === undefined) {
      p = `\u27e8unknown-${byId.size + 1}\u27e9`
      byId.set(id, p)
      masks.set(p, id)
    }
    return p
  }
  const visit = (v: unknown): unknown => {
    if (typeof v === 'string') return secret.has(v) ? mask(v) : v
    if (Array.isArray(v)) return v.map(visit)
    if (v !== null && typeof v === 'object')
      return Object.fromEntries(Object.entries(v).map(([k, x]) => [secret.has(k) ? mask(k) : k, visit(x)]))
    return v
  }
  const masked = secret.size === 0 ? command : visit(command)
  return { command: masks.size === 0 ? command : masked, masks }
}

/** The refusal's words with each placeholder back as the id the seat sent. */
export function unmask(reason: RejectReason, masks: ReadonlyMap<string, string>): RejectReason {
  let message = reason.message
  for (const [p, id] of masks) message = message.split(p).join(id)
  return { clause: reason.clause, message }
}

/**
 * `dispatch` for a command from a seat that sees the game as `viewer`: a
 * command naming something the seat may not know exists is judged as if the
 * id named nothing, so its refusal (CORE-CMD-01, "There is no team …") is word
 * for word the one an unknown id gets, and a refusal never names a secret.
 * A command naming no secret is judged as `dispatch` judges it.
 */
export function dispatchAs<S, C, E, Sc extends TableScenario>(
  match: Match<S, C, E, Sc>,
  command: unknown,
  viewer: Viewer,
): ReturnType<typeof dispatch<S, C, E, Sc>> {
  const { ruleset } = match
  const seen = (reason: RejectReason): RejectReason => ruleset.viewRefusal?.(reason, match.state, viewer) ?? reason
  const secret = ruleset.secretIds?.(match.state, viewer)
  if (secret !== undefined && secret.size > 0) {
    const masked = maskSecretIds(command, secret)
    if (masked.masks.size > 0) {
      // Judged on a name that exists nowhere; the state is not changed by judging.
      const probe = dispatch(match, masked.command)
      if (!probe.decision.ok)
        return { match, decision: { ok: false, reason: unmask(seen(probe.decision.reason), masked.masks) } }
    }
  }
  const r = dispatch(match, command)
  if (r.decision.ok) return r
  return { match, decision: { ok: false, reason: seen(r.decision.reason) } }
}
