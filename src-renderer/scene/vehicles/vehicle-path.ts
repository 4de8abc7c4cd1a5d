import type { VehicleMovePreview, VehicleState } from '../../../src-engine/index'

type P3 = [number, number, number]

/** Drawn a little above the ground so the route is not lost in it. */
const LIFT_IN = 0.1

/** What the table shows of a planned drive: the route, the hull's outline where it stops, and words. */
export interface VehiclePathMarks {
  readonly route: readonly P3[]
  /** The footprint at the end, closed (first corner repeated), and a line from its centre to its front. */
  readonly footprint: readonly P3[]
  readonly nose: readonly [P3, P3]
  /** `ok`: it may go; `road`: it may, at road speed (no firing, SMLE-VEH-02); `refused`: the host would refuse it. */
  readonly verdict: 'ok' | 'road' | 'refused'
  readonly label: string
}

const inches = (n: number): string => `${n.toFixed(1)}"`

/** The words over the end of a planned drive: its length against what is left, or the refusal and its clause. */
export function vehiclePathLabel(p: VehicleMovePreview): string {
  if (p.refusal) {
    const measured = p.lengthIn > 0 ? `${inches(p.lengthIn)}: ` : ''
    return `${measured}${p.refusal.message} (${p.refusal.clause})`
  }
  const left = p.leftIn === null ? '' : ` of ${inches(p.leftIn)} left`
  const ground = p.onRoad ? ' on the road' : ' off-road'
  const road = p.road ? ' · road speed: no firing this round (SMLE-VEH-02)' : ''
  return `Drive ${inches(p.lengthIn)}${left}${ground}${road}`
}

/** The marks of a drive preview for vehicle `v` (its footprint's size), on the table. */
export function vehiclePathMarks(v: VehicleState, p: VehicleMovePreview): VehiclePathMarks {
  const { position: e, facingDeg } = p.end
  const a = (facingDeg * Math.PI) / 180
  // Front (the facing) and right of the hull at the end, on the table plane (X east, Z south).
  const fx = Math.sin(a)
  const fz = -Math.cos(a)
  const rx = -fz
  const rz = fx
  const hl = v.lengthIn / 2
  const hw = v.widthIn / 2
  const y = e.y + LIFT_IN
  const corner = (l: number, w: number): P3 => [e.x + fx * l + rx * w, y, e.z + fz * l + rz * w]
  const corners = [corner(hl, -hw), corner(hl, hw), corner(-hl, hw), corner(-hl, -hw)]
  return {
    route: p.route.map((q) => [q.x, q.y + LIFT_IN, q.z] as P3),
    footprint: [...corners, corners[0]!],
    nose: [
      [e.x, y, e.z],
      [e.x + fx * hl, y, e.z + fz * hl],
    ],
    verdict: !p.ok ? 'refused' : p.road ? 'road' : 'ok',
    label: vehiclePathLabel(p),
  }
}
