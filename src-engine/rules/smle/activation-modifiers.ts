import type { RollModifier } from './events/events'
import type { LeaderGrade, Motivation, Quality } from './scenario/schema'
import type { CoverGrade } from '../../world/types'
import { type Band, bandOf, shiftBand, steadyDelta } from './bands'

/** Fire categories received this round or last round (SMLE-ACT-04, SMLE-ACT-13, SMLE-ACT-17). */
export interface FireCategories {
  readonly direct: boolean
  readonly auto: boolean
  readonly explosive: boolean
  readonly flank: boolean
  readonly rear: boolean
}

/**
 * Everything Table 1a asks about a unit, already measured on the table (see
 * `situation.ts`). Kept separate so every row can be tested on its own.
 */
export interface ActivationSituation {
  /** The base quality: the team's rating, or its leader's own (SMLE-ACT-10). */
  readonly baseQuality: Quality
  readonly motivation: Motivation
  /** Activation base 6 as Fanatic (SMLE-MONSTER-01 Aliens). */
  readonly alienBase: boolean
  /** The leader whose bonus applies (the team is with its group's leader), or null (SMLE-ACT-10). */
  readonly leader: LeaderGrade | null
  /** Separated from a living group leader (SMLE-ACT-14 b). */
  readonly separatedFromLeader: boolean
  /** A figure of the team is separated (SMLE-ORG-05, SMLE-ACT-14 a), or a leader or hero left it. */
  readonly separated: boolean
  readonly fresh: boolean
  readonly armoured: boolean
  /** Best cover of a majority of its figures (SMLE-ACT-11). */
  readonly cover: CoverGrade
  /** Untreated light wounds (SMLE-ACT-09). */
  readonly wounded: number
  /** Dead or seriously wounded figures (SMLE-ACT-09). */
  readonly casualties: number
  /** Fire received this round or last (SMLE-ACT-13); with none, the team is "not under fire" (SMLE-ACT-12). */
  readonly fire: FireCategories
  readonly broken: boolean
  /** Highest hero grade in the team (optional rule, §14.1), 0 for none. */
  readonly heroGrade: number
}

/** SMLE-ACT-12: no fire attack of any kind this round or last. */
export function isNotUnderFire(f: FireCategories): boolean {
  return !(f.direct || f.auto || f.explosive || f.flank || f.rear)
}

/** Table 1a base values (`[web-slammer]`). */
export const QUALITY_BASE: Readonly<Record<Quality, number>> = { untrained: 0, green: 2, trained: 4, veteran: 6 }

const mod = (label: string, value: number, clause: string): RollModifier => ({ label, value, clause })

/** The numeric modifiers of Table 1a that apply, each with its clause. */
export function activationModifiers(s: ActivationSituation): RollModifier[] {
  const m: RollModifier[] = []
  // SMLE-MOT-04: Fanatic's base replaces the quality base (SMLE-MONSTER-01: so does an Alien's).
  if (s.motivation === 'fanatic') m.push(mod('Fanatic (base)', 6, 'SMLE-MOT-04'))
  else if (s.alienBase) m.push(mod('Aliens (base)', 6, 'SMLE-MONSTER-01'))
  else m.push(mod(`${s.baseQuality} (base)`, QUALITY_BASE[s.baseQuality], 'SMLE-QUAL-01'))
  if (s.motivation === 'warriors') m.push(mod('Warriors', 2, 'SMLE-MOT-07'))
  // SMLE-ACT-10 / SMLE-QUAL-06: a basic or Okay leader gives +1; Incompetent gives nothing; Good and Exceptional shift bands instead.
  if (s.leader === 'basic' || s.leader === 'okay') m.push(mod('leader with group', 1, 'SMLE-ACT-10'))
  if (s.fresh) m.push(mod('fresh troops', 2, 'SMLE-ACT-07'))
  if (s.armoured) m.push(mod('armoured troops', 1, 'SMLE-ACT-08'))
  // SMLE-ACT-11: cover grades do not add up; the best of the majority only.
  if (s.cover === 'soft') m.push(mod('in cover', 1, 'SMLE-ACT-11'))
  else if (s.cover === 'hard') m.push(mod('in hard cover', 2, 'SMLE-ACT-11'))
  else if (s.cover === 'prepared') m.push(mod('in prepared position', 3, 'SMLE-ACT-11'))
  if (s.wounded > 0) m.push(mod(`${s.wounded} wounded`, -s.wounded, 'SMLE-ACT-09'))
  if (s.casualties > 0)
    m.push(mod(`${s.casualties} casualt${s.casualties === 1 ? 'y' : 'ies'}`, -2 * s.casualties, 'SMLE-ACT-09'))
  // SMLE-ACT-12: not under fire excludes every under-fire modifier; SMLE-ACT-04: each category once.
  if (isNotUnderFire(s.fire)) m.push(mod('not under fire', 1, 'SMLE-ACT-12'))
  else {
    if (s.fire.direct) m.push(mod('under direct fire', -1, 'SMLE-ACT-17'))
    if (s.fire.auto) m.push(mod('under auto fire', -1, 'SMLE-ACT-17'))
    if (s.fire.explosive) m.push(mod('under explosive fire', -2, 'SMLE-ACT-17'))
    if (s.fire.flank) m.push(mod('attacked from flank', -1, 'SMLE-ACT-19'))
    if (s.fire.rear) m.push(mod('attacked from rear', -2, 'SMLE-ACT-19'))
  }
  if (s.separated || s.separatedFromLeader) m.push(mod('separated', -2, 'SMLE-ACT-14'))
  if (s.broken) m.push(mod('broken troops', -2, 'SMLE-ACT-15'))
  if (s.heroGrade > 0) m.push(mod('hero in team', s.heroGrade, 'SMLE-HERO-03'))
  return m
}

