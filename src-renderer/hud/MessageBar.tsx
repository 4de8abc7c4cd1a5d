import { useMatch, useUi } from '../state/context'
import { InSlot } from './layout/InSlot'

/** The last refusal (with its clause), error or notice. */
export function MessageBar() {
  const message = useUi((s) => s.message)
  const ready = useMatch((s) => s.state !== null || s.smr !== null)
  if (!message || !ready) return null
  return (
    <InSlot slot="center">
      <div
        className={`panel message ${message.kind}`}
        data-panel="message"
        role={message.kind === 'info' ? 'status' : 'alert'}
        data-testid="message"
      >
        {message.clause && <span className="clause">{message.clause}</span>}
        {message.text}
      </div>
    </InSlot>
  )
}
