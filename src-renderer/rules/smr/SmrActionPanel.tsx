import { useEffect, useMemo, useState } from 'react'
import { type SmrLabelledOption, type SmrOptionGroup, smrMissilePlan, smrTurnCaption } from '../../../src-engine/index'
import type { SmrLegalOptions } from '../../../src-main/ipc/contract'
import { DockPanel } from '../../hud/layout/DockPanel'
import { attempt, sendCommand } from '../../state/actions'
import { useApp, useMatch, useUi } from '../../state/context'
import { seatMayAct } from '../../state/seat'
import { planView, planWords } from './plan-preview'
import { confirmSmrPlan, sideOf, type SmrView, useSmrGame } from './smr-game'

const GROUP_TITLES: Readonly<Record<SmrOptionGroup, string>> = {
  turn: 'The turn',
  setup: 'Deployment',
  missiles: 'Missiles (Event 1)',
  charge: 'Charges',
  rally: 'Rally',
  move: 'Moves',
  doors: 'Doors',
  bonus: 'Bonus move and attack',
  reinforcements: 'Reinforcements',
}
const GROUP_ORDER: readonly SmrOptionGroup[] = [
  'turn',
  'missiles',
  'bonus',
  'reinforcements',
  'charge',
  'rally',
  'doors',
  'setup',
  'move',
]
/** Groups of many options a unit each: listed for the selected unit only. */
const PER_UNIT: ReadonlySet<SmrOptionGroup> = new Set(['setup', 'move'])

/**
 * What the SMR side to act may do now, and only that: the options the engine
 * lists (`match:legal`) in words, grouped; the move, placement or charge
 * being planned on the table with the engine's measure of it; and in Event 1
 * a target for every archer, declared together (SMR-MISS-04).
 */
export function SmrActionPanel() {
  const app = useApp()
  const game = useSmrGame()
  const gameId = useMatch((s) => s.gameId)
  const seq = useMatch((s) => s.seq)
  const seat = useMatch((s) => s.seat)
  const selected = useUi((s) => s.selectedFigureId)
  const [legal, setLegal] = useState<SmrLegalOptions | null>(null)

  useEffect(() => {
    let live = true
    void attempt(app, () => app.bridge.matchLegal()).then((r) => {
      if (live && r && r.seq === app.matchStore.getState().seq) setLegal(r.ruleset === 'smr' ? r : null)
    })
    return () => {
      live = false
    }
  }, [app, gameId, seq])

  // A new step: the targets chosen for the last one go.
  const stepKey = game
    ? `${gameId}:${game.state.turn}:${game.state.phase}:${game.state.step}:${game.state.actingSide}`
    : ''
  useEffect(() => {
    app.uiStore.getState().clearSmrShots()
  }, [app, stepKey])
  // One command at a time (`sendCommand`): the options wait for the last one's outcome.
  const sending = useUi((s) => s.sending !== null)

  if (!game || !legal || legal.sideId === null || legal.seq !== seq) return null
  const side = sideOf(game.scenario, legal.sideId)
  if (!seatMayAct(seat, legal.sideId))
    return (
      <DockPanel
        id="actions"
        label="Actions"
        title={
          <>
            <span className="swatch" style={{ background: side.colour }} /> {side.name} to act
          </>
        }
        className="actions"
        attributes={{ 'data-side': legal.sideId, 'data-seat': 'waiting' }}
      >
        <div className="hint">
          {seat?.kind === 'spectator'
            ? 'You are watching: a spectator gives no commands.'
            : `Waiting for ${side.name}.`}
        </div>
      </DockPanel>
    )
  const caption = smrTurnCaption(game.state)
  const own = selected ? game.state.units[selected] : undefined
  const ownSelected = own && own.sideId === legal.sideId ? own : undefined
  const groups = GROUP_ORDER.map((group) => ({
    group,
    options: legal.options.filter(
      (o) => o.group === group && (!PER_UNIT.has(group) || (ownSelected !== undefined && o.unitId === ownSelected.id)),
    ),
  })).filter((g) => g.options.length > 0)
  const run = (o: SmrLabelledOption) => void sendCommand(app, o.command)
  return (
    <DockPanel
      id="actions"
      label="Actions"
      title={
        <>
          <span className="swatch" style={{ background: side.colour }} /> {side.name}: {caption.step}
        </>
      }
      className="actions"
      attributes={{ 'data-side': legal.sideId }}
    >
      <PlanBlock game={game} />
      {game.state.step === 'missiles' && game.state.phase === 'turn' && (
        <MissilePlanner game={game} sideId={legal.sideId} />
      )}
      {groups.map(({ group, options }) => (
        <div className="option-group" key={group} data-group={group}>
          <h3>
            {group === 'move' || group === 'setup'
              ? `${GROUP_TITLES[group]}: ${ownSelected?.name}`
              : GROUP_TITLES[group]}
          </h3>
          <div className="option-buttons">
            {options.map((o, i) => (
              <button type="button" key={`${i}-${o.label}`} onClick={() => run(o)} disabled={sending}>
                {o.label}
              </button>
            ))}
          </div>
        </div>
      ))}
      <div className="hint">{hintFor(game, ownSelected !== undefined, ownSelected?.hiddenIn != null)}</div>
    </DockPanel>
  )
}

