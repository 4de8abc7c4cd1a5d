import { useStore } from 'zustand'
import type { StoreApi } from 'zustand/vanilla'
import type { ScenarioProblem } from '../../src-engine/index'
import { ChoiceSelect } from './ChoiceSelect'
import type { Draft, EditorState } from './editor-store'
import { Field } from './Field'
import { ForceProblems } from './ForceProblems'
import {
  addOtherWeapon,
  BASE_SIZES,
  type HeroAttribute,
  removeOtherWeapon,
  setBaseSize,
  setHeroAttribute,
  setHeroGrade,
  setKit,
  updateFigure,
} from './figure-edits'
import { isLeading, setLeader } from './force-edits'
import {
  ARMOUR_CHOICES,
  HERO_CHOICES,
  KIT_CHOICES,
  MELEE_CHOICES,
  QUALITY_CHOICES,
  WEAPON_CHOICES,
  weaponLabel,
} from './force-options'

/** A figure's flags: Camera Fodder (§14.2), significant (never Fodder, SMLE-QUAL-04), poor weapons (SMLE-SHOOT-28). */
const FLAGS = [
  ['cameraFodder', 'Camera Fodder', 'Camera Fodder (§14.2, with the Camera Fodder rule)'],
  ['significant', 'Significant', 'A leader, hero or other significant figure: never Camera Fodder (SMLE-QUAL-04)'],
  ['unreliable', 'Poor weapons', 'Its weapons may jam (SMLE-SHOOT-28, with the unreliable weapons rule)'],
] as const

export interface FigureRowProps {
  readonly store: StoreApi<EditorState>
  readonly draft: Draft
  readonly figure: Readonly<Record<string, unknown>>
  /** The quality its team has (what "the team's" means). */
  readonly teamQuality: string
  /** Whether it may be removed (a team keeps one figure at least). */
  readonly canRemove: boolean
  /** The problems the engine's check finds with it. */
  readonly problems: readonly ScenarioProblem[]
}

const HERO_ATTRIBUTES: readonly (readonly [HeroAttribute, string])[] = [
  ['tough', 'Tough'],
  ['spotlight', 'Spotlight'],
  ['lucky', 'Lucky'],
  ['bigGuns', 'Big Guns'],
]

/**
 * One figure of a team: its name (picked, its arrows move it on the table),
 * whether it leads, its main weapon, quality and armour, further weapons,
 * kit and hero grade; each change one step to undo.
 */
