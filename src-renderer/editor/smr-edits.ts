import { smrProfileLabel, type SmrUnitProfile } from '../../src-engine/index'
import { copyName } from './force-draft'
import { smrClearSpot, smrUnitSpot } from './smr-placement'

/** A scenario being edited, as its file holds it. */
type Draft = Readonly<Record<string, unknown>>

/**
 * The SMR force edits of the scenario editor: units added by class (SMR-UNIT-01),
 * named, re-armed, mounted, removed; each side's leader (SMR-SETUP-02), its
 * edge (SMR-SETUP-04), its points total and the battle type (SMR-SETUP-05).
 * Each returns a new draft (the same one when nothing changes).
 */

type Item = Record<string, unknown>
const list = (v: unknown): Item[] => (Array.isArray(v) ? (v as Item[]) : [])

export type SmrClass = SmrUnitProfile['cls']
export type SmrMount = SmrUnitProfile['mount']
export type SmrWeapon = SmrUnitProfile['weapon']
export type SmrEdge = 'north' | 'south' | 'east' | 'west'

/** The unit classes of §2.1, cheapest first, with their names. */
export const SMR_CLASSES: readonly (readonly [SmrClass, string])[] = [
  ['P', 'Peasant'],
  ['L', 'Light'],
  ['H', 'Heavy'],
  ['XH', 'Extra-heavy'],
]

/** What a unit rides and carries, named as the reference names them. */
export const SMR_MOUNT_NAMES: Readonly<Record<SmrMount, string>> = {
  foot: 'On foot',
  horse: 'Horse (+2)',
  armouredHorse: 'Armoured horse (+3)',
}
export const SMR_WEAPON_NAMES: Readonly<Record<SmrWeapon, string>> = {
  hand: 'Hand weapon',
  bow: 'Bow (+1)',
  crossbow: 'Crossbow (+1)',
  sling: 'Sling (+0)',
}

/**
 * The mounts a class may have: any class rides a horse (light, heavy and
 * peasant cavalry, SMR-UNIT-03); the armoured horse is the extra-heavy
 * cavalryman's (XHC, §2.1).
 */
export function smrMountsFor(cls: SmrClass): readonly SmrMount[] {
  return cls === 'XH' ? ['foot', 'horse', 'armouredHorse'] : ['foot', 'horse']
}

/**
 * The main weapons a class may carry: a peasant has knives, bows, slings and
 * farm pole-arms only (§2.1: no crossbow); the others any of them (an archer
 * is any unit with a bow, crossbow or sling, SMR-UNIT-01/02).
 */
export function smrWeaponsFor(cls: SmrClass): readonly SmrWeapon[] {
  return cls === 'P' ? ['hand', 'bow', 'sling'] : ['hand', 'bow', 'crossbow', 'sling']
}

/** A profile made lawful for its class: a mount or weapon the class cannot have falls back to a horse or a hand weapon. */
export function lawfulProfile(p: {
  cls: SmrClass
  mount: SmrMount
  weapon: SmrWeapon
}): Pick<SmrUnitProfile, 'cls' | 'mount' | 'weapon'> {
  return {
    cls: p.cls,
    mount: smrMountsFor(p.cls).includes(p.mount) ? p.mount : 'horse',
    weapon: smrWeaponsFor(p.cls).includes(p.weapon) ? p.weapon : 'hand',
  }
}

/** A unit's profile as its file holds it (the schema's defaults filled in). */
export function profileOf(u: Item): SmrUnitProfile {
  return {
    cls: (u.cls as SmrClass) ?? 'L',
    mount: (u.mount as SmrMount) ?? 'foot',
    weapon: (u.weapon as SmrWeapon) ?? 'hand',
    ...(u.creature === 'giantLizard' ? { creature: 'giantLizard' as const } : {}),
    ...(u.axe === true ? { axe: true } : {}),
  }
}

/**
 * What one unit of a kind costs, read from the engine's lines of its side's
 * points ("2 × light archer (3 each)", SMR-PTS-01); null while unpriced.
 */
export function eachCost(lines: readonly { readonly label: string }[] | null, kind: string): number | null {
  for (const l of lines ?? []) {
    const m = /^\d+ × (.+) \((\d+) each\)$/.exec(l.label)
    if (m && m[1] === kind) return Number(m[2])
  }
  return null
}

/** The draft's units (of one side, when given). */
export function smrUnits(draft: Draft, sideId?: string): Item[] {
  const all = list(draft.units)
  return sideId === undefined ? all : all.filter((u) => u.sideId === sideId)
}

