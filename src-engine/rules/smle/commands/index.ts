import { z } from 'zod'
import { ChooseObjectiveSchema } from './choose-objective'
import { CloseDoorSchema } from './close-door'
import { EndActivationSchema } from './end-activation'
import { EndSetupSchema } from './end-setup'
import { FallBackSchema } from './fall-back'
import { GoProneSchema } from './go-prone'
import { HoldFireSchema } from './hold-fire'
import { DeclineInterruptSchema, InterruptSchema } from './interrupt'
import { KickDoorSchema } from './kick-door'
import { MoveFigureSchema } from './move-figure'
import { OpenDoorSchema } from './open-door'
import { PlaceFigureSchema } from './place-figure'
import { RollActivationSchema } from './roll-activation'
import { RushDoorSchema } from './rush-door'
import { StandUpSchema } from './stand-up'
import { BoardSchema } from './board'
import { DebusSchema } from './debus'
import { DemolishSchema } from './demolish'
import { ExitTableSchema } from './exit-table'
import { MoveVehicleSchema } from './move-vehicle'
import { PickUpSchema } from './pick-up'
import { RecoverCasualtiesSchema } from './recover-casualties'
import { ReloadSchema } from './reload'
import { TransferLeaderSchema } from './transfer-leader'
import { CallFireSchema } from './call-fire'
import { CloseAssaultSchema } from './close-assault'
import { DirectFireSchema } from './direct-fire'
import { OpportunityFireSchema } from './opportunity-fire'
import { PanicFireSchema } from './panic-fire'
import { ReactToFireSchema } from './react-to-fire'
import { ReturnFireSchema } from './return-fire'

/** Every command a player or the automated opponent can give. */
export const CommandSchema = z.discriminatedUnion('type', [
  PlaceFigureSchema,
  EndSetupSchema,
  ChooseObjectiveSchema,
  RollActivationSchema,
  EndActivationSchema,
  InterruptSchema,
  DeclineInterruptSchema,
  MoveFigureSchema,
  GoProneSchema,
  StandUpSchema,
  FallBackSchema,
  HoldFireSchema,
  OpenDoorSchema,
  CloseDoorSchema,
  KickDoorSchema,
  RushDoorSchema,
  MoveVehicleSchema,
  BoardSchema,
  DebusSchema,
  RecoverCasualtiesSchema,
  ReloadSchema,
  PickUpSchema,
  DemolishSchema,
  TransferLeaderSchema,
  ExitTableSchema,
  DirectFireSchema,
  OpportunityFireSchema,
  ReactToFireSchema,
  ReturnFireSchema,
  PanicFireSchema,
  CloseAssaultSchema,
  CallFireSchema,
])
export type Command = z.infer<typeof CommandSchema>
/** A command as sent (defaults may be left out). */
export type CommandInput = z.input<typeof CommandSchema>
