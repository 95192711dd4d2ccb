import { errors, jwtVerify, SignJWT } from 'jose';
import { unauthorized } from '../errors.js';

const ISSUER = 'repobundle';
const AUDIENCE = 'repobundle-api';

export interface AccessTokens {
  sign(userId: string): Promise<string>;
  /** The claims of a valid token; 401 TOKEN_EXPIRED or INVALID_TOKEN otherwise. */
  verify(token: string): Promise<{ userId: string; issuedAtMs: number }>;
}

/** Short-lived HS256 access tokens. */
export function createAccessTokens(secret: string, ttlSeconds: number): AccessTokens {
  const key = new TextEncoder().encode(secret);
  return {
    sign(userId) {
      // Milliseconds beside `iat` (seconds): a password change must end tokens issued in the
      // same second, and not the fresh ones it hands out.
      return new SignJWT({ typ: 'access', iat_ms: Date.now() })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(userId)
        .setIssuer(ISSUER)
        .setAudience(AUDIENCE)
        .setIssuedAt()
        .setExpirationTime(`${ttlSeconds}s`)
        .sign(key);
    },
    async verify(token) {
      try {
        const { payload } = await jwtVerify(token, key, {
          algorithms: ['HS256'],
          issuer: ISSUER,
          audience: AUDIENCE,
        });
        if (payload.typ !== 'access' || typeof payload.sub !== 'string') throw new Error('typ');
        const issuedAtMs =
          typeof payload.iat_ms === 'number' ? payload.iat_ms : (payload.iat ?? 0) * 1000;
        return { userId: payload.sub, issuedAtMs };
      } catch (error) {
        if (error instanceof errors.JWTExpired) {
          throw unauthorized('TOKEN_EXPIRED', 'Your session has expired. Please sign in again.');
        }
        throw unauthorized('INVALID_TOKEN', 'Invalid access token. Please sign in again.');
      }
    },
  };
}
