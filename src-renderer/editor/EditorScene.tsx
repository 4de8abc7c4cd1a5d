import { OrbitControls, TransformControls } from '@react-three/drei'
import { Canvas, useFrame } from '@react-three/fiber'
import { type ReactNode, useMemo, useRef, useState } from 'react'
import { BufferGeometry, Float32BufferAttribute, type Mesh } from 'three'
import { useStore } from 'zustand'
import type { StoreApi } from 'zustand/vanilla'
import type { Scenario, ScenarioProblem } from '../../src-engine/index'
import { Buildings } from '../scene/Buildings'
import { LinearFeatures } from '../scene/table/LinearFeatures'
import { Objectives } from '../scene/table/Objectives'
import { Obstacles } from '../scene/table/Obstacles'
import { Positions } from '../scene/table/Positions'
import { Woods } from '../scene/table/Woods'
import { Terrain } from '../scene/Terrain'
import { worldOf } from '../scene/world-cache'
import { bearingDeg, draftItems, type EditorState, itemAnchor, type TablePoint } from './editor-store'
import { EditorForces } from './EditorForces'
import { HillPaintBrush } from './HillPaintBrush'

/** No problems (one array, so that the store's answer stays the same while there are none). */
const NO_PROBLEMS: readonly ScenarioProblem[] = []

export interface EditorSceneProps {
  readonly store: StoreApi<EditorState>
  /** The draft as the rules read it (the last sound one while the draft has a fault in its fields). */
  readonly scenario: Scenario
  /** The forces drawn on the table (an SMR table's units); the SMLE teams and vehicles when not given. */
  readonly forces?: (heightAt: (p: TablePoint) => number) => ReactNode
}

/** The table being edited, in 3D: its ground, areas, buildings, walls and positions, the forces, the area being drawn, and each problem where it is. */
export function EditorScene({ store, scenario, forces }: EditorSceneProps) {
  const world = worldOf(scenario)
  const model = world.model
  const w = scenario.table.widthIn
  const d = scenario.table.depthIn
  const [hover, setHover] = useState<TablePoint | null>(null)
  /** An arc of fire being turned by its handle: the camera holds still meanwhile. */
  const [turning, setTurning] = useState(false)
  const corners = useStore(store, (s) => s.corners)
  const painting = useStore(store, (s) => s.tool.startsWith('paint:'))
  const drawing = useStore(store, (s) => s.tool !== 'look' && !s.tool.startsWith('paint:'))
  const zone = useStore(store, (s) => s.tool.startsWith('zone:'))
  const problems = useStore(store, (s) => s.check?.problems ?? NO_PROBLEMS)
  const heightAt = (p: TablePoint): number => world.groundHeightAt(p.x, p.z)
  return (
    <Canvas
      shadows
      frameloop="demand"
      dpr={[1, 2]}
      gl={{ antialias: true }}
      // From above the near edge, at 45°, far enough back that the whole table shows beside the panel.
      camera={{
        fov: 40,
        near: 0.5,
        far: 1000,
        position: [w / 2, Math.max(w, d) * 0.95, d / 2 + Math.max(w, d) * 0.95],
      }}
    >
      <color attach="background" args={['#1b1d21']} />
      <hemisphereLight args={['#dfe8ff', '#4a4030', 0.9]} />
      <directionalLight castShadow position={[w / 2 - 28, 60, d / 2 + 34]} intensity={2.2} />
      <Terrain
        scenario={scenario}
        onGroundClick={(x, _y, z) => store.getState().addCorner({ x, z })}
        onGroundMove={(x, _y, z) => {
          if (drawing) setHover({ x, z })
        }}
      />
      <Buildings scenario={scenario} doorStates={{}} interactive={false} />
      <LinearFeatures model={model} />
      <Woods model={model} />
      <Positions model={model} scenario={scenario} />
      <Obstacles model={model} scenario={scenario} />
      <Objectives model={model} />
      {forces ? forces(heightAt) : <EditorForces store={store} scenario={scenario} heightAt={heightAt} />}
      {drawing ? <AreaOutline corners={corners} hover={hover} heightAt={heightAt} rectangle={zone} /> : null}
      <ProblemMarks problems={problems} heightAt={heightAt} />
      {drawing ? null : <MoveHandle store={store} heightAt={heightAt} />}
      {drawing ? null : <ArcHandles store={store} heightAt={heightAt} size={Math.max(w, d)} onTurning={setTurning} />}
      <HillPaintBrush store={store} scenario={scenario} heightAt={heightAt} />
      <OrbitControls
        makeDefault
        enabled={!turning && !painting}
        target={[w / 2, 0, d / 2]}
        maxPolarAngle={Math.PI * 0.47}
      />
      <DrawnMarker />
    </Canvas>
  )
}

