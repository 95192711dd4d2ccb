import { creditsForLines, LINES_PER_CREDIT, type JobCreditType } from '@repobundle/contract';
import type { CreditPack } from '@repobundle/contract';
import type { Plan } from '@repobundle/contract';
import { ROLE_LABELS } from '../../../lib/plans.js';

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
  /** Checked files the job would leave out (.gitignore, custom patterns). */
  ignored?: number;
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

/** The price without the person's plan or packs, labelled so. */
export const LIST_PRICE: CreditPrice = { perCredit: DOLLARS_PER_CREDIT, basis: 'list price' };

/** The prices the server lists: GET /payments/plans and GET /payments/token-packs. */
export interface PriceList {
  plans?: readonly Plan[] | undefined;
  packs?: readonly CreditPack[] | undefined;
}

/**
 * What a credit costs this person, from the server's price list: monthly credits cost the plan's
 * price over its credits for the person's billing cycle (nothing on a free plan); purchased
 * credits cost what the smallest credit pack charges per credit. Until the list has loaded (or
 * when it lacks the plan), the list price, said so.
 */
export function creditPrice(
  planId: string,
  cycle: string | null | undefined,
  creditType: JobCreditType,
  prices: PriceList,
): CreditPrice {
  if (creditType === 'purchased') {
    const pack = [...(prices.packs ?? [])].sort((a, b) => a.tokens - b.tokens)[0];
    if (pack && pack.tokens > 0) {
      return { perCredit: pack.price / pack.tokens, basis: 'at credit-pack price' };
    }
    return LIST_PRICE;
  }
  const plan = prices.plans?.find((entry) => entry.id === planId);
  if (!plan) return LIST_PRICE;
  const label = ROLE_LABELS[plan.id] ?? plan.name;
  if (plan.price_usd === 0) return { perCredit: 0, basis: `included in ${label}` };
  const yearly = cycle === 'yearly' ? yearlyRate(plan) : undefined;
  if (yearly !== undefined) return { perCredit: yearly, basis: `at your ${label} yearly rate` };
  if (typeof plan.price_usd === 'number' && plan.credits_per_month) {
    return { perCredit: plan.price_usd / plan.credits_per_month, basis: `at your ${label} rate` };
  }
  return LIST_PRICE;
}

/** A yearly plan's price per credit: its yearly price over twelve months of its credits. */
function yearlyRate(plan: Plan): number | undefined {
  const price = plan.price_usd_yearly;
  const credits = plan.credits_per_month_yearly;
  if (typeof price !== 'number' || typeof credits !== 'number' || credits <= 0) return undefined;
  return price / (credits * 12);
}
