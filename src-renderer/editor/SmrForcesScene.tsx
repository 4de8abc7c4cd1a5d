import type { ThreeEvent } from '@react-three/fiber'
import { useStore } from 'zustand'
import type { StoreApi } from 'zustand/vanilla'
import { smrBaseSizeIn, type SmrScenario } from '../../src-engine/index'
import type { EditorState, TablePoint } from './editor-store'

export interface SmrForcesSceneProps {
  readonly store: StoreApi<EditorState>
  readonly scenario: SmrScenario
  readonly heightAt: (p: TablePoint) => number
}

/** A figure's body above its base, inches (a rider stands taller). */
const FOOT_IN = 1.1
const RIDER_IN = 1.8

/**
 * An SMR table's units as the editor draws them: each base (20 mm on foot,
 * 25 × 50 mm mounted, SMR-GEN-06) in its side's colour, turned to its facing
 * with a light edge at its front, a body above it, and a gold ring over each
 * side's leader (SMR-SETUP-02). Units hidden in a building are not on the
 * table. With no tool in hand a click picks a unit (its arrows then move it).
 */
export function SmrForcesScene({ store, scenario, heightAt }: SmrForcesSceneProps) {
  const selected = useStore(store, (s) => s.selected)
  const colour = new Map(scenario.sides.map((s) => [s.id, s.colour]))
  const leaders = new Set(scenario.sides.map((s) => s.leaderId))
  const pick =
    (id: string) =>
    (e: ThreeEvent<MouseEvent>): void => {
      const s = store.getState()
      if (s.tool !== 'look') return
      e.stopPropagation()
      s.select(s.selected?.collection === 'units' && s.selected.id === id ? null : { collection: 'units', id })
    }
  return (
    <group name="editor-smr-units">
      {scenario.units
        .filter((u) => u.hiddenIn === undefined)
        .map((u) => {
          const lit = selected?.collection === 'units' && selected.id === u.id
          const size = smrBaseSizeIn({ profile: u })
          const mounted = u.mount !== 'foot' || u.creature !== undefined
          const body = mounted ? RIDER_IN : FOOT_IN
          const a = (u.facingDeg * Math.PI) / 180
          return (
            <group
              key={u.id}
              name={`editor-unit-${u.id}`}
              position={[u.x, heightAt(u), u.z]}
              // Facing is clockwise from north (−z); three.js turns anticlockwise about +y.
              rotation={[0, -a, 0]}
              onClick={pick(u.id)}
            >
              <mesh position={[0, 0.06, 0]}>
                <boxGeometry args={[size.widthIn, 0.12, size.depthIn]} />
                <meshStandardMaterial color={lit ? '#ffd24a' : (colour.get(u.sideId) ?? '#888888')} />
              </mesh>
              <mesh position={[0, 0.14, -size.depthIn / 2 + 0.06]}>
                <boxGeometry args={[size.widthIn, 0.04, 0.12]} />
                <meshStandardMaterial color="#f4ecd2" />
              </mesh>
              <mesh position={[0, 0.12 + body / 2, 0]}>
                <boxGeometry
                  args={[
                    size.widthIn * 0.45,
                    body,
                    Math.min(size.depthIn * 0.6, size.widthIn * 0.45 * (mounted ? 3 : 1)),
                  ]}
                />
                <meshStandardMaterial color={lit ? '#fff2c0' : '#d9d4c7'} />
              </mesh>
              {leaders.has(u.id) ? (
                <mesh position={[0, 0.12 + body + 0.35, 0]} rotation={[Math.PI / 2, 0, 0]}>
                  <torusGeometry args={[0.3, 0.07, 8, 20]} />
                  <meshStandardMaterial color="#e2b93b" />
                </mesh>
              ) : null}
            </group>
          )
        })}
    </group>
  )
}
