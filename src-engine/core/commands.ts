import { z } from 'zod'
import { ChooseObjectiveSchema } from '../commands/choose-objective'
import { CloseDoorSchema } from '../commands/close-door'
import { EndActivationSchema } from '../commands/end-activation'
import { EndSetupSchema } from '../commands/end-setup'
import { FallBackSchema } from '../commands/fall-back'
import { GoProneSchema } from '../commands/go-prone'
import { HoldFireSchema } from '../commands/hold-fire'
import { DeclineInterruptSchema, InterruptSchema } from '../commands/interrupt'
import { KickDoorSchema } from '../commands/kick-door'
import { MoveFigureSchema } from '../commands/move-figure'
import { OpenDoorSchema } from '../commands/open-door'
import { PlaceFigureSchema } from '../commands/place-figure'
import { RollActivationSchema } from '../commands/roll-activation'
import { RushDoorSchema } from '../commands/rush-door'
import { StandUpSchema } from '../commands/stand-up'
import { BoardSchema } from '../commands/board'
import { DebusSchema } from '../commands/debus'
import { DemolishSchema } from '../commands/demolish'
import { ExitTableSchema } from '../commands/exit-table'
import { MoveVehicleSchema } from '../commands/move-vehicle'
import { PickUpSchema } from '../commands/pick-up'
import { RecoverCasualtiesSchema } from '../commands/recover-casualties'
import { ReloadSchema } from '../commands/reload'
import { TransferLeaderSchema } from '../commands/transfer-leader'
import { CallFireSchema } from '../commands/call-fire'
import { CloseAssaultSchema } from '../commands/close-assault'
import { DirectFireSchema } from '../commands/direct-fire'
import { OpportunityFireSchema } from '../commands/opportunity-fire'
import { PanicFireSchema } from '../commands/panic-fire'
import { ReactToFireSchema } from '../commands/react-to-fire'
import { ReturnFireSchema } from '../commands/return-fire'

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
