/** One line of the help: the keys or mouse gesture, and what it does. */
export interface HelpRow {
  readonly keys: string
  readonly label: string
}

const CAMERA: HelpRow = { keys: 'Drag / right-drag / wheel', label: 'Orbit / pan / zoom the camera' }

const SMLE_ROWS: readonly HelpRow[] = [
  CAMERA,
  { keys: 'Click a figure, then the ground', label: 'Select it, then move it there' },
  {
    keys: 'Click a vehicle, then the ground',
    label: 'Drive it there at 1" per mph (half speed from a halt); its speeds show in the selection panel',
  },
  {
    keys: 'Click an enemy figure',
    label: 'Preview fire at its team: sight lines, to-hit breakdown; then Fire in the Actions panel',
  },
  { keys: 'Click / Shift-click a door', label: 'Open or close it / kick it in' },
]

/** SMR's table: orders are planned on the table, measured by the engine, then given (`SmrKeys`, `useUnitDrag`). */
const SMR_ROWS: readonly HelpRow[] = [
  { keys: 'Drag the table / right-drag / wheel', label: 'Orbit / pan / zoom the camera' },
  {
    keys: 'Click one of your units, then the ground',
    label: 'Plan its move (in set-up: its placement); the ghost shows where it ends, the engine measures it',
  },
  {
    keys: 'Drag one of your units',
    label:
      'Plan its move as you go: the distance of its allowance and its facing over the ghost, red with the clause when the rules refuse; let go over an enemy to charge it',
  },
  { keys: 'Wheel while dragging a unit', label: 'Turn it 15° a notch (Shift: 45°); turning is free (SMR-MOVE-05)' },
  { keys: 'Q / E', label: 'Turn the planned unit 15° left / right (Shift: 45°), also while dragging' },
  { keys: 'Enter', label: 'Give the planned order (the Actions panel’s button does the same)' },
  {
    keys: 'Click an enemy with a unit selected',
    label: 'Charge it (Event 2) or make it the unit’s missile target (Event 1)',
  },
  {
    keys: 'Hidden unit, then the ground by its building',
    label: 'Choose where it comes out, touching the walls (select it in the Units panel; SMR-SCEN-02)',
  },
]

/** A replay's keys (`ReplayBar`), whatever the ruleset: they act only while a replay is shown. */
const REPLAY_ROWS: readonly HelpRow[] = [
  { keys: 'In a replay: ← / →', label: 'One command back / forward' },
  { keys: 'In a replay: Space', label: 'Play / pause' },
  { keys: 'In a replay: PgUp / PgDn', label: 'The round before / the next round' },
  { keys: 'In a replay: Home / End', label: 'The start / the end of the game' },
  { keys: 'In a replay: Esc', label: 'Leave the replay (a render to video under way stops; nothing is saved)' },
]

/** The mouse gestures and ruleset keys of a game of `ruleset`, for the help. */
export function helpRowsFor(ruleset: string | null): readonly HelpRow[] {
  return [...(ruleset === 'smr' ? SMR_ROWS : SMLE_ROWS), ...REPLAY_ROWS]
}
