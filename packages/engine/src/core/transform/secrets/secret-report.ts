import type { ProcessedFile } from '../../types.js';
import { PRIVATE_KEY_RULES } from './rules/private-keys.js';

/** Counted for a file named like a private key (`id_rsa`, `key.pem`) where no key block was recognised. */
export const PRIVATE_KEY_FILE_TYPE = 'private-key-file';

const PRIVATE_KEY_TYPES = new Set([
  ...PRIVATE_KEY_RULES.map((rule) => rule.id),
  'gcp-service-account-key',
  PRIVATE_KEY_FILE_TYPE,
]);

export function isPrivateKeyType(type: string): boolean {
  return PRIVATE_KEY_TYPES.has(type);
}

/** What to do about secrets left in the output: the CLI flag and the job option. */
export const REDACT_HINT =
  'content unchanged: run again with --redact-secrets (job option redact_secrets) to replace them with [REDACTED:<type>] markers';

/** Likely secrets across a bundle: what the summary, the overview and the job report show. */
export interface SecretReport {
  /** True when the values were replaced by markers in the output. */
  readonly redacted: boolean;
  /** Files holding at least one likely secret. */
  readonly files: number;
  /** Findings by type, all confidences. */
  readonly found: Readonly<Record<string, number>>;
  /** Of those, the findings of low confidence, by type. */
  readonly lowConfidence: Readonly<Record<string, number>>;
  /** One row per file, type and confidence, in file order. */
  readonly entries: readonly {
    readonly path: string;
    readonly type: string;
    readonly confidence: 'high' | 'low';
    readonly count: number;
  }[];
  /** Files holding a private key (by a key block or by their name): always warned about. */
  readonly privateKeyFiles: readonly string[];
  /** How to redact, when secrets were found and left in place; null otherwise. */
  readonly hint: string | null;
}

function sortedByCount(counts: Map<string, number>): Record<string, number> {
  return Object.fromEntries(
    [...counts].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0)),
  );
}

/** Adds up the files' per-type counts; never reads their content. */
export function summarizeSecrets(
  files: readonly Pick<ProcessedFile, 'path' | 'secrets'>[],
  redacted: boolean,
): SecretReport {
  const found = new Map<string, number>();
  const low = new Map<string, number>();
  const entries: SecretReport['entries'][number][] = [];
  const privateKeyFiles: string[] = [];
  let withSecrets = 0;
  for (const file of files) {
    if (!file.secrets || file.secrets.length === 0) continue;
    withSecrets++;
    if (file.secrets.some((entry) => isPrivateKeyType(entry.type))) privateKeyFiles.push(file.path);
    for (const entry of file.secrets) {
      entries.push({ path: file.path, ...entry });
      found.set(entry.type, (found.get(entry.type) ?? 0) + entry.count);
      if (entry.confidence === 'low') low.set(entry.type, (low.get(entry.type) ?? 0) + entry.count);
    }
  }
  // A name-only private key file has nothing a rule could replace: it is a warning either way.
  const replaceable = entries.some((entry) => entry.type !== PRIVATE_KEY_FILE_TYPE);
  return {
    redacted,
    files: withSecrets,
    found: sortedByCount(found),
    lowConfidence: sortedByCount(low),
    entries,
    privateKeyFiles,
    hint: !redacted && replaceable ? REDACT_HINT : null,
  };
}

const number = new Intl.NumberFormat('en-US');

/** `github-token 2, rsa-private-key 1`. */
export function formatSecretCounts(counts: Readonly<Record<string, number>>): string {
  return Object.entries(counts)
    .map(([type, count]) => `${type} ${number.format(count)}`)
    .join(', ');
}

/**
 * The report as a few lines for people (CLI summary, overview): how many, which types, whether
 * they were redacted and how to redact them, and the private key warning. Empty when none.
 */
export function describeSecrets(report: SecretReport): string[] {
  const total = Object.values(report.found).reduce((sum, count) => sum + count, 0);
  if (total === 0) return [];
  const low = Object.values(report.lowConfidence).reduce((sum, count) => sum + count, 0);
  const lines = [
    `Likely secrets: ${number.format(total)} in ${number.format(report.files)} file${report.files === 1 ? '' : 's'} (${formatSecretCounts(report.found)})` +
      (low > 0 ? `; ${number.format(low)} of low confidence` : ''),
    report.redacted
      ? 'Secrets: redacted in the output'
      : `Secrets: ${report.hint ?? 'content unchanged'}`,
  ];
  if (report.privateKeyFiles.length > 0)
    lines.push(
      `Warning: private key${report.privateKeyFiles.length === 1 ? '' : 's'} in ${report.privateKeyFiles.join(', ')}`,
    );
  return lines;
}
