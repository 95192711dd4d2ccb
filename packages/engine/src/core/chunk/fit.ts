import type { ProcessedFile } from '../types.js';
import { at, lineAt } from './line-index.js';
import type { ChunkCostModel } from './strategy.js';

/** How far a span reaches and what its content costs (wrappers excluded). */
export interface Fit {
  readonly end: number;
  readonly cost: number;
}

/**
 * The furthest line end from `start` whose content costs at most `budget`. `start` may lie inside a
 * line (after a cut inside a long line): the rest of that line is taken whole or not at all.
 * Returns `end === start` when not even one line fits.
 */
export function fitLines(
  cost: ChunkCostModel,
  file: ProcessedFile,
  start: number,
  budget: number,
): Fit {
  const starts = cost.lineStarts(file);
  const lines = starts.length - 1;
  let line = lineAt(starts, start);
  let used = 0;
  if (line < lines && at(starts, line) !== start) {
    const rest = restOfLineCost(cost, file, starts, line, start, budget);
    if (rest > budget) return { end: start, cost: 0 };
    used = rest;
    line++;
  }
  // Largest `last` with linesCost(line, last) <= budget - used; prices only grow with `last`.
  let low = line;
  let high = lines;
  while (low < high) {
    const middle = (low + high + 1) >> 1;
    if (cost.linesCost(file, line, middle) <= budget - used) low = middle;
    else high = middle - 1;
  }
  if (low === line && used === 0) return { end: start, cost: 0 };
  return { end: at(starts, low), cost: used + cost.linesCost(file, line, low) };
}

/** Cost of the rest of a line from `start`, or `Infinity` when a cheap estimate shows it cannot fit. */
function restOfLineCost(
  cost: ChunkCostModel,
  file: ProcessedFile,
  starts: Uint32Array,
  line: number,
  start: number,
  budget: number,
): number {
  const lineStart = at(starts, line);
  const lineEnd = at(starts, line + 1);
  const fitted = fitRestOfLine(cost, file, start, lineEnd, budget);
  if (fitted) return fitted.length === lineEnd - start ? fitted.tokens : Number.POSITIVE_INFINITY;
  const estimate =
    (cost.linesCost(file, line, line + 1) * (lineEnd - start)) / (lineEnd - lineStart);
  // Tokenizing the rest of a megabyte line once per window would be quadratic: skip hopeless ones.
  if (estimate > budget * 2 + 64) return Number.POSITIVE_INFINITY;
  return cost.textCost(file.content.slice(start, lineEnd));
}

/**
 * Cuts the line holding `start` inside, taking the longest prefix from `start` that costs at most
 * `budget`. Never splits a surrogate pair. Returns `end === start` when not even one code point fits.
 */
export function cutInsideLine(
  cost: ChunkCostModel,
  file: ProcessedFile,
  start: number,
  budget: number,
): Fit {
  const starts = cost.lineStarts(file);
  const line = lineAt(starts, start);
  const lineStart = at(starts, line);
  const text = file.content.slice(start, at(starts, line + 1));
  // One tokenizer pass finds the cut, unless the first pre-token alone is over the budget.
  const fitted = fitRestOfLine(cost, file, start, start + text.length, budget);
  if (fitted && fitted.length > 0) return { end: start + fitted.length, cost: fitted.tokens };
  const perChar =
    Math.max(cost.linesCost(file, line, line + 1), 1) /
    Math.max(text.length + start - lineStart, 1);

  // Interpolation search between a length known to fit (`good`) and one known not to (`bad`).
  let good = 0;
  let goodCost = 0;
  let bad = text.length + 1;
  let guess = Math.floor((budget / perChar) * 0.9);
  for (let step = 0; step < 40 && bad - good > 1; step++) {
    let length = safeCut(text, clamp(guess, good + 1, bad - 1));
    if (length <= good || length >= bad) length = safeCut(text, good + Math.ceil((bad - good) / 2));
    if (length <= good || length >= bad) break;
    const price = cost.textCost(text.slice(0, length));
    if (price <= budget) {
      good = length;
      goodCost = price;
      if (price >= budget * 0.97) break;
      guess = Math.floor((length * budget) / Math.max(price, 1));
    } else {
      bad = length;
      guess = Math.floor((length * budget) / price);
    }
  }
  return { end: start + good, cost: goodCost };
}

const lastFits = new WeakMap<
  ProcessedFile,
  { start: number; end: number; budget: number; fitted: { length: number; tokens: number } }
>();

/**
 * Per file, cuts made inside a line with the tokens of the line (taken alone) before them: a cut
 * at a pre-token boundary is where the next fit on that line starts, and the line's marks
 * (ProcessedFile.lineMarks) apply from there.
 */
const lineCuts = new WeakMap<ProcessedFile, Map<number, number>>();