/** A band shift applied after the modifiers (SMLE-ACT-05). */
export interface BandShift {
  readonly label: string
  readonly clause: string
  /** Bands up (+) or down (−); `steady` moves one band toward B6. */
  readonly delta: number | 'steady'
}

/**
 * The band shifts that apply, in the order they are applied: motivation
 * (SMLE-MOT-03, -05, -06), then a Good or Exceptional leader (SMLE-QUAL-06).
 */
export function activationShifts(s: ActivationSituation): BandShift[] {
  const shifts: BandShift[] = []
  if (s.motivation === 'elite') shifts.push({ label: 'Elite', clause: 'SMLE-MOT-03', delta: 1 })
  if (s.motivation === 'reluctant') shifts.push({ label: 'Reluctant', clause: 'SMLE-MOT-05', delta: -1 })
  if (s.motivation === 'steady') shifts.push({ label: 'Steady', clause: 'SMLE-MOT-06', delta: 'steady' })
  if (s.leader === 'good') shifts.push({ label: 'good leader', clause: 'SMLE-QUAL-06', delta: 1 })
  if (s.leader === 'exceptional') shifts.push({ label: 'exceptional leader', clause: 'SMLE-QUAL-06', delta: 2 })
  return shifts
}

/** An activation result: the numeric AL (for ordering) and its band. */
export interface ActivationResult {
  readonly al: number
  readonly band: Band
  readonly modifiers: readonly RollModifier[]
  /** Labels of the shifts that changed the band. */
  readonly shifts: readonly string[]
}

/** SMLE-ACT-01 / SMLE-ACT-05: AL = die + modifiers, then the band shifts. */
export function activationLevel(die: number, s: ActivationSituation): ActivationResult {
  const modifiers = activationModifiers(s)
  let al = die + modifiers.reduce((a, x) => a + x.value, 0)
  const applied: string[] = []
  for (const shift of activationShifts(s)) {
    const delta = shift.delta === 'steady' ? steadyDelta(bandOf(al)) : shift.delta
    const next = shiftBand(al, delta)
    if (next.band !== bandOf(al)) applied.push(shift.label)
    al = next.al
  }
  return { al, band: bandOf(al), modifiers, shifts: applied }
}

/** A situation with nothing special: Trained, no leader, not fresh, in the open, not under fire. */
export const PLAIN_SITUATION: ActivationSituation = {
  baseQuality: 'trained',
  motivation: 'none',
  alienBase: false,
  leader: null,
  separatedFromLeader: false,
  separated: false,
  fresh: false,
  armoured: false,
  cover: 'none',
  wounded: 0,
  casualties: 0,
  fire: { direct: false, auto: false, explosive: false, flank: false, rear: false },
  broken: false,
  heroGrade: 0,
}
