import { useMemo } from 'react'
import { smrContacts, smrProfileLabel, type SmrUnit } from '../../../src-engine/index'
import { DockPanel } from '../../hud/layout/DockPanel'
import { useApp, useUi } from '../../state/context'
import { useSmrGame } from './smr-game'
import { unitsInMelee } from './SmrUnits'

/** Each side's units as this seat may see them: class, leader, and whether routed, in melee, fired or moved this turn. */
export function SmrUnitsPanel() {
  const app = useApp()
  const game = useSmrGame()
  const selected = useUi((s) => s.selectedFigureId)
  const inMelee = useMemo(() => (game ? unitsInMelee(smrContacts(game.state, game.world)) : new Set<string>()), [game])
  if (!game) return null
  const { state, scenario } = game
  const leaders = new Set(Object.values(state.leaders))
  const buildingName = (id: string) => scenario.buildings.find((b) => b.id === id)?.name ?? id
  const marks = (u: SmrUnit): string[] => {
    const out: string[] = []
    if (u.status === 'killed') return ['killed']
    if (u.status === 'eliminated') return ['eliminated']
    if (u.hiddenIn !== null) out.push(`hidden in ${buildingName(u.hiddenIn)}`)
    if (u.routed) out.push('routed')
    if (inMelee.has(u.id)) out.push('in melee')
    if (u.firedTurn === state.turn && state.phase === 'turn') out.push('fired')
    if (u.movedTurn === state.turn && state.phase === 'turn') out.push('moved')
    if (u.hero) out.push('hero')
    return out
  }
  const pick = (u: SmrUnit) => {
    const ui = app.uiStore.getState()
    ui.select(u.id)
    if (u.status === 'ok' && u.hiddenIn === null) ui.focusOn(u.position)
    // A hidden unit: look at its building (a click by the walls then chooses where it comes out).
    const b = u.status === 'ok' && u.hiddenIn !== null ? scenario.buildings.find((x) => x.id === u.hiddenIn) : undefined
    if (b) ui.focusOn({ x: b.x + b.widthIn / 2, y: 0, z: b.z + b.depthIn / 2 })
  }
  return (
    <DockPanel id="units" label="Units" className="teams smr-units">
      {scenario.sides.map((side) => {
        const units = state.unitOrder.map((id) => state.units[id]).filter((u): u is SmrUnit => u?.sideId === side.id)
        const standing = units.filter((u) => u.status === 'ok').length
        return (
          <div className="side" key={side.id} data-side={side.id}>
            <div className="side-name">
              <span className="swatch" style={{ background: side.colour }} />
              {side.name}
              <span className="count">
                {standing}/{units.length}
              </span>
              {state.actingSide === side.id && state.phase !== 'ended' && <span className="active-badge">to act</span>}
            </div>
            {units.map((u) => (
              <button
                type="button"
                key={u.id}
                className={`smr-unit link${u.status !== 'ok' ? ' gone' : ''}`}
                data-unit={u.id}
                aria-current={u.id === selected}
                onClick={() => pick(u)}
                title={smrProfileLabel(u.profile)}
              >
                <span>
                  {leaders.has(u.id) ? '★ ' : ''}
                  {u.name}
                </span>
                <span className="muted">{[smrProfileLabel(u.profile), ...marks(u)].join(' · ')}</span>
              </button>
            ))}
          </div>
        )
      })}
    </DockPanel>
  )
}
