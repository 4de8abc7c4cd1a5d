import { CAMERA_PRESETS, type CameraPreset } from '../scene/camera/camera-presets'

/** The overlays a clean feed may show, each switchable from the page's address (`log`: a replay's step in words). */
export const FEED_OVERLAYS = ['round', 'roll', 'casualties', 'title', 'log'] as const
export type FeedOverlay = (typeof FEED_OVERLAYS)[number]

/** How a clean feed page is drawn (`?clean=1`). */
export interface FeedOptions {
  /** The overlays shown, in `FEED_OVERLAYS` order. */
  readonly overlays: readonly FeedOverlay[]
  /** No background behind the table: what is not the table is transparent (for a browser source over other layers). */
  readonly transparent: boolean
  /** The camera: the director with this preset (default `auto`, following the action), or null for a camera left where it is put. */
  readonly camera: CameraPreset | null
  /** The camera is locked (`lock=1`): nothing moves it. */
  readonly locked: boolean
  /** A replay played on the feed in place of the live game (`replay=game` or `replay=<save id>`), or null. */
  readonly replay: { readonly source: 'game' } | { readonly source: 'save'; readonly saveId: string } | null
  /** The replay's pace: 1 is the replay bar's Play (`speed=2` twice as fast). */
  readonly replaySpeed: number
}

const isOn = (v: string): boolean => v === '1' || v === 'true' || v === 'yes' || v === 'on'
const isOff = (v: string): boolean => v === '0' || v === 'false' || v === 'no' || v === 'off'

/**
 * The clean feed's options from the page's address, or null for the player's
 * page. `clean=1` asks for the feed; `overlays=round,roll` names the overlays
 * shown (default: all; `overlays=none` for none); `round=0`, `roll=0`,
 * `casualties=0`, `title=0`, `log=0` switch one off (and `=1` on); `bg=transparent`
 * leaves everything but the table transparent. `camera=` picks the director's
 * shots (`auto`, the default, follows the action; `overhead`, `low`, `orbit`,
 * `eye`; `free` leaves the camera alone) and `lock=1` locks it.
 * `replay=game` (the game open, from its start) or `replay=<save id>` plays
 * a replay on the feed instead of the live game, at `speed=` times Play's
 * pace (1, 2 or 4). Unknown names are ignored.
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
    camera: cameraOf(params.get('camera')?.trim().toLowerCase() ?? 'auto'),
    locked: isOn(params.get('lock')?.trim().toLowerCase() ?? ''),
    replay: replayOf(params.get('replay')?.trim() ?? ''),
    replaySpeed: [1, 2, 4].find((n) => String(n) === params.get('speed')?.trim()) ?? 1,
  }
}

function cameraOf(v: string): CameraPreset | null {
  if (v === 'free' || v === 'none' || isOff(v)) return null
  if (v === 'director') return 'auto'
  return CAMERA_PRESETS.find((p) => p.id === v)?.id ?? 'auto'
}

function replayOf(v: string): FeedOptions['replay'] {
  if (v === '') return null
  return v.toLowerCase() === 'game' ? { source: 'game' } : { source: 'save', saveId: v }
}
