// Tables and target checks for bench/chunking.ts.
import type { ChunkingFigures } from './chunking-figures.js';
import { formatTable } from './report.js';

/** One row per strategy of one file set and limit. */
export function formatChunkingTable(rows: readonly ChunkingFigures[]): string {
  return formatTable(
    [
      'strategy',
      'files',
      'chunks',
      'util %',
      'boundary %',
      'context %',
      'cuts in files',
      'on syntax %',
      'in-line cuts',
      'split defs',
      'oversized defs',
      'chunk s',
    ],
    rows.map((row) => [
      row.strategy,
      String(row.files),
      String(row.chunks),
      row.utilization.toFixed(1),
      row.boundaryScore.toFixed(1),
      row.contextScore.toFixed(1),
      String(row.innerCuts),
      row.innerCutsOnSyntax.toFixed(1),
      String(row.innerCutsInLine),
      String(row.splitDefinitions),
      String(row.oversizedDefinitions),
      row.chunkSeconds.toFixed(2),
    ]),
  );
}

export interface TargetCheck {
  readonly target: string;
  readonly value: string;
  readonly met: boolean;
}

/**
 * The targets for `semantic` on files that parse: boundary_score >= 95%, no definition
 * that fits cut in two, mean utilization >= 70% of the limit on files larger than it.
 */
export function checkTargets(
  parsed: ChunkingFigures | undefined,
  large: ChunkingFigures | undefined,
): TargetCheck[] {
  const checks: TargetCheck[] = [];
  if (parsed) {
    checks.push({
      target: `boundary_score >= 95% (semantic, files that parse, limit ${parsed.limit})`,
      value: `${parsed.boundaryScore.toFixed(1)}%`,
      met: parsed.boundaryScore >= 95,
    });
    checks.push({
      target: `0 definitions that fit cut in two (semantic, files that parse, limit ${parsed.limit})`,
      value: String(parsed.splitDefinitions),
      met: parsed.splitDefinitions === 0,
    });
  }
  if (large) {
    checks.push({
      target: `utilization >= 70% (semantic, files larger than ${large.limit} tokens)`,
      value: large.files === 0 ? 'no such file' : `${large.utilization.toFixed(1)}%`,
      met: large.files === 0 || large.utilization >= 70,
    });
    checks.push({
      target: `cuts inside files on syntax boundaries (semantic, files larger than ${large.limit})`,
      value: `${large.innerCutsOnSyntax.toFixed(1)}% of ${large.innerCuts}; of the ${large.innerCutsOffBoundary} others, ${large.innerCutsInLine} inside lines longer than a chunk`,
      met: large.innerCutsOnSyntax >= 95,
    });
  }
  return checks;
}

export function formatTargets(checks: readonly TargetCheck[]): string {
  return checks
    .map((check) => `- ${check.met ? 'met ' : 'MISS'} ${check.target}: ${check.value}`)
    .join('\n');
}
