import { z } from 'zod'
import { BoardSchema, decideBoard } from './board'
import { CallFireSchema, decideCallFire } from './call-fire'
import { ChooseObjectiveSchema, decideChooseObjective } from './choose-objective'
import { CloseAssaultSchema, decideCloseAssault } from './close-assault'
import { CloseDoorSchema, decideCloseDoor } from './close-door'
import { DebusSchema, decideDebus } from './debus'
import { decideDemolish, DemolishSchema } from './demolish'
import { decideDirectFire, DirectFireSchema } from './direct-fire'
import { decideEndActivation, EndActivationSchema } from './end-activation'
import { decideEndSetup, EndSetupSchema } from './end-setup'
import { decideExitTable, ExitTableSchema } from './exit-table'
import { decideFallBack, FallBackSchema } from './fall-back'
import { decideGoProne, GoProneSchema } from './go-prone'
import { decideHoldFire, HoldFireSchema } from './hold-fire'
import { decideDeclineInterrupt, decideInterrupt, DeclineInterruptSchema, InterruptSchema } from './interrupt'
import { decideKickDoor, KickDoorSchema } from './kick-door'
import { decideMoveFigure, MoveFigureSchema } from './move-figure'
import { decideMoveVehicle, MoveVehicleSchema } from './move-vehicle'
import { decideOpenDoor, OpenDoorSchema } from './open-door'
import { decideOpportunityFire, OpportunityFireSchema } from './opportunity-fire'
import { decidePanicFire, PanicFireSchema } from './panic-fire'
import { decidePickUp, PickUpSchema } from './pick-up'
import { decidePlaceFigure, PlaceFigureSchema } from './place-figure'
import { decideReactToFire, ReactToFireSchema } from './react-to-fire'
import { decideRecoverCasualties, RecoverCasualtiesSchema } from './recover-casualties'
import { decideReload, ReloadSchema } from './reload'
import { decideReturnFire, ReturnFireSchema } from './return-fire'
import { decideRollActivation, RollActivationSchema } from './roll-activation'
import { decideRushDoor, RushDoorSchema } from './rush-door'
import { decideStandUp, StandUpSchema } from './stand-up'
import { decideTransferLeader, TransferLeaderSchema } from './transfer-leader'
import { type CommandDef, defineCommand } from './define'

/**
 * Every SMLE command a player or the automated opponent can give: its schema
 * (checked when a command comes in) and its rule (`decide`). Adding a command
 * is its file (schema, checks, resolution), its test, and one line here.
 */
export const COMMANDS = {
  placeFigure: defineCommand(PlaceFigureSchema, (state, cmd, world) =>
    decidePlaceFigure(state, cmd, world, world.scenario),
  ),
  endSetup: defineCommand(EndSetupSchema, decideEndSetup),
  chooseObjective: defineCommand(ChooseObjectiveSchema, decideChooseObjective),
  rollActivation: defineCommand(RollActivationSchema, decideRollActivation),
  endActivation: defineCommand(EndActivationSchema, decideEndActivation),
  interrupt: defineCommand(InterruptSchema, decideInterrupt),
  declineInterrupt: defineCommand(DeclineInterruptSchema, decideDeclineInterrupt),
  moveFigure: defineCommand(MoveFigureSchema, decideMoveFigure),
  goProne: defineCommand(GoProneSchema, decideGoProne),
  standUp: defineCommand(StandUpSchema, (state, cmd) => decideStandUp(state, cmd)),
  fallBack: defineCommand(FallBackSchema, decideFallBack),
  holdFire: defineCommand(HoldFireSchema, decideHoldFire),
  openDoor: defineCommand(OpenDoorSchema, decideOpenDoor),
  closeDoor: defineCommand(CloseDoorSchema, decideCloseDoor),
  kickDoor: defineCommand(KickDoorSchema, decideKickDoor),
  rushDoor: defineCommand(RushDoorSchema, decideRushDoor),
  moveVehicle: defineCommand(MoveVehicleSchema, decideMoveVehicle),
  board: defineCommand(BoardSchema, decideBoard),
  debus: defineCommand(DebusSchema, decideDebus),
  recoverCasualties: defineCommand(RecoverCasualtiesSchema, decideRecoverCasualties),
  reload: defineCommand(ReloadSchema, decideReload),
  pickUp: defineCommand(PickUpSchema, decidePickUp),
  demolish: defineCommand(DemolishSchema, decideDemolish),
  transferLeader: defineCommand(TransferLeaderSchema, decideTransferLeader),
  exitTable: defineCommand(ExitTableSchema, decideExitTable),
  directFire: defineCommand(DirectFireSchema, decideDirectFire),
  opportunityFire: defineCommand(OpportunityFireSchema, decideOpportunityFire),
  reactToFire: defineCommand(ReactToFireSchema, decideReactToFire),
  returnFire: defineCommand(ReturnFireSchema, decideReturnFire),
  panicFire: defineCommand(PanicFireSchema, decidePanicFire),
  closeAssault: defineCommand(CloseAssaultSchema, decideCloseAssault),
  callFire: defineCommand(CallFireSchema, decideCallFire),
} satisfies { readonly [K in string]: CommandDef<K> }

type Table = typeof COMMANDS
/** Every command a player or the automated opponent can give. */
export type Command = { [K in keyof Table]: z.output<Table[K]['schema']> }[keyof Table]
/** A command as sent (defaults may be left out). */
export type CommandInput = { [K in keyof Table]: z.input<Table[K]['schema']> }[keyof Table]

const schemas = Object.values(COMMANDS).map((c) => c.schema) as unknown as [
  z.ZodObject<{ type: z.ZodLiteral<string> }>,
  ...z.ZodObject<{ type: z.ZodLiteral<string> }>[],
]

/** The schema of every command: one discriminated union over the table's schemas. */
export const CommandSchema = z.discriminatedUnion('type', schemas) as unknown as z.ZodType<Command, CommandInput>
