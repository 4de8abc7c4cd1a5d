import { z } from 'zod'
import type { Motivation } from '../combat-types'
import { Vec2Schema } from '../../../scenario/table-schema'

/** The forces: sides, groups, teams, figures and vehicles (SMLE §1, §13, §16). */

/** Armour classes of Table 2 / Table 4 (SMLE-MOVE-01, SMLE-DMG-04). */
export const ArmourClassSchema = z.enum(['none', 'light', 'body', 'heavy', 'armoured', 'aliens', 'monsters'])
export type ArmourClass = z.infer<typeof ArmourClassSchema>

/** Troop quality (SMLE-QUAL-01). */
export const QualitySchema = z.enum(['untrained', 'green', 'trained', 'veteran'])
export type Quality = z.infer<typeof QualitySchema>

/** A quality fixed by the scenario or rolled at the start of the game (SMLE-QUAL-05). */
export const QualitySpecSchema = z.union([QualitySchema, z.literal('random')])

/** Motivation: at most one per team (SMLE-MOT-01, SMLE-MOT-02); the type is the rules' own. */
export const MotivationSchema = z.enum([
  'none',
  'elite',
  'fanatic',
  'reluctant',
  'steady',
  'warriors',
]) satisfies z.ZodType<Motivation>
export type { Motivation }

/** Team kinds (SMLE-ORG-02). */
export const TeamKindSchema = z.enum(['command', 'fire', 'support', 'crew', 'specialist'])
export type TeamKind = z.infer<typeof TeamKindSchema>

/** Wound state of a figure (§0.3). */
export const FigureStatusSchema = z.enum(['ok', 'lightWound', 'seriousWound', 'dead', 'playingDead'])
export type FigureStatus = z.infer<typeof FigureStatusSchema>

/** Leader grades: `basic` is the bought leader; the others come from the optional roll (SMLE-QUAL-06). */
export const LeaderGradeSchema = z.enum(['basic', 'incompetent', 'okay', 'good', 'exceptional'])
export type LeaderGrade = z.infer<typeof LeaderGradeSchema>

/** Special kit a figure carries (SMLE-DOOR-05 door breakers, SMLE-IND-05 radio, SMLE-DMG-12 medic, demolitions, a bayonet to fix, SMLE-CA-07). */
export const KitSchema = z.enum(['doorBreakers', 'radio', 'medic', 'demolitionCharge', 'bayonet'])
export type Kit = z.infer<typeof KitSchema>

/** Levels of game (SMLE-ORG-09, SMLE-ORG-10): what rolls for activation. */
export const GameLevelSchema = z.enum(['section', 'platoon', 'company'])
export type GameLevel = z.infer<typeof GameLevelSchema>

/** Table edges, for base lines and exits. */
export const EdgeSchema = z.enum(['north', 'south', 'east', 'west'])
export type Edge = z.infer<typeof EdgeSchema>

/** A hero (§14.1, toggle `heroes`): grade and optional attributes (SMLE-HERO-01, SMLE-HERO-04). */
export const HeroSpecSchema = z.object({
  grade: z.union([z.literal(1), z.literal(2), z.literal(3)]),
  tough: z.boolean().default(false),
  spotlight: z.boolean().default(false),
  lucky: z.boolean().default(false),
  bigGuns: z.boolean().default(false),
})
export type HeroSpec = z.infer<typeof HeroSpecSchema>

const positive = z.number().positive()

export const FigureSpecSchema = z.object({
  id: z.string().min(1),
  name: z.string().min(1),
  position: Vec2Schema,
  armour: ArmourClassSchema.default('light'),
  /** The figure's own quality (SMLE-QUAL-02); else the team's. */
  quality: QualitySpecSchema.optional(),
  /** The figure's main weapon (a Table 6 key). */
  weapon: z.string().default('rifle'),
  /** Further weapons carried (grenades, a pistol, a melee weapon…). */
  otherWeapons: z.array(z.string()).default([]),
  kit: z.array(KitSchema).default([]),
  /** Shorthand: this figure leads its team's group (or the team alone when it has no group). */
  isLeader: z.boolean().default(false),
  baseRadiusIn: positive.default(0.5),
  /** §14.1 hero (with the `heroes` toggle). */
  hero: HeroSpecSchema.optional(),
  /** A leader, hero or other significant individual: never Camera Fodder (SMLE-HERO-04 Spotlight, SMLE-QUAL-04). */
  significant: z.boolean().default(false),
  /** Camera Fodder (§14.2, toggle `cameraFodder`). */
  cameraFodder: z.boolean().default(false),
  /** Carries "poor" weapons that may jam (SMLE-SHOOT-28, toggle `unreliableWeapons`). */
  unreliable: z.boolean().default(false),
})
export type FigureSpec = z.infer<typeof FigureSpecSchema>

