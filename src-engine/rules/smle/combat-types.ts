import type { RollModifier } from '../../dice/dice-event'

/**
 * Shared plain types of the SMLE combat library (§7–§15). Every function of
 * the library takes plain inputs like these and returns plain data, so the
 * match state can change shape without touching the rules mathematics.
 */

/**
 * One six-sided die thrown by the engine (SMLE-GEN-02). The caller wires it
 * to the game's `DiceRoller`, so every face is a recorded die; the library
 * never makes randomness of its own.
 */
export type RollD6 = () => number

/** Motivation of a team (SMLE-MOT-02: at most one; `none` when the scenario gives none). */
export type Motivation = 'none' | 'elite' | 'fanatic' | 'reluctant' | 'steady' | 'warriors'

/** Hero grade (SMLE-HERO-01): 0 for an ordinary figure, 1 Minor Hero, 2 Hero, 3 Major Hero. */
export type HeroGrade = 0 | 1 | 2 | 3

/** Damage type of a weapon (SMLE-WPN-01): ballistic, energy/heavy, explosive. */
export type DamageType = 'B' | 'E' | 'EX'

/** A damage expression `nD+m` (SMLE-GEN-02): `dice` six-sided dice plus `plus` once. */
export interface DiceExpr {
  readonly dice: number
  readonly plus: number
}

/** Result of one hit on a figure (§10.4): see `compareDamage` in damage.ts. */
export type DamageResult = 'killed' | 'serious' | 'light' | 'nearMiss'

/** A refusal by a rule: the clause it comes from and a sentence for the player. */
export interface RuleRefusal {
  readonly ok: false
  readonly clause: string
  readonly message: string
}

/** Builds a refusal. */
export function refuse(clause: string, message: string): RuleRefusal {
  return { ok: false, clause, message }
}

/**
 * Slack for comparing measured distances (float noise only, far below the
 * 0.01" position quantum): "within X" is d ≤ X (SMLE-GEN-06).
 */
export const DISTANCE_EPSILON_IN = 1e-9

/** SMLE-GEN-06: "within X inches" is true when the measured distance is ≤ X. */
export function isWithin(distanceIn: number, limitIn: number): boolean {
  return distanceIn <= limitIn + DISTANCE_EPSILON_IN
}

/** Sum of a list of modifiers. */
export function sumModifiers(modifiers: readonly RollModifier[]): number {
  return modifiers.reduce((total, m) => total + m.value, 0)
}

/** Builds a modifier (shown to the player with the clause it comes from). */
export function modifier(label: string, value: number, clause: string): RollModifier {
  return { label, value, clause }
}

/** Throws unless `face` is a face of a D6; keeps a miswired die from passing silently. */
export function assertFace(face: number): number {
  if (!Number.isInteger(face) || face < 1 || face > 6) throw new RangeError(`not a D6 face: ${face}`)
  return face
}

/** Sum of the faces of a roll, each checked. */
export function sumFaces(faces: readonly number[]): number {
  return faces.reduce((total, f) => total + assertFace(f), 0)
}

/** Formats a signed value for labels: `+2`, `−1`, `0`. */
export function signed(value: number): string {
  if (value > 0) return `+${value}`
  if (value < 0) return `−${-value}`
  return '0'
}
