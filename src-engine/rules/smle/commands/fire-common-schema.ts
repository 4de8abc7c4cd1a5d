import { z } from 'zod'

// The command's schema, kept apart from its rules: code that uses only the rules (the renderer's previews)
// does not then load zod.

/** How a fire command says who fires what (SMLE-COMBAT-02, SMLE-SHOOT-27). */
export const FireChoiceSchema = {
  /** The figures that fire; left out, every figure able to see the target. */
  firerIds: z.array(z.string()).optional(),
  /** A figure picked out (−3, SMLE-SHOOT-27). */
  aimAt: z.string().optional(),
  /** Weapon per figure (Table 6 keys); left out, each fires its first usable gun. */
  weapons: z.record(z.string(), z.string()).default({}),
  /** Fire at the target team's vehicle (SMLE-VEH-10). */
  atVehicle: z.boolean().default(false),
}
