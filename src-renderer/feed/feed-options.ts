/** The overlays a clean feed may show, each switchable from the page's address. */
export const FEED_OVERLAYS = ['round', 'roll', 'casualties', 'title'] as const
export type FeedOverlay = (typeof FEED_OVERLAYS)[number]

/** How a clean feed page is drawn (`?clean=1`). */
export interface FeedOptions {
  /** The overlays shown, in `FEED_OVERLAYS` order. */
  readonly overlays: readonly FeedOverlay[]
  /** No background behind the table: what is not the table is transparent (for a browser source over other layers). */
  readonly transparent: boolean
}

const isOn = (v: string): boolean => v === '1' || v === 'true' || v === 'yes' || v === 'on'
const isOff = (v: string): boolean => v === '0' || v === 'false' || v === 'no' || v === 'off'

/**
 * The clean feed's options from the page's address, or null for the player's
 * page. `clean=1` asks for the feed; `overlays=round,roll` names the overlays
 * shown (default: all; `overlays=none` for none); `round=0`, `roll=0`,
 * `casualties=0`, `title=0` switch one off (and `=1` on); `bg=transparent`
 * leaves everything but the table transparent. Unknown names are ignored.
 */
export function feedOptions(search: string): FeedOptions | null {
  const params = new URLSearchParams(search)
  const clean = params.get('clean')?.trim().toLowerCase()
  if (clean === undefined || !isOn(clean)) return null
  const listed = params.get('overlays')
  const chosen = new Set<FeedOverlay>(
    listed === null
      ? FEED_OVERLAYS
      : FEED_OVERLAYS.filter((o) =>
          listed
            .split(',')
            .map((s) => s.trim().toLowerCase())
            .includes(o),
        ),
  )
  for (const o of FEED_OVERLAYS) {
    const v = params.get(o)?.trim().toLowerCase()
    if (v === undefined) continue
    if (isOff(v)) chosen.delete(o)
    else if (isOn(v)) chosen.add(o)
  }
  return {
    overlays: FEED_OVERLAYS.filter((o) => chosen.has(o)),
    transparent: params.get('bg')?.trim().toLowerCase() === 'transparent',
  }
}
