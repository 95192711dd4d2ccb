// Public checksum schemes of token formats, used as rule validators. GitHub's 2021 token format
// (github.blog, "Behind GitHub's new authentication token formats") and npm's new access tokens
// end in a CRC32 of the 30 random characters, as 6 base62 digits (0-9A-Za-z order).

const CRC_TABLE = buildCrcTable();

function buildCrcTable(): Uint32Array {
  const table = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    table[n] = c >>> 0;
  }
  return table;
}

/** CRC-32 (IEEE) of a string whose characters are all single bytes (ASCII). */
export function crc32(text: string): number {
  let crc = 0xffffffff;
  for (let i = 0; i < text.length; i++) {
    crc = (crc >>> 8) ^ (CRC_TABLE[(crc ^ text.charCodeAt(i)) & 0xff] ?? 0);
  }
  return (crc ^ 0xffffffff) >>> 0;
}

const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

export function encodeBase62(value: number, width: number): string {
  let digits = '';
  let rest = value;
  while (rest > 0) {
    digits = BASE62[rest % 62] + digits;
    rest = Math.floor(rest / 62);
  }
  return digits.padStart(width, '0');
}

/** True when `token` is prefix + 30 random base62 characters + their 6-digit CRC32. */
export function hasBase62Crc32Checksum(token: string, prefixLength: number): boolean {
  const body = token.slice(prefixLength);
  if (body.length !== 36) return false;
  return encodeBase62(crc32(body.slice(0, 30)), 6) === body.slice(30);
}

/**
 * `high` when the token's CRC32 checks out, `low` when not: a token whose checksum fails is
 * still redacted (it may be mistyped or cut and still work), only reported as less certain.
 */
export function checksumConfidence(prefixLength: number): (secret: string) => 'high' | 'low' {
  return (secret) => (hasBase62Crc32Checksum(secret, prefixLength) ? 'high' : 'low');
}

/** Decodes base64 or base64url to a binary string; undefined when it is not valid base64. */
export function decodeBase64(value: string): string | undefined {
  const standard = value.replace(/-/g, '+').replace(/_/g, '/').replace(/=+$/, '');
  if (!/^[A-Za-z0-9+/]*$/.test(standard) || standard.length % 4 === 1) return undefined;
  try {
    return atob(standard + '='.repeat((4 - (standard.length % 4)) % 4));
  } catch {
    return undefined;
  }
}
