import { describe, expect, it } from 'vitest';
import { shannonEntropy } from './entropy.js';

describe('shannonEntropy', () => {
  it('is 0 for empty and single-symbol text, log2(n) for n equally frequent symbols', () => {
    expect(shannonEntropy('')).toBe(0);
    expect(shannonEntropy('aaaa')).toBe(0);
    expect(shannonEntropy('abcd')).toBeCloseTo(2);
    expect(shannonEntropy('0123456789abcdef')).toBeCloseTo(4);
  });

  it('counts non-ASCII characters and does not carry counts between calls', () => {
    expect(shannonEntropy('éa')).toBeCloseTo(1);
    expect(shannonEntropy('ab')).toBeCloseTo(1);
    expect(shannonEntropy('ab')).toBeCloseTo(1);
  });
});
