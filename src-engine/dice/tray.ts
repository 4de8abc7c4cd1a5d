import { Body, Box, Broadphase, ContactMaterial, type GSSolver, Material, Plane, Vec3, World } from 'cannon-es'
import { DIE_HALF_IN } from './die'

/**
 * The dice tray: a felt floor at y = 0 and four walls, centred on the origin,
 * in inches (one unit = one inch, as on the table). The walls are half-spaces,
 * so no die can ever leave the tray however hard it is thrown.
 */
export const TRAY = {
  /** Inside length along x (the direction of the throw). */
  lengthIn: 11,
  /** Inside width along z. */
  widthIn: 7,
  /** Height of the drawn rim; the physical walls go on up for ever. */
  rimIn: 2,
} as const

/** Standard gravity in inches per second squared (9.80665 m/s² ÷ 0.0254 m/in). */
export const GRAVITY_IN_S2 = 386.0886

/**
 * Materials: felt under the dice, hard wooden walls, acetate dice. Tuned so a
 * throw tumbles, bounces off the far wall and settles in one to two seconds,
 * like a good throw in a real tray.
 */
export const TRAY_MATERIALS = {
  dieOnFelt: { friction: 0.4, restitution: 0.6 },
  dieOnWall: { friction: 0.2, restitution: 0.65 },
  dieOnDie: { friction: 0.3, restitution: 0.55 },
  /** Air and felt drag (fraction of velocity lost per second). */
  linearDamping: 0.02,
  angularDamping: 0.03,
} as const

/**
 * A die counts as at rest (cannon-es puts it to sleep) once its speed,
 * `|v|` in in/s plus `|ω|` in rad/s combined, stays under this limit...
 */
export const REST_SPEED = 0.6
/** ...for this long (s). */
export const REST_TIME_S = 0.15

/** Number of static bodies (floor, then walls −x, +x, −z, +z) before the dice. */
const STATIC_BODIES = 5

/** Squared centre distance under which two dice may touch (twice the half-diagonal, plus a margin). */
const NEAR_DICE_SQ = (2 * DIE_HALF_IN * Math.sqrt(3) + 0.05) ** 2

/** How close a die's centre must come to a wall before the pair is tested. */
const NEAR_WALL_IN = DIE_HALF_IN * Math.sqrt(3) + 0.05

/**
 * The tray's own broadphase: it knows the floor and walls are planes, so it
 * pairs a die with a wall only when the die is near it, and two dice only
 * when their bounding spheres overlap. Same pairs as the naive broadphase
 * would find touching, in a fixed order, at a fraction of the cost.
 */
class TrayBroadphase extends Broadphase {
  override collisionPairs(world: World, p1: Body[], p2: Body[]): void {
    const bodies = world.bodies
    const [floor, wallNx, wallPx, wallNz, wallPz] = bodies as [Body, Body, Body, Body, Body]
    const hx = TRAY.lengthIn / 2 - NEAR_WALL_IN
    const hz = TRAY.widthIn / 2 - NEAR_WALL_IN
    for (let i = STATIC_BODIES; i < bodies.length; i++) {
      const d = bodies[i]!
      const asleep = d.sleepState === Body.SLEEPING
      const p = d.position
      if (!asleep) {
        if (p.y < NEAR_WALL_IN) pushPair(p1, p2, floor, d)
        if (p.x < -hx) pushPair(p1, p2, wallNx, d)
        if (p.x > hx) pushPair(p1, p2, wallPx, d)
        if (p.z < -hz) pushPair(p1, p2, wallNz, d)
        if (p.z > hz) pushPair(p1, p2, wallPz, d)
      }
      for (let j = i + 1; j < bodies.length; j++) {
        const e = bodies[j]!
        if (asleep && e.sleepState === Body.SLEEPING) continue
        const dx = e.position.x - p.x
        const dy = e.position.y - p.y
        const dz = e.position.z - p.z
        if (dx * dx + dy * dy + dz * dz < NEAR_DICE_SQ) pushPair(p1, p2, d, e)
      }
    }
  }

  override aabbQuery(): Body[] {
    return []
  }
}

function pushPair(p1: Body[], p2: Body[], a: Body, b: Body): void {
  p1.push(a)
  p2.push(b)
}

/**
 * The tray's world. It has three materials, so the contact material of a
 * pair is picked directly instead of from cannon-es's string-keyed table:
 * the lookup runs for every contact of every step, and this saves about a
 * tenth of a throw's time.
 */
class TrayWorld extends World {
  readonly felt = new Material('felt')
  readonly wood = new Material('wood')
  readonly die = new Material('die')
  private readonly onFelt = new ContactMaterial(this.felt, this.die, TRAY_MATERIALS.dieOnFelt)
  private readonly onWall = new ContactMaterial(this.wood, this.die, TRAY_MATERIALS.dieOnWall)
  private readonly onDie = new ContactMaterial(this.die, this.die, TRAY_MATERIALS.dieOnDie)

  constructor() {
    super({ gravity: new Vec3(0, -GRAVITY_IN_S2, 0), allowSleep: true })
    for (const cm of [this.onFelt, this.onWall, this.onDie]) this.addContactMaterial(cm)
  }

  override getContactMaterial(m1: Material, m2: Material): ContactMaterial {
    const other = m1 === this.die ? m2 : m1
    return other === this.die ? this.onDie : other === this.felt ? this.onFelt : this.onWall
  }
}

/** A fresh tray world with its floor and walls, ready for dice. */
export function buildTrayWorld(): { world: World; dieMaterial: Material } {
  const world = new TrayWorld()
  world.broadphase = new TrayBroadphase()
  world.broadphase.setWorld(world)
  ;(world.solver as GSSolver).iterations = 10
  const hx = TRAY.lengthIn / 2
  const hz = TRAY.widthIn / 2
  // A cannon-es plane faces +z in its own frame; each quaternion turns it to face into the tray.
  const s = Math.SQRT1_2
  addPlane(world, world.felt, [0, 0, 0], [-s, 0, 0, s])
  addPlane(world, world.wood, [-hx, 0, 0], [0, s, 0, s])
  addPlane(world, world.wood, [hx, 0, 0], [0, -s, 0, s])
  addPlane(world, world.wood, [0, 0, -hz], [0, 0, 0, 1])
  addPlane(world, world.wood, [0, 0, hz], [0, 1, 0, 0])
  return { world, dieMaterial: world.die }
}

function addPlane(
  world: World,
  material: Material,
  at: [number, number, number],
  q: [number, number, number, number],
): void {
  const body = new Body({ mass: 0, material, shape: new Plane() })
  body.position.set(...at)
  body.quaternion.set(...q)
  world.addBody(body)
}

/**
 * A die body (not yet in the world): a true cube, its centre of mass at its
 * centre unless `loadIn` moves it towards face 1 (+x) to make a crooked die.
 */
export function makeDieBody(material: Material, loadIn = 0): Body {
  const body = new Body({
    mass: 1,
    material,
    linearDamping: TRAY_MATERIALS.linearDamping,
    angularDamping: TRAY_MATERIALS.angularDamping,
    sleepSpeedLimit: REST_SPEED,
    sleepTimeLimit: REST_TIME_S,
  })
  body.addShape(new Box(new Vec3(DIE_HALF_IN, DIE_HALF_IN, DIE_HALF_IN)), new Vec3(-loadIn, 0, 0))
  return body
}