/** The area, line or zone being drawn: its corners, the edges between them, and the edge to where the pointer is. */
function AreaOutline({
  corners,
  hover,
  heightAt,
  rectangle,
}: {
  corners: readonly TablePoint[]
  hover: TablePoint | null
  heightAt: (p: TablePoint) => number
  /** A deployment zone: the rectangle from the first corner to the pointer. */
  rectangle: boolean
}) {
  const line = useMemo(() => {
    const a = corners[0]
    const pts =
      rectangle && a && hover
        ? [a, { x: hover.x, z: a.z }, hover, { x: a.x, z: hover.z }, a]
        : hover && corners.length > 0
          ? [...corners, hover]
          : corners
    const g = new BufferGeometry()
    g.setAttribute(
      'position',
      new Float32BufferAttribute(
        pts.flatMap((p) => [p.x, heightAt(p) + 0.15, p.z]),
        3,
      ),
    )
    return g
  }, [corners, hover, heightAt, rectangle])
  return (
    <group name="editor-area-outline">
      {corners.length > 1 || hover ? (
        <line>
          <primitive object={line} attach="geometry" />
          <lineBasicMaterial color="#ffd24a" />
        </line>
      ) : null}
      {corners.map((c, i) => (
        <mesh key={i} position={[c.x, heightAt(c) + 0.2, c.z]}>
          <sphereGeometry args={[i === 0 ? 0.45 : 0.3, 12, 8]} />
          <meshBasicMaterial color={i === 0 ? '#ffd24a' : '#fff2c0'} />
        </mesh>
      ))}
    </group>
  )
}

/** A red (error) or amber (warning) pin at the place of each problem that has one. */
function ProblemMarks({
  problems,
  heightAt,
}: {
  problems: readonly ScenarioProblem[]
  heightAt: (p: TablePoint) => number
}) {
  return (
    <group name="editor-problems">
      {problems.map((p, i) =>
        p.at ? (
          <mesh key={i} position={[p.at.x, heightAt(p.at) + 2.2, p.at.z]} rotation={[Math.PI, 0, 0]}>
            <coneGeometry args={[0.6, 2, 12]} />
            <meshBasicMaterial color={p.severity === 'error' ? '#e5484d' : '#f5a524'} />
          </mesh>
        ) : null,
      )}
    </group>
  )
}

/** Marks the editor drawn (`data-drawn` on its screen) once a frame of the table has been drawn. */
function DrawnMarker() {
  useFrame(() => {
    const screen = document.querySelector('[data-testid="editor"]')
    if (screen && !screen.hasAttribute('data-drawn'))
      requestAnimationFrame(() => screen.setAttribute('data-drawn', 'true'))
  })
  return null
}

/** How far from a position's centre its arc handle stands, inches (where its drawn arc reaches). */
export const ARC_HANDLE_IN = 7

/**
 * A handle on each prepared position's arc of fire (SMLE-SHOOT-26): dragged
 * round the position, the arc follows the pointer (a line shows the bearing),
 * and is set where it is let go (one step to undo).
 */