/**
 * Per file, what the fits inside lines measured: by start offset, each end a fit found from there
 * with the tokens of the pre-tokens between, as the rest of the line splits them. That is the
 * count of the text between taken alone where it ends its line, or ends cleanly (its last
 * pre-tokens stand the same with nothing after them): the chunk stage checks which, and prices
 * such a piece without counting it again (see count-chunk.ts).
 */
const fittedPieces = new WeakMap<ProcessedFile, Map<number, Map<number, number>>>();

/** Tokens a fit inside a line measured for content[start, end), as the rest of the line splits it. */
export function fittedTokens(file: ProcessedFile, start: number, end: number): number | undefined {
  return fittedPieces.get(file)?.get(start)?.get(end);
}

function rememberFit(file: ProcessedFile, start: number, end: number, tokens: number): void {
  let byStart = fittedPieces.get(file);
  if (!byStart) fittedPieces.set(file, (byStart = new Map()));
  let ends = byStart.get(start);
  if (!ends) byStart.set(start, (ends = new Map()));
  ends.set(end, tokens);
}

/**
 * `cost.fitText` over content[start, end), the rest of a line, remembering the last answer per
 * file: a line longer than a window is asked about several times at the same cut (does the rest
 * fit beside the previous window? in a new one, with a larger budget? then where to cut), and
 * each ask would tokenize up to a whole budget. A marked line goes on from its last mark within
 * the budget.
 */
function fitRestOfLine(
  cost: ChunkCostModel,
  file: ProcessedFile,
  start: number,
  end: number,
  budget: number,
): { length: number; tokens: number } | undefined {
  if (!cost.fitText) return undefined;
  const last = lastFits.get(file);
  const sameText = last !== undefined && last.start === start && last.end === end;
  if (sameText && last.budget === budget) return last.fitted;
  const before = tokensBeforeCut(cost, file, start, end);
  const mark =
    before !== undefined && file.lineMarks
      ? lastMarkWithin(file.lineMarks, start, end, before + budget)
      : undefined;
  const after = mark && { length: mark.offset - start, tokens: mark.tokens - before! };
  const fitted = cost.fitText(file.content.slice(start, end), budget, after);
  lastFits.set(file, { start, end, budget, fitted });
  if (fitted.length > 0) rememberFit(file, start, start + fitted.length, fitted.tokens);
  if (before !== undefined && fitted.length > 0 && start + fitted.length < end) {
    let cuts = lineCuts.get(file);
    if (!cuts) lineCuts.set(file, (cuts = new Map()));
    cuts.set(start + fitted.length, before + fitted.tokens);
  }
  return fitted;
}

/**
 * Tokens of the line holding `start`, taken alone, before `start`, when `start` is its start or a
 * cut a fit made, and `end` its end; undefined otherwise.
 */
function tokensBeforeCut(
  cost: ChunkCostModel,
  file: ProcessedFile,
  start: number,
  end: number,
): number | undefined {
  const starts = cost.lineStarts(file);
  const line = lineAt(starts, start);
  if (at(starts, line + 1) !== end) return undefined;
  return at(starts, line) === start ? 0 : lineCuts.get(file)?.get(start);
}

/** The last mark in (start, end) with at most `tokens` before it, by binary search. */
function lastMarkWithin(
  marks: Uint32Array,
  start: number,
  end: number,
  tokens: number,
): { offset: number; tokens: number } | undefined {
  const pairs = marks.length >> 1;
  // First mark after `start`.
  let low = 0;
  let high = pairs;
  while (low < high) {
    const middle = (low + high) >> 1;
    if (at(marks, middle * 2) <= start) low = middle + 1;
    else high = middle;
  }
  // From there, a line's marks have growing offsets and tokens: the last within both bounds.
  const first = low;
  high = pairs;
  while (low < high) {
    const middle = (low + high) >> 1;
    if (at(marks, middle * 2) < end && at(marks, middle * 2 + 1) <= tokens) low = middle + 1;
    else high = middle;
  }
  if (low === first) return undefined;
  return { offset: at(marks, (low - 1) * 2), tokens: at(marks, (low - 1) * 2 + 1) };
}

/** Moves a cut back by one when it would fall between a high and a low surrogate. */
function safeCut(text: string, length: number): number {
  if (length <= 0 || length >= text.length) return length;
  const before = text.charCodeAt(length - 1);
  const after = text.charCodeAt(length);
  const splitsPair = before >= 0xd800 && before <= 0xdbff && after >= 0xdc00 && after <= 0xdfff;
  if (!splitsPair) return length;
  // A pair at the very start cannot move back: take the whole pair instead.
  return length === 1 ? 2 : length - 1;
}

function clamp(value: number, low: number, high: number): number {
  return Math.min(Math.max(value, low), high);
}
