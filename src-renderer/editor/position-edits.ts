import { type Draft, type Item, list } from './force-draft'

/**
 * A prepared position's own fields (SMLE-SHOOT-26) beyond its place and arc:
 * whether it is concealed, and its width. Each edit takes the draft and gives
 * the changed one, or the same draft when nothing changes.
 */

function withPosition(draft: Draft, positionId: string, change: (p: Item) => Item): Draft {
  const positions = list(draft.positions)
  const p = positions.find((x) => x.id === positionId)
  if (!p) return draft
  const next = change(p)
  const keys = new Set([...Object.keys(p), ...Object.keys(next)])
  if ([...keys].every((k) => p[k] === next[k])) return draft
  return { ...draft, positions: positions.map((x) => (x.id === positionId ? next : x)) }
}

/**
 * SMLE-SHOOT-26: a position concealed, unseen by the other side until a team
 * it may see holds it (the side it belongs to always sees it), or not (the
 * file's default, left out).
 */
export function setPositionConcealed(draft: Draft, positionId: string, concealed: boolean): Draft {
  return withPosition(draft, positionId, (p) => {
    const { concealed: _old, ...rest } = p
    return concealed ? { ...rest, concealed: true } : rest
  })
}

/** A pit's or box's width across its arc, inches; null gives it back its kind's. */
export function setPositionWidth(draft: Draft, positionId: string, widthIn: number | null): Draft {
  if (widthIn !== null && !(Number.isFinite(widthIn) && widthIn > 0)) return draft
  return withPosition(draft, positionId, (p) => {
    const { widthIn: _old, ...rest } = p
    return widthIn === null ? rest : { ...rest, widthIn }
  })
}
