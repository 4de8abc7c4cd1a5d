import { type DiceReport, startDiceReport } from '../../src-engine/dice/fairness'

/** The report the app offers its players: big enough to mean something, quick enough to wait for. */
export const APP_REPORT_DICE = 3000

/** Rolls thrown between two yields to the event loop, so the host keeps answering while it throws. */
const ROLLS_PER_SLICE = 40

/**
 * Throws a fairness report through the physics on the host, a slice at a
 * time, yielding to the event loop between slices. It uses its own generator
 * (seeded with `seed`), never the game's: asking for a report changes no game.
 */
export async function runDiceReport(options: { dice?: number | undefined; seed: number }): Promise<DiceReport> {
  const run = startDiceReport({ dice: options.dice ?? APP_REPORT_DICE, seed: options.seed })
  while (!run.step(ROLLS_PER_SLICE)) await new Promise<void>((resolve) => setImmediate(resolve))
  return run.report()
}
