// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { passwordStrength, validatePassword } from './password-rules.js';

describe('sign-up password rules', () => {
  it('accepts a password that meets every rule', () => {
    expect(validatePassword('Blue#Kettle9x')).toEqual([]);
  });

  it('gives no feedback for an empty password', () => {
    expect(validatePassword('')).toEqual([]);
    expect(passwordStrength('')).toBe('none');
  });

  it.each([
    ['Ab1!', 'Password must be at least 8 characters long'],
    ['blue#kettle9x', 'Password must contain at least one uppercase letter'],
    ['BLUE#KETTLE9X', 'Password must contain at least one lowercase letter'],
    ['Blue#Kettlexy', 'Password must contain at least one number'],
    [
      'BlueKettle9xy',
      'Password must contain at least one special character (!@#$%^&*()_+-=[]{}|;:,.<>?)',
    ],
    ['Bluu#Keeettle9', 'Password cannot contain more than 2 repeated characters in a row'],
    ['Blue#Kettle789', 'Password cannot contain sequential characters (e.g., 123, abc)'],
    ['Xyz#Kettle9q', 'Password cannot contain sequential characters (e.g., 123, abc)'],
    ['Qwerty#Ket9', 'Password cannot contain keyboard patterns (e.g. qwerty, asdfgh, zxcvbn)'],
    ['Blue#Asdfgh9', 'Password cannot contain keyboard patterns (e.g. qwerty, asdfgh, zxcvbn)'],
    ['Blue#Kettle1999', 'Password cannot contain easily guessable personal information patterns'],
    ['Blue#Admin9x', 'Password cannot contain easily guessable personal information patterns'],
  ])('%s breaks the rule "%s"', (password, message) => {
    expect(validatePassword(password)).toContain(message);
  });

  it('rejects a password longer than 128 characters', () => {
    expect(validatePassword(`Aa1!${'xy'.repeat(70)}`)).toContain(
      'Password must be no more than 128 characters long',
    );
  });

  it('rejects common passwords whatever their case', () => {
    expect(validatePassword('LetMeIn')).toContain('Password is too common and easily guessable');
    expect(validatePassword('Kettle#Blue9')).not.toContain(
      'Password is too common and easily guessable',
    );
  });

  it('scores weak until all five basic rules are met', () => {
    expect(passwordStrength('kettle')).toBe('weak');
    expect(passwordStrength('Kettle#blue')).toBe('weak');
  });

  it('scores good and strong by how many of the three security rules hold', () => {
    // All basics met; repeated characters and a sequence break two of the three security rules.
    expect(passwordStrength('Passs#abc1')).toBe('good');
    expect(passwordStrength('Blue#Kettle9x')).toBe('strong');
    // Case-sensitive repeats: "Aaa" is no triple, so two security rules hold.
    expect(passwordStrength('Aaa#bc123')).toBe('good');
  });
});