/** The draft's sides. */
export function smrSides(draft: Draft): Item[] {
  return list(draft.sides)
}

/** A side's edge's opposite: where its units face at the start. */
const FACING_FROM: Readonly<Record<SmrEdge, number>> = { north: 180, south: 0, east: 270, west: 90 }

/** An id not yet used by a unit: `<stem>-<n>`. */
function freshUnitId(draft: Draft, stem: string): string {
  const used = new Set(smrUnits(draft).map((u) => u.id))
  for (let n = 1; ; n++) if (!used.has(`${stem}-${n}`)) return `${stem}-${n}`
}

const capitalised = (s: string): string => s.charAt(0).toUpperCase() + s.slice(1)

/**
 * A unit of `cls` added to a side (on foot with a hand weapon: its mount and
 * weapon are chosen on its row), named by its kind and number, standing in
 * the side's deployment area (SMR-SETUP-06) clear of the others and of what
 * it cannot stand on, facing the far edge. A side with no leader takes it as
 * its leader (SMR-SETUP-02).
 */
export function addSmrUnit(
  draft: Draft,
  sideId: string,
  cls: SmrClass,
  options: { mount?: SmrMount; weapon?: SmrWeapon } = {},
): { draft: Draft; unitId: string } {
  const side = smrSides(draft).find((s) => s.id === sideId)
  if (!side) return { draft, unitId: '' }
  const profile = lawfulProfile({ cls, mount: options.mount ?? 'foot', weapon: options.weapon ?? 'hand' })
  const id = freshUnitId(draft, `${sideId}-unit`)
  const kind = smrProfileLabel(profile)
  const sameKind = smrUnits(draft, sideId).filter((u) => smrProfileLabel(profileOf(u)) === kind).length
  const at = smrUnitSpot(draft, sideId, profile)
  const unit: Item = {
    id,
    name: `${capitalised(kind)} ${sameKind + 1}`,
    sideId,
    cls: profile.cls,
    ...(profile.mount === 'foot' ? {} : { mount: profile.mount }),
    ...(profile.weapon === 'hand' ? {} : { weapon: profile.weapon }),
    x: at.x,
    z: at.z,
    facingDeg: FACING_FROM[(side.edge as SmrEdge) ?? 'south'] ?? 0,
  }
  let next: Draft = { ...draft, units: [...smrUnits(draft), unit] }
  if (!hasOwnLeader(draft, sideId)) next = setSmrLeader(next, sideId, id)
  return { draft: next, unitId: id }
}

/**
 * A copy of a unit (pasted): a new id and name (`<name> (copy)`), the same
 * side, class, mount, weapon, axe, creature, contingent and facing, so it
 * costs what the original costs (SMR-PTS-01); it stands on the clear ground
 * of its side's deployment area (SMR-SETUP-06) nearest the original, judged
 * as a new unit's place is (`smrClearSpot`). It leads nothing and carries no
 * standard (SMR-SETUP-02: one leader a side), hides in no building and is no
 * campaign hero (those are the original's). `unit` is the unit as it was
 * copied: the original may have moved or gone. Null when its side is gone or
 * its area has no clear ground left.
 */
export function copySmrUnit(draft: Draft, unit: Readonly<Item>): { draft: Draft; unitId: string } | null {
  const sideId = String(unit.sideId)
  if (!smrSides(draft).some((s) => s.id === sideId)) return null
  const profile = profileOf(unit)
  const from = { x: Number(unit.x), z: Number(unit.z) }
  const near = Number.isFinite(from.x) && Number.isFinite(from.z) ? from : smrUnitSpot(draft, sideId, profile)
  const at = smrClearSpot(draft, sideId, profile, near)
  if (!at) return null
  const id = freshUnitId(draft, `${sideId}-unit`)
  const { hiddenIn: _hidden, hero: _hero, ...kept } = unit
  const copy: Item = {
    ...kept,
    id,
    name: copyName(
      smrUnits(draft).map((u) => u.name),
      String(unit.name ?? smrProfileLabel(profile)),
    ),
    x: at.x,
    z: at.z,
  }
  return { draft: { ...draft, units: [...smrUnits(draft), copy] }, unitId: id }
}

/** Whether a side's leader is one of its own units. */
export function hasOwnLeader(draft: Draft, sideId: string): boolean {
  const side = smrSides(draft).find((s) => s.id === sideId)
  return smrUnits(draft, sideId).some((u) => u.id === side?.leaderId)
}

