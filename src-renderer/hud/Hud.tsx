import { DicePanel } from '../dice/DicePanel'
import { FilesPanel } from './FilesPanel'
import { LogPanel } from './LogPanel'
import { MessageBar } from './MessageBar'
import { SelectionPanel } from './SelectionPanel'
import { TeamsPanel } from './TeamsPanel'
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
      <DicePanel />
    </div>
  )
}
