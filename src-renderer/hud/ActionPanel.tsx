import { useCallback, useEffect, useRef, useState } from 'react'
import type { CallFire, LabelledOption } from '../../src-engine/index'
import type { FirePreviewReply, SmleLegalOptions } from '../../src-main/ipc/contract'
import { decisionPrompt, fireOptionAt, isFireCommand, optionSections } from '../play/action-groups'
import { breakdownRows, landedBurst, plannedBurst, sightLinesOf } from '../play/fire-view'
import { moveRows, vehicleLine } from '../play/move-rows'
import { attempt, sendCommand } from '../state/actions'
import { useApp, useMatch, useUi } from '../state/context'
import { seatMayAct } from '../state/seat'
import type { BurstMark } from '../state/stores'
import { CallFirePlan } from './CallFirePlan'
import { DockPanel } from './layout/DockPanel'

/** A fire option and its preview, waiting for the player's Fire. */
interface Planned {
  readonly option: LabelledOption
  readonly reply: FirePreviewReply
}

/**
 * What the side to act may do now, and only that: the options the engine
 * lists (`match:legal`). An attack by fire is previewed first (sight lines
 * on the table, each firer's to-hit breakdown with clause ids) and thrown
 * with Fire. At an interrupt point the other player is prompted here.
 */
export function ActionPanel() {
  const app = useApp()
  const gameId = useMatch((s) => s.gameId)
  const seq = useMatch((s) => s.seq)
  const state = useMatch((s) => s.state)
  const selected = useUi((s) => s.selectedFigureId)
  const fireCall = useUi((s) => s.fireCall)
  const sending = useUi((s) => s.sending !== null)
  const [legal, setLegal] = useState<SmleLegalOptions | null>(null)
  const [planned, setPlanned] = useState<Planned | null>(null)
  const turnKey = useRef('')
  /** The burst template of the last previewed explosive attack, kept until its round lands (possibly after a reaction). */
  const aimed = useRef<BurstMark | null>(null)
  const recent = useMatch((s) => s.recent)
  const seat = useMatch((s) => s.seat)

  useEffect(() => {
    let live = true
    setPlanned(null)
    void attempt(app, () => app.bridge.matchLegal()).then((r) => {
      // An SMR game has its own panel; this one lists SMLE options only.
      if (live && r && r.seq === app.matchStore.getState().seq) setLegal(r.ruleset === 'smle' ? r : null)
    })
    return () => {
      live = false
    }
  }, [app, gameId, seq])

  // A new team's turn: the last attack's lines and template go.
  const unit = state?.activeUnit
  const key = `${gameId}:${state?.round}:${unit?.teamIds[unit.index] ?? ''}`
  useEffect(() => {
    if (turnKey.current !== key) {
      turnKey.current = key
      app.uiStore.getState().showSightLines(null)
      app.uiStore.getState().showBurst(null)
      app.uiStore.getState().planFireCall(null)
    }
  }, [app, key])

  // SMLE-EXP-11..14: when a round bursts, the template moves from the aim point to where it landed.
  useEffect(() => {
    const burst = landedBurst(
      aimed.current,
      recent.filter((r) => r.seq === seq).map((r) => r.event),
    )
    if (burst) {
      app.uiStore.getState().showBurst(burst)
      aimed.current = null
    }
  }, [app, recent, seq])

  const preview = useCallback(
    async (option: LabelledOption) => {
      const reply = await attempt(app, () => app.bridge.matchPreviewFire(option.command as never))
      if (!reply) return
      setPlanned({ option, reply })
      const ui = app.uiStore.getState()
      if (reply.ok) {
        ui.showSightLines(sightLinesOf(reply.preview))
        aimed.current = plannedBurst(reply.preview)
        ui.showBurst(aimed.current)
      } else {
        ui.showSightLines(null)
        ui.say({ kind: 'refusal', text: reply.message, clause: reply.clause })
      }
    },
    [app],
  )

  // Clicking an enemy figure picks its team as the target (when the side may fire at it).
  useEffect(() => {
    const s = app.matchStore.getState().state
    if (!selected || !s || !legal) return
    const f = s.figures[selected]
    if (!f || f.sideId === legal.sideId) return
    const option = fireOptionAt(legal.options, s, selected)
    if (option) void preview(option)
  }, [app, selected, legal, preview])

  if (!state || !legal || legal.sideId === null) return null
  if (!seatMayAct(seat, legal.sideId)) return <Waiting sideId={legal.sideId} spectator={seat?.kind === 'spectator'} />
  const run = async (option: LabelledOption) => {
    if (isFireCommand(option.command)) return preview(option)
    // A call for fire is shown on the table first (point, template, deviation, who is under it) and sent with Call fire.
    if (option.command.type === 'callFire') {
      setPlanned(null)
      app.uiStore.getState().planFireCall(option.command as CallFire)
      return
    }
    setPlanned(null)
    app.uiStore.getState().showSightLines(null)
    await sendCommand(app, option.command)
  }
  const cancel = () => {
    setPlanned(null)
    aimed.current = null
    app.uiStore.getState().showSightLines(null)
    app.uiStore.getState().showBurst(null)
  }
  const fire = async () => {
    if (!planned) return
    await sendCommand(app, planned.option.command)
    setPlanned(null)
  }
  const side = state.sides.find((s) => s.id === legal.sideId)
  const prompt = decisionPrompt(state)
  const moves = prompt ? [] : moveRows(state)
  const vehicle = vehicleLine(state)
  return (
    <DockPanel
      id="actions"
      label="Actions"
      title={
        <>
          <span className="swatch" style={{ background: side?.colour }} /> {side?.name ?? legal.sideId}: what now
        </>
      }
      className={`actions${prompt ? ' deciding' : ''}`}
      attributes={{ 'data-side': legal.sideId }}
    >
      {prompt && (
        <div className="prompt" role="alert" data-testid="decision-prompt">
          <strong>{prompt.title}</strong>
          <div>{prompt.detail}</div>
        </div>
      )}
      {planned && <FirePlan planned={planned} onFire={() => void fire()} onCancel={cancel} />}
      {fireCall && (
        <CallFirePlan
          onCall={() => {
            app.uiStore.getState().planFireCall(null)
            void sendCommand(app, fireCall)
          }}
          onCancel={() => app.uiStore.getState().planFireCall(null)}
        />
      )}
      {optionSections(legal.options).map((section) => (
        <div className="option-group" key={section.group} data-group={section.group}>
          <h3>{section.title}</h3>
          {section.group === 'move' && <MoveRows rows={moves} vehicle={vehicle} />}
          <div className="option-buttons">
            {section.options.map((o, i) => (
              <button
                type="button"
                key={`${i}-${o.label}`}
                onClick={() => void run(o)}
                aria-pressed={planned?.option === o}
                disabled={sending}
              >
                {o.label}
              </button>
            ))}
          </div>
        </div>
      ))}
      {moves.length > 0 && !legal.options.some((o) => o.group === 'move') && (
        <MoveRows rows={moves} vehicle={vehicle} />
      )}
      {selected === null && moves.length > 0 && (
        <div className="hint">
          Move: click a figure of the team, then the ground. Fire: click an enemy figure or a Fire option.
        </div>
      )}
    </DockPanel>
  )
}

