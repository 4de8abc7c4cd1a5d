import { Color } from 'three'
import { type AreaModel, pointInPolygon, type TableModel } from '../../../src-engine/table-geometry'

/** Texture pixels per inch of table. */
export const GROUND_PPI = 14

const GRASS_LOW = new Color('#56703a')
const GRASS_HIGH = new Color('#6d8244')
const AREA_COLOUR: Record<AreaModel['kind'], Color> = {
  woods: new Color('#3d4a26'),
  overgrowth: new Color('#5c6a2e'),
  rough: new Color('#7a6d45'),
  rubble: new Color('#7b756b'),
  water: new Color('#3f6f8c'),
  road: new Color('#a08b68'),
  field: new Color('#b3a25a'),
}
/** How much each kind of area is speckled. */
const AREA_GRAIN: Record<AreaModel['kind'], number> = {
  woods: 0.25,
  overgrowth: 0.3,
  rough: 0.35,
  rubble: 0.45,
  water: 0.06,
  road: 0.18,
  field: 0.12,
}

/** A side as the ground shows it: its deployment zone tinted in its colour, its base line striped. */
export interface GroundSide {
  readonly id: string
  readonly colour: string
  readonly zone: { readonly minX: number; readonly minZ: number; readonly maxX: number; readonly maxZ: number }
}

/** RGBA pixels of the ground, row by row from the north edge (z = 0). */
export interface GroundImage {
  readonly width: number
  readonly height: number
  readonly data: Uint8Array
}

/** Deterministic noise in [0, 1) for a pixel: an integer hash (a sine per pixel cost most of the painting). */
function grain(i: number, j: number): number {
  let h = (Math.imul(i, 374761393) + Math.imul(j, 668265263)) | 0
  h = Math.imul(h ^ (h >>> 13), 1274126177)
  h ^= h >>> 16
  return (h >>> 0) / 4294967296
}

/** Steps of the linear-to-sRGB table (a byte off the formula's at most, in the darkest shades). */
const LUT_STEPS = 4096
let toSrgbByte: Uint8Array | null = null

/** The sRGB byte of a linear value in [0, 1], by table (the conversion per pixel cost most of the painting). */
function srgbLut(): Uint8Array {
  if (toSrgbByte) return toSrgbByte
  const lut = new Uint8Array(LUT_STEPS + 1)
  const c = new Color()
  for (let k = 0; k <= LUT_STEPS; k++) {
    c.setRGB(k / LUT_STEPS, 0, 0).convertLinearToSRGB()
    lut[k] = Math.round(Math.min(1, Math.max(0, c.r)) * 255)
  }
  toSrgbByte = lut
  return lut
}

/**
 * Paints the ground of a table: grass shaded by height, then every area
 * (fields, rough ground, roads, water, woods floors…) in its own colour and
 * grain, then the deployment zones tinted in their side's colour with a
 * border, and base lines as stripes along their edge. Plain arithmetic, no
 * canvas, so it runs in tests as in the browser.
 */
