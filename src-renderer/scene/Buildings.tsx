import { useLayoutEffect, useMemo } from 'react'
import type { DoorState, TableScenario } from '../../src-engine/index'
import { useMatch, useUi } from '../state/context'
import { Door } from './Door'
import { buildingMeshes, partsShown } from './table/building-meshes'
import { DoorLeaves } from './table/DoorLeaves'
import { useDoorActivation } from './use-door-activation'
import { worldOf } from './world-cache'

export interface BuildingsProps {
  readonly scenario: TableScenario
  /** The doors' states when the game is not SMLE's (SMR: bashed open or shut); SMLE's come from its state. */
  readonly doorStates?: Readonly<Record<string, { readonly state: DoorState }>>
  /** False: a click on a door does nothing (the scenario editor's table, where no game is played). */
  readonly interactive?: boolean
}

/**
 * Every building of the table (pillboxes and bunkers too), drawn from the
 * rules' hull pieces: walls with their doorways and windows, floors, roofs
 * (hidden with the roof toggle; the cutaway view hides upper floors too),
 * window frames and stairs, each part one merged mesh; and the doors.
 */
export function Buildings({ scenario, doorStates: given, interactive = true }: BuildingsProps) {
  const model = worldOf(scenario).model
  const smleDoors = useMatch((s) => s.state?.doors)
  const doorStates = given ?? smleDoors
  const activate = useDoorActivation()
  const shown = partsShown(useUi((s) => s.roofs))
  const meshes = useMemo(() => buildingMeshes(model.structures), [model])
  useLayoutEffect(() => () => Object.values(meshes).forEach((g) => g.dispose()), [meshes])
  const doorIds = useMemo(() => model.doors.map((d) => d.id), [model])
  const padOf = useMemo(() => new Map(model.structures.map((s) => [s.id, s.padY])), [model])
  return (
    <group name="buildings">
      <mesh name="building-walls" geometry={meshes.walls} castShadow receiveShadow>
        <meshLambertMaterial vertexColors />
      </mesh>
      <mesh name="building-floors" geometry={meshes.floors} receiveShadow>
        <meshLambertMaterial vertexColors />
      </mesh>
      <mesh
        name="building-upper-floors"
        geometry={meshes.upperFloors}
        visible={shown.upperFloors}
        castShadow
        receiveShadow
      >
        <meshLambertMaterial vertexColors />
      </mesh>
      <mesh name="building-roofs" geometry={meshes.roofs} visible={shown.roofs} castShadow receiveShadow>
        <meshLambertMaterial vertexColors />
      </mesh>
      <mesh name="building-frames" geometry={meshes.frames} castShadow>
        <meshLambertMaterial vertexColors />
      </mesh>
      <mesh name="building-stairs" geometry={meshes.stairs} castShadow receiveShadow>
        <meshLambertMaterial vertexColors />
      </mesh>
      <DoorLeaves doorIds={doorIds}>
        {model.doors.map((d) => (
          <Door
            key={d.id}
            door={d}
            groundY={padOf.get(d.buildingId) ?? 0}
            state={doorStates?.[d.id]?.state ?? d.spec.state}
            onActivate={interactive ? activate : undefined}
          />
        ))}
      </DoorLeaves>
    </group>
  )
}