export function FigureRow({ store, draft, figure, teamQuality, canRemove, problems }: FigureRowProps) {
  const id = String(figure.id)
  const name = String(figure.name ?? id)
  const picked = useStore(store, (s) => s.selected?.collection === 'figures' && s.selected.id === id)
  const edit = (change: (d: Draft) => Draft): void => store.getState().edit(change)
  const others = Array.isArray(figure.otherWeapons) ? (figure.otherWeapons as unknown[]).map(String) : []
  const kit = Array.isArray(figure.kit) ? (figure.kit as unknown[]).map(String) : []
  const hero = figure.hero as { grade?: number; [k: string]: unknown } | undefined
  return (
    <li className="editor-figure" aria-label={`Figure ${name}`}>
      <div className="editor-figure-head">
        <button
          type="button"
          className="editor-item-name"
          aria-pressed={picked}
          title="Pick it: move it by its arrows on the table"
          onClick={() => store.getState().select(picked ? null : { collection: 'figures', id })}
        >
          {name}
        </button>
        <label className="editor-check" title="Leads its section (SMLE-ORG-08; a section leader costs +6, SMLE-PTS-02)">
          <input
            type="checkbox"
            aria-label={`${name} leads`}
            checked={isLeading(draft, figure)}
            onChange={(e) => edit((d) => setLeader(d, id, e.target.checked))}
          />
          Leader
        </label>
        <button
          type="button"
          aria-label={`Remove ${name}`}
          disabled={!canRemove}
          title={canRemove ? undefined : 'A team has one figure at least: remove the team instead'}
          onClick={() => store.getState().removeItem('figures', id)}
        >
          ✕
        </button>
      </div>
      <Field
        label="Name"
        ariaLabel={`Name of ${name}`}
        value={name}
        onCommit={(v) => {
          if (v.trim() !== '') edit((d) => updateFigure(d, id, { name: v.trim() }))
        }}
      />
      <ChoiceSelect
        label="Weapon"
        ariaLabel={`Weapon of ${name}`}
        value={String(figure.weapon ?? 'rifle')}
        choices={WEAPON_CHOICES}
        more={{ label: 'Melee only', choices: MELEE_CHOICES }}
        onPick={(v) => edit((d) => updateFigure(d, id, { weapon: v }))}
      />
      <div className="editor-row">
        <ChoiceSelect
          label="Quality"
          ariaLabel={`Quality of ${name}`}
          value={typeof figure.quality === 'string' ? figure.quality : 'team'}
          choices={[{ value: 'team', label: `Team's (${teamQuality})` }, ...QUALITY_CHOICES]}
          onPick={(v) => edit((d) => updateFigure(d, id, { quality: v }))}
        />
        <ChoiceSelect
          label="Armour"
          ariaLabel={`Armour of ${name}`}
          value={String(figure.armour ?? 'light')}
          choices={ARMOUR_CHOICES}
          onPick={(v) => edit((d) => updateFigure(d, id, { armour: v }))}
        />
        <ChoiceSelect
          label="Base"
          ariaLabel={`Base of ${name}`}
          value={String(2 * (typeof figure.baseRadiusIn === 'number' ? figure.baseRadiusIn : 0.5))}
          choices={BASE_SIZES.map((b) => ({ value: String(b.acrossIn), label: b.label }))}
          onPick={(v) => edit((d) => setBaseSize(d, id, Number(v)))}
        />
      </div>
      <div className="editor-chips" aria-label={`Further weapons of ${name}`}>
        {others.map((w) => (
          <span key={w} className="editor-chip">
            {weaponLabel(w).split(' · ')[0]}
            <button
              type="button"
              aria-label={`Take ${w} from ${name}`}
              onClick={() => edit((d) => removeOtherWeapon(d, id, w))}
            >
              ✕
            </button>
          </span>
        ))}
        <ChoiceSelect
          ariaLabel={`Give ${name} a further weapon`}
          value=""
          prompt="+ weapon…"
          choices={WEAPON_CHOICES}
          more={{ label: 'Melee only', choices: MELEE_CHOICES }}
          onPick={(v) => edit((d) => addOtherWeapon(d, id, v))}
        />
      </div>
      <div className="editor-kit" role="group" aria-label={`Kit of ${name}`}>
        {KIT_CHOICES.map((k) => (
          <label key={k.value} className="editor-check">
            <input
              type="checkbox"
              aria-label={`${k.label} for ${name}`}
              checked={kit.includes(k.value)}
              onChange={(e) => edit((d) => setKit(d, id, k.value, e.target.checked))}
            />
            {k.label}
          </label>
        ))}
      </div>
      <div className="editor-kit">
        <ChoiceSelect
          ariaLabel={`Hero grade of ${name} (§14.1, with the heroes rule)`}
          value={String(hero?.grade ?? 0)}
          choices={HERO_CHOICES}
          onPick={(v) => edit((d) => setHeroGrade(d, id, Number(v) as 0 | 1 | 2 | 3))}
        />
        {hero
          ? HERO_ATTRIBUTES.map(([key, label]) => (
              <label key={key} className="editor-check" title="SMLE-HERO-04">
                <input
                  type="checkbox"
                  aria-label={`${label} for ${name}`}
                  checked={hero[key] === true}
                  onChange={(e) => edit((d) => setHeroAttribute(d, id, key, e.target.checked))}
                />
                {label}
              </label>
            ))
          : null}
      </div>
      <div className="editor-kit" role="group" aria-label={`Flags of ${name}`}>
        {FLAGS.map(([key, label, title]) => (
          <label key={key} className="editor-check" title={title}>
            <input
              type="checkbox"
              aria-label={`${label}: ${name}`}
              checked={figure[key] === true}
              onChange={(e) => edit((d) => updateFigure(d, id, { [key]: e.target.checked }))}
            />
            {label}
          </label>
        ))}
      </div>
      <ForceProblems problems={problems} />
    </li>
  )
}
