/**
 * Sign-up password rules (docs/product.md#accounts), shared so that the web form and the server
 * refuse the same passwords with the same messages.
 */
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;
export const PASSWORD_SPECIAL_CHARACTERS = '!@#$%^&*()_+-=[]{}|;:,.<>?';

export const passwordMessages = {
  tooShort: 'Password must be at least 8 characters long',
  tooLong: 'Password must be no more than 128 characters long',
  uppercase: 'Password must contain at least one uppercase letter',
  lowercase: 'Password must contain at least one lowercase letter',
  number: 'Password must contain at least one number',
  special: `Password must contain at least one special character (${PASSWORD_SPECIAL_CHARACTERS})`,
  common: 'Password is too common and easily guessable',
  repeated: 'Password cannot contain more than 2 repeated characters in a row',
  sequential: 'Password cannot contain sequential characters (e.g., 123, abc)',
  keyboard: 'Password cannot contain keyboard patterns (e.g. qwerty, asdfgh, zxcvbn)',
  personal: 'Password cannot contain easily guessable personal information patterns',
} as const;

export const COMMON_PASSWORDS: readonly string[] = [
  'password',
  'password1',
  'password123',
  '123456',
  '12345678',
  '123456789',
  '1234567890',
  'qwerty',
  'qwerty123',
  'abc123',
  '111111',
  '000000',
  '123123',
  '654321',
  'admin',
  'welcome',
  'letmein',
  'changeme',
  'monkey',
  'dragon',
  'master',
  'sunshine',
  'princess',
  'football',
  'baseball',
  'iloveyou',
  'trustno1',
  'shadow',
  'superman',
  'login',
  'starwars',
  'passw0rd',
  'hello',
  'freedom',
];

const KEYBOARD_PATTERNS = ['qwerty', 'asdfgh', 'zxcvbn', 'qwertz', 'azerty', 'qazwsx', '1qaz2wsx'];
const PERSONAL_WORDS = /admin|user|test|demo|guest|root/i;
const YEAR = /19\d\d|20[0-2]\d|2030/;

function hasSpecial(password: string): boolean {
  for (const ch of password) if (PASSWORD_SPECIAL_CHARACTERS.includes(ch)) return true;
  return false;
}

function hasSequence(password: string): boolean {
  const lower = password.toLowerCase();
  for (let i = 0; i + 2 < lower.length; i++) {
    const a = lower.charCodeAt(i);
    const b = lower.charCodeAt(i + 1);
    const c = lower.charCodeAt(i + 2);
    const isRun = b === a + 1 && c === b + 1;
    const isDigitRun = a >= 48 && c <= 57;
    const isLetterRun = a >= 97 && c <= 122;
    if (isRun && (isDigitRun || isLetterRun)) return true;
  }
  return false;
}

/** The basic rules (length and character classes); all met means strength at least "fair". */
export function basicPasswordErrors(password: string): string[] {
  const errors: string[] = [];
  if (password.length < PASSWORD_MIN_LENGTH) errors.push(passwordMessages.tooShort);
  if (password.length > PASSWORD_MAX_LENGTH) errors.push(passwordMessages.tooLong);
  if (!/[A-Z]/.test(password)) errors.push(passwordMessages.uppercase);
  if (!/[a-z]/.test(password)) errors.push(passwordMessages.lowercase);
  if (!/[0-9]/.test(password)) errors.push(passwordMessages.number);
  if (!hasSpecial(password)) errors.push(passwordMessages.special);
  return errors;
}

/** Every broken sign-up rule, each with its own message; empty when the password is accepted. */
export function validatePassword(password: string): string[] {
  const errors = basicPasswordErrors(password);
  const lower = password.toLowerCase();
  if (COMMON_PASSWORDS.includes(lower)) errors.push(passwordMessages.common);
  if (/(.)\1\1/.test(password)) errors.push(passwordMessages.repeated);
  if (hasSequence(password)) errors.push(passwordMessages.sequential);
  if (KEYBOARD_PATTERNS.some((p) => lower.includes(p))) errors.push(passwordMessages.keyboard);
  if (YEAR.test(password) || PERSONAL_WORDS.test(password)) errors.push(passwordMessages.personal);
  return errors;
}
