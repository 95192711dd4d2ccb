import { IgnoreMatcher } from './ignore-matcher.js';

export interface PatternMatch {
  readonly path: string;
  /** True when the patterns leave the path out. */
  readonly ignored: boolean;
  /** The pattern that decided (the last matching line, a `!` line re-including), if any. */
  readonly pattern: string | null;
}

/**
 * Decides paths against patterns in gitignore syntax, as a `.gitignore` at the root holding
 * them would (the server's simulate-file-matching answers with this). A path ending in `/` is a
 * folder.
 */
export function matchPatterns(
  patterns: readonly string[],
  paths: readonly string[],
): PatternMatch[] {
  const matcher = new IgnoreMatcher([{ dir: '', source: 'custom', content: patterns.join('\n') }]);
  return paths.map((raw) => {
    const isDirectory = raw.endsWith('/');
    const path = raw.replace(/^\.?\/+/, '').replace(/\/+$/, '');
    const decided = matcher.decide(path, isDirectory);
    return {
      path: raw,
      ignored: decided !== undefined && !decided.negated,
      pattern: decided?.text ?? null,
    };
  });
}
