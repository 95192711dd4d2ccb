import type { PackLevel } from '@repobundle/contract/models';
import type { BudgetReport, BundleOutput } from '../core/assemble-bundle.js';
import type { ModelFit } from '../core/model-fit.js';
import { describeModelFit } from '../core/model-fit.js';
import { describeSecrets } from '../core/transform/secrets/secret-report.js';
import type { TopFile, TreeRow } from './token-report.js';
import { formatTokenTree, formatTopFiles, tokenTree, topFiles } from './token-report.js';

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
  /** Files whose result came from the result cache instead of being processed again. */
  readonly cachedFiles: number;
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
  /** Files where a requested step could not apply, with the reason (also in the overview). */
  readonly fileNotes: readonly { readonly path: string; readonly note: string }[];
  /** The largest files by tokens (--top-files). */
  readonly topFiles: readonly TopFile[];
  /** Folders and files with their tokens (--token-tree), when asked. */
  readonly tokenTree?: readonly TreeRow[];
  /** With --model: the output's tokens for the model and whether they fit its window. */
  readonly model?: ModelFit;
  /** With --token-budget or --fit: the budget, what the bundle used, files per level. */
  readonly budget?: BudgetReport;
  /** With a budget: every file with the level it was packed at and why. */
  readonly file_levels?: readonly {
    readonly path: string;
    readonly level: PackLevel;
    readonly tokens: number;
    readonly reason: string;
  }[];
}

export interface SummaryExtras {
  readonly topFiles: number;
  readonly tokenTree: number | undefined;
  /** Run-level notes of the CLI itself (clipboard, single-file layout). */
  readonly notes: readonly string[];
  /** Files whose result came from the cache. */
  readonly cachedFiles?: number;
}

export function summarize(
  bundle: BundleOutput,
  source: string,
  outDir: string | null,
  durationMs: number,
  extras: SummaryExtras = { topFiles: 0, tokenTree: undefined, notes: [] },
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
    secrets_found: bundle.secrets.found,
    secret_files: bundle.secrets.files,
    secrets_low_confidence: bundle.secrets.lowConfidence,
    secrets_redacted: bundle.secrets.redacted,
    secrets_hint: bundle.secrets.hint,
    private_key_files: bundle.secrets.privateKeyFiles,
    cachedFiles: extras.cachedFiles ?? 0,
    notes: [...bundle.notes, ...extras.notes],
    topFiles: topFiles(bundle.files, extras.topFiles),
    ...(extras.tokenTree !== undefined && { tokenTree: tokenTree(bundle.files, extras.tokenTree) }),
    ...(bundle.model && { model: bundle.model }),
    ...(bundle.budget && {
      budget: bundle.budget,
      file_levels: bundle.files.map((file) => ({
        path: file.path,
        level: file.level ?? 'full',
        tokens: file.tokens,
        reason: file.levelReason ?? '',
      })),
    }),
    fileNotes: bundle.files.flatMap((file) =>
      file.notes.map((note) => ({ path: file.path, note })),
    ),
  };
}

const number = new Intl.NumberFormat('en-US');

export function formatSummary(summary: PackSummary): string {
  const reasons = Object.entries(summary.skippedByReason)
    .sort((a, b) => b[1] - a[1])
    .map(([reason, count]) => `${reason} ${number.format(count)}`)
    .join(', ');
  const lines = [
    `Packed ${number.format(summary.files)} files (${number.format(summary.lines)} lines, ${number.format(summary.tokens)} tokens) into ${summary.chunks} chunk${summary.chunks === 1 ? '' : 's'} in ${(summary.durationMs / 1000).toFixed(2)} s${summary.cachedFiles > 0 ? ` (${number.format(summary.cachedFiles)} from the cache)` : ''}`,
    `Skipped ${number.format(summary.skipped)} files${reasons ? `: ${reasons}` : ''}`,
    `Output: ${number.format(summary.outputTokens)} tokens${summary.outDir ? ` in ${summary.outDir}` : ''}`,
    ...(summary.model ? [`Model: ${describeModelFit(summary.model)}`] : []),
    ...(summary.budget ? [describeBudget(summary.budget)] : []),
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
    ...describeFileNotes(summary.fileNotes),
    ...formatTopFiles(summary.topFiles),
    ...formatTokenTree(summary.tokenTree ?? []),
  ];
  return lines.join('\n');
}

function describeBudget(budget: BudgetReport): string {
  const levels = Object.entries(budget.levels)
    .map(([level, count]) => `${level} ${number.format(count)}`)
    .join(', ');
  // For an estimated model the run counts with another tokenizer: say how the two budgets relate.
  const estimated =
    budget.counted_limit === budget.tokens
      ? ''
      : ` (counted tokens; the limit keeps the estimate within ${number.format(budget.tokens)} at the top of its band)`;
  return `Budget: ${number.format(budget.used)} of ${number.format(budget.counted_limit)} tokens used by the overview and chunks${estimated}; files by level: ${levels}`;
}

/** Shown in full up to this many; the overview's Notes section lists every one. */
const FILE_NOTES_SHOWN = 10;

function describeFileNotes(notes: PackSummary['fileNotes']): string[] {
  if (notes.length === 0) return [];
  const files = new Set(notes.map((entry) => entry.path)).size;
  const lines = [
    `Notes on ${number.format(files)} file${files === 1 ? '' : 's'} (a requested step could not apply):`,
    ...notes.slice(0, FILE_NOTES_SHOWN).map((entry) => `  ${entry.path}: ${entry.note}`),
  ];
  if (notes.length > FILE_NOTES_SHOWN) {
    lines.push(`  ... and ${number.format(notes.length - FILE_NOTES_SHOWN)} more in the overview`);
  }
  return lines;
}
