import type { RollModifier } from '../../dice/dice-event'
import { modifier, refuse, type RuleRefusal, signed } from './combat-types'
import { MELEE_TABLE, type MeleeWeapon, WEAPON_ALIASES, WEAPON_TABLE, type WeaponProfile } from './weapons-data'

export * from './weapons-data'

const BY_ID: ReadonlyMap<string, WeaponProfile> = new Map(WEAPON_TABLE.map((w) => [w.id, w]))
const MELEE_BY_ID: ReadonlyMap<string, MeleeWeapon> = new Map(MELEE_TABLE.map((w) => [w.id, w]))

const normalise = (id: string): string =>
  id
    .trim()
    .toLowerCase()
    .replace(/[\s_]+/g, '-')

/** The Table 6 row for a weapon id or one of its aliases (`bren` → LMG), or undefined. */
export function weaponProfile(id: string): WeaponProfile | undefined {
  const key = normalise(id)
  return BY_ID.get(key) ?? BY_ID.get(WEAPON_ALIASES[key] ?? '')
}

/** The Table 6 row for a weapon id; throws on an unknown id (a scenario error, caught at load). */
export function requireWeapon(id: string): WeaponProfile {
  const profile = weaponProfile(id)
  if (!profile) throw new RangeError(`unknown weapon "${id}" (Table 6)`)
  return profile
}

/** A melee or improvised weapon of Table 5 by id, or undefined. */
export function meleeWeapon(id: string): MeleeWeapon | undefined {
  return MELEE_BY_ID.get(normalise(id))
}

/** What a figure fights with in close assault. */
export interface CloseCombatKit {
  /** Ids of the Table 6 and melee weapons the figure carries. */
  readonly weaponIds: readonly string[]
  /** A bayonet is fixed on a rifle that takes one (SMLE-CA-07). */
  readonly bayonetFixed?: boolean
}

/**
 * A figure's close-combat factor (SMLE-WPN-10, SMLE-CA-07): the Close value of
 * the weapon it fights with, the best of what it carries. A fixed bayonet adds
 * +1 to a rifle that takes one; a melee (+3) or improvised (+1) weapon is an
 * alternative, never added to a gun's factor. A Close of "—" counts as 0
 * (decision: a bazooka or grenade is no help in a brawl, nor a hindrance).
 * Unknown ids throw.
 */
export function closeCombatFactor(kit: CloseCombatKit): RollModifier {
  let best: Candidate = { value: 0, label: 'Unarmed', clause: 'SMLE-WPN-10' }
  kit.weaponIds.forEach((id, i) => {
    const melee = meleeWeapon(id)
    // SMLE-CA-07: a melee or improvised weapon is an alternative to the gun's factor, never added to it.
    const candidate: Candidate = melee
      ? { value: melee.bonus, label: `${melee.name} (${melee.kind})`, clause: 'SMLE-CA-07' }
      : gunFactor(requireWeapon(id), kit.bayonetFixed === true)
    if (i === 0 || candidate.value > best.value) best = candidate
  })
  return modifier(`${best.label} close factor ${signed(best.value)}`, best.value, best.clause)
}

interface Candidate {
  readonly value: number
  readonly label: string
  readonly clause: string
}

function gunFactor(weapon: WeaponProfile, bayonetFixed: boolean): Candidate {
  const base = weapon.close ?? 0
  // SMLE-CA-07: a bayonet counts as +1 close factor on a rifle that takes one.
  if (bayonetFixed && weapon.takesBayonet)
    return { value: base + 1, label: `${weapon.name} with bayonet`, clause: 'SMLE-CA-07' }
  return { value: base, label: weapon.name, clause: 'SMLE-WPN-10' }
}

/**
 * Move lost to the load a figure carries (SMLE-WPN-01, SMLE-MOVE-07): −1" for
 * a heavy weapon, −2" for a very heavy one. Decision: a figure carrying
 * several pays only for the worst, since one figure carries one such load.
 * A Big Guns hero pays nothing (SMLE-HERO-04), which the caller passes.
 */
export function encumbranceIn(weaponIds: readonly string[], bigGunsHero = false): number {
  if (bigGunsHero) return 0
  let worst = 0
  for (const id of weaponIds) {
    const w = weaponProfile(id)
    if (w?.encumbrance === 'heavy') worst = Math.min(worst, -1)
    if (w?.encumbrance === 'veryHeavy') worst = Math.min(worst, -2)
  }
  return worst
}

