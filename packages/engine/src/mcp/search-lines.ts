import { findBacktrackingRisk } from '../core/transform/secrets/pattern-safety.js';

/**
 * A regular-expression search over a bundle's files, shaped for a model's context: matches by
 * line with a few lines of context, long lines shortened around the match, `--` between blocks.
 */
export const MAX_SEARCH_PATTERN_LENGTH = 1000;
/** Longest line shown whole; longer ones are shown around their first match. */
export const MAX_SHOWN_LINE = 200;

export class SearchPatternError extends Error {}

/** One matching line of one file (1-based). */
export interface SearchHit {
  readonly path: string;
  readonly line: number;
}

/**
 * The pattern compiled, or a SearchPatternError saying why not in a sentence: it does not
 * compile, is too long, or has a shape whose backtracking can take exponential time.
 */
export function compileSearchPattern(source: string, ignoreCase: boolean): RegExp {
  if (source.length === 0) throw new SearchPatternError('The pattern is empty.');
  if (source.length > MAX_SEARCH_PATTERN_LENGTH) {
    throw new SearchPatternError(
      `The pattern is longer than ${MAX_SEARCH_PATTERN_LENGTH} characters.`,
    );
  }
  let compiled: RegExp;
  try {
    compiled = new RegExp(source, ignoreCase ? 'i' : '');
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new SearchPatternError(
      `The pattern /${source}/ is not a valid regular expression (JavaScript syntax): ${reason}.`,
    );
  }
  const risk = findBacktrackingRisk(source);
  if (risk) {
    throw new SearchPatternError(`The pattern /${source}/ could take too long to run: ${risk}.`);
  }
  return compiled;
}

/** The 1-based numbers of the lines of `text` that `pattern` matches. */
export function matchingLines(text: string, pattern: RegExp): number[] {
  const found: number[] = [];
  splitLines(text).forEach((line, index) => {
    if (pattern.test(line)) found.push(index + 1);
  });
  return found;
}

export function splitLines(text: string): string[] {
  const lines = text.split('\n');
  if (lines.length > 1 && lines[lines.length - 1] === '') lines.pop();
  return lines;
}

/**
 * Hits of one file as blocks in the manner of grep -n: `12:` a matching line, `11-` a line of
 * context; blocks whose context touches are merged, separate ones divided by `--`.
 */
export function renderFileHits(
  lines: readonly string[],
  hitLines: readonly number[],
  context: number,
  pattern: RegExp,
): string {
  const hits = new Set(hitLines);
  const blocks: Array<[number, number]> = [];
  for (const line of hitLines) {
    const from = Math.max(1, line - context);
    const to = Math.min(lines.length, line + context);
    const last = blocks[blocks.length - 1];
    if (last && from <= last[1] + 1) last[1] = Math.max(last[1], to);
    else blocks.push([from, to]);
  }
  return blocks
    .map(([from, to]) => {
      const shown: string[] = [];
      for (let number = from; number <= to; number++) {
        const isHit = hits.has(number);
        const text = shortenLine(lines[number - 1] ?? '', isHit ? pattern : undefined);
        shown.push(`${number}${isHit ? ':' : '-'}${text}`);
      }
      return shown.join('\n');
    })
    .join('\n--\n');
}

/** A line cut to MAX_SHOWN_LINE characters, around the first match when there is one. */
function shortenLine(line: string, pattern: RegExp | undefined): string {
  if (line.length <= MAX_SHOWN_LINE) return line;
  const at = pattern ? Math.max(0, line.search(pattern)) : 0;
  const start = Math.max(0, Math.min(at - 60, line.length - MAX_SHOWN_LINE));
  const end = start + MAX_SHOWN_LINE;
  return `${start > 0 ? '…' : ''}${line.slice(start, end)}${end < line.length ? '…' : ''}`;
}
