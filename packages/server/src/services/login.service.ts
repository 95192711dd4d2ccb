import type { GoogleLoginResponse, TokenResponse } from '@repobundle/contract';
import { inTransaction } from '../db/repositories/index.js';
import { isUniqueViolation } from '../db/repositories/executor.js';
import { AppError, forbidden, unauthorized } from '../errors.js';
import { assertMayJoin, createAccount } from './accounts.js';
import type { ServiceContext } from './context.js';
import { issueSession } from './sessions.service.js';

const INVALID_CREDENTIALS = 'Incorrect email or password.';

export async function login(
  ctx: ServiceContext,
  email: string,
  password: string,
): Promise<TokenResponse> {
  const user = await ctx.repos.users.findByEmail(email);
  if (!user) throw unauthorized('INVALID_CREDENTIALS', INVALID_CREDENTIALS);
  if (!user.password_hash) {
    throw unauthorized(
      'INVALID_CREDENTIALS',
      'This account signs in with Google. Please continue with Google.',
    );
  }
  if (!(await ctx.passwords.isValid(user.password_hash, password))) {
    throw unauthorized('INVALID_CREDENTIALS', INVALID_CREDENTIALS);
  }
  if (!user.is_verified) {
    throw forbidden(
      'EMAIL_NOT_VERIFIED',
      'Please verify your email address before signing in. Check your inbox for the code.',
    );
  }
  return inTransaction(ctx.db, (repos) => issueSession(ctx, repos, user.id));
}

/**
 * Google sign-in: the ID token is checked against Google's keys; the account is found by its
 * Google subject, else linked by verified e-mail, else created (beta gate permitting).
 */
export async function loginWithGoogle(
  ctx: ServiceContext,
  credential: string,
): Promise<GoogleLoginResponse> {
  if (!ctx.google) {
    throw new AppError(
      400,
      'GOOGLE_NOT_CONFIGURED',
      'Google sign-in is not enabled on this server.',
    );
  }
  const identity = await ctx.google.verify(credential);
  const bySub = await ctx.repos.users.findByGoogleSub(identity.sub);
  if (bySub) {
    const tokens = await inTransaction(ctx.db, (repos) => issueSession(ctx, repos, bySub.id));
    return { ...tokens, is_new_user: false };
  }
  const byEmail = await ctx.repos.users.findByEmail(identity.email);
  if (byEmail) {
    // Google vouches for the address, so linking also completes a pending verification. An
    // unverified password may have been set by someone else (pre-registration of another
    // person's address): it is dropped, and the account becomes Google-only.
    const tokens = await inTransaction(ctx.db, async (repos) => {
      await repos.users.update(byEmail.id, {
        google_sub: identity.sub,
        is_verified: true,
        password_hash: byEmail.is_verified ? byEmail.password_hash : null,
      });
      await repos.emailVerifications.delete(byEmail.id);
      return issueSession(ctx, repos, byEmail.id);
    });
    return { ...tokens, is_new_user: false };
  }
  await assertMayJoin(ctx, identity.email);
  try {
    const tokens = await inTransaction(ctx.db, async (repos) => {
      const user = await createAccount(ctx, repos, {
        email: identity.email,
        passwordHash: null,
        googleSub: identity.sub,
        isVerified: true,
      });
      return issueSession(ctx, repos, user.id);
    });
    return { ...tokens, is_new_user: true };
  } catch (error) {
    // Two first sign-ins at once: the other one created the account; sign in to it.
    if (isUniqueViolation(error)) return loginWithGoogle(ctx, credential);
    throw error;
  }
}
