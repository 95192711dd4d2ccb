import type {
  AnalyzePatternsResponse,
  PatternValidationResult,
  SimulateMatchingResponse,
  ValidatePatternsResponse,
} from '@repobundle/contract';
import { matchPatterns, validatePattern } from '@repobundle/engine';

export function checkPattern(pattern: string): PatternValidationResult {
  const result = validatePattern(pattern);
  return { pattern, valid: result.valid, error: result.valid ? null : result.error };
}

export function checkPatterns(patterns: readonly string[]): ValidatePatternsResponse {
  const results = patterns.map(checkPattern);
  const invalid = results.filter((r) => !r.valid).length;
  return {
    valid: invalid === 0,
    valid_count: results.length - invalid,
    invalid_count: invalid,
    results,
  };
}

/** What a list of patterns does, and what in it is probably a mistake. */
export function analyzePatterns(patterns: readonly string[]): AnalyzePatternsResponse {
  const results = patterns.map(checkPattern);
  const valid = results.filter((r) => r.valid).map((r) => r.pattern.trim());
  const seen = new Set<string>();
  const duplicates = new Set<string>();
  for (const pattern of valid) (seen.has(pattern) ? duplicates : seen).add(pattern);
  const warnings: string[] = [];
  if (valid.some((p) => p === '*' || p === '**' || p === '/*')) {
    warnings.push('A pattern matches every file: nothing would be processed.');
  }
  for (const pattern of valid.filter((p) => p.startsWith('!'))) {
    const target = pattern.slice(1).replace(/\/$/, '');
    const parentExcluded = valid.some(
      (p) => !p.startsWith('!') && p.endsWith('/') && target.startsWith(p),
    );
    if (parentExcluded) {
      warnings.push(`"${pattern}" cannot re-include a file whose folder is excluded.`);
    }
  }
  if (duplicates.size > 0) warnings.push(`${duplicates.size} pattern(s) appear more than once.`);
  return {
    total: patterns.length,
    exclude_count: valid.filter((p) => !p.startsWith('!')).length,
    include_count: valid.filter((p) => p.startsWith('!')).length,
    directory_only_count: valid.filter((p) => p.endsWith('/')).length,
    anchored_count: valid.filter((p) => p.replace(/^!/, '').replace(/\/$/, '').includes('/'))
      .length,
    wildcard_count: valid.filter((p) => /[*?[]/.test(p)).length,
    duplicates: [...duplicates],
    invalid: results.filter((r) => !r.valid),
    warnings,
  };
}

export function simulateMatching(
  patterns: readonly string[],
  files: readonly string[],
): SimulateMatchingResponse {
  const usable = patterns.filter((p) => validatePattern(p).valid);
  const results = matchPatterns(usable, files);
  const ignored = results.filter((r) => r.ignored).length;
  return { results, ignored_count: ignored, included_count: results.length - ignored };
}
