import { DicePanel } from '../dice/DicePanel'
import { ActionPanel } from './ActionPanel'
import { FilesPanel } from './FilesPanel'
import { GameOverDialog } from './GameOverDialog'
import { HelpOverlay } from './HelpOverlay'
import { KeyboardShortcuts } from './KeyboardShortcuts'
import { LogPanel } from './LogPanel'
import { MessageBar } from './MessageBar'
import { NewGameDialog } from './NewGameDialog'
import { SelectionPanel } from './SelectionPanel'
import { TeamsPanel } from './TeamsPanel'
import { ToolBar } from './ToolBar'
import { TurnBar } from './TurnBar'

/** The panels over the table. */
export function Hud() {
  return (
    <div className="hud">
      <TeamsPanel />
      <TurnBar />
      <ActionPanel />
      <FilesPanel />
      <LogPanel />
      <MessageBar />
      <SelectionPanel />
      <ToolBar />
      <HelpOverlay />
      <GameOverDialog />
      <NewGameDialog />
      <KeyboardShortcuts />
      <DicePanel />
    </div>
  )
}
