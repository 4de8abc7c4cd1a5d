import { FilesPanel } from './FilesPanel'
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
      <FilesPanel />
      <LogPanel />
      <MessageBar />
      <SelectionPanel />
      <ToolBar />
      <HelpOverlay />
      <NewGameDialog />
      <KeyboardShortcuts />
    </div>
  )
}
