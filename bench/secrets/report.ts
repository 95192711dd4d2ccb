// Text tables for the secrets bench.
import type { Detection, Detector } from './detectors.js';
import type { Score } from './score.js';

/** A detector's median times over the timed passes. */
export interface Measured {
  readonly detector: Detector;
  readonly seconds: number;
  readonly cpuSeconds: number;
}

const percent = (value: number): string => `${(value * 100).toFixed(1)}%`;
const rate = (megabytes: number, seconds: number): string => (megabytes / seconds).toFixed(2);

function table(header: readonly string[], rows: readonly (readonly string[])[]): string {
  const widths = header.map((cell, i) =>
    Math.max(cell.length, ...rows.map((row) => (row[i] ?? '').length)),
  );
  const line = (cells: readonly string[]): string =>
    `| ${cells.map((cell, i) => (i === 0 ? cell.padEnd(widths[i] ?? 0) : cell.padStart(widths[i] ?? 0))).join(' | ')} |`;
  return [
    line(header),
    `|${widths.map((width) => '-'.repeat(width + 2)).join('|')}|`,
    ...rows.map(line),
  ].join('\n');
}

export function formatScoreTable(
  results: readonly (Measured & { score: Score })[],
  megabytes: number,
): string {
  return table(
    ['planted corpus', 'recall', 'precision', 'found', 'false positives', 'MB/s', 'MB/CPU s'],
    results.map(({ detector, score, seconds, cpuSeconds }) => [
      detector.name,
      percent(score.recall),
      percent(score.precision),
      `${score.found}/${score.planted}`,
      String(score.falsePositives),
      rate(megabytes, seconds),
      rate(megabytes, cpuSeconds),
    ]),
  );
}

/** Types a detector missed at least once, and false positives (first few), per detector. */
export function formatTypeGaps(results: readonly { detector: Detector; score: Score }[]): string {
  const lines: string[] = [];
  for (const { detector, score } of results) {
    const missed = [...score.byType].filter(([, [found, planted]]) => found < planted);
    const full = [...score.byType].filter(([, [found, planted]]) => found === planted).length;
    lines.push(
      `${detector.name}: all planted secrets found for ${full} of ${score.byType.size} types`,
    );
    if (missed.length <= 40) {
      lines.push(
        `  missed: ${missed.map(([type, [found, planted]]) => `${type} ${found}/${planted}`).join(', ') || 'none'}`,
      );
    }
    for (const { path, detection } of score.falsePositiveSamples.slice(0, 10)) {
      lines.push(
        `  false positive: ${path} [${detection.start}, ${detection.end}) ${detection.type}`,
      );
    }
  }
  return lines.join('\n');
}

export function formatCleanTable(
  entries: readonly {
    corpus: string;
    megabytes: number;
    files: number;
    rows: readonly (Measured & { findings: readonly { path: string; detection: Detection }[] })[];
  }[],
): string {
  const rows = entries.flatMap((entry) =>
    entry.rows.map((row) => [
      `${entry.corpus} (${entry.files} files, ${entry.megabytes.toFixed(1)} MB)`,
      row.detector.name,
      rate(entry.megabytes, row.seconds),
      rate(entry.megabytes, row.cpuSeconds),
      row.seconds.toFixed(3),
      String(row.findings.length),
    ]),
  );
  const details = entries.flatMap((entry) =>
    entry.rows.flatMap((row) =>
      row.findings
        .slice(0, 8)
        .map(
          ({ path, detection }) =>
            `  ${row.detector.name}: ${path} [${detection.start}, ${detection.end}) ${detection.type}`,
        ),
    ),
  );
  return [
    table(['clean code', 'detector', 'MB/s', 'MB/CPU s', 'seconds', 'findings'], rows),
    ...details,
  ].join('\n');
}

/**
 * Recall of each detector on the types the last detector (the peer) finds at least once: the
 * comparison on the peer's own ground, beside the overall one.
 */
export function formatSharedRecall(
  results: readonly { detector: Detector; score: Score }[],
): string {
  const peer = results[results.length - 1];
  if (!peer) return '';
  const covered = [...peer.score.byType].filter(([, [found]]) => found > 0).map(([type]) => type);
  const parts = results.map(({ detector, score }) => {
    let found = 0;
    let planted = 0;
    for (const type of covered) {
      const [f, p] = score.byType.get(type) ?? [0, 0];
      found += f;
      planted += p;
    }
    return `${detector.name} ${percent(planted === 0 ? 1 : found / planted)} (${found}/${planted})`;
  });
  return `recall on the ${covered.length} types ${peer.detector.name} covers: ${parts.join(', ')}`;
}
