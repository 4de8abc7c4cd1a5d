import { useEffect } from 'react'
import { isTyping } from '../../hud/shortcuts'
import { useApp } from '../../state/context'
import { confirmSmrPlan, smrGameOf } from './smr-game'
import { turnPlanBy } from './plan-preview'

/** Turning steps for the planned facing, degrees: Q/E, and with Shift. */
const STEP_DEG = 15
const BIG_STEP_DEG = 45

/** SMR's planning keys: Q and E turn the planned move (Shift: by 45°), also while dragging it; Enter gives it. */
export function SmrKeys() {
  const app = useApp()
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (isTyping(e.target) || e.ctrlKey || e.metaKey || e.altKey) return
      const ui = app.uiStore.getState()
      const plan = ui.smrPlan
      const game = smrGameOf(app)
      if (!plan || !game) return
      const key = e.key.toLowerCase()
      if (key === 'q' || key === 'e') {
        e.preventDefault()
        e.stopImmediatePropagation()
        // Turn from the facing shown (the way the unit goes, or the engine's end facing).
        turnPlanBy(ui, game, (key === 'q' ? -1 : 1) * (e.shiftKey ? BIG_STEP_DEG : STEP_DEG))
      } else if (e.key === 'Enter' && ui.smrDragId === null) {
        e.preventDefault()
        void confirmSmrPlan(app)
      }
    }
    // Capture: the plan's keys come before the table's own shortcuts (E there moves an SMLE game on).
    window.addEventListener('keydown', onKey, true)
    return () => window.removeEventListener('keydown', onKey, true)
  }, [app])
  return null
}
