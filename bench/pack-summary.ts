/** The fields of `repobundle pack --json` the bench relies on (docs/cli.md). */
export interface PackSummaryFigures {
  readonly files: number;
  readonly skipped: number;
  readonly lines: number;
  /** Sum of per-file token counts. */
  readonly tokens: number;
  readonly chunks: number;
  readonly outputTokens: number;
  readonly durationMs: number;
}

const REQUIRED = [
  'files',
  'skipped',
  'lines',
  'tokens',
  'chunks',
  'outputTokens',
  'durationMs',
] as const;

/** The summary is one JSON object on stdout; take the last line that parses as one. */
export function parsePackSummary(stdout: string): PackSummaryFigures {
  const lines = stdout.trim().split('\n').reverse();
  for (const line of lines) {
    let value: unknown;
    try {
      value = JSON.parse(line);
    } catch {
      continue;
    }
    if (typeof value !== 'object' || value === null) continue;
    const record = value as Record<string, unknown>;
    const missing = REQUIRED.filter((key) => typeof record[key] !== 'number');
    if (missing.length > 0) {
      throw new Error(`repobundle --json summary lacks numeric ${missing.join(', ')}`);
    }
    return Object.fromEntries(
      REQUIRED.map((key) => [key, record[key]]),
    ) as unknown as PackSummaryFigures;
  }
  throw new Error('repobundle printed no JSON summary on stdout');
}
