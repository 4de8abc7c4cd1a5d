import type { FirePreview, GameEvent, Vec3 } from '../../src-engine/index'
import type { BurstMark, SightLine } from '../state/stores'

/** The sight lines the table draws for an attack before its roll: one per firing figure, coloured by cover. */
export function sightLinesOf(preview: FirePreview): SightLine[] {
  return preview.firers.map((f) => ({ firerId: f.firerId, from: f.from, to: f.to, cover: f.cover, visible: f.visible }))
}

/** The burst template of an explosive attack before its roll (aim point, not yet deviated), or null. */
export function plannedBurst(preview: FirePreview): BurstMark | null {
  const b = preview.firers.find((f) => f.burst)?.burst
  return b ? { aim: b.aim, at: b.aim, radiusIn: b.radiusIn } : null
}

/** After the throw: where the round was aimed and where the engine says it burst (SMLE-EXP-11..14 deviation). */
export function landedBurst(planned: BurstMark | null, events: readonly GameEvent[]): BurstMark | null {
  const e = events.find((x): x is Extract<GameEvent, { type: 'Explosion' }> => x.type === 'Explosion')
  if (!e) return null
  const aim: Vec3 = planned?.aim ?? e.at
  return { aim, at: e.at, radiusIn: e.radiusIn }
}

/** One line of the to-hit breakdown, as the action panel shows it before the roll. */
export interface BreakdownRow {
  readonly firerId: string
  readonly title: string
  readonly cover: string
  readonly target: string
  readonly modifiers: readonly { readonly text: string; readonly clause: string }[]
}

const COVER_WORDS: Readonly<Record<string, string>> = {
  none: 'in the open',
  soft: 'soft cover',
  hard: 'hard cover',
  position: 'prepared position',
  blocked: 'not seen',
}

/** Each firer's roll in words: weapon, range, cover, what to roll, and every modifier with its clause id. */
export function breakdownRows(preview: FirePreview): BreakdownRow[] {
  return preview.firers.map((f) => ({
    firerId: f.firerId,
    title: `${f.firerName} · ${f.weapon} · ${f.rangeIn.toFixed(1)}"`,
    cover: `${COVER_WORDS[f.cover] ?? f.cover} (${Math.round(f.visible * 100)}% seen)`,
    target:
      f.dice === 'auto'
        ? 'hits without a roll (Big Guns)'
        : f.cannotHit
          ? 'cannot hit: beyond twice the effective range'
          : `2D6 ${signed(sum(f.modifiers))} ≥ ${f.toHit}: needs ${f.needs}+ on the dice`,
    modifiers: f.modifiers.map((m) => ({ text: `${signed(m.value)} ${m.label}`, clause: m.clause })),
  }))
}

const sum = (ms: readonly { value: number }[]): number => ms.reduce((t, m) => t + m.value, 0)
const signed = (v: number): string => (v >= 0 ? `+${v}` : `−${Math.abs(v)}`)
