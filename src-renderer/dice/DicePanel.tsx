import { Suspense, useEffect, useMemo, useRef, useState } from 'react'
import { afterFirstFrame } from '../first-frame'
import { DockPanel } from '../hud/layout/DockPanel'
import { usePanelCollapsed } from '../hud/layout/layout-context'
import { useUi } from '../state/context'
import { LazyDiceReportPanel, prefetchDiceCode } from './dice-code'
import { createDiceSound } from './dice-sound'
import { RollResult } from './RollResult'
import type { TrayControl } from './TrayScene'
import { TrayTarget } from './TrayTarget'
import { isPlayable, type ShownRoll, useRollQueue } from './use-roll-queue'

/** What automation can read about the tray (`window.smleDice`). */
export interface DiceInspector {
  readonly phase: 'idle' | 'rolling' | 'settled'
  readonly rollId: number | null
  readonly recordedFaces: readonly number[]
  /** Faces of the replayed throws' dice at rest, final throw per die (what the tray shows). */
  readonly replayedFaces: readonly number[]
  readonly verified: boolean
  readonly throwIndex: number
  readonly frame: number
  /** Holds the tray at one frame of one throw (the dice drawn exactly as recorded there). */
  seek(throwIndex: number, frame: number): void
  /** Lets go of a held frame: the tray shows the dice at rest again. */
  release(): void
}

declare global {
  interface Window {
    smleDice?: DiceInspector
  }
}

function sideColourOf(shown: ShownRoll | null): string | null {
  if (shown?.roller) return shown.roller.colour
  if (!shown?.event.figureId || !shown.before) return null
  const figure = shown.before.figures[shown.event.figureId]
  return shown.before.sides.find((s) => s.id === figure?.sideId)?.colour ?? null
}

/** Faces the replay leaves on top of each die of the roll (the last throw each die was in). */
function replayedFaces(shown: ShownRoll): number[] {
  const faces = [...shown.event.faces].fill(0)
  for (const t of shown.replay?.verified ? shown.replay.throws : []) {
    t.record.dice.forEach((die, i) => {
      if (!t.record.cocked.some((c) => c.die === die)) faces[die] = t.record.faces[i]!
    })
  }
  return faces
}

/** How long the panel-less tray stays on the table after its dice have come to rest (ms). */
const BARE_TRAY_LINGER_MS = 1500

/**
 * The dice tray overlay: shows each roll as it happens, replaying the physics
 * throw that decided it, then its result with purpose and modifiers. Also
 * opens the fairness report. With the panel folded, or every panel hidden
 * (P), each throw is still shown: the tray alone, low in the middle of the
 * table (brought forward by the director), until a moment after its dice rest.
 */
export function DicePanel() {
  const { shown, replayAgain, settle, close } = useRollQueue()
  const panelsHidden = useUi((s) => s.panelsHidden)
  const [reportOpen, setReportOpen] = useState(false)
  const sound = useMemo(() => createDiceSound(), [])
  useEffect(() => () => sound.dispose(), [sound])
  const progress = useRef({ throwIndex: 0, frame: 0 })
  const control = useRef<TrayControl>({ seek: null, invalidate: () => undefined })
  const canReplay = isPlayable(shown)
  // Folded to its title, or hidden with every panel, the panel has no tray: the throw is shown on the table itself.
  const collapsed = usePanelCollapsed('dice') || panelsHidden
  const throwKey = shown ? `${shown.event.rollId}:${shown.playKey}` : null
  const [putAway, setPutAway] = useState<string | null>(null)
  const settled = shown?.settled ?? false
  useEffect(() => {
    if (!settled) return
    const timer = setTimeout(() => setPutAway(throwKey), BARE_TRAY_LINGER_MS)
    return () => clearTimeout(timer)
  }, [settled, throwKey])
  const trayProps = (rolled: ShownRoll, replay: NonNullable<ShownRoll['replay']>) => ({
    replay,
    playKey: rolled.playKey,
    sideColour: sideColourOf(rolled),
    sound,
    onProgress: (throwIndex: number, frame: number) => void (progress.current = { throwIndex, frame }),
    onDone: settle,
    control,
  })

  useEffect(() => {
    control.current.seek = null
    const phase = shown === null ? 'idle' : shown.settled ? 'settled' : 'rolling'
    window.smleDice = {
      phase,
      rollId: shown?.event.rollId ?? null,
      recordedFaces: shown?.event.faces ?? [],
      replayedFaces: shown ? replayedFaces(shown) : [],
      verified: shown?.replay?.verified ?? false,
      get throwIndex() {
        return progress.current.throwIndex
      },
      get frame() {
        return progress.current.frame
      },
      seek(throwIndex, frame) {
        control.current.seek = { throwIndex, frame }
        control.current.invalidate()
      },
      release() {
        control.current.seek = null
        control.current.invalidate()
      },
    }
  }, [shown])
  useEffect(() => () => void delete window.smleDice, [])
  // The tray's code is not in the first download: fetch it once the table is drawn, before the first roll.
  useEffect(() => afterFirstFrame(prefetchDiceCode), [])

  return (
    <>
      <DockPanel
        id="dice"
        label="Dice"
        className={shown?.replay && canReplay && !collapsed ? 'dice with-tray' : 'dice'}
        tools={
          <>
            {shown && canReplay && !collapsed ? (
              <button type="button" className="panel-tool" onClick={replayAgain} disabled={!shown.settled}>
                Replay
              </button>
            ) : null}
            <button type="button" className="panel-tool" onClick={() => setReportOpen(true)}>
              Fairness report
            </button>
            {shown ? (
              <button type="button" className="panel-tool" aria-label="Close the dice tray" onClick={close}>
                ×
              </button>
            ) : null}
          </>
        }
      >
        {shown ? (
          <>
            {shown.replay && canReplay && !collapsed ? <TrayTarget {...trayProps(shown, shown.replay)} /> : null}
            <RollResult shown={shown} />
          </>
        ) : null}
      </DockPanel>
      {shown?.replay && canReplay && collapsed && putAway !== throwKey ? (
        <TrayTarget className="bare-tray" {...trayProps(shown, shown.replay)} />
      ) : null}
      {reportOpen ? (
        <Suspense fallback={null}>
          <LazyDiceReportPanel onClose={() => setReportOpen(false)} />
        </Suspense>
      ) : null}
    </>
  )
}
