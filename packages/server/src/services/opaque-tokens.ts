import { createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';

/** A random opaque token for links and refresh tokens (256 bits, URL-safe). */
export function createOpaqueToken(): string {
  return randomBytes(32).toString('base64url');
}

/**
 * Keyed hash of a token or code as stored in the database: a leaked table reveals nothing that
 * can be replayed without the server's secret.
 */
export function hashSecret(key: string, value: string): string {
  return createHmac('sha256', key).update(value).digest('base64url');
}

export function isSameSecret(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

export function createNumericCode(length: number): string {
  let code = '';
  for (let i = 0; i < length; i++) code += String(randomInt(10));
  return code;
}

// No 0/O or 1/I: the code is typed by hand from an e-mail.
const CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

export function createAlphanumericCode(length: number): string {
  let code = '';
  for (let i = 0; i < length; i++) code += CODE_ALPHABET[randomInt(CODE_ALPHABET.length)];
  return code;
}
