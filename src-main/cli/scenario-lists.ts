// The built-in scenarios the reports play, apart from the command-line tools (importing a tool runs it).

/** The six scenarios of SMLE §16. */
export const SECTION_16 = [
  'smle-few-brave-sentients',
  'smle-multiple-signals',
  'smle-commando',
  'smle-ambush',
  'smle-magnificent-seven',
  'smle-exterminator',
] as const

/**
 * The other built-in SMLE games with terms to win by: the farmhouse skirmish (the table to learn on) and the same
 * with armour. The reference town, a company a side, is the benchmark table, not a game to report on.
 */
export const SMLE_OTHER = ['farmhouse-skirmish', 'farm-lane-armour'] as const

/** The built-in SMR scenarios (§11 of the SMR reference). */
export const SMR_SCENARIOS = ['smr-contact', 'smr-village-invasion'] as const
