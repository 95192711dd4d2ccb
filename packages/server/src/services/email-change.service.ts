import type { MessageResponse } from '@repobundle/contract';
import { emailChangeCodeMail } from '../adapters/mail/templates.js';
import { inTransaction } from '../db/repositories/index.js';
import { isUniqueViolation } from '../db/repositories/executor.js';
import type { UserRow } from '../db/repositories/users.repository.js';
import { badRequest, conflict, tooManyRequests } from '../errors.js';
import { deliver, type ServiceContext } from './context.js';
import { assertNotOauthOnly } from './password.service.js';
import {
  ACCOUNT_EXISTS,
  CODE_TTL_MS,
  MAX_CODE_ATTEMPTS,
  RESEND_INTERVAL_MS,
  checkCode,
} from './registration.service.js';
import { createAlphanumericCode, hashSecret } from './opaque-tokens.js';

/** Step 1: password check, then a 6-character code mailed to the new address. */
export async function requestEmailChange(
  ctx: ServiceContext,
  user: UserRow,
  currentPassword: string,
  newEmail: string,
): Promise<MessageResponse> {
  const currentHash = assertNotOauthOnly(user, 'email');
  if (!(await ctx.passwords.isValid(currentHash, currentPassword))) {
    throw badRequest('INVALID_PASSWORD', 'Current password is incorrect.');
  }
  if (newEmail === user.email) {
    throw badRequest('SAME_EMAIL', 'The new email is the same as your current email.');
  }
  if (await ctx.repos.users.findByEmail(newEmail)) throw conflict('EMAIL_EXISTS', ACCOUNT_EXISTS);
  const pending = await ctx.repos.emailChanges.find(user.id);
  const now = ctx.now();
  if (pending) {
    const waitMs = pending.sent_at.getTime() + RESEND_INTERVAL_MS - now.getTime();
    if (waitMs > 0) {
      throw tooManyRequests(
        'RESEND_TOO_SOON',
        `Please wait ${Math.ceil(waitMs / 1000)} seconds before requesting a new code.`,
        waitMs / 1000,
      );
    }
  }
  const code = createAlphanumericCode(6);
  await ctx.repos.emailChanges.put(
    user.id,
    newEmail,
    hashSecret(ctx.config.jwtSecret, code),
    new Date(now.getTime() + CODE_TTL_MS),
    now,
  );
  await deliver(ctx, { to: newEmail, ...emailChangeCodeMail(code) });
  return { message: `A verification code has been sent to ${newEmail}.` };
}

/** Step 2: the code moves the account to the new address and ends every session. */
export async function verifyEmailChange(
  ctx: ServiceContext,
  user: UserRow,
  newEmail: string,
  code: string,
): Promise<MessageResponse> {
  const pending = await ctx.repos.emailChanges.find(user.id);
  if (!pending || pending.new_email !== newEmail) {
    throw badRequest('INVALID_CODE', 'There is no pending email change to this address.');
  }
  const row = await ctx.repos.emailChanges.spendAttempt(user.id, MAX_CODE_ATTEMPTS);
  checkCode(ctx, row, code.toUpperCase());
  try {
    await inTransaction(ctx.db, async (repos) => {
      await repos.users.update(user.id, { email: newEmail });
      await repos.emailChanges.delete(user.id);
      await repos.refreshTokens.revokeAllForUser(user.id, ctx.now());
      await repos.passwordResets.invalidateAll(user.id, ctx.now());
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict('EMAIL_EXISTS', ACCOUNT_EXISTS);
    throw error;
  }
  return { message: 'Your email has been changed. Please sign in with your new email.' };
}
