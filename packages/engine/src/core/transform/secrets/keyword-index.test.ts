import { describe, expect, it } from 'vitest';
import { buildKeywordIndex } from './keyword-index.js';
import { compileRule } from './secret-rule.js';

const rule = (id: string, keywords: string[], index: number) =>
  compileRule({ id, description: id, keywords, pattern: /x/ }, index);

describe('keyword index', () => {
  const rules = [rule('a', ['xoxb-'], 0), rule('b', ['xoxe.xox'], 1), rule('c', ['token'], 2)];
  const index = buildKeywordIndex(rules);
  const hits = (text: string): [number, string[]][] => {
    const found: [number, string[]][] = [];
    index.scan(text, (end, triggered) => found.push([end, triggered.map((r) => r.id)]));
    return found;
  };

  it('finds every keyword in any case, overlapping ones included', () => {
    expect(hits('XOXE.XOXB-1 Token')).toEqual([
      [8, ['b']],
      [10, ['a']],
      [17, ['c']],
    ]);
  });

  it('resets on non-ASCII characters and finds nothing in clean text', () => {
    expect(hits('tok\u00e9en')).toEqual([]);
    expect(hits('export const answer = 42;')).toEqual([]);
  });

  it('refuses keywords it cannot scan for', () => {
    expect(() => buildKeywordIndex([rule('d', ['jeton\u00e9'], 0)])).toThrow(/not printable ASCII/);
  });
});
