import { Color, Matrix4 } from 'three'
import type { FigureState, MatchState } from '../../src-engine/index'
import {
  activeRingMatrix,
  activeTeamId,
  bracedMatrix,
  isDrawn,
  looksDead,
  positionRingMatrix,
  seriousWoundMatrix,
} from './figure-markers'
import {
  baseMatrix,
  bodyMatrix,
  figureColour,
  leaderMarkerMatrix,
  teamShade,
  type WeaponClass,
  weaponClass,
  woundMarkerColour,
  woundMarkerMatrix,
} from './figure-instances'
import type { LayerItem } from './InstancedLayer'

export const WEAPON_CLASSES: readonly WeaponClass[] = ['longarm', 'short', 'support', 'tube']
const WEAPON_COLOUR = new Color('#2a2622')
const LEADER_COLOUR = new Color('#f2d16b')
const SERIOUS_COLOUR = new Color('#d6332b')
const BRACED_COLOUR = new Color('#7fe0ee')
const SANDBAG_COLOUR = new Color('#c9b27f')
const ACTIVE_COLOUR = new Color('#ffffff')
const DEAD_BASE = new Color('#3a3a3a')

/** The instances of every layer of the figures: one instanced draw call per layer, whatever the number of figures. */
export interface FigureLayers {
  /** The figures drawn, in the order of `bases` and `bodies`. */
  readonly figures: readonly FigureState[]
  readonly bases: readonly LayerItem[]
  readonly bodies: readonly LayerItem[]
  readonly weapons: ReadonlyMap<WeaponClass, readonly LayerItem[]>
  readonly leaders: readonly LayerItem[]
  /** Discs on the base: light wound (yellow), dead (dark red). */
  readonly wounds: readonly LayerItem[]
  /** Red crosses over the seriously wounded. */
  readonly serious: readonly LayerItem[]
  readonly braced: readonly LayerItem[]
  /** Sandbag rings around figures of a team in a prepared position. */
  readonly positions: readonly LayerItem[]
  /** Rings around the figures of the team whose turn it is. */
  readonly active: readonly LayerItem[]
}

/** Each team's place among its side's teams (for its base shade). */
function teamIndices(state: MatchState): Map<string, number> {
  const out = new Map<string, number>()
  for (const side of state.sides) {
    Object.values(state.teams)
      .filter((t) => t.sideId === side.id)
      .forEach((t, i) => out.set(t.id, i))
  }
  return out
}

/** Every mark of every figure on the table, from the match state. */
export function figureLayers(state: MatchState): FigureLayers {
  const figures = Object.values(state.figures).filter((f) => isDrawn(state, f))
  const teamIndex = teamIndices(state)
  const sideColour = new Map(state.sides.map((s) => [s.id, s.colour]))
  const activeTeam = activeTeamId(state)
  const item = (f: FigureState, matrix: Matrix4, colour: Color): LayerItem => ({ id: f.id, matrix, colour })
  const weapons = new Map<WeaponClass, LayerItem[]>(WEAPON_CLASSES.map((k) => [k, []]))
  const living = figures.filter((f) => !looksDead(f))
  for (const f of living)
    weapons.get(weaponClass(f.weapons[0] ?? 'rifle'))?.push(item(f, bodyMatrix(f, new Matrix4()), WEAPON_COLOUR))
  return {
    figures,
    bases: figures.map((f) =>
      item(
        f,
        baseMatrix(f, new Matrix4()),
        looksDead(f)
          ? DEAD_BASE
          : teamShade(sideColour.get(f.sideId) ?? '#888888', teamIndex.get(f.teamId) ?? 0, new Color()),
      ),
    ),
    bodies: figures.map((f) => item(f, bodyMatrix(f, new Matrix4()), figureColour(f, state.sides, new Color()))),
    weapons,
    leaders: living.filter((f) => f.isLeader).map((f) => item(f, leaderMarkerMatrix(f, new Matrix4()), LEADER_COLOUR)),
    wounds: figures.flatMap((f) => {
      const c = woundMarkerColour(f)
      return c && f.status !== 'seriousWound' ? [item(f, woundMarkerMatrix(f, new Matrix4()), new Color(c))] : []
    }),
    serious: figures
      .filter((f) => f.status === 'seriousWound')
      .map((f) => item(f, seriousWoundMatrix(f, new Matrix4()), SERIOUS_COLOUR)),
    braced: living.filter((f) => f.braced).map((f) => item(f, bracedMatrix(f, new Matrix4()), BRACED_COLOUR)),
    positions: living
      .filter((f) => state.teams[f.teamId]?.preparedPositionId)
      .map((f) => item(f, positionRingMatrix(f, new Matrix4()), SANDBAG_COLOUR)),
    active: living
      .filter((f) => f.teamId === activeTeam)
      .map((f) => item(f, activeRingMatrix(f, new Matrix4()), ACTIVE_COLOUR)),
  }
}
