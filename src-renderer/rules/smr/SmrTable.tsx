import { Html, Line } from '@react-three/drei'
import type { ThreeEvent } from '@react-three/fiber'
import { useMemo } from 'react'
import { smrContacts, smrUnitStatus } from '../../../src-engine/index'
import { useApp, useUi } from '../../state/context'
import { Buildings } from '../../scene/Buildings'
import { MeasureTape } from '../../scene/MeasureTape'
import { LinearFeatures } from '../../scene/table/LinearFeatures'
import { Objectives } from '../../scene/table/Objectives'
import { Woods } from '../../scene/table/Woods'
import { Terrain } from '../../scene/Terrain'
import { NO_POINTER, useLabelsReady } from '../../scene/labels-ready'
import { type SmrView } from './smr-game'
import { SmrContacts } from './SmrContacts'
import { SmrPlanGhost } from './SmrPlanGhost'
import { SmrUnits, unitsInMelee } from './SmrUnits'
import { smrGroundClick, smrUnitClick } from './table-clicks'
import { useUnitDrag } from './use-unit-drag'

export interface SmrTableProps {
  readonly game: SmrView
}

/**
 * The SMR table in 3D: the ground, woods and fields, the village's
 * buildings (drawn as SMLE's are, from the shared table schema) and its
 * marked area, the units on their bases, every melee, and the order being
 * planned. Clicks select units, plan moves and charges, and pick missile
 * targets; a unit dragged plans its move (or charge) as the pointer goes;
 * the engine judges every order.
 */
export function SmrTable({ game }: SmrTableProps) {
  const app = useApp()
  const { scenario, state, world } = game
  const model = world.model
  const selected = useUi((s) => s.selectedFigureId)
  const plan = useUi((s) => s.smrPlan)
  const hover = useUi((s) => s.hover)
  const colours = useMemo(() => new Map(scenario.sides.map((s) => [s.id, s.colour])), [scenario])
  const contacts = useMemo(() => smrContacts(state, world), [state, world])
  const inMelee = useMemo(() => unitsInMelee(contacts), [contacts])
  const doorStates = useMemo(() => state.doors, [state.doors])
  const hoverPlan = useMemo(() => {
    if (plan || !selected || !hover) return null
    const u = state.units[selected]
    if (!u || u.sideId !== state.actingSide || state.phase !== 'turn' || state.step !== 'movement') return null
    // A unit that may not move this Event (moved, fired, in melee, routed) follows no pointer: its panel says why.
    if (smrUnitStatus(state, world, u).cannotMove !== null) return null
    return { kind: 'move' as const, unitId: selected, to: hover, facingDeg: null }
  }, [plan, selected, hover, state, world])
  const press = useUnitDrag()
  const pick = (unitId: string, e: ThreeEvent<MouseEvent>) => {
    if (e.delta > 4) return
    e.stopPropagation()
    smrUnitClick(app, unitId)
  }
  return (
    <>
      <Terrain
        scenario={scenario}
        paintAside
        onGroundClick={(x, y, z) => {
          const ui = app.uiStore.getState()
          if (ui.tool === 'measure') ui.measureClick({ x, y, z })
          else smrGroundClick(app, { x, y, z })
        }}
        onGroundMove={(x, y, z) => {
          const ui = app.uiStore.getState()
          if (ui.tool === 'measure') ui.measureHover({ x, y, z })
          else if (ui.selectedFigureId && !ui.smrPlan) ui.setHover({ x, y, z })
        }}
      />
      <Buildings scenario={scenario} doorStates={doorStates} />
      <LinearFeatures model={model} />
      <Woods model={model} />
      <Objectives model={model} />
      <VillageArea game={game} />
      <SmrUnits state={state} colours={colours} selectedId={selected} inMelee={inMelee} onPick={pick} onPress={press} />
      <SmrContacts state={state} contacts={contacts} />
      {plan && <SmrPlanGhost state={state} world={world} plan={plan} labelled />}
      {hoverPlan && <SmrPlanGhost state={state} world={world} plan={hoverPlan} />}
      <MeasureTape />
    </>
  )
}

/**
 * Village Invasion: the marked village area (SMR-SCEN-02) as a line round
 * it, and, for the seat that may know, how many peasants hide in each
 * cottage and which cottages have burnt.
 */
function VillageArea({ game }: { game: SmrView }) {
  const { scenario, state, world } = game
  const ready = useLabelsReady()
  const v = scenario.village
  const points = useMemo(
    () =>
      v
        ? [...v.area, v.area[0]!].map(
            (p) => [p.x, world.groundHeightAt(p.x, p.z) + 0.05, p.z] as [number, number, number],
          )
        : [],
    [v, world],
  )
  if (!v) return null
  const hidden = new Map<string, number>()
  for (const u of Object.values(state.units))
    if (u.status === 'ok' && u.hiddenIn !== null) hidden.set(u.hiddenIn, (hidden.get(u.hiddenIn) ?? 0) + 1)
  return (
    <group name="village">
      <Line points={points} color="#e8d27a" lineWidth={2} dashed dashSize={0.8} gapSize={0.5} />
      {ready &&
        v.buildingIds.map((id) => {
          const b = scenario.buildings.find((x) => x.id === id)
          const n = hidden.get(id) ?? 0
          const burnt = state.burnt[id] !== undefined
          if (!b || (n === 0 && !burnt)) return null
          return (
            <Html
              key={id}
              position={[b.x + b.widthIn / 2, (b.wallHeightIn ?? 2) + 2.2, b.z + b.depthIn / 2]}
              center
              zIndexRange={[0, 0]}
              style={NO_POINTER}
            >
              <div className="smr-building-label" data-testid={`building-${id}`}>
                {burnt ? 'Burnt' : `${n} hidden`}
              </div>
            </Html>
          )
        })}
    </group>
  )
}
