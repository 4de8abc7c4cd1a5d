import { Html, Line } from '@react-three/drei'
import { useUi } from '../state/context'

/** Length of the tape between two table points, inches (straight line, height included). */
export function tapeLengthIn(a: { x: number; y: number; z: number }, b: { x: number; y: number; z: number }): number {
  return Math.hypot(b.x - a.x, b.y - a.y, b.z - a.z)
}

const LIFT_IN = 0.08

/** The tape measure: a line between its two ends with the length in inches beside it. */
export function MeasureTape() {
  const tape = useUi((s) => s.tape)
  const tool = useUi((s) => s.tool)
  if (tool !== 'measure' || !tape.a || !tape.b) return null
  const a: [number, number, number] = [tape.a.x, tape.a.y + LIFT_IN, tape.a.z]
  const b: [number, number, number] = [tape.b.x, tape.b.y + LIFT_IN, tape.b.z]
  const mid: [number, number, number] = [(a[0] + b[0]) / 2, Math.max(a[1], b[1]) + 0.6, (a[2] + b[2]) / 2]
  return (
    <group name="measure-tape">
      <Line points={[a, b]} color="#f2d16b" lineWidth={3} dashed={false} />
      <mesh position={a}>
        <sphereGeometry args={[0.18, 12, 8]} />
        <meshBasicMaterial color="#f2d16b" />
      </mesh>
      <mesh position={b}>
        <sphereGeometry args={[0.18, 12, 8]} />
        <meshBasicMaterial color="#f2d16b" />
      </mesh>
      <Html position={mid} center zIndexRange={[20, 10]}>
        <div className="tape-label" data-testid="tape-length">
          {tapeLengthIn(tape.a, tape.b).toFixed(1)}&quot;
        </div>
      </Html>
    </group>
  )
}
