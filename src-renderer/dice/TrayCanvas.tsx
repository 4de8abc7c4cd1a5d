import { Canvas } from '@react-three/fiber'
import { type TraySceneProps, TrayScene } from './TrayScene'

/**
 * The tray's own small canvas around `TrayScene`. Loaded with the first roll
 * (see `dice-code.ts`), not with the table.
 */
export function TrayCanvas(props: TraySceneProps) {
  return (
    <Canvas
      shadows
      frameloop="demand"
      dpr={[1, 2]}
      gl={{ preserveDrawingBuffer: true, antialias: true }}
      camera={{ fov: 34, near: 0.5, far: 100, position: [0, 14.5, 6.8] }}
    >
      <TrayScene {...props} />
    </Canvas>
  )
}
