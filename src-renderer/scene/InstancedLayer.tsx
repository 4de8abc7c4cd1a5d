import type { ThreeEvent } from '@react-three/fiber'
import { useLayoutEffect, useRef } from 'react'
import type { BufferGeometry, Color, InstancedMesh, Matrix4 } from 'three'

/** One instance: its transform and colour, and the figure it belongs to (for clicks). */
export interface LayerItem {
  readonly id: string
  readonly matrix: Matrix4
  readonly colour: Color
}

export interface InstancedLayerProps {
  readonly name: string
  readonly geometry: BufferGeometry
  readonly items: readonly LayerItem[]
  readonly castShadow?: boolean
  readonly receiveShadow?: boolean
  readonly emissive?: boolean
  readonly onPick?: (id: string, e: ThreeEvent<MouseEvent>) => void
  /** Called after the instances were written (to ask for a new frame). */
  readonly onUpdated?: () => void
}

/** A set of identical meshes drawn in one call, each with its own transform and colour. */
export function InstancedLayer({
  name,
  geometry,
  items,
  castShadow = true,
  receiveShadow = false,
  emissive = false,
  onPick,
  onUpdated,
}: InstancedLayerProps) {
  const mesh = useRef<InstancedMesh>(null)
  const capacity = Math.max(1, items.length)
  useLayoutEffect(() => {
    const m = mesh.current
    if (!m) return
    items.forEach((item, i) => {
      m.setMatrixAt(i, item.matrix)
      m.setColorAt(i, item.colour)
    })
    m.count = items.length
    m.instanceMatrix.needsUpdate = true
    if (m.instanceColor) m.instanceColor.needsUpdate = true
    m.computeBoundingSphere()
    m.userData.ids = items.map((i) => i.id)
    onUpdated?.()
  }, [items, onUpdated])
  return (
    <instancedMesh
      key={`${name}-${capacity}`}
      ref={mesh}
      name={name}
      args={[geometry, undefined, capacity]}
      castShadow={castShadow}
      receiveShadow={receiveShadow}
      visible={items.length > 0}
      onClick={
        onPick
          ? (e: ThreeEvent<MouseEvent>) => {
              const item = e.instanceId === undefined ? undefined : items[e.instanceId]
              if (item) onPick(item.id, e)
            }
          : undefined
      }
    >
      {emissive ? <meshBasicMaterial /> : <meshLambertMaterial />}
    </instancedMesh>
  )
}
