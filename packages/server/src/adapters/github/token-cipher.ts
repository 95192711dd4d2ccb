import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

// GitHub tokens are stored with AES-256-GCM under a key derived (HKDF-SHA256) from JWT_SECRET:
// the one server secret every deployment has (from the environment, or generated once into
// DATA_DIR), shared by API processes and workers alike. A separate derivation keeps the
// encryption key distinct from the signing key. Rotating JWT_SECRET makes stored tokens
// unreadable; they then count as "reconnect GitHub" (decryptToken returns null), never as a 500.

const VERSION = 'v1';
const IV_BYTES = 12;
const TAG_BYTES = 16;

export interface TokenCipher {
  /** `userId` is authenticated data: a ciphertext copied to another user's row does not open. */
  encrypt(token: string, userId: string): string;
  /** The token, or null when the value was not written with this key for this user. */
  decrypt(value: string, userId: string): string | null;
}

export function createTokenCipher(serverSecret: string): TokenCipher {
  const key = Buffer.from(
    hkdfSync('sha256', serverSecret, 'repobundle', 'repobundle github token encryption v1', 32),
  );
  return {
    encrypt(token, userId) {
      const iv = randomBytes(IV_BYTES);
      const cipher = createCipheriv('aes-256-gcm', key, iv, { authTagLength: TAG_BYTES });
      cipher.setAAD(Buffer.from(userId));
      const data = Buffer.concat([cipher.update(token, 'utf8'), cipher.final()]);
      const parts = [iv, data, cipher.getAuthTag()].map((part) => part.toString('base64url'));
      return [VERSION, ...parts].join(':');
    },
    decrypt(value, userId) {
      const [version, iv, data, tag] = value.split(':');
      if (version !== VERSION || !iv || data === undefined || !tag) return null;
      try {
        const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'), {
          authTagLength: TAG_BYTES,
        });
        decipher.setAAD(Buffer.from(userId));
        decipher.setAuthTag(Buffer.from(tag, 'base64url'));
        const plain = Buffer.concat([
          decipher.update(Buffer.from(data, 'base64url')),
          decipher.final(),
        ]);
        return plain.toString('utf8');
      } catch {
        return null;
      }
    },
  };
}