/**
 * A unit's name, class, mount, weapon or facing changed; the profile kept lawful
 * for its class (see `lawfulProfile`). A mount or weapon named by the file's
 * default is left out, as the built-in files write them.
 */
export function updateSmrUnit(
  draft: Draft,
  unitId: string,
  patch: { name?: string; cls?: SmrClass; mount?: SmrMount; weapon?: SmrWeapon; facingDeg?: number },
): Draft {
  const units = smrUnits(draft)
  const u = units.find((x) => x.id === unitId)
  if (!u) return draft
  if (patch.name !== undefined && patch.name.trim() === '') return draft
  if (patch.facingDeg !== undefined && !Number.isFinite(patch.facingDeg)) return draft
  const now = profileOf(u)
  const p = lawfulProfile({
    cls: patch.cls ?? now.cls,
    mount: patch.mount ?? now.mount,
    weapon: patch.weapon ?? now.weapon,
  })
  const { mount: _m, weapon: _w, ...rest } = u
  const next: Item = {
    ...rest,
    ...(patch.name !== undefined ? { name: patch.name.trim() } : {}),
    // Its facing, degrees clockwise from north, 0 to under 360 (SMR-GEN-06: its front edge faces that way).
    ...(patch.facingDeg !== undefined ? { facingDeg: ((patch.facingDeg % 360) + 360) % 360 } : {}),
    cls: p.cls,
    ...(p.mount === 'foot' ? {} : { mount: p.mount }),
    ...(p.weapon === 'hand' ? {} : { weapon: p.weapon }),
  }
  // A hidden unit is on foot (SMR-SCEN-02: no cavalry hides in buildings).
  if (p.mount !== 'foot') delete next.hiddenIn
  const same = Object.keys({ ...u, ...next }).every((k) => u[k] === next[k])
  if (same) return draft
  return { ...draft, units: units.map((x) => (x.id === unitId ? next : x)) }
}

/**
 * A unit taken off: a side's standard (optional rule #3) goes with its
 * bearer; a side whose leader it was is left with none, which the check
 * says until another is chosen (SMR-SETUP-02).
 */
export function removeSmrUnit(draft: Draft, unitId: string): Draft {
  const units = smrUnits(draft)
  if (!units.some((u) => u.id === unitId)) return draft
  const sides = smrSides(draft).map((s) => {
    if (s.standardId !== unitId) return s
    const { standardId: _gone, ...rest } = s
    return rest
  })
  return { ...draft, sides, units: units.filter((u) => u.id !== unitId) }
}

/** SMR-SETUP-02: the side's leader, one of its figures. */
export function setSmrLeader(draft: Draft, sideId: string, unitId: string): Draft {
  const sides = smrSides(draft)
  const side = sides.find((s) => s.id === sideId)
  if (!side || side.leaderId === unitId) return draft
  return { ...draft, sides: sides.map((s) => (s.id === sideId ? { ...s, leaderId: unitId } : s)) }
}

/** SMR-SETUP-05: the side's agreed points (null: none). */
export function setSmrSidePoints(draft: Draft, sideId: string, points: number | null): Draft {
  const sides = smrSides(draft)
  const side = sides.find((s) => s.id === sideId)
  if (!side || (side.points ?? null) === points) return draft
  if (points !== null && !(Number.isInteger(points) && points > 0)) return draft
  return {
    ...draft,
    sides: sides.map((s) => {
      if (s.id !== sideId) return s
      const { points: _old, ...rest } = s
      return points === null ? rest : { ...rest, points }
    }),
  }
}

/** SMR-SETUP-05: Type 1 (all a side can muster) or Type 2 (agreed points). */
export function setSmrBattleType(draft: Draft, type: 1 | 2): Draft {
  return (draft.battleType ?? 2) === type ? draft : { ...draft, battleType: type }
}

/** A side's name, colour or own table edge (SMR-SETUP-04; its default deployment strip follows the edge, SMR-SETUP-06). */
export function updateSmrSide(
  draft: Draft,
  sideId: string,
  patch: { name?: string; colour?: string; edge?: SmrEdge },
): Draft {
  const sides = smrSides(draft)
  const side = sides.find((s) => s.id === sideId)
  if (!side || (patch.name !== undefined && patch.name.trim() === '')) return draft
  const next = { ...side, ...patch, ...(patch.name !== undefined ? { name: patch.name.trim() } : {}) }
  if (Object.keys(next).every((k) => side[k] === (next as Item)[k])) return draft
  return { ...draft, sides: sides.map((s) => (s.id === sideId ? next : s)) }
}