/** The weapons a figure drops when its team Breaks: those flagged heavy or very heavy (SMLE-WPN-01, SMLE-OPT-08/09). */
export function droppedOnBreak(weaponIds: readonly string[]): string[] {
  return weaponIds.filter((id) => {
    const w = weaponProfile(id)
    return w !== undefined && w.encumbrance !== 'none'
  })
}

/** Damage tier of SMLE-WPN-03 used by points (SMLE-PTS-06): basic 1D, better 1D+1, heavy 1D+2. */
export type WeaponTier = 'basic' | 'better' | 'heavy'

/**
 * The tier of a weapon (SMLE-WPN-03). Decision: tiers by mean damage (3.5
 * basic, 4.5 better, 5.5 or more heavy), so 2D energy weapons are heavy;
 * EX weapons are heavy (crew-served), except grenades and rockets, whose
 * rounds are paid for one by one (SMLE-PTS-04) and so count as basic.
 */
export function weaponTier(weapon: WeaponProfile): WeaponTier {
  if (weapon.type === 'EX') return weapon.ammoCost === null ? 'heavy' : 'basic'
  const mean = weapon.damage.dice * 3.5 + weapon.damage.plus
  if (mean >= 5.5) return 'heavy'
  if (mean >= 4.5) return 'better'
  return 'basic'
}

/** Whether a weapon can make a direct-fire attack (Table 6 fire mode). */
export function firesDirect(weapon: WeaponProfile): boolean {
  return weapon.fireMode !== 'indirectOnly'
}

/** Whether a weapon can fire indirectly (SMLE-IND-01, Table 6 fire mode). */
export function firesIndirect(weapon: WeaponProfile): boolean {
  return weapon.fireMode !== 'direct'
}

/**
 * Whether a weapon is ready: `needsReload` after firing a reload weapon,
 * `jammed` after an unreliable weapon jams (SMLE-SHOOT-28), `spent` after a
 * single-shot weapon is fired.
 */
export type WeaponReadiness = 'ready' | 'needsReload' | 'jammed' | 'spent'

/** Readiness after a shot (SMLE-WPN-01: reload weapons need the Reload option; single shots are discarded). */
export function readinessAfterFiring(weapon: WeaponProfile, jammed: boolean): WeaponReadiness {
  if (weapon.singleShot) return 'spent'
  if (jammed) return 'jammed'
  return weapon.reload ? 'needsReload' : 'ready'
}

/** Readiness after the team's "Reload heavy weapons" option (SMLE-OPT-10, SMLE-SHOOT-28 clears a jam too). */
export function readinessAfterReload(readiness: WeaponReadiness): WeaponReadiness {
  return readiness === 'spent' ? 'spent' : 'ready'
}

/** Explosive rounds each team still carries, by weapon id (SMLE-WPN-11). */
export type AmmoLedger = Readonly<Record<string, number>>

/**
 * Whether a weapon's rounds are counted (SMLE-WPN-11, SMLE-EXP-09). Decision:
 * grenades and rockets (paid per round, SMLE-PTS-04) are always counted, so a
 * team with no entry has none; other explosive weapons (mortars, guns) are
 * counted when the scenario records a number and unlimited otherwise.
 */
export function ammoIsCounted(weapon: WeaponProfile, ledger: AmmoLedger): boolean {
  if (weapon.type !== 'EX') return false
  return weapon.ammoCost !== null || ledger[weapon.id] !== undefined
}

/** Rounds left for a weapon, or null when it is not counted (SMLE-WPN-11). */
export function ammoLeft(ledger: AmmoLedger, weaponId: string): number | null {
  const weapon = requireWeapon(weaponId)
  return ammoIsCounted(weapon, ledger) ? (ledger[weapon.id] ?? 0) : null
}

/** Counts off rounds as they are used (SMLE-WPN-11); refuses when too few are left. */
export function spendAmmo(
  ledger: AmmoLedger,
  weaponId: string,
  rounds = 1,
): { ok: true; ledger: AmmoLedger } | RuleRefusal {
  if (!Number.isInteger(rounds) || rounds < 1) throw new RangeError(`cannot spend ${rounds} rounds`)
  const weapon = requireWeapon(weaponId)
  const left = ammoLeft(ledger, weapon.id)
  if (left === null) return { ok: true, ledger }
  if (left < rounds) return refuse('SMLE-WPN-11', `No ${weapon.name} rounds left (${left}).`)
  return { ok: true, ledger: { ...ledger, [weapon.id]: left - rounds } }
}
