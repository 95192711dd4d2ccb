import { createRemoteJWKSet, jwtVerify } from 'jose';
import { unauthorized } from '../errors.js';

export interface GoogleIdentity {
  sub: string;
  email: string;
}

export interface GoogleVerifier {
  verify(credential: string): Promise<GoogleIdentity>;
}

const GOOGLE_ISSUERS = ['accounts.google.com', 'https://accounts.google.com'];

/** Verifies Google ID tokens against the JWKS at jwksUrl (Google's, or a test server's). */
export function createGoogleVerifier(clientId: string, jwksUrl: string): GoogleVerifier {
  const keys = createRemoteJWKSet(new URL(jwksUrl));
  return {
    async verify(credential) {
      let payload;
      try {
        ({ payload } = await jwtVerify(credential, keys, {
          issuer: GOOGLE_ISSUERS,
          audience: clientId,
          algorithms: ['RS256'],
        }));
      } catch {
        throw unauthorized(
          'INVALID_GOOGLE_TOKEN',
          'Google sign-in failed: the credential could not be verified.',
        );
      }
      const email = typeof payload.email === 'string' ? payload.email.trim().toLowerCase() : '';
      if (!payload.sub || !email || payload.email_verified !== true) {
        throw unauthorized(
          'INVALID_GOOGLE_TOKEN',
          'Google sign-in failed: the Google account has no verified email.',
        );
      }
      return { sub: payload.sub, email };
    },
  };
}
