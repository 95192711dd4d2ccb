import { createHmac, timingSafeEqual } from 'node:crypto';
import { SignJWT } from 'jose';
import { unauthorized } from '../errors.js';

const ISSUER = 'repobundle';
const AUDIENCE = 'repobundle-api';

/** A verified session token's claims: whose it is and when it was issued. */
export interface SessionClaims {
  userId: string;
  issuedAtMs: number;
}

export interface AccessTokens {
  sign(userId: string): Promise<string>;
  /** The claims of a valid token; 401 TOKEN_EXPIRED or INVALID_TOKEN otherwise. */
  verify(token: string): Promise<SessionClaims>;
}

const invalidToken = () =>
  unauthorized('INVALID_TOKEN', 'Invalid access token. Please sign in again.');

interface AccessClaims {
  typ?: unknown;
  sub?: unknown;
  iss?: unknown;
  aud?: unknown;
  exp?: unknown;
  iat?: unknown;
  iat_ms?: unknown;
}

/**
 * Short-lived HS256 access tokens. Verified with Node's own HMAC, synchronously: every
 * authenticated request verifies one, and Web Crypto's asynchronous verify (what jose uses)
 * cost more CPU than the rest of a request's work. Only tokens this server signed pass the MAC,
 * so their header is ours (HS256); the claims are still checked as a verifier must.
 */
export function createAccessTokens(secret: string, ttlSeconds: number): AccessTokens {
  const secretBytes = new TextEncoder().encode(secret);
  // A client sends the same token with every call until it expires: verified once, its claims
  // are kept (to its expiry) instead of computing the MAC again for every request.
  const verified = new Map<string, VerifiedToken>();
  const signingKey = crypto.subtle.importKey(
    'raw',
    secretBytes,
    { name: 'HMAC', hash: 'SHA-256' },
    false,
    ['sign'],
  );
  return {
    async sign(userId) {
      // Milliseconds beside `iat` (seconds): a password change must end tokens issued in the
      // same second, and not the fresh ones it hands out.
      return new SignJWT({ typ: 'access', iat_ms: Date.now() })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(userId)
        .setIssuer(ISSUER)
        .setAudience(AUDIENCE)
        .setIssuedAt()
        .setExpirationTime(`${ttlSeconds}s`)
        .sign(await signingKey);
    },
    verify(token) {
      return Promise.resolve().then(() => {
        const known = verified.get(token);
        if (known && known.expiresAtSeconds > Math.floor(Date.now() / 1000)) return known.claims;
        const result = verifyAccessToken(secretBytes, token);
        if (verified.size >= VERIFIED_TOKENS_KEPT) verified.clear();
        verified.set(token, result);
        return result.claims;
      });
    },
  };
}

/** How many verified tokens are remembered at most (then forgotten all at once). */
const VERIFIED_TOKENS_KEPT = 10_000;

interface VerifiedToken {
  claims: { userId: string; issuedAtMs: number };
  expiresAtSeconds: number;
}

function verifyAccessToken(secret: Uint8Array, token: string): VerifiedToken {
  const parts = token.split('.');
  if (parts.length !== 3) throw invalidToken();
  const [header, payload, signature] = parts as [string, string, string];
  const expected = createHmac('sha256', secret).update(`${header}.${payload}`).digest();
  const given = Buffer.from(signature, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) throw invalidToken();
  let claims: AccessClaims;
  try {
    claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as AccessClaims;
  } catch {
    throw invalidToken();
  }
  if (typeof claims !== 'object' || claims === null) throw invalidToken();
  const audience = Array.isArray(claims.aud) ? claims.aud : [claims.aud];
  if (
    claims.typ !== 'access' ||
    typeof claims.sub !== 'string' ||
    claims.iss !== ISSUER ||
    !audience.includes(AUDIENCE) ||
    typeof claims.exp !== 'number'
  ) {
    throw invalidToken();
  }
  if (claims.exp <= Math.floor(Date.now() / 1000)) {
    throw unauthorized('TOKEN_EXPIRED', 'Your session has expired. Please sign in again.');
  }
  const issuedAtMs =
    typeof claims.iat_ms === 'number'
      ? claims.iat_ms
      : typeof claims.iat === 'number'
        ? claims.iat * 1000
        : 0;
  return { claims: { userId: claims.sub, issuedAtMs }, expiresAtSeconds: claims.exp };
}
