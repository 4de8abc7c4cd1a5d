import {
  BackSide,
  BufferGeometry,
  type Camera,
  Color,
  DataTexture,
  Float32BufferAttribute,
  InstancedMesh,
  type Material,
  Mesh,
  MeshBasicMaterial,
  MeshDepthMaterial,
  MeshLambertMaterial,
  type Object3D,
  RGBAFormat,
  SRGBColorSpace,
  type Scene,
  WebGLRenderTarget,
  type WebGLRenderer,
} from 'three'

/**
 * The shader programs a table is drawn with, one per kind (three.js shares a
 * program among materials of the same kind):
 * - `lambert-colours`: matte, coloured per vertex (buildings, walls, the table's frame);
 * - `lambert-map`: matte with the painted ground;
 * - `lambert-instances`: matte, one colour per instance (figures, trees, vehicles, door leaves);
 * - `basic-instances`: unlit, one colour per instance (leaders' diamonds, wound marks, the active ring);
 * - `basic-colours-clear`: unlit, see-through, per vertex (the arcs of prepared positions);
 * - `depth` and `depth-instances`: the shadow map's, for solids and for instances.
 */
export type ProgramKind =
  | 'lambert-colours'
  | 'lambert-map'
  | 'lambert-instances'
  | 'basic-instances'
  | 'basic-colours-clear'
  | 'depth'
  | 'depth-instances'

/** What the first frame of a table will draw, as far as its programs go. */
export interface TableContents {
  /** Figures, vehicles, trees or door leaves: instances that cast shadows. */
  readonly instances: boolean
  /** Unlit marks over figures or vehicles (leaders, wounds, the active team, a vehicle's front). */
  readonly marks: boolean
  /** Prepared positions (each shows its arc of fire). */
  readonly arcs: boolean
  /** Buildings, walls and hedges, obstacles or objectives: solids that cast shadows. */
  readonly solids: boolean
}

/** The kinds a table with these contents is drawn with. */
export function programKinds(c: TableContents): ProgramKind[] {
  const kinds: ProgramKind[] = ['lambert-colours', 'lambert-map']
  if (c.instances) kinds.push('lambert-instances', 'depth-instances')
  if (c.marks) kinds.push('basic-instances')
  if (c.arcs) kinds.push('basic-colours-clear')
  if (c.solids) kinds.push('depth')
  return kinds
}

/** A started warm-up: its materials hold the programs until the table's own take them over. */
export interface ProgramWarmUp {
  readonly kinds: readonly ProgramKind[]
  /**
   * Lets go of the warm-up's materials, once the table has been drawn.
   * Returns how many programs went with them: those no part of the table
   * used (built for nothing; none is the aim).
   */
  release(): number
}

/** The last warm-up's count of programs built for nothing (`window.smleInspect.renderInfo().warmupWasted`). */
let wasted: number | null = null
export function lastWarmupWasted(): number | null {
  return wasted
}

/**
 * Starts building the table's shader programs as soon as its canvas has a
 * context, before the table itself is made: a graphics process links them
 * while the page builds the table, instead of the first frame waiting on
 * each in turn. Meshes with the table's materials, kind for kind, are
 * compiled against the scene (so with its lights and shadows, which are
 * part of each program); three.js gives the table's own materials the same
 * programs. The shadow map's programs are compiled as the shadow pass uses
 * them: into a linear target, with its depth material on the back faces.
 */
export function warmPrograms(
  gl: WebGLRenderer,
  scene: Scene,
  camera: Camera,
  kinds: readonly ProgramKind[],
): ProgramWarmUp {
  const materials: Material[] = []
  const geometries: BufferGeometry[] = []
  const geometry = (colours: boolean): BufferGeometry => {
    const g = new BufferGeometry()
    g.setAttribute('position', new Float32BufferAttribute([0, 0, 0, 1, 0, 0, 0, 0, 1], 3))
    g.setAttribute('normal', new Float32BufferAttribute([0, 1, 0, 0, 1, 0, 0, 1, 0], 3))
    g.setAttribute('uv', new Float32BufferAttribute([0, 0, 1, 0, 0, 1], 2))
    if (colours) g.setAttribute('color', new Float32BufferAttribute([1, 1, 1, 1, 1, 1, 1, 1, 1], 3))
    geometries.push(g)
    return g
  }
  const own = <M extends Material>(m: M): M => {
    materials.push(m)
    return m
  }
  const instances = (material: Material): InstancedMesh => {
    const m = new InstancedMesh(geometry(false), material, 1)
    m.setColorAt(0, new Color(1, 1, 1))
    return m
  }
  const ground = new DataTexture(new Uint8Array([255, 255, 255, 255]), 1, 1, RGBAFormat)
  ground.colorSpace = SRGBColorSpace
  ground.needsUpdate = true

  const lit: Object3D[] = []
  const shadowed: Object3D[] = []
  for (const kind of kinds) {
    if (kind === 'lambert-colours')
      lit.push(new Mesh(geometry(true), own(new MeshLambertMaterial({ vertexColors: true }))))
    else if (kind === 'lambert-map') lit.push(new Mesh(geometry(false), own(new MeshLambertMaterial({ map: ground }))))
    else if (kind === 'lambert-instances') lit.push(instances(own(new MeshLambertMaterial())))
    else if (kind === 'basic-instances') lit.push(instances(own(new MeshBasicMaterial())))
    else if (kind === 'basic-colours-clear')
      lit.push(
        new Mesh(
          geometry(true),
          own(new MeshBasicMaterial({ vertexColors: true, transparent: true, opacity: 0.22, depthWrite: false })),
        ),
      )
    else {
      // The shadow pass draws a mesh of the default (front) side with the depth material on its back faces.
      const depth = own(new MeshDepthMaterial({ side: BackSide }))
      shadowed.push(kind === 'depth-instances' ? instances(depth) : new Mesh(geometry(false), depth))
    }
  }
  const before = gl.info.programs?.length ?? 0
  for (const o of lit) gl.compile(o, camera, scene)
  if (shadowed.length > 0) {
    const target = gl.getRenderTarget()
    const shadowLike = new WebGLRenderTarget(1, 1)
    gl.setRenderTarget(shadowLike)
    for (const o of shadowed) gl.compile(o, camera, scene)
    gl.setRenderTarget(target)
    shadowLike.dispose()
  }
  const built = (gl.info.programs?.length ?? 0) - before
  return {
    kinds,
    release() {
      const held = gl.info.programs?.length ?? 0
      for (const m of materials) m.dispose()
      for (const g of geometries) g.dispose()
      ground.dispose()
      const gone = held - (gl.info.programs?.length ?? 0)
      wasted = Math.min(built, gone)
      return wasted
    },
  }
}