export const TeamSpecSchema = z.object({
  id: z.string().min(1),
  name: z.string().min(1),
  sideId: z.string().min(1),
  kind: TeamKindSchema.default('fire'),
  quality: QualitySpecSchema.default('trained'),
  motivation: MotivationSchema.default('none'),
  /** The group (section) the team belongs to. */
  groupId: z.string().optional(),
  figures: z.array(FigureSpecSchema).min(1),
  /** Explosive rounds carried, by weapon key (SMLE-WPN-11). */
  ammo: z.record(z.string(), z.number().int().nonnegative()).default({}),
  /** Set up hidden (SMLE-PTS-07, SMLE-SCEN-05). */
  hidden: z.boolean().default(false),
  /** Starts in this prepared position (SMLE-SHOOT-26); it has had its first round there. */
  preparedPositionId: z.string().optional(),
  /** Starts aboard this vehicle (as crew or passengers). */
  vehicleId: z.string().optional(),
  /** Reinforcements (§16): the team is off the table until the start of this round, then stands where its figures are placed. */
  entersRound: z.number().int().min(2).optional(),
})
export type TeamSpec = z.infer<typeof TeamSpecSchema>

/** A group: section (squad, gang), platoon or company, with its leader (SMLE-ORG-04, SMLE-ORG-08). */
export const GroupSpecSchema = z.object({
  id: z.string().min(1),
  name: z.string().min(1),
  sideId: z.string().min(1),
  level: z.enum(['section', 'platoon', 'company']).default('section'),
  /** The leader figure (one figure inside a team of the group, or of the command team of a platoon). */
  leaderFigureId: z.string().optional(),
  /** The platoon a section belongs to, or the company a platoon belongs to. */
  parentId: z.string().optional(),
  /** Leader grade: fixed here, or rolled with the optional superior-leaders rule (SMLE-QUAL-06). */
  leaderGrade: LeaderGradeSchema.default('basic'),
})
export type GroupSpec = z.infer<typeof GroupSpecSchema>

/** Vehicle armour classes (SMLE-VEH-11, SMLE-VEH-12); the type is the rules' `VehicleArmourClass`. */
export const VehicleArmourClassSchema = z.enum(['none', 'bp', 'light', 'medium', 'heavy'])

/** A vehicle (§13): equipment of its crew team (SMLE-ORG-11). */
export const VehicleSpecSchema = z.object({
  id: z.string().min(1),
  name: z.string().min(1),
  sideId: z.string().min(1),
  /** One of the §13.3 example vehicles (`jeep`, `halftrack`, `medium-tank`…): fills in what is left out below. */
  profile: z.string().optional(),
  /** The crew team (driver, commander, gunners). */
  crewTeamId: z.string().min(1),
  position: Vec2Schema,
  facingDeg: z.number().min(0).max(360).default(0),
  /** Footprint, inches. */
  lengthIn: positive.default(3),
  widthIn: positive.default(1.5),
  /** SMLE-VEH-02: combat speed in inches (1" per mph); road speed up to 2×. */
  combatSpeedIn: positive.optional(),
  roadSpeedIn: positive.optional(),
  /** Armour by face (SMLE-VEH-11); `turret` only for a turreted vehicle. */
  armour: z
    .object({
      front: VehicleArmourClassSchema,
      side: VehicleArmourClassSchema,
      rear: VehicleArmourClassSchema,
      top: VehicleArmourClassSchema,
      turret: VehicleArmourClassSchema.nullable().default(null),
    })
    .optional(),
  /** Open-topped: passengers and crew can be shot at in hard cover (SMLE-VEH-16). */
  openTopped: z.boolean().optional(),
  passengerCapacity: z.number().int().nonnegative().optional(),
  /** Access doors: one team may leave by each in a round (SMLE-MOVE-11). */
  accessDoors: z.number().int().positive().default(1),
  /** SMLE-VEH-17 damage capacity class. */
  size: z.enum(['small', 'medium', 'large']).optional(),
  /** Mounted weapons (Table 6 keys), fired by the crew. */
  weapons: z.array(z.string()).optional(),
  /** SMLE-VEH-05: a helicopter used as transport. */
  helicopter: z.boolean().default(false),
  /** Starts moving at this speed (inches last round); 0 = halted (SMLE-VEH-03). */
  speedIn: z.number().nonnegative().default(0),
})
export type VehicleSpec = z.infer<typeof VehicleSpecSchema>

export const SideSpecSchema = z.object({
  id: z.string().min(1),
  name: z.string().min(1),
  /** CSS colour for bases and HUD. */
  colour: z.string().regex(/^#[0-9a-fA-F]{6}$/),
  /** Where this side deploys during set-up: a rectangle on the table. */
  deploymentZone: z.object({ minX: z.number(), minZ: z.number(), maxX: z.number(), maxZ: z.number() }),
  /** Points the scenario gives the side (SMLE-PTS-*), for information. */
  points: z.number().nonnegative().optional(),
  /** This side's level of game, when it differs from the scenario's (SMLE-SCEN-01: a section against a platoon). */
  level: GameLevelSchema.optional(),
})
export type SideSpec = z.infer<typeof SideSpecSchema>