function hintFor(game: SmrView, unitSelected: boolean, hidden: boolean): string {
  const { state } = game
  if (state.phase === 'setup')
    return unitSelected
      ? 'Click the ground inside your deployment zone to place it; Q/E turn it; Enter places it.'
      : 'Click one of your units to place it, name it leader or hide it; then Deployment done.'
  if (state.phase === 'turn' && state.step === 'movement' && hidden)
    return 'Click the ground by its building to choose where it comes out, touching the walls (SMR-SCEN-02); Q/E turn it, Enter brings it out.'
  if (state.phase === 'turn' && state.step === 'movement')
    return unitSelected
      ? 'Click the ground or drag the unit to plan its move (the engine measures it), or an enemy to charge it. The wheel (while dragging) or Q/E turn it, Enter moves.'
      : 'Click one of your units to move it; when all have moved, End movement: melee and rally follow.'
  if (state.phase === 'turn' && state.step === 'missiles')
    return 'Pick a target for each archer (or click one, then an enemy), then Declare. Every target is named before any die (SMR-MISS-04).'
  return ''
}

/** The order planned on the table, as the engine measures it, with Give and Cancel. */
function PlanBlock({ game }: { game: SmrView }) {
  const app = useApp()
  const plan = useUi((s) => s.smrPlan)
  const view = useMemo(() => (plan ? planView(game.state, game.world, plan) : null), [plan, game])
  if (!plan || !view) return null
  const words = planWords(
    game.state,
    view,
    plan.kind,
    (id) => game.scenario.buildings.find((b) => b.id === id)?.name ?? id,
  )
  const verb = { place: 'Place', charge: 'Charge', move: 'Move', leave: 'Come out' }[plan.kind]
  return (
    <div className={`smr-plan ${words.ok ? 'ok' : 'refused'}`} data-testid="smr-plan" data-ok={words.ok}>
      <div>
        {words.clause && <span className="clause">{words.clause}</span>} {words.text}
      </div>
      <div className="row">
        <button type="button" className="primary" disabled={!words.ok} onClick={() => void confirmSmrPlan(app)}>
          {verb} (Enter)
        </button>
        <button type="button" onClick={() => app.uiStore.getState().planSmr(null)}>
          Cancel (Esc)
        </button>
        {plan.kind !== 'charge' && <span className="muted">Q/E turn it</span>}
      </div>
    </div>
  )
}

/** Event 1: a target for each unit that may fire, with what its dice must show (Table M), declared together. */
function MissilePlanner({ game, sideId }: { game: SmrView; sideId: string }) {
  const app = useApp()
  const shots = useUi((s) => s.smrShots)
  const firers = useMemo(() => smrMissilePlan(game.state, game.world, sideId), [game, sideId])
  const name = (id: string) => game.state.units[id]?.name ?? id
  const chosen = firers.flatMap((f) => (shots[f.unitId] ? [{ unitId: f.unitId, targetId: shots[f.unitId]! }] : []))
  const declare = () => void sendCommand(app, { type: 'declareMissiles', sideId, shots: chosen })
  return (
    <div className="option-group smr-missiles" data-group="missile-plan">
      <h3>Targets</h3>
      <ul className="move-rows">
        {firers.map((f) => (
          <li key={f.unitId}>
            <button type="button" className="link" onClick={() => app.uiStore.getState().select(f.unitId)}>
              {name(f.unitId)}
            </button>{' '}
            <select
              aria-label={`Target of ${name(f.unitId)}`}
              value={shots[f.unitId] ?? ''}
              onChange={(e) => app.uiStore.getState().setSmrShot(f.unitId, e.target.value || null)}
            >
              <option value="">holds fire</option>
              {f.targets.map((t) => (
                <option key={t.targetId} value={t.targetId}>
                  {name(t.targetId)}: {t.rangeIn}" ({f.weapon} {f.rangeIn}"), needs {t.needed}
                  {t.bonus ? ` with +${t.bonus} at its back` : ''}
                </option>
              ))}
            </select>
          </li>
        ))}
      </ul>
      <div className="row">
        <button type="button" className="primary" onClick={declare} data-testid="declare-missiles">
          {chosen.length === 0 ? 'Hold fire' : `Declare ${chosen.length} shot${chosen.length === 1 ? '' : 's'}`}
        </button>
      </div>
    </div>
  )
}
