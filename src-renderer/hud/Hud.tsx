import { DicePanel } from '../dice/DicePanel'
import { lazy, Suspense } from 'react'
import { useMatch } from '../state/context'
import { ActionPanel } from './ActionPanel'
import { FilesPanel } from './FilesPanel'
import { GameOverDialog } from './GameOverDialog'
import { HelpOverlay } from './HelpOverlay'
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

/**
 * The panels around the table: the game's ruleset's own, and the shared ones
 * (saves, messages, tools, dice), each in its dock of the layout.
 */
export function Hud() {
  const ruleset = useMatch((s) => s.ruleset)
  return (
    <div className="hud">
      <DockLayout>
        {ruleset === 'smr' ? (
          <Suspense fallback={null}>
            <SmrPanels />
          </Suspense>
        ) : (
          <>
            <TeamsPanel />
            <TurnBar />
            <ActionPanel />
            <LogPanel />
            <SelectionPanel />
            <GameOverDialog />
          </>
        )}
        <FilesPanel />
        <MessageBar />
        <ToolBar />
        <HelpOverlay />
        <NewGameDialog />
        <KeyboardShortcuts />
        <DicePanel />
      </DockLayout>
      <RecordingIndicator />
    </div>
  )
}
