import type { FireRecord } from '../state/state'

/** No fire received (SMLE-ACT-12). */
export const NO_FIRE: FireRecord = {
  direct: false,
  auto: false,
  explosive: false,
  flank: false,
  rear: false,
  byTeams: [],
}
