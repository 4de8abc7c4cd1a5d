/**
 * Clauses of the table itself (not of a ruleset): physical facts every game
 * obeys, so that a refusal always names what it enforces. Ruleset clauses
 * (`SMLE-…`, `SMR-…`) come from `shared/rules/*.md`.
 */
export const CORE_CLAUSES = {
  'CORE-CMD-01': 'A command must name a figure, door or side that exists in this game.',
  'CORE-CMD-02': 'A command must be well formed (every field present and of the right kind).',
  'CORE-TURN-01': 'Only the side whose turn it is may act.',
  'CORE-TURN-02': 'While a side has a decision to take (opportunity fire, an interrupt), nothing else happens.',
  'CORE-PHASE-01':
    'Figures are placed during set-up; activation is rolled at the start of each round; moves, doors and fire happen during play; nothing happens after the game has ended.',
  'CORE-TABLE-01': 'A figure must stay on the table.',
  'CORE-TABLE-02': 'A figure cannot pass through or stand in a wall, a closed door or another solid obstacle.',
  'CORE-TABLE-03': 'Two bases cannot overlap.',
  'CORE-DEPLOY-01': 'During set-up a figure is placed inside its own side\u2019s deployment zone.',
  'CORE-DEPLOY-02':
    'A scenario with fixed deployment sets every figure where it says: a set-up phase held for another choice (a raid\u2019s objective) moves no figure.',
  'CORE-FIG-01': 'A dead figure cannot act.',
  'CORE-FIG-02': 'A figure that is not on the table cannot act.',
  'CORE-UNDO-01': 'Undo cannot go back past a dice roll or anything else that revealed randomness.',
  'CORE-UNDO-02': 'There is nothing to undo.',
  'CORE-RULESET-01':
    'A game is played by the ruleset its scenario or save names; a ruleset this program does not have is refused, never played with other rules.',
  'CORE-SEAT-01': 'A seat gives commands only for the sides it plays; a spectator gives none.',
  'CORE-DOOR-01':
    'A door can be closed only when it is open and nothing stands in the doorway; a broken door cannot be closed.',
} as const

/** An id of a core clause. */
export type CoreClauseId = keyof typeof CORE_CLAUSES
