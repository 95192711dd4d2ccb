import type { GoogleLoginResponse, TokenResponse } from '@repobundle/contract';
import { inTransaction } from '../db/repositories/index.js';
import { isUniqueViolation } from '../db/repositories/executor.js';
import { AppError, forbidden, tooManyRequests, unauthorized } from '../errors.js';
import { assertMayJoin, createAccount } from './account-creation.js';
import { minutes, type ServiceContext } from './context.js';
import { issueSession } from './sessions.service.js';

const INVALID_CREDENTIALS = 'Incorrect email or password.';

/**
 * Failed sign-ins one account (an e-mail, whether it has an account or not) takes per window,
 * from all addresses together: beside the per-address limit, this slows a guess spread over
 * many machines.
 */
export const MAX_LOGIN_FAILURES = 10;
export const LOGIN_FAILURE_WINDOW_MS = minutes(15);

async function assertNotThrottled(ctx: ServiceContext, email: string): Promise<void> {
  const record = await ctx.repos.loginFailures.find(email);
  if (!record || record.failures < MAX_LOGIN_FAILURES) return;
  const waitMs = record.windowStartedAt.getTime() + LOGIN_FAILURE_WINDOW_MS - ctx.now().getTime();
  if (waitMs <= 0) return;
  const waitMinutes = Math.ceil(waitMs / 60_000);
  throw tooManyRequests(
    'RATE_LIMITED',
    `Too many failed sign-ins for this account. Please try again in ${waitMinutes} minute${waitMinutes === 1 ? '' : 's'}, or reset your password.`,
    waitMs / 1000,
  );
}

async function failedLogin(ctx: ServiceContext, email: string, detail: string): Promise<never> {
  const now = ctx.now();
  await ctx.repos.loginFailures.record(
    email,
    now,
    new Date(now.getTime() - LOGIN_FAILURE_WINDOW_MS),
  );
  throw unauthorized('INVALID_CREDENTIALS', detail);
}

/**
 * Password sign-in. An unknown address costs the same password verification as a known one and
 * gets the same answer, so neither timing nor wording tells which addresses have accounts.
 */
export async function login(
  ctx: ServiceContext,
  email: string,
  password: string,
): Promise<TokenResponse> {
  await assertNotThrottled(ctx, email);
  const user = await ctx.repos.users.findByEmail(email);
  if (!user) {
    await ctx.passwords.isValidForNoAccount(password);
    return failedLogin(ctx, email, INVALID_CREDENTIALS);
  }
  if (!user.password_hash) {
    await ctx.passwords.isValidForNoAccount(password);
    return failedLogin(
      ctx,
      email,
      'This account signs in with Google. Please continue with Google.',
    );
  }
  if (!(await ctx.passwords.isValid(user.password_hash, password))) {
    return failedLogin(ctx, email, INVALID_CREDENTIALS);
  }
  await ctx.repos.loginFailures.clear(email);
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
