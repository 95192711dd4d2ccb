import { creditsForLines, LINES_PER_CREDIT, type JobCreditType } from '@repobundle/contract';
import { FALLBACK_PACKS, FALLBACK_PLANS, ROLE_LABELS } from '../plans.js';

// The summary bar's figures. Lines and tokens are counted exactly in the browser (a worker
// inflates each selected file) with the server's own line rule, so the credits shown are the
// credits the server reserves. Until a file is counted its lines are estimated from its size.

export const BYTES_PER_LINE = 120;
export { creditsForLines, LINES_PER_CREDIT };
export const DOLLARS_PER_CREDIT = 0.1;

/** Lines of one file: counted when its content was read, else its size at 120 bytes a line. */
export function estimateFileLines(size: number, knownLines?: number): number {
  if (knownLines !== undefined) return knownLines;
  return size === 0 ? 0 : Math.ceil(size / BYTES_PER_LINE);
}

export function dollarsForCredits(credits: number): number {
  return Math.round(credits * DOLLARS_PER_CREDIT * 100) / 100;
}

export interface SelectionEstimate {
  files: number;
  bytes: number;
  lines: number;
  /** True when every selected file's lines were counted (else `lines` is partly estimated). */
  linesExact: boolean;
  /** Tokens of the files counted so far. */
  tokens: number;
  /** True when every selected file's tokens were counted. */
  tokensExact: boolean;
  /** Selected files counted so far. */
  counted: number;
  credits: number;
  dollars: number;
}

export interface EstimateInput {
  size: number;
  /** Exact lines when known. */
  knownLines?: number;
  /** Exact tokens when known. */
  tokens?: number;
}

export function estimateSelection(files: ReadonlyArray<EstimateInput>): SelectionEstimate {
  let bytes = 0;
  let lines = 0;
  let tokens = 0;
  let linesKnown = 0;
  let counted = 0;
  for (const file of files) {
    bytes += file.size;
    lines += estimateFileLines(file.size, file.knownLines);
    if (file.knownLines !== undefined) linesKnown++;
    if (file.tokens !== undefined) {
      tokens += file.tokens;
      counted++;
    }
  }
  const credits = files.length === 0 ? 0 : creditsForLines(lines);
  return {
    files: files.length,
    bytes,
    lines,
    linesExact: linesKnown === files.length,
    tokens,
    tokensExact: counted === files.length,
    counted,
    credits,
    dollars: dollarsForCredits(credits),
  };
}

/** Lines in a text: what a job counts (a last line without a newline still counts). */
export function countLines(text: string): number {
  if (text.length === 0) return 0;
  let lines = 0;
  let at = text.indexOf('\n');
  while (at !== -1) {
    lines++;
    at = text.indexOf('\n', at + 1);
  }
  return text.endsWith('\n') ? lines : lines + 1;
}

/** What a credit costs this person, and on what basis the figure is given. */
export interface CreditPrice {
  perCredit: number;
  basis: string;
}

/**
 * Monthly credits cost the plan's price over its credits (nothing on Free); purchased credits
 * cost what the smallest credit pack charges per credit. Without either, the list price, said so.
 */
export function creditPrice(plan: string, creditType: JobCreditType): CreditPrice {
  if (creditType === 'purchased') {
    const pack = FALLBACK_PACKS[0];
    if (pack) return { perCredit: pack.price / pack.tokens, basis: 'at credit-pack price' };
  }
  const known = FALLBACK_PLANS.find((entry) => entry.id === plan);
  if (known && known.price_usd === 0) {
    return { perCredit: 0, basis: `included in ${ROLE_LABELS[plan] ?? known.name}` };
  }
  if (known && known.credits_per_month) {
    return {
      perCredit: known.price_usd / known.credits_per_month,
      basis: `at your ${ROLE_LABELS[plan] ?? known.name} rate`,
    };
  }
  return { perCredit: DOLLARS_PER_CREDIT, basis: 'list price' };
}
