/** One tool's result on one file: tokens before and after, syntax errors of the result. */
export interface CompressOutcome {
  readonly before: number;
  readonly after: number;
  /** Syntax errors (tree-sitter ERROR and MISSING nodes) in the compressed text. */
  readonly errors: number;
  /** Our file note when the file was kept whole; undefined for repomix. */
  readonly keptWhole?: boolean;
}

export interface CompressTally {
  files: number;
  before: number;
  after: number;
  /** Files whose result has more syntax errors than the original. */
  invalid: number;
  /** Syntax errors added over all files (result minus original, where more). */
  addedErrors: number;
  keptWhole: number;
}

export const emptyCompressTally = (): CompressTally => ({
  files: 0,
  before: 0,
  after: 0,
  invalid: 0,
  addedErrors: 0,
  keptWhole: 0,
});

/** Adds one file, given the syntax errors of its original text. */
export function addCompressOutcome(
  tally: CompressTally,
  outcome: CompressOutcome,
  originalErrors: number,
): void {
  tally.files += 1;
  tally.before += outcome.before;
  tally.after += outcome.after;
  const added = outcome.errors - originalErrors;
  if (added > 0) {
    tally.invalid += 1;
    tally.addedErrors += added;
  }
  if (outcome.keptWhole) tally.keptWhole += 1;
}

/** Tokens saved as a percentage of the tokens before, one decimal. */
export function savedShare(tally: CompressTally): string {
  if (tally.before === 0) return '-';
  return `${((100 * (tally.before - tally.after)) / tally.before).toFixed(1)}%`;
}

/** Files whose result parses as well as the original, as a percentage. */
export function validShare(tally: CompressTally): string {
  if (tally.files === 0) return '-';
  return `${((100 * (tally.files - tally.invalid)) / tally.files).toFixed(1)}%`;
}
