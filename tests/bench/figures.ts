/** One named performance figure. */
export interface Figure {
  readonly name: string
  readonly value: number
  readonly unit: string
  readonly note: string
}

/** Prints figures as an aligned table. */
export function formatTable(figures: readonly Figure[]): string {
  const rows = figures.map((f) => [f.name, formatValue(f.value), f.unit, f.note])
  const head = ['figure', 'value', 'unit', 'how measured']
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)))
  const line = (cells: readonly string[]) =>
    cells
      .map((c, i) => (i === 1 ? c.padStart(widths[i] ?? 0) : c.padEnd(widths[i] ?? 0)))
      .join('  ')
      .trimEnd()
  return [line(head), widths.map((w) => '-'.repeat(w)).join('  '), ...rows.map(line)].join('\n')
}

function formatValue(v: number): string {
  if (!Number.isFinite(v)) return String(v)
  if (Math.abs(v) >= 1000) return Math.round(v).toLocaleString('en-US')
  if (Math.abs(v) >= 10) return v.toFixed(1)
  return v.toFixed(3)
}

/** Median of a sample. */
export function median(xs: readonly number[]): number {
  const s = [...xs].sort((a, b) => a - b)
  const m = Math.floor(s.length / 2)
  return s.length % 2 ? (s[m] ?? NaN) : ((s[m - 1] ?? NaN) + (s[m] ?? NaN)) / 2
}
