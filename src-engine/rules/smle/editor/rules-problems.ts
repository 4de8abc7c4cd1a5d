import type { ScenarioProblem } from '../../../scenario/problems'
import type { Scenario } from '../scenario/schema'
import { weaponProfile } from '../weapons'

/**
 * What the optional rules in force (§14, SMLE-GEN-09) and the objectives'
 * kinds leave wrong: a weapon cache holding no weapon, or one Table 6 does
 * not have (SMLE-SCEN-06); a figure made a hero, Camera Fodder, a monster
 * or the carrier of unreliable weapons while the rule that gives it meaning
 * is not in force.
 */
export function rulesProblems(scenario: Scenario): ScenarioProblem[] {
  const out: ScenarioProblem[] = []
  for (const o of scenario.objectives) {
    if (o.kind !== 'cache') continue
    const where = { at: { x: o.x, z: o.z }, objectId: o.id, clause: 'SMLE-SCEN-06' }
    if (o.weapon === undefined)
      out.push({
        code: 'cache-no-weapon',
        severity: 'error',
        message: `Weapon cache "${o.name}" holds no weapon: choose the weapon a figure picks up there (SMLE-SCEN-06).`,
        ...where,
      })
    else if (!weaponProfile(o.weapon))
      out.push({
        code: 'cache-unknown-weapon',
        severity: 'error',
        message: `Weapon cache "${o.name}" holds "${o.weapon}", which is no weapon of Table 6 (SMLE-SCEN-06).`,
        ...where,
      })
  }
  const rules = scenario.settings.optional
  const off = (flag: boolean, rule: string, what: string): string | null =>
    flag
      ? null
      : `the ${rule} rule is not in force, so being ${what} does nothing: turn the rule on under Rules in force, or take the flag off`
  for (const team of scenario.teams)
    for (const f of team.figures) {
      const reasons = [
        f.hero ? off(rules.heroes, 'heroes (§14.1)', 'a hero') : null,
        f.cameraFodder ? off(rules.cameraFodder, 'Camera Fodder (§14.2)', 'Camera Fodder') : null,
        f.armour === 'monsters' ? off(rules.monsters, 'monsters (§14.3)', 'a monster') : null,
        f.unreliable
          ? off(rules.unreliableWeapons, 'unreliable weapons (SMLE-SHOOT-28)', 'armed with poor weapons')
          : null,
      ]
      for (const reason of reasons)
        if (reason)
          out.push({
            code: 'optional-rule-off',
            severity: 'warning',
            message: `${f.name} (${team.name}): ${reason}.`,
            at: f.position,
            objectId: f.id,
            clause: 'SMLE-GEN-09',
          })
    }
  return out
}
