// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { resetStrength, scoreResetPassword } from './reset-strength.js';

describe('reset password strength (0 to 8)', () => {
  it('gives the two "absence" points to an empty password only', () => {
    expect(scoreResetPassword('')).toBe(2);
    expect(resetStrength('').label).toBe('Medium');
  });

  it('counts one point per check', () => {
    expect(scoreResetPassword('aaa')).toBe(2); // lowercase + no sequence
    expect(scoreResetPassword('abcdefgh')).toBe(3); // length 8, lowercase, no repeats
    expect(scoreResetPassword('Tr0ub4dor&Horse')).toBe(8);
  });

  it('loses the sequence point for 123, abc or qwe in any case', () => {
    expect(scoreResetPassword('Tr0ub4dor&Hor123')).toBe(7);
    expect(scoreResetPassword('Tr0ub4dor&HorQWE')).toBe(7);
  });

  it('maps the score to the spec labels and a bar of score/8', () => {
    expect(resetStrength('aaabc')).toEqual({ score: 1, label: 'Weak', ratio: 1 / 8 });
    expect(resetStrength('aaab').label).toBe('Medium');
    expect(resetStrength('Abcdefgh').score).toBe(4);
    expect(resetStrength('Abcdefgh').label).toBe('Strong');
    expect(resetStrength('Tr0ub4dor&Horse')).toEqual({ score: 8, label: 'Very Strong', ratio: 1 });
  });
});
