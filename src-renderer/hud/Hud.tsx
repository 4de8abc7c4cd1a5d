import { DicePanel } from '../dice/DicePanel'
import { lazy, Suspense } from 'react'
import { useMatch, useUi } from '../state/context'
import { ActionPanel } from './ActionPanel'
import { FilesPanel } from './FilesPanel'
import { KeyboardShortcuts } from './KeyboardShortcuts'
import { DockLayout } from './layout/DockLayout'
import { LogPanel } from './LogPanel'
import { MessageBar } from './MessageBar'
import { NewGameDialog } from './NewGameDialog'
import { RecordingIndicator } from './recording/RecordingIndicator'
import { SelectionPanel } from './SelectionPanel'
import { TeamsPanel } from './TeamsPanel'
import { ToolBar } from './ToolBar'
import { TurnBar } from './TurnBar'

/** SMR's panels are loaded with the first SMR game, not with the page. */
const SmrPanels = lazy(() => import('../rules/smr/SmrHud').then((m) => ({ default: m.SmrPanels })))
/** The replay's bar (and its video rendering) is loaded with the first replay opened. */
const ReplayBar = lazy(() => import('./ReplayBar').then((m) => ({ default: m.ReplayBar })))
/** The end-of-game dialog and the help are loaded when first shown: the table's first frame needs neither. */
const GameOverDialog = lazy(() => import('./GameOverDialog').then((m) => ({ default: m.GameOverDialog })))
const HelpOverlay = lazy(() => import('./HelpOverlay').then((m) => ({ default: m.HelpOverlay })))

/**
 * The panels around the table: the game's ruleset's own, and the shared ones
 * (saves, messages, tools, dice), each in its dock of the layout. The P key
 * hides them all (they stay mounted, so the keys still work).
 */
export function Hud() {
  const ruleset = useMatch((s) => s.ruleset)
  // A replay is read only: no options to act on, no end-of-game dialog over it.
  const replaying = useMatch((s) => s.replay !== null)
  const panelsHidden = useUi((s) => s.panelsHidden)
  // The game over dialog is there while the game has a result (undone back into play, it goes, and shows at the next end).
  const ended = useMatch((s) => !!s.state?.result)
  const helpOpen = useUi((s) => s.helpOpen)
  return (
    <div className="hud" data-panels={panelsHidden ? 'hidden' : 'shown'}>
      {panelsHidden ? (
        <div className="panels-hidden-hint" role="status">
          Panels hidden: press P to show them
        </div>
      ) : null}
      <DockLayout>
        {ruleset === 'smr' ? (
          <Suspense fallback={null}>
            <SmrPanels replaying={replaying} />
          </Suspense>
        ) : (
          <>
            <TeamsPanel />
            <TurnBar />
            {replaying ? null : <ActionPanel />}
            <LogPanel />
            <SelectionPanel />
            {replaying || !ended ? null : (
              <Suspense fallback={null}>
                <GameOverDialog />
              </Suspense>
            )}
          </>
        )}
        <FilesPanel />
        <MessageBar />
        {replaying ? (
          <Suspense fallback={null}>
            <ReplayBar />
          </Suspense>
        ) : null}
        <ToolBar />
        {helpOpen ? (
          <Suspense fallback={null}>
            <HelpOverlay />
          </Suspense>
        ) : null}
        <NewGameDialog />
        <KeyboardShortcuts />
        <DicePanel />
      </DockLayout>
      <RecordingIndicator />
    </div>
  )
}