function ArcHandles({
  store,
  heightAt,
  size,
  onTurning,
}: {
  store: StoreApi<EditorState>
  heightAt: (p: TablePoint) => number
  size: number
  onTurning: (turning: boolean) => void
}) {
  const positions = useStore(store, (s) => draftItems(s.draft, 'positions'))
  const [turn, setTurn] = useState<{ id: string; centre: TablePoint; deg: number } | null>(null)
  // The turn as the pointer left it, read by the handlers (a state value in their closures may be a frame old).
  const current = useRef<{ id: string; centre: TablePoint; deg: number } | null>(null)
  const update = (next: { id: string; centre: TablePoint; deg: number } | null): void => {
    current.current = next
    setTurn(next)
  }
  const end = (): void => {
    const done = current.current
    // Let go and off the table in one stroke: the arc is set once.
    if (!done) return
    update(null)
    onTurning(false)
    store.getState().updateItem('positions', done.id, { arcDeg: done.deg })
  }
  return (
    <group name="editor-arc-handles">
      {positions.map((p) => {
        const id = String(p.id)
        const centre = { x: Number(p.x), z: Number(p.z) }
        const deg = turn?.id === id ? turn.deg : Number(p.arcDeg ?? 0)
        const a = (deg * Math.PI) / 180
        const at = { x: centre.x + Math.sin(a) * ARC_HANDLE_IN, z: centre.z - Math.cos(a) * ARC_HANDLE_IN }
        return (
          <mesh
            key={id}
            name={`arc-handle-${id}`}
            position={[at.x, heightAt(at) + 0.6, at.z]}
            onPointerDown={(e) => {
              e.stopPropagation()
              update({ id, centre, deg })
              onTurning(true)
            }}
          >
            <sphereGeometry args={[0.55, 16, 12]} />
            <meshBasicMaterial color={turn?.id === id ? '#fff2c0' : '#ffd24a'} />
          </mesh>
        )
      })}
      {turn ? (
        <>
          <BearingLine centre={turn.centre} deg={turn.deg} heightAt={heightAt} />
          {/* Catches the pointer anywhere over the table while the arc turns. */}
          <mesh
            position={[turn.centre.x, heightAt(turn.centre) + 0.5, turn.centre.z]}
            rotation={[-Math.PI / 2, 0, 0]}
            onPointerMove={(e) => {
              e.stopPropagation()
              const now = current.current
              if (now) update({ ...now, deg: bearingDeg(now.centre, { x: e.point.x, z: e.point.z }) })
            }}
            onPointerUp={(e) => {
              e.stopPropagation()
              end()
            }}
            onPointerLeave={end}
            onClick={(e) => e.stopPropagation()}
          >
            <planeGeometry args={[size * 4, size * 4]} />
            <meshBasicMaterial transparent opacity={0} depthWrite={false} />
          </mesh>
        </>
      ) : null}
    </group>
  )
}

/** The bearing an arc is being turned to: a line from the position's centre. */
function BearingLine({
  centre,
  deg,
  heightAt,
}: {
  centre: TablePoint
  deg: number
  heightAt: (p: TablePoint) => number
}) {
  const geometry = useMemo(() => {
    const a = (deg * Math.PI) / 180
    const tip = { x: centre.x + Math.sin(a) * ARC_HANDLE_IN, z: centre.z - Math.cos(a) * ARC_HANDLE_IN }
    const g = new BufferGeometry()
    g.setAttribute(
      'position',
      new Float32BufferAttribute([centre.x, heightAt(centre) + 0.6, centre.z, tip.x, heightAt(tip) + 0.6, tip.z], 3),
    )
    return g
  }, [centre, deg, heightAt])
  return (
    <line>
      <primitive object={geometry} attach="geometry" />
      <lineBasicMaterial color="#fff2c0" />
    </line>
  )
}

/**
 * Arrows on the item picked in a list: dragged, they move it across the
 * table (to whole inches with snap on), set where they are let go (one step
 * to undo).
 */
function MoveHandle({ store, heightAt }: { store: StoreApi<EditorState>; heightAt: (p: TablePoint) => number }) {
  const selected = useStore(store, (s) => s.selected)
  const item = useStore(store, (s) =>
    s.selected ? (draftItems(s.draft, s.selected.collection).find((i) => i.id === s.selected!.id) ?? null) : null,
  )
  const snap = useStore(store, (s) => s.snap)
  const handle = useRef<Mesh>(null)
  const anchor = item && selected ? itemAnchor(selected.collection, item) : null
  if (!anchor || !selected) return null
  const y = heightAt(anchor) + 0.5
  return (
    <>
      <mesh ref={handle} name="editor-move-handle" position={[anchor.x, y, anchor.z]}>
        <sphereGeometry args={[0.35, 12, 8]} />
        <meshBasicMaterial color="#ffffff" />
      </mesh>
      <TransformControls
        object={handle as React.RefObject<Mesh>}
        mode="translate"
        showY={false}
        size={0.9}
        translationSnap={snap ? 1 : null}
        onMouseUp={() => {
          const p = handle.current?.position
          if (!p) return
          const dx = Math.round((p.x - anchor.x) * 100) / 100
          const dz = Math.round((p.z - anchor.z) * 100) / 100
          store.getState().moveItem(selected.collection, selected.id, dx, dz)
        }}
      />
    </>
  )
}
