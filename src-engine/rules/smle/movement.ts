import type { ArmourClass } from '../../scenario/schema'

/** SMLE-MOVE-01, Table 2: full move in inches by armour/type. */
export const FULL_MOVE_IN: Readonly<Record<ArmourClass, number>> = {
  none: 10,
  light: 8,
  body: 6,
  heavy: 6,
  armoured: 8,
  aliens: 12,
  monsters: 8,
}

/** The full move of a figure of this armour class (SMLE-MOVE-01). */
export function fullMoveIn(armour: ArmourClass): number {
  return FULL_MOVE_IN[armour]
}

/** SMLE-MOVE-02: a half move is half the full move (fractions kept, SMLE-GEN-07). */
export function halfMoveIn(armour: ArmourClass): number {
  return fullMoveIn(armour) / 2
}
