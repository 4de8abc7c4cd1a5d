import { SmrActionPanel } from './SmrActionPanel'
import { SmrGameOver } from './SmrGameOver'
import { SmrKeys } from './SmrKeys'
import { SmrLogPanel } from './SmrLogPanel'
import { SmrSelectionPanel } from './SmrSelectionPanel'
import { SmrTurnBar } from './SmrTurnBar'
import { SmrUnitsPanel } from './SmrUnitsPanel'

/** SMR's own panels: units, turn and event, the side's options, the log, the selected unit, the end. */
export function SmrPanels({ replaying = false }: { replaying?: boolean }) {
  return (
    <>
      <SmrUnitsPanel />
      <SmrTurnBar />
      {replaying ? null : <SmrActionPanel />}
      <SmrLogPanel />
      <SmrSelectionPanel />
      {replaying ? null : <SmrGameOver />}
      <SmrKeys />
    </>
  )
}
