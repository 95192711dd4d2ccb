import { describe, expect, it } from 'vitest';
import { resolveOptions } from '../../../config/options.js';
import { CUSTOM_WINDOW, findCustomPatternProblem } from './custom-patterns.js';
import { findBacktrackingRisk } from './pattern-safety.js';
import { redactSecrets } from './redact-secrets.js';

describe('custom pattern checks', () => {
  it.each([
    'acme_[a-z0-9]{32}',
    'INTERNAL-(\\d{4})-[A-F0-9]{8}',
    '(?:ab)+c',
    '[A-Z]+_KEY=(\\w+)',
    '(a{1,3}){1,3}',
    '(?<id>x)\\k<id>+',
    '\\s*\\S+',
    '[a-z]+[0-9]+',
    'key=\\w+;\\w+',
  ])('accepts %s', (source) => expect(findCustomPatternProblem(source)).toBeUndefined());

  it.each([
    ['(', 'does not compile'],
    ['a{2,1}', 'does not compile'],
    ['x*', 'matches empty text'],
    ['', 'empty'],
    ['a'.repeat(1001), 'longer than'],
    ['(a+)+b', 'exponential'],
    ['(\\w*\\s?)*x', 'exponential'],
    ['((ab)*c)+', 'exponential'],
    ['(x{2,})+y', 'exponential'],
    ['(a|ab)*c', 'exponential'],
    ['(?:a|a)+b', 'exponential'],
    ['a*a*a*b', 'polynomial'],
    ['\\d+\\d+x', 'polynomial'],
    ['.*.*=', 'polynomial'],
    ['[a-f0-9]+[0-9]*z', 'polynomial'],
  ])('refuses %s', (source, reason) => {
    expect(findCustomPatternProblem(source)).toContain(reason);
  });

  it('reads classes and escapes as single atoms', () => {
    expect(findBacktrackingRisk('[(+)]+x\\(+')).toBeUndefined();
    expect(findBacktrackingRisk('[(+)]+\\(+')).toContain('polynomial');
    expect(findBacktrackingRisk('[\\]a]+')).toBeUndefined();
  });

  it('is part of option validation', () => {
    expect(
      resolveOptions({ customSecretPatterns: ['acme_[0-9]{8}'] }).customSecretPatterns,
    ).toEqual(['acme_[0-9]{8}']);
    expect(resolveOptions().customSecretPatterns).toBeUndefined();
    expect(() => resolveOptions({ customSecretPatterns: ['(a+)+'] })).toThrow(
      /customSecretPatterns\.0: \/\(a\+\)\+\/: a repeated group/,
    );
    expect(() =>
      resolveOptions({ customSecretPatterns: Array.from({ length: 51 }, (_, i) => `k${i}`) }),
    ).toThrow(/at most 50/);
  });
});

describe('custom pattern redaction', () => {
  it('replaces the first capture group when there is one, else the whole match', () => {
    const result = redactSecrets('id = ACME-1234-DEADBEEF\nkey: corp_secret=hunter22x\n', {
      customPatterns: ['ACME-\\d{4}-[A-F0-9]{8}', 'corp_secret=(\\w+)'],
    });
    expect(result.text).toBe('id = [REDACTED:custom]\nkey: corp_secret=[REDACTED:custom]\n');
    expect(result.findings.map((finding) => finding.type)).toEqual(['custom', 'custom']);
  });

  it('does not match across lines', () => {
    expect(redactSecrets('a\nb', { customPatterns: ['a\\sb'] }).findings).toEqual([]);
  });

  it('finds a match that straddles two windows of a long line', () => {
    const line = 'x'.repeat(CUSTOM_WINDOW - 5) + 'ACME-0000-0000' + 'y'.repeat(100);
    expect(redactSecrets(line, { customPatterns: ['ACME-\\d{4}-\\d{4}'] }).text).toBe(
      'x'.repeat(CUSTOM_WINDOW - 5) + '[REDACTED:custom]' + 'y'.repeat(100),
    );
  });

  it('skips an unusable pattern with a note instead of failing the file', () => {
    const result = redactSecrets('abc', { customPatterns: ['(a+)+'] });
    expect(result.text).toBe('abc');
    expect(result.notes).toEqual([
      expect.stringContaining('custom secret pattern /(a+)+/ ignored'),
    ]);
  });

  it('stops at the time budget and says where', () => {
    let clock = 0;
    const now = (): number => (clock += 10);
    const text = Array.from(
      { length: 100 },
      (_, i) => `line ${i} ACME-${String(i).padStart(4, '0')}-0000`,
    ).join('\n');
    const result = redactSecrets(text, {
      customPatterns: ['ACME-\\d{4}-\\d{4}'],
      customTimeBudgetMs: 45,
      now,
    });
    expect(result.findings.length).toBeGreaterThan(0);
    expect(result.findings.length).toBeLessThan(100);
    expect(result.notes).toEqual([
      expect.stringMatching(/time budget of 45 ms used up at line \d+/),
    ]);
  });

  it('bounds a pattern that is slow on a long line by windows and the real clock', () => {
    const started = performance.now();
    const result = redactSecrets('a'.repeat(400_000), {
      customPatterns: ['(?:a|b)*c'],
      customTimeBudgetMs: 100,
    });
    expect(performance.now() - started).toBeLessThan(3_000);
    expect(result.notes).toEqual([
      expect.stringContaining('time budget of 100 ms used up at line 1'),
    ]);
  });
});
