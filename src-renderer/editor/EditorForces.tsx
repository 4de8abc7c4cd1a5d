import type { ThreeEvent } from '@react-three/fiber'
import { useStore } from 'zustand'
import type { StoreApi } from 'zustand/vanilla'
import type { Scenario } from '../../src-engine/index'
import type { EditorState, ItemRef, TablePoint } from './editor-store'

export interface EditorForcesProps {
  readonly store: StoreApi<EditorState>
  readonly scenario: Scenario
  readonly heightAt: (p: TablePoint) => number
}

/** A figure's body above its base, inches. */
const BODY_IN = 1.1

/**
 * The forces on the table being edited: each figure standing on it as its
 * base in its side's colour with a body above, each vehicle as its hull (a
 * light block marks its front). With no tool in hand a click on a figure or
 * vehicle picks it (its arrows then move it); the figure or team picked is
 * lit.
 */
export function EditorForces({ store, scenario, heightAt }: EditorForcesProps) {
  const selected = useStore(store, (s) => s.selected)
  const colour = new Map(scenario.sides.map((s) => [s.id, s.colour]))
  const pick =
    (item: ItemRef) =>
    (e: ThreeEvent<MouseEvent>): void => {
      const s = store.getState()
      // With a tool in hand, the click is the tool's (it falls through to the table).
      if (s.tool !== 'look') return
      e.stopPropagation()
      s.select(s.selected?.collection === item.collection && s.selected.id === item.id ? null : item)
    }
  return (
    <group name="editor-forces">
      {scenario.teams
        .filter((t) => t.vehicleId === undefined)
        .flatMap((team) =>
          team.figures.map((f) => {
            const lit =
              (selected?.collection === 'figures' && selected.id === f.id) ||
              (selected?.collection === 'teams' && selected.id === team.id)
            const y = heightAt(f.position)
            return (
              <group
                key={f.id}
                name={`editor-figure-${f.id}`}
                position={[f.position.x, y, f.position.z]}
                onClick={pick({ collection: 'figures', id: f.id })}
              >
                <mesh position={[0, 0.08, 0]}>
                  <cylinderGeometry args={[f.baseRadiusIn, f.baseRadiusIn, 0.16, 20]} />
                  <meshStandardMaterial color={lit ? '#ffd24a' : (colour.get(team.sideId) ?? '#888888')} />
                </mesh>
                <mesh position={[0, 0.16 + BODY_IN / 2, 0]}>
                  <cylinderGeometry args={[f.baseRadiusIn * 0.35, f.baseRadiusIn * 0.45, BODY_IN, 12]} />
                  <meshStandardMaterial color={lit ? '#fff2c0' : '#d9d4c7'} />
                </mesh>
              </group>
            )
          }),
        )}
      {scenario.vehicles.map((v) => {
        const lit = selected?.collection === 'vehicles' && selected.id === v.id
        const a = (v.facingDeg * Math.PI) / 180
        return (
          <group
            key={v.id}
            name={`editor-vehicle-${v.id}`}
            position={[v.position.x, heightAt(v.position), v.position.z]}
            // Facing is clockwise from north (−z); three.js turns anticlockwise about +y.
            rotation={[0, -a, 0]}
            onClick={pick({ collection: 'vehicles', id: v.id })}
          >
            <mesh position={[0, 0.6, 0]}>
              <boxGeometry args={[v.widthIn, 1.2, v.lengthIn]} />
              <meshStandardMaterial color={lit ? '#ffd24a' : (colour.get(v.sideId) ?? '#888888')} />
            </mesh>
            <mesh position={[0, 1.3, -v.lengthIn / 2 + 0.4]}>
              <boxGeometry args={[v.widthIn * 0.6, 0.2, 0.6]} />
              <meshStandardMaterial color="#f0ede4" />
            </mesh>
          </group>
        )
      })}
    </group>
  )
}