/** CORE-SEAT-01: the side to act is not this seat's: nothing to offer, only who is acting. */
function Waiting({ sideId, spectator }: { sideId: string; spectator: boolean }) {
  const side = useMatch((s) => s.state?.sides.find((x) => x.id === sideId))
  const name = side?.name ?? sideId
  return (
    <DockPanel
      id="actions"
      label="Actions"
      title={
        <>
          <span className="swatch" style={{ background: side?.colour }} /> {name} to act
        </>
      }
      className="actions"
      attributes={{ 'data-side': sideId, 'data-seat': spectator ? 'spectator' : 'waiting' }}
    >
      <div className="hint">
        {spectator ? 'You are watching: a spectator gives no commands.' : `Waiting for ${name}.`}
      </div>
    </DockPanel>
  )
}

function MoveRows({ rows, vehicle }: { rows: ReturnType<typeof moveRows>; vehicle: string | null }) {
  const app = useApp()
  const selected = useUi((s) => s.selectedFigureId)
  return (
    <>
      {vehicle && (
        <div className="vehicle-line" data-testid="vehicle-speed">
          {vehicle}
        </div>
      )}
      <ul className="move-rows">
        {rows.map((r) => (
          <li key={r.figureId} aria-current={r.figureId === selected}>
            <button type="button" className="link" onClick={() => app.uiStore.getState().select(r.figureId)}>
              {r.name}
            </button>
            <span className="muted" data-testid={`move-${r.figureId}`}>
              {r.usedIn.toFixed(1)}" used · {r.leftIn.toFixed(1)}" left{r.note ? ` · ${r.note}` : ''}
            </span>
          </li>
        ))}
      </ul>
    </>
  )
}

function FirePlan({ planned, onFire, onCancel }: { planned: Planned; onFire: () => void; onCancel: () => void }) {
  const { reply } = planned
  const lines = useUi((s) => s.sightLines?.length ?? 0)
  return (
    <div className="fire-plan" aria-label="Fire preview" data-testid="fire-preview" data-sight-lines={lines}>
      <h3>{planned.option.label}</h3>
      {reply.ok ? (
        <>
          {breakdownRows(reply.preview).map((r) => (
            <div className="firer" key={r.firerId}>
              <div className="firer-title">{r.title}</div>
              <div className="muted">
                {r.cover} · {r.target}
              </div>
              <ul className="dice-mods">
                {r.modifiers.map((m, i) => (
                  <li key={i}>
                    {m.text} <span className="clause">{m.clause}</span>
                  </li>
                ))}
              </ul>
            </div>
          ))}
          <div className="row">
            <button type="button" className="primary" onClick={onFire}>
              Fire
            </button>
            <button type="button" onClick={onCancel}>
              Cancel
            </button>
          </div>
        </>
      ) : (
        <div className="problem">
          <span className="clause">{reply.clause}</span> {reply.message}
        </div>
      )}
    </div>
  )
}
