import { z } from 'zod';
import type { SecretFinding } from './find-secrets.js';
import { findBacktrackingRisk } from './pattern-safety.js';
import type { CompiledRule } from './secret-rule.js';
import { compileRule } from './secret-rule.js';

export const CUSTOM_SECRET_TYPE = 'custom';
export const MAX_CUSTOM_PATTERNS = 50;
export const MAX_CUSTOM_PATTERN_LENGTH = 1000;
/** Lines longer than this are searched in overlapping windows of this size. */
export const CUSTOM_WINDOW = 1024;
/** A match up to this long is still found when it straddles two windows. */
const WINDOW_OVERLAP = 256;
export const DEFAULT_CUSTOM_TIME_BUDGET_MS = 250;

/** Why a user pattern is refused, or undefined when it can be used. */
export function findCustomPatternProblem(source: string): string | undefined {
  if (source.length === 0) return 'the pattern is empty';
  if (source.length > MAX_CUSTOM_PATTERN_LENGTH) {
    return `the pattern is longer than ${MAX_CUSTOM_PATTERN_LENGTH} characters`;
  }
  let compiled: RegExp;
  try {
    compiled = new RegExp(source);
  } catch (error) {
    return `the pattern does not compile: ${error instanceof Error ? error.message : String(error)}`;
  }
  if (compiled.test('')) return 'the pattern matches empty text';
  return findBacktrackingRisk(source);
}

/** One custom pattern as the options schema checks it. */
export const customSecretPatternSchema = z.string().superRefine((source, context) => {
  const problem = findCustomPatternProblem(source);
  if (problem) context.addIssue({ code: 'custom', message: `/${source}/: ${problem}` });
});

export const customSecretPatternsSchema = z
  .array(customSecretPatternSchema)
  .max(MAX_CUSTOM_PATTERNS, `at most ${MAX_CUSTOM_PATTERNS} custom secret patterns`);

/** Compiles the usable patterns as rules of type `custom`, ranked after `firstIndex`. */
export function compileCustomPatterns(
  sources: readonly string[],
  firstIndex: number,
): { rules: CompiledRule[]; problems: string[] } {
  const rules: CompiledRule[] = [];
  const problems: string[] = [];
  sources.forEach((source, position) => {
    const problem = findCustomPatternProblem(source);
    if (problem) {
      problems.push(`custom secret pattern /${source}/ ignored: ${problem}`);
      return;
    }
    const rule = {
      id: CUSTOM_SECRET_TYPE,
      description: `custom pattern /${source}/`,
      pattern: new RegExp(source),
      keywords: [],
      placeholders: 'none' as const,
    };
    rules.push(compileRule(rule, firstIndex + position));
  });
  return { rules, problems };
}

export interface CustomScanLimits {
  readonly timeBudgetMs: number;
  readonly now: () => number;
}

function scanWindow(
  rules: readonly CompiledRule[],
  text: string,
  from: number,
  to: number,
  out: SecretFinding[],
): void {
  const window = text.slice(from, to);
  for (const rule of rules) {
    const matcher = rule.matcher;
    matcher.lastIndex = 0;
    for (let match = matcher.exec(window); match !== null; match = matcher.exec(window)) {
      if (match[0].length === 0) {
        matcher.lastIndex++;
        continue;
      }
      const group = match.indices?.[1];
      const [start, end] = group ?? [match.index, match.index + match[0].length];
      if (end > start)
        out.push({
          start: from + start,
          end: from + end,
          type: rule.id,
          priority: rule.index,
          confidence: 'high',
        });
    }
  }
}

/**
 * Runs the custom rules line by line (long lines in overlapping windows) until the time budget
 * is spent; a budget hit is reported as a note naming the line where the search stopped.
 */
export function findCustomSecrets(
  text: string,
  rules: readonly CompiledRule[],
  limits: CustomScanLimits,
): { findings: SecretFinding[]; note?: string } {
  const findings: SecretFinding[] = [];
  if (rules.length === 0) return { findings };
  const started = limits.now();
  let lineStart = 0;
  let lineNumber = 1;
  while (lineStart <= text.length) {
    const newline = text.indexOf('\n', lineStart);
    const lineEnd = newline === -1 ? text.length : newline;
    for (
      let from = lineStart;
      from < lineEnd || from === lineStart;
      from += CUSTOM_WINDOW - WINDOW_OVERLAP
    ) {
      if (limits.now() - started > limits.timeBudgetMs) {
        return {
          findings,
          note: `custom secret patterns: time budget of ${limits.timeBudgetMs} ms used up at line ${lineNumber}; the rest of the file was not searched with them`,
        };
      }
      scanWindow(rules, text, from, Math.min(lineEnd, from + CUSTOM_WINDOW), findings);
      if (from + CUSTOM_WINDOW >= lineEnd) break;
    }
    if (newline === -1) break;
    lineStart = newline + 1;
    lineNumber++;
  }
  return { findings };
}
