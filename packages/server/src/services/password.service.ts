import type { ChangePasswordResponse, MessageResponse } from '@repobundle/contract';
import { passwordResetMail } from '../adapters/mail/templates.js';
import { inTransaction } from '../db/repositories/index.js';
import type { UserRow } from '../db/repositories/users.repository.js';
import { badRequest, forbidden } from '../errors.js';
import { deliver, type ServiceContext } from './context.js';
import { issueResetToken } from './password-reset-tokens.js';
import { assertStrongPassword } from './registration.service.js';
import { hashSecret } from './opaque-tokens.js';
import { issueSession } from './sessions.service.js';

export function assertNotOauthOnly(user: UserRow, what: 'password' | 'email'): string {
  if (!user.password_hash) {
    throw forbidden(
      'OAUTH_ONLY_ACCOUNT',
      `Your account signs in with Google: change your ${what} in your Google account.`,
    );
  }
  return user.password_hash;
}

/**
 * Always the same answer, at the same speed: the token and the mail are made after the answer
 * went out, so neither the wording nor the timing tells which e-mails have accounts.
 */
export async function requestPasswordReset(
  ctx: ServiceContext,
  email: string,
): Promise<MessageResponse> {
  ctx.background.run('password reset mail', () => sendPasswordReset(ctx, email));
  return { message: 'If an account exists for this email, a password reset link has been sent.' };
}

async function sendPasswordReset(ctx: ServiceContext, email: string): Promise<void> {
  const user = await ctx.repos.users.findByEmail(email);
  if (!user?.password_hash) return;
  const token = await inTransaction(ctx.db, (repos) => issueResetToken(ctx, repos, user.id));
  const link = new URL('/reset-password', `${ctx.config.appUrl}/`);
  link.searchParams.set('email', user.email);
  link.searchParams.set('token', token);
  await deliver(ctx, { to: user.email, ...passwordResetMail(link.toString()) });
}

const INVALID_RESET =
  'The password reset link is invalid or has expired. Please request a new one.';

export async function resetPassword(
  ctx: ServiceContext,
  email: string,
  token: string,
  newPassword: string,
): Promise<MessageResponse> {
  assertStrongPassword(newPassword);
  const user = await ctx.repos.users.findByEmail(email);
  if (!user?.password_hash) throw badRequest('INVALID_RESET_TOKEN', INVALID_RESET);
  const passwordHash = await ctx.passwords.hash(newPassword);
  const now = ctx.now();
  const isDone = await inTransaction(ctx.db, async (repos) => {
    const tokenHash = hashSecret(ctx.config.jwtSecret, token);
    if (!(await repos.passwordResets.consume(user.id, tokenHash, now))) return false;
    await repos.passwordResets.invalidateAll(user.id, now);
    // The link proves the address, so a pending verification is complete too.
    await repos.users.update(user.id, {
      password_hash: passwordHash,
      is_verified: true,
      sessions_valid_from: new Date(),
    });
    await repos.emailVerifications.delete(user.id);
    await repos.refreshTokens.revokeAllForUser(user.id, now);
    // Failed guesses at the old password must not keep the owner out of the new one.
    await repos.loginFailures.clear(user.email);
    return true;
  });
  if (!isDone) throw badRequest('INVALID_RESET_TOKEN', INVALID_RESET);
  return { message: 'Your password has been reset. You can now sign in with your new password.' };
}

/** Changes the password, ends every other session and hands the caller a fresh one. */
export async function changePassword(
  ctx: ServiceContext,
  user: UserRow,
  currentPassword: string,
  newPassword: string,
): Promise<ChangePasswordResponse> {
  const currentHash = assertNotOauthOnly(user, 'password');
  if (!(await ctx.passwords.isValid(currentHash, currentPassword))) {
    throw badRequest('INVALID_PASSWORD', 'Current password is incorrect.');
  }
  if (currentPassword === newPassword) {
    throw badRequest('SAME_PASSWORD', 'New password must be different from the current password.');
  }
  assertStrongPassword(newPassword);
  const passwordHash = await ctx.passwords.hash(newPassword);
  const tokens = await inTransaction(ctx.db, async (repos) => {
    await repos.users.update(user.id, {
      password_hash: passwordHash,
      sessions_valid_from: new Date(),
    });
    await repos.refreshTokens.revokeAllForUser(user.id, ctx.now());
    await repos.passwordResets.invalidateAll(user.id, ctx.now());
    return issueSession(ctx, repos, user.id);
  });
  return { ...tokens, message: 'Password changed successfully.' };
}
