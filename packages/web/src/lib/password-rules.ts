// Sign-up password rules. The rules and their messages come from
// @repobundle/contract, so the form refuses exactly what the server refuses; this module adds
// the checklist shown on the Create account tab and the live strength level.
import {
  PASSWORD_SPECIAL_CHARACTERS,
  basicPasswordErrors,
  passwordMessages,
  validatePassword as contractValidate,
} from '@repobundle/contract';

export type StrengthLevel = 'none' | 'weak' | 'fair' | 'good' | 'strong';

/** The five basic requirements shown as a checklist, each with the message it clears. */
export const BASIC_REQUIREMENTS: ReadonlyArray<{ label: string; message: string }> = [
  { label: 'At least 8 characters', message: passwordMessages.tooShort },
  { label: 'One uppercase letter', message: passwordMessages.uppercase },
  { label: 'One lowercase letter', message: passwordMessages.lowercase },
  { label: 'One number', message: passwordMessages.number },
  {
    label: `One special character (${PASSWORD_SPECIAL_CHARACTERS})`,
    message: passwordMessages.special,
  },
];

/** The three security rules that lift a password from fair to good and strong. */
const SECURITY_MESSAGES: readonly string[] = [
  passwordMessages.common,
  passwordMessages.repeated,
  passwordMessages.sequential,
];

/** The messages of every rule the password breaks; empty for an empty password. */
export function validatePassword(password: string): string[] {
  if (!password) return [];
  return contractValidate(password);
}

export function passwordStrength(password: string): StrengthLevel {
  if (!password) return 'none';
  if (basicPasswordErrors(password).length > 0) return 'weak';
  const broken = new Set(contractValidate(password));
  const held = SECURITY_MESSAGES.filter((message) => !broken.has(message)).length;
  if (held === 0) return 'fair';
  return held < SECURITY_MESSAGES.length ? 'good' : 'strong';
}