export function paintGround(model: TableModel, sides: readonly GroundSide[], ppi = GROUND_PPI): GroundImage {
  const width = Math.max(1, Math.round(model.widthIn * ppi))
  const height = Math.max(1, Math.round(model.depthIn * ppi))
  // Colours are worked in linear space (three's Color), one float per channel, and stored as sRGB at the end, as the texture is flagged.
  const lin = new Float32Array(width * height * 3)
  const maxH = Math.max(1, model.ground.maxHeight())
  const put = (i: number, j: number, r: number, g: number, b: number): void => {
    const o = (j * width + i) * 3
    lin[o] = r
    lin[o + 1] = g
    lin[o + 2] = b
  }
  const putColour = (i: number, j: number, c: Color, scale = 1): void =>
    put(i, j, c.r * scale, c.g * scale, c.b * scale)
  for (let j = 0; j < height; j++) {
    for (let i = 0; i < width; i++) {
      const t = model.ground.heightAt((i + 0.5) / ppi, (j + 0.5) / ppi) / maxH
      const shade = 0.9 + 0.2 * grain(i, j)
      put(
        i,
        j,
        (GRASS_LOW.r + (GRASS_HIGH.r - GRASS_LOW.r) * t) * shade,
        (GRASS_LOW.g + (GRASS_HIGH.g - GRASS_LOW.g) * t) * shade,
        (GRASS_LOW.b + (GRASS_HIGH.b - GRASS_LOW.b) * t) * shade,
      )
    }
  }
  // Lighter areas first so roads and water lie over fields and rough ground.
  const order: AreaModel['kind'][] = ['field', 'rough', 'rubble', 'overgrowth', 'woods', 'water', 'road']
  for (const kind of order) {
    for (const a of model.areas.filter((x) => x.kind === kind)) {
      const i0 = Math.max(0, Math.floor(a.bounds.minX * ppi))
      const i1 = Math.min(width - 1, Math.ceil(a.bounds.maxX * ppi))
      const j0 = Math.max(0, Math.floor(a.bounds.minZ * ppi))
      const j1 = Math.min(height - 1, Math.ceil(a.bounds.maxZ * ppi))
      for (let j = j0; j <= j1; j++) {
        for (let i = i0; i <= i1; i++) {
          const x = (i + 0.5) / ppi
          const z = (j + 0.5) / ppi
          if (!pointInPolygon({ x, z }, a.polygon)) continue
          let shade = 1 - AREA_GRAIN[kind] / 2 + AREA_GRAIN[kind] * grain(i + 31, j + 17)
          if (kind === 'field') shade *= 0.92 + 0.08 * Math.sign(Math.sin(z * 4))
          putColour(i, j, AREA_COLOUR[kind], shade)
        }
      }
    }
  }
  for (const side of sides) {
    const tint = new Color(side.colour)
    const z = side.zone
    const i0 = Math.max(0, Math.floor(z.minX * ppi))
    const i1 = Math.min(width - 1, Math.ceil(z.maxX * ppi) - 1)
    const j0 = Math.max(0, Math.floor(z.minZ * ppi))
    const j1 = Math.min(height - 1, Math.ceil(z.maxZ * ppi) - 1)
    for (let j = j0; j <= j1; j++) {
      for (let i = i0; i <= i1; i++) {
        const edge = i - i0 < 3 || i1 - i < 3 || j - j0 < 3 || j1 - j < 3
        const k = edge ? 0.85 : 0.12
        const o = (j * width + i) * 3
        put(
          i,
          j,
          lin[o]! + (tint.r - lin[o]!) * k,
          lin[o + 1]! + (tint.g - lin[o + 1]!) * k,
          lin[o + 2]! + (tint.b - lin[o + 2]!) * k,
        )
      }
    }
    const line = model.baseLines.find((b) => b.sideId === side.id)
    if (!line) continue
    // A stripe 0.35" wide along the base line.
    const len = Math.hypot(line.b.x - line.a.x, line.b.z - line.a.z)
    const steps = Math.ceil(len * ppi * 2)
    for (let k = 0; k <= steps; k++) {
      const x = line.a.x + ((line.b.x - line.a.x) * k) / steps
      const zz = line.a.z + ((line.b.z - line.a.z) * k) / steps
      for (let d = -0.35 * ppi; d <= 0.35 * ppi; d++) {
        const i = Math.min(width - 1, Math.max(0, Math.round(x * ppi + (line.b.z - line.a.z !== 0 ? d : 0))))
        const j = Math.min(height - 1, Math.max(0, Math.round(zz * ppi + (line.b.x - line.a.x !== 0 ? d : 0))))
        putColour(i, j, tint)
      }
    }
  }
  const lut = srgbLut()
  const data = new Uint8Array(width * height * 4)
  for (let p = 0, o = 0; p < lin.length; p += 3, o += 4) {
    data[o] = lut[Math.round(Math.min(1, Math.max(0, lin[p]!)) * LUT_STEPS)]!
    data[o + 1] = lut[Math.round(Math.min(1, Math.max(0, lin[p + 1]!)) * LUT_STEPS)]!
    data[o + 2] = lut[Math.round(Math.min(1, Math.max(0, lin[p + 2]!)) * LUT_STEPS)]!
    data[o + 3] = 255
  }
  return { width, height, data }
}
