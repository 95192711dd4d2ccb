import type { Bundle } from '../core/assemble-bundle.js';
import { describeSecrets } from '../core/transform/secrets/secret-report.js';

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
  // The secret fields are snake_case: `secrets_found` is the documented contract name.
  /** Likely secrets by type, found whether or not they were redacted. */
  readonly secrets_found: Readonly<Record<string, number>>;
  /** Files holding at least one likely secret. */
  readonly secret_files: number;
  /** Of `secrets_found`, those of low confidence (a failed checksum, a key file by its name). */
  readonly secrets_low_confidence: Readonly<Record<string, number>>;
  readonly secrets_redacted: boolean;
  /** How to redact them, when some were found and left in the output; else null. */
  readonly secrets_hint: string | null;
  /** Files holding a private key: always warned about. */
  readonly private_key_files: readonly string[];
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
    secrets_found: bundle.secrets.found,
    secret_files: bundle.secrets.files,
    secrets_low_confidence: bundle.secrets.lowConfidence,
    secrets_redacted: bundle.secrets.redacted,
    secrets_hint: bundle.secrets.hint,
    private_key_files: bundle.secrets.privateKeyFiles,
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
    ...describeSecrets({
      redacted: summary.secrets_redacted,
      files: summary.secret_files,
      found: summary.secrets_found,
      lowConfidence: summary.secrets_low_confidence,
      entries: [],
      privateKeyFiles: summary.private_key_files,
      hint: summary.secrets_hint,
    }),
    ...summary.notes.map((note) => `Note: ${note}`),
  ];
  return lines.join('\n');
}
