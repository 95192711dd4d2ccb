import { describe, expect, it } from 'vitest';
import { parsePackSummary } from './pack-summary.js';

const SUMMARY = {
  source: 'x',
  files: 3,
  skipped: 1,
  lines: 30,
  tokens: 300,
  chunks: 1,
  outputTokens: 350,
  durationMs: 12,
};

describe('parsePackSummary', () => {
  it('reads the JSON line among other output', () => {
    const stdout = `warming up\n${JSON.stringify(SUMMARY)}\n`;
    expect(parsePackSummary(stdout)).toEqual({
      files: 3,
      skipped: 1,
      lines: 30,
      tokens: 300,
      chunks: 1,
      outputTokens: 350,
      durationMs: 12,
    });
  });

  it('names the fields the contract requires when they are missing', () => {
    const { tokens: _tokens, ...partial } = SUMMARY;
    expect(() => parsePackSummary(JSON.stringify(partial))).toThrow(/lacks numeric tokens/);
  });

  it('refuses output without a JSON summary', () => {
    expect(() => parsePackSummary('Packed 3 files\n')).toThrow(/no JSON summary/);
  });
});
