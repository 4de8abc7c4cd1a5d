import { Html } from '@react-three/drei'
import type { ReactNode } from 'react'
import { NO_POINTER } from '../labels-ready'
import { useTableLabel } from './label-registry'

export interface TableLabelProps {
  /** Unique among the table's labels: `team:…`, `vehicle:…`, `objective:…`. */
  readonly id: string
  readonly at: readonly [number, number, number]
  /** `LABEL_RANK`: pinned labels are always drawn. */
  readonly rank: number
  readonly children: ReactNode
}

/** A label floating over the table, laid out with the others (hidden behind walls, thinned when crowded). */
export function TableLabel({ id, at, rank, children }: TableLabelProps) {
  const ref = useTableLabel(id, at, rank)
  return (
    <Html position={at as [number, number, number]} center zIndexRange={[0, 0]} style={NO_POINTER}>
      <div ref={ref} data-label={id}>
        {children}
      </div>
    </Html>
  )
}
