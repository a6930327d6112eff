/** Nearest-rank percentile of samples already sorted ascending; NaN when there are none. */
export function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length, Math.max(1, rank)) - 1]!;
}

export interface LatencySummary {
  count: number;
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
}

export function summarize(samplesMs: readonly number[]): LatencySummary {
  const sorted = [...samplesMs].sort((a, b) => a - b);
  return {
    count: sorted.length,
    p50Ms: round(percentile(sorted, 50), 2),
    p99Ms: round(percentile(sorted, 99), 2),
    maxMs: round(sorted.at(-1) ?? Number.NaN, 2),
  };
}

export function round(value: number, digits = 0): number {
  const factor = 10 ** digits;
  return Math.round(value * factor) / factor;
}

/** Left-aligned first column, right-aligned figures: readable in a terminal and in a pasted report. */
export function formatTable(header: readonly string[], rows: ReadonlyArray<readonly (string | number)[]>): string {
  const cells = [header, ...rows].map((row) => row.map(String));
  const widths = header.map((_, column) => Math.max(...cells.map((row) => row[column]?.length ?? 0)));
  const line = (row: readonly string[]) =>
    row
      .map((cell, column) => (column === 0 ? cell.padEnd(widths[column]!) : cell.padStart(widths[column]!)))
      .join('  ');
  return [line(cells[0]!), widths.map((width) => '-'.repeat(width)).join('  '), ...cells.slice(1).map(line)].join('\n');
}
