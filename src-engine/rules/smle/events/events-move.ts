import { z } from 'zod'
import { Vec3Schema } from './event-parts'
import { EdgeSchema } from '../scenario/forces-schema'

/** A figure moved; `distanceIn` is what the move cost out of its allowance (SMLE-GEN-05, SMLE-MOVE-04). */
export const FigureMovedSchema = z.object({
  type: z.literal('FigureMoved'),
  figureId: z.string(),
  from: Vec3Schema,
  to: Vec3Schema,
  distanceIn: z.number(),
  facingDeg: z.number(),
  /** Set when the figure's move is over after this step (a door, SMLE-DOOR-01/03). */
  endsMove: z.boolean().default(false),
  /** A crawl while prone (SMLE-MOVE-05). */
  crawl: z.boolean().default(false),
  /** Not part of its own team's move (forced back, carried), so the team's facing and allowance are untouched. */
  forced: z.boolean().default(false),
})

/** SMLE-MOVE-05: a prone figure stood up (costs 1"). */
export const FigureStoodUpSchema = z.object({
  type: z.literal('FigureStoodUp'),
  figureId: z.string(),
  costIn: z.number(),
})

/** SMLE-MOVE-05: a figure went prone; its move is over. */
export const FigureWentProneSchema = z.object({
  type: z.literal('FigureWentProne'),
  figureId: z.string(),
  facingDeg: z.number(),
  endsMove: z.boolean().default(true),
})

/** SMLE-TURN-10: the team chose its Move option for this turn. */
export const MoveOptionChosenSchema = z.object({
  type: z.literal('MoveOptionChosen'),
  teamId: z.string(),
  option: z.enum(['tactical', 'run', 'crawl', 'fallBack', 'break', 'vehicle', 'halted']),
})

/** A figure left the table: by an edge, carried off as a casualty, fleeing, or captured. */
export const FigureLeftTableSchema = z.object({
  type: z.literal('FigureLeftTable'),
  figureId: z.string(),
  reason: z.enum(['exited', 'evacuated', 'fled', 'captured', 'vanished']),
  /**
   * For an exit (`exited`, `evacuated`): the edge it stepped off by, which the
   * exit and raid victories ask for (SMLE-SCEN-04, -05). Logs from before SMLE
   * rules version 3 never name it; such an exit was by no edge a victory can
   * count.
   */
  edge: EdgeSchema.optional(),
})

/** A vehicle moved (SMLE-VEH-02..04). */
export const VehicleMovedSchema = z.object({
  type: z.literal('VehicleMoved'),
  vehicleId: z.string(),
  from: Vec3Schema,
  to: Vec3Schema,
  distanceIn: z.number(),
  facingDeg: z.number(),
  road: z.boolean().default(false),
})

/** SMLE-MOVE-10: a team boarded a vehicle. */
export const TeamBoardedSchema = z.object({
  type: z.literal('TeamBoarded'),
  teamId: z.string(),
  vehicleId: z.string(),
  asCrew: z.boolean(),
})

/** SMLE-MOVE-11 / SMLE-VEH-15: a team left a vehicle; its figures stand at these points. */
export const TeamDebussedSchema = z.object({
  type: z.literal('TeamDebussed'),
  teamId: z.string(),
  vehicleId: z.string(),
  positions: z.record(z.string(), Vec3Schema),
  prone: z.boolean(),
  bailOut: z.boolean().default(false),
})

/** A vehicle left the table: a helicopter took off (SMLE-VEH-05) or a vehicle fled; everyone aboard goes with it. */
export const VehicleLeftTableSchema = z.object({
  type: z.literal('VehicleLeftTable'),
  vehicleId: z.string(),
  reason: z.enum(['tookOff', 'fled']),
  /** The edge it drove off by, which everyone aboard leaves by too; none for a helicopter lifting off (SMLE-VEH-05). */
  edge: EdgeSchema.optional(),
})

/** SMLE-VEH-05: a helicopter landed (it takes off at the end of the next round). */
export const HelicopterLandedSchema = z.object({
  type: z.literal('HelicopterLanded'),
  vehicleId: z.string(),
  round: z.number().int(),
})

/** SMLE-DOOR-04: the team will rush a door this turn. */
export const DoorRushDeclaredSchema = z.object({
  type: z.literal('DoorRushDeclared'),
  teamId: z.string(),
  doorId: z.string(),
})

/** SMLE-ORG-08: a leader moved from one team of his group to another. */
export const LeaderTransferredSchema = z.object({
  type: z.literal('LeaderTransferred'),
  figureId: z.string(),
  fromTeamId: z.string(),
  toTeamId: z.string(),
})

/** SMLE-SHOOT-26: a team moved into a prepared position (or left it). */
export const PreparedPositionChangedSchema = z.object({
  type: z.literal('PreparedPositionChanged'),
  teamId: z.string(),
  positionId: z.string().nullable(),
  round: z.number().int(),
})

export const MOVE_EVENT_SCHEMAS = [
  FigureMovedSchema,
  FigureStoodUpSchema,
  FigureWentProneSchema,
  MoveOptionChosenSchema,
  FigureLeftTableSchema,
  VehicleMovedSchema,
  VehicleLeftTableSchema,
  HelicopterLandedSchema,
  TeamBoardedSchema,
  TeamDebussedSchema,
  DoorRushDeclaredSchema,
  LeaderTransferredSchema,
  PreparedPositionChangedSchema,
] as const
