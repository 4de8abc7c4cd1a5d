import {
  ArmourClassSchema,
  HERO_GRADES,
  type Kit,
  KitSchema,
  MELEE_TABLE,
  MotivationSchema,
  QualitySchema,
  TeamKindSchema,
  VEHICLE_TABLE,
  WEAPON_TABLE,
  weaponProfile,
  weaponTier,
} from '../../src-engine/index'

/** One choice of a list in the force builder: the value the scenario holds, and what the panel says. */
export interface Choice {
  readonly value: string
  readonly label: string
}

/** A weapon as the lists name it: its Table 6 row, damage and points tier (SMLE-WPN-03, SMLE-PTS-06). */
export function weaponLabel(id: string): string {
  const w = weaponProfile(id)
  if (!w) return MELEE_TABLE.find((m) => m.id === id)?.name ?? id
  const dice = `${w.damage.dice}D${w.damage.plus ? `+${w.damage.plus}` : ''}`
  return `${w.name} · ${w.type} ${dice} · ${weaponTier(w)}`
}

/** The Table 6 weapons (SMLE-WPN-01), in the table's order. */
export const WEAPON_CHOICES: readonly Choice[] = WEAPON_TABLE.map((w) => ({ value: w.id, label: weaponLabel(w.id) }))

/** The melee and improvised weapons of Table 5 / Table 6's last rows (SMLE-CA-07). */
export const MELEE_CHOICES: readonly Choice[] = MELEE_TABLE.map((m) => ({
  value: m.id,
  label: `${m.name} · ${m.kind} +${m.bonus}`,
}))

const words = (key: string): string => {
  const spaced = key.replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase()
  return spaced.charAt(0).toUpperCase() + spaced.slice(1)
}

/** Team kinds (SMLE-ORG-02). */
export const KIND_CHOICES: readonly Choice[] = TeamKindSchema.options.map((k) => ({ value: k, label: words(k) }))

/** Qualities a team may have, fixed or rolled at the start (SMLE-QUAL-01, SMLE-QUAL-05). */
export const QUALITY_CHOICES: readonly Choice[] = [
  ...QualitySchema.options.map((q) => ({ value: q, label: words(q) })),
  { value: 'random', label: 'Rolled at the start' },
]

/** Motivations (SMLE-MOT-02), each with its points multiplier where it has one (SMLE-PTS-06). */
export const MOTIVATION_CHOICES: readonly Choice[] = MotivationSchema.options.map((m) => ({
  value: m,
  label:
    m === 'none'
      ? 'No motivation'
      : `${words(m)}${m === 'elite' ? ' ×2' : m === 'fanatic' || m === 'warriors' ? ' ×1.5' : ''}`,
}))

/** Armour classes of Table 4 (SMLE-WPN-04), with their points multipliers (SMLE-PTS-06). */
export const ARMOUR_CHOICES: readonly Choice[] = ArmourClassSchema.options.map((a) => ({
  value: a,
  label:
    a === 'none' ? 'Unarmoured ×0.5' : a === 'heavy' ? 'Heavy ×1.5' : a === 'armoured' ? 'Power armour ×2' : words(a),
}))

/** Special kit (SMLE-DOOR-05, SMLE-IND-05, SMLE-DMG-12, demolitions, SMLE-CA-07). */
export const KIT_CHOICES: readonly { readonly value: Kit; readonly label: string }[] = KitSchema.options.map((k) => ({
  value: k,
  label: k === 'demolitionCharge' ? 'Demolitions' : words(k),
}))

/** Hero grades (SMLE-HERO-01), none first. */
export const HERO_CHOICES: readonly Choice[] = [
  { value: '0', label: 'No hero' },
  ...([1, 2, 3] as const).map((g) => ({ value: String(g), label: `${HERO_GRADES[g]} +${g}` })),
]

/** The §13.3 vehicles. */
export const VEHICLE_CHOICES: readonly Choice[] = VEHICLE_TABLE.map((v) => ({ value: v.id, label: v.name }))
