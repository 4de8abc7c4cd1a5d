import { useLayoutEffect, useMemo } from 'react'
import { Color } from 'three'
import { boxSolid, type Scenario, type TableModel } from '../../../src-engine/index'
import { type ColouredSolid, solidsGeometry } from './hull-geometry'

const VEHICLE = new Color('#5d6445')
const WRECK = new Color('#3a3430')
const BLOCK = new Color('#8a877f')

export interface ObstaclesProps {
  readonly model: TableModel
  readonly scenario: Scenario
}

/** Vehicles and wrecks standing on the table: their hull boxes (the rules' own) and a turret or cab on top. */
export function Obstacles({ model, scenario }: ObstaclesProps) {
  const geometry = useMemo(() => {
    const kinds = new Map(scenario.obstacles.map((o) => [o.id, o.kind]))
    const solids: ColouredSolid[] = []
    for (const s of model.hard) {
      if (s.blocker.kind !== 'obstacle') continue
      const kind = kinds.get(s.blocker.id)
      solids.push({ shape: s.shape, colour: kind === 'wreck' ? WRECK : kind === 'vehicle' ? VEHICLE : BLOCK })
    }
    for (const o of model.obstacles) {
      if (kinds.get(o.id) === 'block') continue
      const y = model.ground.heightAt(o.centre.x, o.centre.z) + o.heightIn
      const top = { x: o.centre.x - o.front.x * o.halfLength * 0.1, z: o.centre.z - o.front.z * o.halfLength * 0.1 }
      solids.push({
        shape: boxSolid(top, o.front, o.halfLength * 0.4, o.halfWidth * 0.7, y, y + o.heightIn * 0.35),
        colour: kinds.get(o.id) === 'wreck' ? WRECK : VEHICLE,
      })
    }
    return solidsGeometry(solids, 0.15)
  }, [model, scenario])
  useLayoutEffect(() => () => geometry.dispose(), [geometry])
  return (
    <mesh name="obstacles" geometry={geometry} castShadow receiveShadow>
      <meshLambertMaterial vertexColors />
    </mesh>
  )
}
