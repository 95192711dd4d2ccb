import { errors, jwtVerify, SignJWT } from 'jose';
import { unauthorized } from '../errors.js';

const ISSUER = 'repobundle';
const AUDIENCE = 'repobundle-api';

export interface AccessTokens {
  sign(userId: string): Promise<string>;
  /** The user id of a valid token; 401 TOKEN_EXPIRED or INVALID_TOKEN otherwise. */
  verify(token: string): Promise<string>;
}

/** Short-lived HS256 access tokens (DESIGN 4.2). */
export function createAccessTokens(secret: string, ttlSeconds: number): AccessTokens {
  const key = new TextEncoder().encode(secret);
  return {
    sign(userId) {
      return new SignJWT({ typ: 'access' })
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
        return payload.sub;
      } catch (error) {
        if (error instanceof errors.JWTExpired) {
          throw unauthorized('TOKEN_EXPIRED', 'Your session has expired. Please sign in again.');
        }
        throw unauthorized('INVALID_TOKEN', 'Invalid access token. Please sign in again.');
      }
    },
  };
}
