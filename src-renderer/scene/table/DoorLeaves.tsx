import { createContext, type ReactNode, useContext, useLayoutEffect, useMemo, useRef } from 'react'
import { BoxGeometry, type Color, type InstancedMesh, Matrix4 } from 'three'

/** Where a door draws its leaf: its slot in the shared instanced mesh. */
export interface DoorLeafSlots {
  /** Writes a leaf's world transform (a unit box scaled to the leaf) and colour into its slot. */
  put(doorId: string, matrix: Matrix4, colour: Color): void
}

const SlotsContext = createContext<DoorLeafSlots | null>(null)

/** The shared leaf mesh, if any: a door outside one draws its own leaf. */
export function useDoorLeafSlots(): DoorLeafSlots | null {
  return useContext(SlotsContext)
}

export interface DoorLeavesProps {
  readonly doorIds: readonly string[]
  readonly children: ReactNode
}

/**
 * Every door leaf of the table in one instanced mesh (one draw call for
 * fifty doors). Each `Door` keeps its own swinging group and an invisible
 * leaf for clicks; it writes its leaf's transform here as it swings.
 */
export function DoorLeaves({ doorIds, children }: DoorLeavesProps) {
  const mesh = useRef<InstancedMesh>(null)
  const geometry = useMemo(() => new BoxGeometry(1, 1, 1), [])
  useLayoutEffect(() => () => geometry.dispose(), [geometry])
  const slots = useMemo<DoorLeafSlots>(() => {
    const index = new Map(doorIds.map((id, i) => [id, i]))
    return {
      put(doorId, matrix, colour) {
        const m = mesh.current
        const i = index.get(doorId)
        if (!m || i === undefined) return
        m.setMatrixAt(i, matrix)
        m.setColorAt(i, colour)
        m.instanceMatrix.needsUpdate = true
        if (m.instanceColor) m.instanceColor.needsUpdate = true
      },
    }
  }, [doorIds])
  useLayoutEffect(() => {
    const m = mesh.current
    if (!m) return
    // Until each door has written its leaf, its slot is an empty (zero-size) box; so is the one slot of a table with no door.
    const none = new Matrix4().makeScale(0, 0, 0)
    for (let i = 0; i < Math.max(1, doorIds.length); i++) m.setMatrixAt(i, none)
    m.instanceMatrix.needsUpdate = true
  }, [doorIds])
  return (
    <SlotsContext.Provider value={slots}>
      <instancedMesh
        key={doorIds.length}
        ref={mesh}
        name="door-leaves"
        args={[geometry, undefined, Math.max(1, doorIds.length)]}
        frustumCulled={false}
        castShadow
        receiveShadow
        raycast={() => undefined}
      >
        <meshLambertMaterial />
      </instancedMesh>
      {children}
    </SlotsContext.Provider>
  )
}
