import { type ThreeEvent, useThree } from '@react-three/fiber'
import { useLayoutEffect, useMemo, useRef } from 'react'
import { CapsuleGeometry, Color, CylinderGeometry, type InstancedMesh, Matrix4, SphereGeometry } from 'three'
import { mergeGeometries } from 'three/examples/jsm/utils/BufferGeometryUtils.js'
import { useApp, useMatch, useUi } from '../state/context'
import { BASE_HEIGHT_IN, baseMatrix, bodyMatrix, figureColour } from './figure-instances'

const _m = new Matrix4()
const _c = new Color()
const BASE_EDGE = new Color('#2b2b2b')

/** A stylised soldier, feet at y=0, facing −Z: torso capsule and helmeted head. */
function soldierGeometry() {
  const torso = new CapsuleGeometry(0.2, 0.5, 4, 10).translate(0, 0.45, 0)
  const head = new SphereGeometry(0.15, 12, 8).translate(0, 1.03, 0)
  const helmet = new CylinderGeometry(0.2, 0.22, 0.06, 12).translate(0, 1.1, 0)
  const rifle = new CylinderGeometry(0.035, 0.035, 0.8, 6).rotateX(Math.PI / 2.6).translate(0.16, 0.62, -0.2)
  const merged = mergeGeometries([torso, head, helmet, rifle].map((g) => g.toNonIndexed()))
  for (const g of [torso, head, helmet, rifle]) g.dispose()
  return merged
}

/** Every figure, drawn with two instanced meshes (bases and bodies) coloured by side. */
export function Figures() {
  const state = useMatch((s) => s.state)
  const selected = useUi((s) => s.selectedFigureId)
  const app = useApp()
  const invalidate = useThree((s) => s.invalidate)
  const bases = useRef<InstancedMesh>(null)
  const bodies = useRef<InstancedMesh>(null)
  const figures = useMemo(() => (state ? Object.values(state.figures) : []), [state])
  const geometry = useMemo(() => ({ base: new CylinderGeometry(1, 1, BASE_HEIGHT_IN, 28), body: soldierGeometry() }), [])
  useLayoutEffect(() => () => {
    geometry.base.dispose()
    geometry.body.dispose()
  }, [geometry])

  useLayoutEffect(() => {
    const b = bases.current
    const s = bodies.current
    if (!b || !s || !state) return
    figures.forEach((f, i) => {
      b.setMatrixAt(i, baseMatrix(f, _m))
      s.setMatrixAt(i, bodyMatrix(f, _m))
      figureColour(f, state.sides, _c)
      s.setColorAt(i, _c)
      b.setColorAt(i, f.id === selected ? _c.set('#f2d16b') : BASE_EDGE)
    })
    b.count = s.count = figures.length
    for (const m of [b, s]) {
      m.instanceMatrix.needsUpdate = true
      if (m.instanceColor) m.instanceColor.needsUpdate = true
      m.computeBoundingSphere()
    }
    invalidate()
  }, [figures, selected, state, invalidate])

  const onClick = (e: ThreeEvent<MouseEvent>) => {
    if (e.delta > 4 || e.instanceId === undefined) return
    e.stopPropagation()
    const f = figures[e.instanceId]
    if (!f) return
    const ui = app.uiStore.getState()
    if (ui.tool === 'measure') ui.measureClick(f.position)
    else ui.select(f.id)
  }

  const capacity = Math.max(1, figures.length)
  return (
    <group name="figures" userData={{ figureIds: figures.map((f) => f.id) }}>
      <instancedMesh key={`bases-${capacity}`} ref={bases} name="figure-bases" args={[geometry.base, undefined, capacity]} castShadow receiveShadow onClick={onClick}>
        <meshStandardMaterial roughness={0.6} />
      </instancedMesh>
      <instancedMesh key={`bodies-${capacity}`} ref={bodies} name="figure-bodies" args={[geometry.body, undefined, capacity]} castShadow onClick={onClick}>
        <meshStandardMaterial roughness={0.55} />
      </instancedMesh>
    </group>
  )
}
