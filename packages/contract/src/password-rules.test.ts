import { describe, expect, it } from 'vitest';
import { passwordMessages as m, validatePassword } from './password-rules.js';

describe('validatePassword', () => {
  it('accepts a strong password', () => {
    expect(validatePassword('Blue#Horse7Kite')).toEqual([]);
  });

  it.each([
    ['Aa1!', m.tooShort],
    [`Aa1!${'xy'.repeat(63)}`, m.tooLong],
    ['blue#horse7kite', m.uppercase],
    ['BLUE#HORSE7KITE', m.lowercase],
    ['Blue#HorseSKite', m.number],
    ['BlueHorse7Kite', m.special],
    ['Blue#Hooorse7Kite', m.repeated],
    ['Blue#Horse789Kite', m.sequential],
    ['Blue#Horse7Kabcite', m.sequential],
    ['Qwerty#Horse7K', m.keyboard],
    ['Blue#Horse1999K', m.personal],
    ['Blue#Admin7Kite', m.personal],
    ['Blue#Horse7Test', m.personal],
  ])('reports %s', (password, message) => {
    expect(validatePassword(password)).toContain(message);
  });

  it('flags common passwords case-insensitively', () => {
    expect(validatePassword('LetMeIn')).toContain(m.common);
  });
});
