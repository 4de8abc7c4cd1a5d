import { lazy, Suspense, useMemo, useState } from 'react'
import { Canvas } from '@react-three/fiber'
import type { WebGLRenderer } from 'three'
import { TrayPort } from '../dice/TrayPort'
import { afterFirstFrame } from '../first-frame'
import { groundCommand } from '../state/ground-click'
import { sendCommand } from '../state/actions'
import { useApp, useMatch, useUi } from '../state/context'
import { ActivationLabels } from './ActivationLabels'
import { Buildings } from './Buildings'
import { CameraRig } from './camera/CameraRig'
import { CountLightsFirst } from './CountLightsFirst'
import { Figures } from './Figures'
import { learnAntialias, rememberedAntialias } from './gl-probe'
import { programKinds, warmPrograms } from './program-warmup'
import { tableContents } from './table-contents'
import { BurstTemplate } from './fire/BurstTemplate'
import { CallFirePreview } from './fire/CallFirePreview'
import { SightLines } from './fire/SightLines'
import { Inspector } from './Inspector'
import { LabelField } from './labels/LabelField'
import { MeasureTape } from './MeasureTape'
import { MovePreview } from './MovePreview'
import { ReadyMarker } from './ReadyMarker'
import { LinearFeatures } from './table/LinearFeatures'
import { Objectives } from './table/Objectives'
import { Obstacles } from './table/Obstacles'
import { Positions } from './table/Positions'
import { Woods } from './table/Woods'
import { useGroundPainted, usePainterStarted } from './table/ground-paint'
import { Terrain } from './Terrain'
import { VehiclePathPreview } from './vehicles/VehiclePathPreview'
import { Vehicles } from './vehicles/Vehicles'
import { worldOf } from './world-cache'
import type { Scenario } from '../../src-engine/index'

export interface TableSceneProps {
  /** Nothing drawn around the table: the canvas is transparent there (a clean feed's `bg=transparent`). */
  readonly transparent?: boolean
}

/** The 3D table: one unit = one inch, Y up. Renders on demand. An SMR game draws its own units and marks on the same table. */
export function TableScene({ transparent = false }: TableSceneProps) {
  const smleScenario = useMatch((s) => s.scenario)
  // Only the table's scenario here: the SMR layers follow the game themselves, so the camera is not reset by each change.
  const smrScenario = useMatch((s) => s.smr?.scenario ?? null)
  const app = useApp()
  const eyeMode = useUi((s) => s.cameraMode === 'eye')
  const scenario = smleScenario ?? smrScenario
  const w = scenario?.table.widthIn ?? 0
  const d = scenario?.table.depthIn ?? 0
  const centre = useMemo<[number, number, number]>(() => [w / 2, 0, d / 2], [w, d])
  // The ground's painting starts now, beside the graphics context's start; the table is drawn once it is done.
  const painted = useGroundPainted(scenario)
  // The canvas starts once the painter has its job (on this thread, starting the context, the job would wait).
  const painterUp = usePainterStarted()
  const [antialias, setAntialias] = useState(rememberedAntialias)
  // The context whose programs are started; the table is built once it is there.
  const [started, setStarted] = useState<WebGLRenderer | null>(null)
  if (!scenario || !painterUp) return null
  return (
    <Canvas
      // Made anew (once) if what draws it asks for other multisampling than the page remembered.
      key={antialias ? 'multisampled' : 'plain'}
      onCreated={({ gl, scene, camera }) => {
        const wanted = learnAntialias(gl.getContext())
        if (wanted !== antialias) {
          setStarted(null)
          setAntialias(wanted)
          return
        }
        // The table's programs are started now and linked while the table is built, in a task of its
        // own after this one (so not before the links are asked for); let go of once it is drawn.
        const warm = warmPrograms(
          gl,
          scene,
          camera,
          programKinds(tableContents(scenario, app.matchStore.getState().state)),
        )
        afterFirstFrame(() => warm.release())
        setTimeout(() => setStarted(gl), 0)
      }}
      shadows="percentage"
      frameloop="demand"
      dpr={[1, 2]}
      gl={{ preserveDrawingBuffer: true, antialias, alpha: true }}
      camera={{ fov: 40, near: 0.5, far: 1000, position: [w / 2, Math.max(w, d) * 0.62, d + Math.max(w, d) * 0.7] }}
      onPointerMissed={() => app.uiStore.getState().select(null)}
    >
      {/* A sky when looking through a figure's eyes; the room around the table otherwise. */}
      {transparent && !eyeMode ? null : <color attach="background" args={[eyeMode ? '#a9bccf' : '#1b1d21']} />}
      <hemisphereLight args={['#dfe8ff', '#4a4030', 0.9]} />
      <directionalLight
        castShadow
        position={[w / 2 - 28, 60, d / 2 + 34]}
        intensity={2.2}
        shadow-mapSize={[2048, 2048]}
        shadow-camera-left={-w * 0.75}
        shadow-camera-right={w * 0.75}
        shadow-camera-top={d * 0.9}
        shadow-camera-bottom={-d * 0.9}
        shadow-camera-near={1}
        shadow-camera-far={200}
        shadow-bias={-0.0004}
      >
        <object3D attach="target" position={centre} />
      </directionalLight>
      {/* The first frame is the whole table's: the marker and the light count wait with it (the painted ground, SMR's code). */}
      {painted && started ? (
        <Suspense fallback={null}>
          {smrScenario ? <SmrLayers /> : smleScenario ? <SmleTable scenario={smleScenario} /> : null}
          <CountLightsFirst />
          <ReadyMarker />
        </Suspense>
      ) : null}
      <CameraRig target={centre} />
      <Inspector />
      <TrayPort />
    </Canvas>
  )
}

/** SMR's table code is loaded with the first SMR game, not with the page. */
const SmrLayers = lazy(() => import('../rules/smr/SmrLayers'))

/** An SMLE game's table: its terrain and buildings, figures and vehicles, and the marks of its fire and moves. */
function SmleTable({ scenario }: { scenario: Scenario }) {
  const app = useApp()
  const world = worldOf(scenario)
  const model = world.model
  return (
    <LabelField world={world}>
      <Terrain
        scenario={scenario}
        paintAside
        onGroundClick={(x, y, z) => {
          const ui = app.uiStore.getState()
          if (ui.tool === 'measure') ui.measureClick({ x, y, z })
          // Planning a call for fire: a click on the table moves its target point; nothing is sent yet.
          else if (ui.fireCall) ui.aimFireCall({ x, z })
          else {
            const command = groundCommand(ui, { x, z })
            if (command) void sendCommand(app, command)
          }
        }}
        onGroundMove={(x, y, z) => {
          const ui = app.uiStore.getState()
          if (ui.tool === 'measure') ui.measureHover({ x, y, z })
          else if (ui.selectedFigureId || ui.selectedVehicleId) ui.setHover({ x, y, z })
        }}
      />
      <Buildings scenario={scenario} />
      <LinearFeatures model={model} />
      <Woods model={model} />
      <Positions model={model} scenario={scenario} />
      <Obstacles model={model} scenario={scenario} />
      <Objectives model={model} />
      <Figures />
      <Vehicles />
      <ActivationLabels />
      <SightLines />
      <BurstTemplate />
      <CallFirePreview />
      <MeasureTape />
      <MovePreview />
      <VehiclePathPreview />
    </LabelField>
  )
}
