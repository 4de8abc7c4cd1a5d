import { z } from 'zod'
import { BashDoorSchema, decideBashDoor } from './bash-door'
import { BonusAttackSchema, decideBonusAttack, decideForgoBonus, ForgoBonusSchema } from './bonus'
import { ChooseOrderSchema, decideChooseOrder } from './choose-order'
import { DeclareMissilesSchema, decideDeclareMissiles } from './declare-missiles'
import { type CommandDef, defineCommand } from './define'
import { decideEndMovement, EndMovementSchema } from './end-movement'
import { decideLeaveBuilding, LeaveBuildingSchema } from './leave-building'
import { ChargeSchema, decideCharge, decideMoveUnit, MoveUnitSchema } from './move-unit'
import { decideRally, RallySchema } from './rally'
import { decideDeclineReinforcements, decideReinforce, DeclineReinforcementsSchema, ReinforceSchema } from './reinforce'
import { decideRollInitiative, RollInitiativeSchema } from './roll-initiative'
import {
  decideDesignateLeader,
  decideEndSetup,
  decideHideUnit,
  decidePlaceUnit,
  DesignateLeaderSchema,
  EndSetupSchema,
  HideUnitSchema,
  PlaceUnitSchema,
} from './setup'

/**
 * Every SMR command a player or a bot can give: its schema and its rule.
 * Adding a command is its file, its test and one line here.
 */
export const SMR_COMMANDS = {
  rollInitiative: defineCommand(RollInitiativeSchema, decideRollInitiative),
  placeUnit: defineCommand(PlaceUnitSchema, decidePlaceUnit),
  hideUnit: defineCommand(HideUnitSchema, decideHideUnit),
  designateLeader: defineCommand(DesignateLeaderSchema, (state, cmd) => decideDesignateLeader(state, cmd)),
  endSetup: defineCommand(EndSetupSchema, decideEndSetup),
  chooseOrder: defineCommand(ChooseOrderSchema, decideChooseOrder),
  declareMissiles: defineCommand(DeclareMissilesSchema, decideDeclareMissiles),
  moveUnit: defineCommand(MoveUnitSchema, decideMoveUnit),
  charge: defineCommand(ChargeSchema, decideCharge),
  rally: defineCommand(RallySchema, decideRally),
  leaveBuilding: defineCommand(LeaveBuildingSchema, decideLeaveBuilding),
  bashDoor: defineCommand(BashDoorSchema, decideBashDoor),
  endMovement: defineCommand(EndMovementSchema, decideEndMovement),
  bonusAttack: defineCommand(BonusAttackSchema, decideBonusAttack),
  forgoBonus: defineCommand(ForgoBonusSchema, decideForgoBonus),
  reinforce: defineCommand(ReinforceSchema, decideReinforce),
  declineReinforcements: defineCommand(DeclineReinforcementsSchema, decideDeclineReinforcements),
} satisfies { readonly [K in string]: CommandDef<K> }

type Table = typeof SMR_COMMANDS
/** Every SMR command. */
export type SmrCommand = { [K in keyof Table]: z.output<Table[K]['schema']> }[keyof Table]
/** An SMR command as sent (defaults may be left out). */
export type SmrCommandInput = { [K in keyof Table]: z.input<Table[K]['schema']> }[keyof Table]

/** Any SMR command, checked against its own schema by its `type`. */
export const SmrCommandSchema = z.discriminatedUnion('type', [
  RollInitiativeSchema,
  PlaceUnitSchema,
  HideUnitSchema,
  DesignateLeaderSchema,
  EndSetupSchema,
  ChooseOrderSchema,
  DeclareMissilesSchema,
  MoveUnitSchema,
  ChargeSchema,
  RallySchema,
  LeaveBuildingSchema,
  BashDoorSchema,
  EndMovementSchema,
  BonusAttackSchema,
  ForgoBonusSchema,
  ReinforceSchema,
  DeclineReinforcementsSchema,
])
