import type { Summary } from './measure.js';
import type { ToolFigures } from './tools.js';

/** One tool on one corpus: medians of the timed runs plus what the tool reported. */
export interface ToolResult {
  readonly tool: string;
  readonly summary: Summary;
  readonly figures: ToolFigures;
}

/** Left-aligned first column, right-aligned figures. */
export function formatTable(
  header: readonly string[],
  rows: readonly (readonly string[])[],
): string {
  const widths = header.map((cell, column) =>
    Math.max(cell.length, ...rows.map((row) => (row[column] ?? '').length)),
  );
  const line = (cells: readonly string[]): string =>
    cells
      .map((cell, column) => {
        const width = widths[column] ?? 0;
        return column === 0 ? cell.padEnd(width) : cell.padStart(width);
      })
      .join('  ');
  return [
    line(header),
    widths.map((width) => '-'.repeat(width)).join('  '),
    ...rows.map(line),
  ].join('\n');
}

export function formatCorpusTable(results: readonly ToolResult[]): string {
  return formatTable(
    ['tool', 'wall s', 'CPU s', 'peak RSS MB', 'files', 'tokens', 'output tokens'],
    results.map((result) => [
      result.tool,
      result.summary.wallS.toFixed(2),
      result.summary.cpuS.toFixed(2),
      result.summary.peakRssMb.toFixed(0),
      String(result.figures.files),
      `${result.figures.tokensComplete ? '' : '>= '}${result.figures.tokens}`,
      String(result.figures.outputTokens),
    ]),
  );
}

/** ours/peer for wall, CPU and RSS, with the targets beside them. */
export function formatRatios(ours: ToolResult, peer: ToolResult): string {
  const ratio = (a: number, b: number): string => (b > 0 ? (a / b).toFixed(2) : 'n/a');
  return [
    `${ours.tool} / ${peer.tool}:`,
    `wall ${ratio(ours.summary.wallS, peer.summary.wallS)} (target <= 0.50, goal 0.33),`,
    `CPU ${ratio(ours.summary.cpuS, peer.summary.cpuS)},`,
    `peak RSS ${ratio(ours.summary.peakRssMb, peer.summary.peakRssMb)} (target <= 1.00)`,
  ].join(' ');
}

/**
 * MB/s per corpus and tool, by wall time and by CPU time: flat across sizes means time grows
 * linearly with input. The CPU figure (MB per CPU second) holds up better on a shared machine.
 */
export function formatThroughput(
  corpora: readonly { name: string; bytes: number; results: readonly ToolResult[] }[],
): string {
  const tools = [...new Set(corpora.flatMap((corpus) => corpus.results.map((r) => r.tool)))];
  const rate = (bytes: number, seconds: number | undefined): string =>
    seconds === undefined || seconds <= 0 ? '-' : (bytes / 1e6 / seconds).toFixed(2);
  const rows = tools.map((tool) => [
    tool,
    ...corpora.map((corpus) => {
      const result = corpus.results.find((r) => r.tool === tool);
      return `${rate(corpus.bytes, result?.summary.wallS)} / ${rate(corpus.bytes, result?.summary.cpuS)}`;
    }),
  ]);
  const header = [
    'MB/s by wall / by CPU',
    ...corpora.map((c) => `${c.name} (${(c.bytes / 1e6).toFixed(1)} MB)`),
  ];
  return formatTable(header, rows);
}
