import { trimTrailingSpaces } from './ignore-pattern.js';
import { findGlobError } from './wildmatch.js';

export type PatternValidation = { valid: true } | { valid: false; error: string };

const MAX_PATTERN_LENGTH = 1024;

/**
 * Checks one custom pattern (gitignore syntax) before it is saved or used: the server's
 * validate-pattern calls answer with this, so each error is a sentence for people.
 */
export function validatePattern(pattern: string): PatternValidation {
  const invalid = (error: string): PatternValidation => ({ valid: false, error });
  if (pattern.trim() === '') return invalid('A pattern must not be blank.');
  if (/[\r\n\0]/.test(pattern)) return invalid('A pattern must be a single line.');
  if (pattern.length > MAX_PATTERN_LENGTH) {
    return invalid(`A pattern must be at most ${MAX_PATTERN_LENGTH} characters long.`);
  }
  const text = trimTrailingSpaces(pattern.trimStart());
  if (text.startsWith('#')) {
    return invalid('A pattern starting with # is a comment; write \\# to match a leading #.');
  }
  let body = text.startsWith('!') ? text.slice(1) : text;
  if (body.endsWith('/')) body = body.slice(0, -1);
  if (body.replace(/^\/+/, '') === '') {
    return invalid(
      text.startsWith('!') ? 'A ! must be followed by a pattern.' : 'This pattern matches nothing.',
    );
  }
  const globError = findGlobError(body);
  if (globError) return invalid(`This pattern can never match: ${globError}.`);
  return { valid: true };
}
