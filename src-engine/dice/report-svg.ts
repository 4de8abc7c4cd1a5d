import type { ChiSquareTest, DiceReport } from './fairness'

const W = 640
const H = 260
const PANEL_W = 300
const PLOT_H = 170
const TOP = 44

const escape = (s: string): string => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;')

/** p-values read best with two significant digits, tiny ones in exponent form. */
export function formatP(p: number): string {
  if (p >= 0.001) return p.toFixed(3)
  return p.toExponential(1)
}

/** One histogram: observed bars, the expected count as a line across each bar. */
function histogram(x0: number, title: string, test: ChiSquareTest, firstLabel: number): string {
  const n = test.observed.length
  const max = Math.max(...test.observed, ...test.expected) * 1.1
  const slot = PANEL_W / n
  const barW = slot * 0.7
  const y = (v: number) => TOP + PLOT_H - (v / max) * PLOT_H
  const parts: string[] = [
    `<text x="${x0}" y="20" font-size="14" font-weight="600">${escape(title)}</text>`,
    `<text x="${x0}" y="36" font-size="11" fill="#555">χ² = ${test.statistic.toFixed(2)}, df = ${test.df}, p = ${formatP(test.pValue)}</text>`,
    `<line x1="${x0}" y1="${TOP + PLOT_H}" x2="${x0 + PANEL_W}" y2="${TOP + PLOT_H}" stroke="#333"/>`,
  ]
  test.observed.forEach((o, i) => {
    const bx = x0 + i * slot + (slot - barW) / 2
    const e = test.expected[i]!
    parts.push(
      `<rect x="${bx.toFixed(1)}" y="${y(o).toFixed(1)}" width="${barW.toFixed(1)}" height="${(TOP + PLOT_H - y(o)).toFixed(1)}" fill="#4f7cba"><title>${firstLabel + i}: ${o} (expected ${e.toFixed(1)})</title></rect>`,
      `<line x1="${(bx - 2).toFixed(1)}" y1="${y(e).toFixed(1)}" x2="${(bx + barW + 2).toFixed(1)}" y2="${y(e).toFixed(1)}" stroke="#d9822b" stroke-width="2"/>`,
      `<text x="${(bx + barW / 2).toFixed(1)}" y="${TOP + PLOT_H + 14}" font-size="11" text-anchor="middle">${firstLabel + i}</text>`,
    )
  })
  return parts.join('')
}

/**
 * The report's histograms as a small standalone SVG: faces 1..6 and 2D6 sums
 * 2..12, observed counts as bars, expected counts as orange lines.
 */
export function diceReportSvg(r: DiceReport): string {
  const caption = `${r.dice.toLocaleString('en-US')} dice, seed ${r.seed}, ${r.method}${r.loadIn ? `, loaded ${r.loadIn}"` : ''}; serial r = ${r.serial.r.toFixed(4)} (p = ${formatP(r.serial.pValue)}); cocked ${(r.cocked.rate * 100).toFixed(2)} %`
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}" font-family="sans-serif" fill="#222">`,
    `<rect width="${W}" height="${H}" fill="#fff"/>`,
    histogram(10, 'Faces', r.faces, 1),
    histogram(330, '2D6 sums', r.sums, 2),
    `<text x="10" y="${H - 8}" font-size="11" fill="#555">${escape(caption)}</text>`,
    '</svg>',
  ].join('\n')
}
