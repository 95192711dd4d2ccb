import type { Bundle } from '../core/assemble-bundle.js';

export interface PackSummary {
  readonly source: string;
  readonly outDir: string | null;
  readonly files: number;
  readonly skipped: number;
  readonly skippedByReason: Readonly<Record<string, number>>;
  readonly lines: number;
  readonly tokens: number;
  readonly chunks: number;
  readonly outputTokens: number;
  readonly bytes: number;
  readonly durationMs: number;
  readonly notes: readonly string[];
}

export function summarize(
  bundle: Bundle,
  source: string,
  outDir: string | null,
  durationMs: number,
): PackSummary {
  const stats = bundle.statistics;
  return {
    source,
    outDir,
    files: stats.files,
    skipped: stats.skippedFiles,
    skippedByReason: stats.skippedByReason,
    lines: stats.lines,
    tokens: stats.tokens,
    chunks: stats.chunks,
    outputTokens: stats.outputTokens,
    bytes: stats.bytes,
    durationMs: Math.round(durationMs),
    notes: bundle.notes,
  };
}

const number = new Intl.NumberFormat('en-US');

export function formatSummary(summary: PackSummary): string {
  const reasons = Object.entries(summary.skippedByReason)
    .sort((a, b) => b[1] - a[1])
    .map(([reason, count]) => `${reason} ${number.format(count)}`)
    .join(', ');
  const lines = [
    `Packed ${number.format(summary.files)} files (${number.format(summary.lines)} lines, ${number.format(summary.tokens)} tokens) into ${summary.chunks} chunk${summary.chunks === 1 ? '' : 's'} in ${(summary.durationMs / 1000).toFixed(2)} s`,
    `Skipped ${number.format(summary.skipped)} files${reasons ? `: ${reasons}` : ''}`,
    `Output: ${number.format(summary.outputTokens)} tokens${summary.outDir ? ` in ${summary.outDir}` : ''}`,
    ...summary.notes.map((note) => `Note: ${note}`),
  ];
  return lines.join('\n');
}
