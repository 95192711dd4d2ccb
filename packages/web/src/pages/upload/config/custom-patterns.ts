// Custom ignore patterns as the Git Ignore tab keeps them. The checks
// are the engine's first ones, so most mistakes are caught before a job is sent; the server
// validates each pattern fully.

export type PatternType = 'exclude' | 'include';

export interface CustomPattern {
  pattern: string;
  type: PatternType;
  /** `custom`, or `template:{name}`. */
  source: string;
  added_at: string;
}

const MAX_PATTERN_LENGTH = 1024;

/** Null when the pattern may be added, else the sentence to show. */
export function patternError(text: string): string | null {
  if (text.trim() === '') return 'A pattern must not be blank.';
  if (/[\r\n\0]/.test(text)) return 'A pattern must be a single line.';
  if (text.length > MAX_PATTERN_LENGTH) {
    return `A pattern must be at most ${MAX_PATTERN_LENGTH} characters long.`;
  }
  const trimmed = text.trim();
  if (trimmed.startsWith('#')) {
    return 'A pattern starting with # is a comment; write \\# to match a leading #.';
  }
  let body = trimmed.startsWith('!') ? trimmed.slice(1) : trimmed;
  if (body.endsWith('/')) body = body.slice(0, -1);
  if (body.replace(/^\/+/, '') === '') {
    return trimmed.startsWith('!')
      ? 'A ! must be followed by a pattern.'
      : 'This pattern matches nothing.';
  }
  return null;
}

/** Adds patterns, skipping ones already there with the same type. */
export function addPatterns(
  current: readonly CustomPattern[],
  patterns: readonly string[],
  type: PatternType,
  source: string,
  now: Date = new Date(),
): CustomPattern[] {
  const seen = new Set(current.map((p) => `${p.type}\u0000${p.pattern}`));
  const added = patterns
    .map((pattern) => pattern.trim())
    .filter(
      (pattern) => !seen.has(`${type}\u0000${pattern}`) && seen.add(`${type}\u0000${pattern}`),
    )
    .map((pattern) => ({ pattern, type, source, added_at: now.toISOString() }));
  return [...current, ...added];
}
