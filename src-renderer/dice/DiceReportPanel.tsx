import { useEffect, useMemo, useState } from 'react'
import { type DiceReport, diceReportSvg, formatP } from '../../src-engine/index'
import { useApp } from '../state/context'

export interface DiceReportPanelProps {
  readonly onClose: () => void
}

const pct = (x: number): string => `${(x * 100).toFixed(2)} %`

/**
 * "Are digital dice fair?": asks the host to throw a few thousand dice through
 * the same physics as the game, and shows the counts, the chi-square tests,
 * the serial correlation and how often a die was cocked.
 */
export function DiceReportPanel({ onClose }: DiceReportPanelProps) {
  const app = useApp()
  const [report, setReport] = useState<DiceReport | null>(null)
  const [error, setError] = useState<string | null>(null)

  useEffect(() => {
    let live = true
    app.bridge
      .diceReport()
      .then((r) => live && setReport(r))
      .catch((err: unknown) => live && setError(err instanceof Error ? err.message : String(err)))
    return () => {
      live = false
    }
  }, [app])

  const svg = useMemo(
    () => (report ? `data:image/svg+xml;charset=utf-8,${encodeURIComponent(diceReportSvg(report))}` : null),
    [report],
  )

  return (
    <section className="panel dice-report" aria-label="Dice fairness report" role="dialog">
      <div className="dice-head">
        <h2>Dice fairness report</h2>
        <button type="button" aria-label="Close the report" onClick={onClose}>
          ×
        </button>
      </div>
      {error ? <div className="dice-note">The report failed: {error}</div> : null}
      {!report && !error ? (
        <div className="muted">Throwing a few thousand dice through the same physics as the game…</div>
      ) : null}
      {report && svg ? (
        <div data-testid="dice-report">
          <p className="verdict">{report.verdict}</p>
          <img src={svg} alt="Histograms of faces and 2D6 sums, observed against expected" width={640} height={260} />
          <table>
            <tbody>
              <tr>
                <th>Faces 1–6</th>
                <td>{report.faces.observed.join(' · ')}</td>
                <td>
                  χ² {report.faces.statistic.toFixed(2)} (df {report.faces.df}), p = {formatP(report.faces.pValue)}
                </td>
              </tr>
              <tr>
                <th>2D6 sums</th>
                <td>{report.sums.observed.reduce((a, b) => a + b, 0).toLocaleString('en-US')} pairs</td>
                <td>
                  χ² {report.sums.statistic.toFixed(2)} (df {report.sums.df}), p = {formatP(report.sums.pValue)}
                </td>
              </tr>
              <tr>
                <th>Serial correlation</th>
                <td>r = {report.serial.r.toFixed(4)}</td>
                <td>p = {formatP(report.serial.pValue)}</td>
              </tr>
              <tr>
                <th>Cocked dice</th>
                <td>
                  {report.cocked.count} of {report.cocked.diceThrown.toLocaleString('en-US')}
                </td>
                <td>{pct(report.cocked.rate)}, each thrown again</td>
              </tr>
            </tbody>
          </table>
          <p className="hint">
            {report.dice.toLocaleString('en-US')} dice in {report.throws.toLocaleString('en-US')} physics throws, seed{' '}
            {report.seed}. A p-value below {report.alpha} would be a sign of bias; a fair die shows one by chance about
            once in a hundred reports. The same report, bigger:{' '}
            <code>npm run dice-report -- --dice 60000 --seed {report.seed}</code>
          </p>
        </div>
      ) : null}
    </section>
  )
}
