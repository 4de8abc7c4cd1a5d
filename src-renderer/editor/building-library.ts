import type { DoorKind, DoorState, WallSide } from '../../src-engine/index'

/** A doorway of a building in the library, named within the building (its id is the building's id and this name). */
interface TemplateDoor {
  readonly name: string
  readonly wall: WallSide
  readonly offsetIn: number
  readonly widthIn?: number
  readonly kind?: DoorKind
  readonly state: DoorState
}

/** A window of a building in the library. */
interface TemplateWindow {
  readonly wall: WallSide
  readonly offsetIn: number
  readonly widthIn?: number
  readonly sillIn?: number
  readonly heightIn?: number
}

/** A building the editor places with a click: its shape, walls, doors and windows. */
export interface BuildingTemplate {
  readonly key: string
  readonly name: string
  readonly widthIn: number
  readonly depthIn: number
  readonly wallHeightIn: number
  readonly material: 'brick' | 'stone' | 'plaster' | 'timber' | 'concrete'
  readonly roof: { readonly kind: 'flat' | 'gable' | 'none'; readonly riseIn: number }
  readonly doors: readonly TemplateDoor[]
  readonly windows: readonly TemplateWindow[]
}

/** The buildings the editor offers, one storey each; doors and rotation are changed once placed. */
export const BUILDING_LIBRARY: readonly BuildingTemplate[] = [
  {
    key: 'cottage',
    name: 'Cottage',
    widthIn: 6,
    depthIn: 5,
    wallHeightIn: 2.4,
    material: 'stone',
    roof: { kind: 'gable', riseIn: 1.8 },
    doors: [{ name: 'door', wall: 'south', offsetIn: 3, state: 'closed' }],
    windows: [
      { wall: 'south', offsetIn: 1.2 },
      { wall: 'east', offsetIn: 2.5 },
      { wall: 'west', offsetIn: 2.5 },
      { wall: 'north', offsetIn: 3 },
    ],
  },
  {
    key: 'farmhouse',
    name: 'Farmhouse',
    widthIn: 10,
    depthIn: 8,
    wallHeightIn: 2.6,
    material: 'plaster',
    roof: { kind: 'flat', riseIn: 1.5 },
    doors: [
      { name: 'front', wall: 'south', offsetIn: 5, state: 'closed' },
      { name: 'back', wall: 'north', offsetIn: 2.5, state: 'closed' },
    ],
    windows: [
      { wall: 'south', offsetIn: 2 },
      { wall: 'south', offsetIn: 8 },
      { wall: 'east', offsetIn: 4 },
      { wall: 'west', offsetIn: 4 },
      { wall: 'north', offsetIn: 7 },
    ],
  },
  {
    key: 'barn',
    name: 'Barn',
    widthIn: 12,
    depthIn: 7,
    wallHeightIn: 3,
    material: 'timber',
    roof: { kind: 'gable', riseIn: 2.2 },
    doors: [
      { name: 'cart-door', wall: 'south', offsetIn: 6, widthIn: 3, state: 'closed' },
      { name: 'side-door', wall: 'east', offsetIn: 2, state: 'closed' },
    ],
    windows: [],
  },
  {
    key: 'shop',
    name: 'Shop',
    widthIn: 8,
    depthIn: 6,
    wallHeightIn: 2.6,
    material: 'brick',
    roof: { kind: 'flat', riseIn: 1.5 },
    doors: [
      { name: 'shop-door', wall: 'south', offsetIn: 2, state: 'closed' },
      { name: 'yard-door', wall: 'north', offsetIn: 6, state: 'closed' },
    ],
    windows: [
      { wall: 'south', offsetIn: 5.5, widthIn: 2.4 },
      { wall: 'east', offsetIn: 3 },
      { wall: 'west', offsetIn: 3 },
    ],
  },
  {
    key: 'blockhouse',
    name: 'Blockhouse',
    widthIn: 5,
    depthIn: 5,
    wallHeightIn: 2.2,
    material: 'concrete',
    roof: { kind: 'flat', riseIn: 1.5 },
    doors: [{ name: 'door', wall: 'south', offsetIn: 2.5, kind: 'strong', state: 'closed' }],
    // Firing slits: narrow and low.
    windows: (['north', 'east', 'west'] as const).map((wall) => ({
      wall,
      offsetIn: 2.5,
      widthIn: 1.2,
      sillIn: 1,
      heightIn: 0.4,
    })),
  },
]

const round = (v: number): number => Math.round(v * 100) / 100

/** A building of the library as the scenario holds it, centred on `centre`, its doors' ids made from its own. */
export function placeBuilding(
  template: BuildingTemplate,
  id: string,
  centre: { readonly x: number; readonly z: number },
): Record<string, unknown> {
  return {
    id,
    name: template.name,
    // The scenario gives a building's north-west outer corner.
    x: round(centre.x - template.widthIn / 2),
    z: round(centre.z - template.depthIn / 2),
    widthIn: template.widthIn,
    depthIn: template.depthIn,
    wallHeightIn: template.wallHeightIn,
    rotationDeg: 0,
    material: template.material,
    roof: { ...template.roof },
    doors: template.doors.map((d) => ({
      id: `${id}-${d.name}`,
      wall: d.wall,
      offsetIn: d.offsetIn,
      widthIn: d.widthIn ?? 1.6,
      kind: d.kind ?? 'household',
      state: d.state,
    })),
    windows: template.windows.map((w) => ({ ...w })),
  }
}
